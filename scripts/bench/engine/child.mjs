// A benchmark contender that runs in its own process (the native attn_bench, the Python
// contenders): one long-lived child that takes one request per stdin line and answers each with
// one JSON line, so process start-up and input generation are never inside a timing.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * @param {string} name for messages
 * @param {string} command
 * @param {string[]} args
 * @param {NodeJS.ProcessEnv} env the child's whole environment
 * @param {number} d the inputs' width (d_k = d_v), sent with every batch
 */
export function startChild(name, command, args, env, d) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout });
  /** @type {{ resolve: (v: any) => void, reject: (e: Error) => void }[]} */
  const waiting = [];
  let ended = null;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (!next) return;
    try {
      const parsed = JSON.parse(line);
      if (parsed.error) next.reject(new Error(`${name}: ${parsed.error}`));
      else next.resolve(parsed);
    } catch (error) {
      next.reject(new Error(`${name}: unreadable reply ${line.slice(0, 200)}`));
    }
  });
  const fail = (why) => {
    ended = why;
    while (waiting.length) waiting.shift().reject(new Error(`${name}: ${why}`));
  };
  child.on('exit', (code, signal) => fail(`exited (code ${code}, signal ${signal})`));
  child.on('error', (error) => fail(error.message));
  // A child that is killed or quits while nobody waits must not take the benchmark down.
  child.stdin.on('error', (error) => fail(error.message));
  /** @param {string} line @returns {Promise<any>} */
  const request = (line) => {
    if (ended) return Promise.reject(new Error(`${name}: ${ended}`));
    return new Promise((resolve, reject) => {
      waiting.push({ resolve, reject });
      child.stdin.write(`${line}\n`);
    });
  };
  return {
    request,
    /** @returns {Promise<{ times_ms: number[], checksum: Record<string, number> }>} */
    batch: (n, iterations, warmup = 0) => request(`${n} ${d} ${iterations} ${warmup}`),
    stop() {
      if (!ended) child.stdin.end('quit\n');
    },
    pid: child.pid,
  };
}
