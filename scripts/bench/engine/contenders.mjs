// The engine benchmark's contenders: what each one is, how to start it, and one batch of calls.
// run.mjs only sees `batch(id, case, iterations) → per-call ms` and the agreement checks.
import path from 'node:path';
import { pathToFileURL } from 'node:url';

import { checkAgreement } from './agreement.mjs';
import { benchInputs, toNested } from './inputs.mjs';
import { NO_TRIM_TUNABLES, startNative } from './native.mjs';
import { pythonTrace, startPython } from './python.mjs';
import { referenceAttention } from './reference-attention.mjs';

/**
 * Every contender; `needs` names the option without which it cannot run (a second build's
 * contenders run only with --before-lib / --before-native-bin).
 */
export const CONTENDERS = [
  { id: 'native', label: 'native C++ (g++ -O3)' },
  { id: 'nativeNoTrim', label: 'native, malloc no-trim' },
  { id: 'nativeBefore', label: 'native no-trim, before', needs: 'beforeNativeBin' },
  { id: 'wasmKernel', label: 'wasm kernel (Embind, flat)' },
  { id: 'wasmKernelBefore', label: 'wasm kernel, before', needs: 'beforeLib' },
  { id: 'wasmApi', label: 'wasm via public API (nested)' },
  { id: 'wasmApiBefore', label: 'public API, before', needs: 'beforeLib' },
  { id: 'js', label: 'plain JS reference' },
  { id: 'torch', label: 'PyTorch 1.13 (OpenBLAS, 1 thread)', python: true },
  { id: 'numpy', label: 'NumPy (OpenBLAS, 1 thread)', python: true },
];

/** The contenders a run without --contenders gets: all those whose build was given. */
export function defaultContenders(options) {
  return CONTENDERS.filter((c) => !c.needs || options[c.needs]).map((c) => c.id);
}

const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

/**
 * One batch of a contender that runs in this process: a full GC first (--expose-gc), so the
 * previous contender's garbage is not collected on its time, then `iterations` calls of fn one
 * by one; returns per-call ms.
 */
export function timeJs(fn, iterations) {
  collect();
  const times = new Array(iterations);
  let keep = 0;
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    const result = fn();
    times[i] = performance.now() - start;
    keep += result === undefined ? 0 : 1;
  }
  if (keep < 0) console.log('unreachable');
  return times;
}

/** loadCore and loadAttentionLab of a web/lib directory (this one's or another build's). */
export async function loadLib(dir) {
  const url = pathToFileURL(dir + path.sep);
  const { loadCore } = await import(new URL('load-core.js', url).href);
  const { loadAttentionLab } = await import(new URL('index.js', url).href);
  return { core: await loadCore(), lab: await loadAttentionLab() };
}

/** One size's calls, on one lib: the raw Embind kernel and the public API. */
function libCalls(lib, flat, nested) {
  return {
    kernel: () => {
      const result = lib.core.attention(flat);
      if (!result.ok) throw new Error(`wasm kernel: ${result.message}`);
      return result.value;
    },
    api: () => lib.lab.attention(nested),
  };
}

/**
 * Starts what the chosen contenders need, checks that they all agree (see agreement.mjs) and
 * returns the cases (one per n) and `batch`.
 * @param {{ sizes: number[], contenders: string[], explicitContenders: boolean, lib: string,
 *   nativeBin: string, beforeLib?: string, beforeNativeBin?: string }} options
 * @param {number} d
 * @param {(text: string) => void} log
 */
