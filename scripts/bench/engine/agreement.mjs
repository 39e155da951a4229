// Before the engine benchmark times anything, every contender must compute the same thing:
// the plain-JS reference, the public API, a second build (--before-lib) and the
// PyTorch / NumPy traces agree with the wasm kernel to 1e-12, and the native builds'
// checksums with the wasm ones. Otherwise it stops and times nothing.
import { sum } from '../stats.mjs';

export const AGREEMENT = 1e-12;


/** max |a[i] − b[i]| (NaN counts as Infinity); arrays of different lengths are an error naming `what`. */
export function maxAbsDiff(a, b, what) {
  if (a.length !== b.length) throw new Error(`${what}: lengths differ (${a.length} vs ${b.length})`);
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) {
    const diff = Math.abs(a[i] - b[i]);
    if (!(diff <= worst)) worst = Number.isNaN(diff) ? Infinity : diff;
  }
  return worst;
}

function flatten(nested) {
  return Float64Array.from(nested.flat());
}

/** A matrix's numbers in a row: the plain-JS reference's `{ data }`, or the bindings' rows. */
const numbersOf = (m) => m.data ?? flatten(m);

/** Flat field list of a trace (the bindings' or the plain-JS reference's). */
function traceFields(t) {
  return {
    scores: numbersOf(t.scores),
    scaled: numbersOf(t.scaled),
    rowMax: t.softmax.rowMax,
    exps: numbersOf(t.softmax.exps),
    rowSum: t.softmax.rowSum,
    weights: numbersOf(t.weights),
    output: numbersOf(t.output),
  };
}

/** Worst |diff| over every trace field of `other` against the kernel's fields `k`, by field. */
function traceDiff(k, other, what) {
  /** @type {Record<string, number>} */
  const byField = {};
  for (const name of Object.keys(k)) byField[name] = maxAbsDiff(k[name], other[name], `${what} ${name}`);
  return byField;
}

function apiDiff(k, api, what) {
  return Math.max(
    maxAbsDiff(k.scores, flatten(api.scores), `${what} scores`),
    maxAbsDiff(k.weights, flatten(api.weights), `${what} weights`),
    maxAbsDiff(k.exps, flatten(api.softmax.exps), `${what} exps`),
    maxAbsDiff(k.output, flatten(api.output), `${what} output`),
  );
}

/**
 * @param {number} n
 * @param {{ kernelCall: () => any, apiCall: () => any, jsCall: () => any,
 *   beforeKernelCall?: () => any, beforeApiCall?: () => any }} c one size's calls
 * @param {{ batch: Function }[]} natives every native child (their checksums must match wasm's)
 * @param {Record<string, () => Promise<Record<string, Float64Array>>>} traces other processes'
 *   full traces (PyTorch, NumPy), compared field by field
 */
export async function checkAgreement(n, c, natives, traces) {
  const kernel = c.kernelCall();
  const js = c.jsCall();
  const k = traceFields(kernel);
  const j = traceFields(js);
  /** @type {Record<string, number>} */
  const jsDiffs = {};
  for (const field of Object.keys(k)) jsDiffs[field] = maxAbsDiff(k[field], j[field], `JS vs wasm ${field} (n = ${n})`);
  jsDiffs.sqrtDk = Math.abs(kernel.sqrtDk - js.sqrtDk);
  const jsWorst = Math.max(...Object.values(jsDiffs));
  const apiWorst = apiDiff(k, c.apiCall(), 'API');

  /** @type {Record<string, number>} */
  const others = {};
  /** @type {Record<string, Record<string, number>>} */
  const othersByField = {};
  if (c.beforeKernelCall) othersByField.kernelBefore = traceDiff(k, traceFields(c.beforeKernelCall()), 'kernel before');
  if (c.beforeApiCall) others.apiBefore = apiDiff(k, c.beforeApiCall(), 'API before');
  for (const [id, trace] of Object.entries(traces)) othersByField[id] = traceDiff(k, await trace(), id);
  for (const [id, byField] of Object.entries(othersByField)) others[id] = Math.max(...Object.values(byField));

  const wasmChecksum = { scores: sum(k.scores), weights: sum(k.weights), output: sum(k.output) };
  let checksumWorst = 0;
  let nativeReply = null;
  for (const native of natives) {
    nativeReply = await native.batch(n, 1, 0);
    for (const field of Object.keys(wasmChecksum)) {
      const a = wasmChecksum[field];
      const b = nativeReply.checksum[field];
      checksumWorst = Math.max(checksumWorst, Math.abs(a - b) / Math.max(1, Math.abs(a)));
    }
  }

  const problems = [];
  if (!(jsWorst <= AGREEMENT)) problems.push(`plain JS vs wasm kernel: max |diff| ${jsWorst} > ${AGREEMENT} (${JSON.stringify(jsDiffs)})`);
  if (!(apiWorst <= AGREEMENT)) problems.push(`public API vs wasm kernel: max |diff| ${apiWorst} > ${AGREEMENT}`);
  for (const [id, worst] of Object.entries(others)) {
    if (!(worst <= AGREEMENT)) problems.push(`${id} vs wasm kernel: max |diff| ${worst} > ${AGREEMENT}`);
  }
  if (!(checksumWorst <= 1e-9)) {
    problems.push(`native vs wasm checksums differ: native ${JSON.stringify(nativeReply.checksum)}, wasm ${JSON.stringify(wasmChecksum)}`);
  }
  if (problems.length) {
    throw new Error(`n = ${n}: the contenders do not compute the same thing; not timing.\n  ${problems.join('\n  ')}`);
  }
  return {
    jsVsWasmMaxAbsDiff: jsWorst,
    jsVsWasmByField: jsDiffs,
    apiVsKernelMaxAbsDiff: apiWorst,
    othersVsKernelMaxAbsDiff: others,
    othersVsKernelByField: othersByField,
    nativeVsWasmChecksumRelDiff: checksumWorst,
    nativeChecksum: nativeReply?.checksum,
    wasmChecksum,
  };
}
