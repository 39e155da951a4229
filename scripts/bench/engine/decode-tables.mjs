// The decoding part's figures as rows, for the terminal report (report.mjs) and for
// docs/benchmarks.md (markdown.mjs): one row per layer and context, time per token by contender
// and the paired ratios.
import { DECODE_CONFIGS, DECODE_CONTENDERS } from './decode.mjs';

const us = (ms) => {
  const x = ms * 1000;
  return x >= 100 ? x.toFixed(0) : x.toFixed(1);
};
const band = (s) => `${us(s.median)} [${us(s.p10)}–${us(s.p90)}]`;
const ratioBand = (s) => `${s.median.toFixed(2)}× [${s.p10.toFixed(2)}–${s.p90.toFixed(2)}]`;

const RATIOS = [
  ['wasm / native', 'wasmKernelOverNative'],
  ['wasm / no-trim', 'wasmKernelOverNativeNoTrim'],
  ['wasm / PyTorch', 'wasmKernelOverTorch'],
];

/**
 * @param {any} decode the report's `decode` part
 * @returns {{ header: string[], rows: string[][], align: ('l' | 'r')[] }}
 */
export function decodeRows(decode) {
  const contenders = DECODE_CONTENDERS.filter((c) => decode.config.contenders.includes(c.id));
  const ratios = RATIOS.filter(([, key]) => decode.ratios.some((r) => r[key]));
  const header = ['layer', 'n', 'cache bytes', 'mult-adds/token',
    ...contenders.map((c) => `${c.short} µs/token`), ...ratios.map(([label]) => label)];
  const rows = [];
  for (const config of DECODE_CONFIGS) {
    for (const n of decode.config.contexts) {
      const check = decode.checks[`${config.id}:${n}`];
      const result = (id) => decode.results.find((r) => r.config === config.id && r.n === n && r.contender === id);
      const ratio = decode.ratios.find((r) => r.config === config.id && r.n === n);
      rows.push([config.label, String(n), check.cacheBytes.toLocaleString('en-US'),
        Math.round(check.multiplyAddsPerToken).toLocaleString('en-US'),
        ...contenders.map((c) => band(result(c.id).perTokenMs)),
        ...ratios.map(([, key]) => (ratio[key] ? ratioBand(ratio[key]) : 'n/a'))]);
    }
  }
  return { header, rows, align: ['l', ...header.slice(1).map(() => /** @type {'r'} */ ('r'))] };
}

/** The line under the table: what a cell is, and the agreement that held before timing. */
export function decodeNote(decode) {
  const worst = (field) => Math.max(0, ...Object.values(decode.checks).map((c) => c[field] ?? 0)).toExponential(1);
  const names = DECODE_CONTENDERS.filter((c) => decode.config.contenders.includes(c.id)).map((c) => `${c.short} = ${c.label}`);
  return `d_model ${decode.config.dModel}, 8 query heads; ${names.join(', ')}; µs per token = a round's mean time to decode n rows / n, ` +
    'median [p10–p90] over the rounds; ratios per round, same statistic; cache bytes: the keys and values one layer ' +
    `holds after n rows, in float64 (kvCacheDecode's cacheCells × 8 = kvCacheMemory's bytes). Agreement before timing: ` +
    `PyTorch vs wasm output ≤ ${worst('torchVsWasmMaxAbsDiff')}, native vs wasm output sums ≤ ${worst('nativeVsWasmRelDiff')} relative.`;
}