export async function startContenders(options, d, log) {
  const unknown = options.contenders.filter((id) => !CONTENDERS.some((c) => c.id === id));
  const missing = CONTENDERS.filter((c) => c.needs && options.contenders.includes(c.id) && !options[c.needs]);
  if (unknown.length || missing.length || !options.contenders.length) {
    throw new Error(`--contenders: expected some of ${CONTENDERS.map((c) => c.id).join(',')} ` +
      `(the "before" ones with --before-lib / --before-native-bin), got ${options.contenders.join(',')}`);
  }
  const now = await loadLib(options.lib);
  const before = options.beforeLib ? await loadLib(options.beforeLib) : null;
  /** @type {Record<string, any>} child processes by contender id */
  const children = {
    native: startNative(options.nativeBin, null, d),
    nativeNoTrim: startNative(options.nativeBin, NO_TRIM_TUNABLES, d),
  };
  // Compared with nativeNoTrim: without the tunables, whether a process page-faults its trace
  // back in on every call depends on its malloc history, which would swamp a before/after.
  if (options.beforeNativeBin) children.nativeBefore = startNative(options.beforeNativeBin, NO_TRIM_TUNABLES, d);
  const python = {};
  for (const c of CONTENDERS.filter((x) => x.python && options.contenders.includes(x.id))) {
    try {
      children[c.id] = await startPython(/** @type {'torch' | 'numpy'} */ (c.id), d);
      python[c.id] = children[c.id].info;
    } catch (error) {
      // Without --contenders a missing PyTorch or NumPy only drops that row.
      if (options.explicitContenders) throw error;
      log(`${c.id} left out: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
    }
  }
  const active = CONTENDERS.filter((c) => options.contenders.includes(c.id) && (!c.python || children[c.id]));

  const cases = options.sizes.map((n) => {
    const x = benchInputs(n, d);
    const flat = {
      query: { rows: n, cols: d, data: x.query },
      key: { rows: n, cols: d, data: x.key },
      value: { rows: n, cols: d, data: x.value },
      mask: { kind: 'none' },
    };
    const nested = { query: toNested(x.query, n, d), key: toNested(x.key, n, d), value: toNested(x.value, n, d) };
    const a = libCalls(now, flat, nested);
    const b = before ? libCalls(before, flat, nested) : null;
    /** @type {Record<string, () => unknown>} */
    const calls = { wasmKernel: a.kernel, wasmApi: a.api, js: () => referenceAttention(flat.query, flat.key, flat.value) };
    if (b) Object.assign(calls, { wasmKernelBefore: b.kernel, wasmApiBefore: b.api });
    return { n, key: String(n), calls };
  });

  const natives = ['native', 'nativeNoTrim', 'nativeBefore'].filter((id) => children[id]).map((id) => children[id]);
  /** @type {Record<number, any>} */
  const checks = {};
  for (const c of cases) {
    const traces = Object.fromEntries(Object.keys(python).map((id) => [id, () => pythonTrace(children[id], c.n, d)]));
    checks[c.n] = await checkAgreement(c.n, {
      kernelCall: c.calls.wasmKernel, apiCall: c.calls.wasmApi, jsCall: c.calls.js,
      beforeKernelCall: c.calls.wasmKernelBefore, beforeApiCall: c.calls.wasmApiBefore,
    }, natives, traces);
    const others = Object.entries(checks[c.n].othersVsKernelMaxAbsDiff).map(([id, v]) => `${id} ${v.toExponential(1)}`);
    log(`n = ${c.n}: JS vs wasm max |diff| ${checks[c.n].jsVsWasmMaxAbsDiff.toExponential(1)}, ` +
      `API vs kernel ${checks[c.n].apiVsKernelMaxAbsDiff}, native vs wasm checksums ${checks[c.n].nativeVsWasmChecksumRelDiff.toExponential(1)}` +
      (others.length ? `; vs kernel: ${others.join(', ')}` : ''));
  }

  /** batch(contender, case, iterations) → per-call ms */
  const batch = async (id, c, iterations) => {
    if (children[id]) return (await children[id].batch(c.n, iterations, 0)).times_ms;
    return timeJs(c.calls[id], iterations);
  };
  return { active, cases, checks, batch, python, ...processControls(children) };
}

/** The child processes' ids (for the load accounting) and how to stop them all. */
export function processControls(children) {
  return {
    pids: Object.values(children).map((child) => child.pid),
    stop: () => Object.values(children).forEach((child) => child.stop()),
  };
}
