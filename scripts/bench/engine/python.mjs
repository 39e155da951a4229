// The Python contenders of the engine benchmark: engine/torch_attention.py (PyTorch and NumPy,
// one child per backend) and engine/torch_decode.py, long-lived children speaking attn_bench's
// line protocol.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { startChild } from './child.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));

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
 * Starts one of this folder's Python scripts as a long-lived child and asks which BLAS it
 * loaded; refuses one that would run on more than one thread, since every other contender runs
 * on one.
 * @param {string} name for messages
 * @param {string} script a file in this folder
 * @param {string[]} args
 * @param {number} d the width attention batches send (unused by other requests)
 */
export async function startPythonScript(name, script, args, d) {
  const file = path.join(HERE, script);
  const child = startChild(`${name} (${script})`, PYTHON, [file, ...args], pythonEnv(), d);
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
    throw new Error(`${name}: expected one BLAS thread, got ${JSON.stringify(info)}`);
  }
  return { ...child, info };
}

/**
 * The attention part's PyTorch or NumPy contender (torch_attention.py).
 * @param {'torch' | 'numpy'} backend
 * @param {number} d
 */
export function startPython(backend, d) {
  return startPythonScript(backend, 'torch_attention.py', ['--serve', '--backend', backend], d);
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
