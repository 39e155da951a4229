// The native contender of the engine benchmark: build/native/attn_bench as one long-lived
// child process that times one batch per stdin line and answers with one JSON line.
import { statSync } from 'node:fs';

import { startChild } from './child.mjs';


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
  return startChild('attn_bench', binary, ['--serve'], env, d);
}
