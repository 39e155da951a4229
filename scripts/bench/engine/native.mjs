// The native contender of the engine benchmark: build/native/attn_bench as one long-lived
// child process that times one batch per stdin line and answers with one JSON line.
import { spawn } from 'node:child_process';
import { statSync } from 'node:fs';
import { createInterface } from 'node:readline';


/**
 * glibc malloc settings under which freed memory stays in the process: by default glibc hands
 * the trace's large blocks back to the kernel (trim / mmap thresholds) and every call page-faults
 * ~2 MB (n = 256) back in. The nativeNoTrim contender runs the same binary with these, to show
 * the engine's compute apart from that. wasm memory never shrinks, so wasm never pays it.
 */
export const NO_TRIM_TUNABLES = 'glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=1073741824';

/** @param {string} binary @param {string | null} tunables @param {number} d the inputs' width (d_k = d_v) */
export function startNative(binary, tunables, d) {
  try {
    statSync(binary);
  } catch {
    throw new Error(`${binary} not found: build it with cmake --build build/native --target attn_bench`);
  }
  const env = { ...process.env };
  delete env.GLIBC_TUNABLES;
  if (tunables) env.GLIBC_TUNABLES = tunables;
  const child = spawn(binary, ['--serve'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout });
  /** @type {{ resolve: (v: any) => void, reject: (e: Error) => void }[]} */
  const waiting = [];
  let ended = null;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (!next) return;
    try {
      const parsed = JSON.parse(line);
      if (parsed.error) next.reject(new Error(`attn_bench: ${parsed.error}`));
      else next.resolve(parsed);
    } catch (error) {
      next.reject(new Error(`attn_bench: unreadable reply ${line.slice(0, 200)}`));
    }
  });
  const fail = (why) => {
    ended = why;
    while (waiting.length) waiting.shift().reject(new Error(`attn_bench: ${why}`));
  };
  child.on('exit', (code, signal) => fail(`exited (code ${code}, signal ${signal})`));
  child.on('error', (error) => fail(error.message));
  return {
    /** @returns {Promise<{ times_ms: number[], checksum: Record<string, number> }>} */
    batch(n, iterations, warmup = 0) {
      if (ended) return Promise.reject(new Error(`attn_bench: ${ended}`));
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${n} ${d} ${iterations} ${warmup}\n`);
      });
    },
    stop() {
      child.stdin.end('quit\n');
    },
    pid: child.pid,
  };
}

