// The PyTorch and NumPy contenders of the engine benchmark: engine/torch_attention.py as a
// long-lived child (one per backend) speaking attn_bench's line protocol.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startChild } from './child.mjs';

const SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'torch_attention.py');

/** Debian's python3-torch and python3-numpy live here; the `python3` on PATH may be another. */
export const PYTHON = '/usr/bin/python3';

/**
 * The environment the Python contenders run in: one BLAS thread, like every other contender,
 * and none of the OpenBLAS overrides (OPENBLAS_CORETYPE, OPENBLAS_L2_SIZE) a shell may carry,
 * so OpenBLAS picks its kernels for this CPU by itself. Only the child's environment changes.
 */
export function pythonEnv() {
  const env = { ...process.env, OPENBLAS_NUM_THREADS: '1', OMP_NUM_THREADS: '1', MKL_NUM_THREADS: '1' };
  delete env.OPENBLAS_CORETYPE;
  delete env.OPENBLAS_L2_SIZE;
  return env;
}

/**
 * Starts a backend and asks which BLAS it loaded; refuses one that would run on more than one
 * thread, since every other contender runs on one.
 * @param {'torch' | 'numpy'} backend
 * @param {number} d
 */
export async function startPython(backend, d) {
  const child = startChild(`${backend} (torch_attention.py)`, PYTHON, [SCRIPT, '--serve', '--backend', backend], pythonEnv(), d);
  let info;
  try {
    info = await child.request('info');
  } catch (error) {
    child.stop();
    throw error;
  }
  const threads = [...(info.blas ?? []).map((b) => b.num_threads), info.torchThreads ?? 1];
  if (threads.some((t) => t !== 1)) {
    child.stop();
    throw new Error(`${backend}: expected one BLAS thread, got ${JSON.stringify(info)}`);
  }
  return { ...child, info };
}

/** The trace fields of a torch_attention.py "trace" reply, as Float64Arrays. */
export async function pythonTrace(child, n, d) {
  const { fields } = await child.request(`trace ${n} ${d}`);
  /** @type {Record<string, Float64Array>} */
  const out = {};
  for (const [name, b64] of Object.entries(fields)) {
    const bytes = Buffer.from(b64, 'base64');
    out[name] = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
  }
  return out;
}
