// The engine benchmark's figures as Markdown, for docs/benchmarks.md: for attention one row per
// contender or ratio, one column per n, each cell "median [p10–p90]"; for decoding one row per
// layer and context (engine/decode-tables.mjs).
//
//   node scripts/bench/engine/markdown.mjs [build/bench/attention.json]
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

import { markdownTable } from '../tables.mjs';
import { decodeNote, decodeRows } from './decode-tables.mjs';

const RATIOS = [
  ['wasm kernel now / before', 'wasmKernelOverBefore'],
  ['public API now / before', 'wasmApiOverBefore'],
  ['native no-trim now / before (same C++ source)', 'nativeOverBefore'],
  ['wasm kernel / native', 'wasmKernelOverNative'],
  ['wasm kernel / native no-trim', 'wasmKernelOverNativeNoTrim'],
  ['public API / wasm kernel', 'wasmApiOverWasmKernel'],
  ['plain JS / wasm kernel', 'jsOverWasmKernel'],
  ['wasm kernel / PyTorch', 'wasmKernelOverTorch'],
  ['wasm kernel / NumPy', 'wasmKernelOverNumpy'],
];

const BEFORE_PAIRS = [
  ['wasm kernel', 'wasmKernel', 'wasmKernelBefore'],
  ['public API', 'wasmApi', 'wasmApiBefore'],
  ['native no-trim', 'nativeNoTrim', 'nativeBefore'],
];

const ms = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));

export function markdown(report) {
  const parts = [];
  if (report.results) parts.push(attentionMarkdown(report));
  if (report.decode) {
    const { header, rows, align } = decodeRows(report.decode);
    parts.push(['Decoding with a KV cache, µs per token:', '', markdownTable(header, rows, align), '', decodeNote(report.decode)].join('\n'));
  }
  return parts.join('\n\n');
}

function attentionMarkdown(report) {
  const sizes = report.config.sizes;
  const header = (first) => [first, ...sizes.map((n) => `n = ${n}`)];
  const align = ['l', ...sizes.map(() => 'r')];
  const times = report.config.contenders.map((id) => {
    const label = report.results.find((r) => r.contender === id).label;
    return [label, ...sizes.map((n) => {
      const s = report.results.find((r) => r.contender === id && r.n === n).perCallMs;
      return `${ms(s.median)} [${ms(s.p10)}–${ms(s.p90)}]`;
    })];
  });
  const ratios = RATIOS.filter(([, key]) => report.ratios.some((r) => r[key])).map(([label, key]) => [
    label,
    ...sizes.map((n) => {
      const p = report.ratios.find((r) => r.n === n)[key].paired;
      return `${p.median.toFixed(2)}× [${p.p10.toFixed(2)}–${p.p90.toFixed(2)}]`;
    }),
  ]);
  const out = ['Per-call time in ms, median [p10–p90] over the rounds:', '', markdownTable(header('contender'), times, align)];
  if (ratios.length) out.push('', 'Ratios, median [p10–p90] of the per-round ratios:', '', markdownTable(header('ratio'), ratios, align));
  // A band that straddles 1.0 can hide a small steady cost; how often "now" lost says more.
  const slower = BEFORE_PAIRS.filter(([, now, before]) => report.config.contenders.includes(now) && report.config.contenders.includes(before))
    .map(([label, now, before]) => [label, ...sizes.map((n) => {
      const a = report.results.find((r) => r.contender === now && r.n === n).perCallMsByRound;
      const b = report.results.find((r) => r.contender === before && r.n === n).perCallMsByRound;
      return `${a.filter((x, i) => x > b[i]).length} of ${a.length}`;
    })]);
  if (slower.length) out.push('', 'Rounds in which today\'s build was the slower:', '', markdownTable(header('pair'), slower, align));
  return out.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = process.argv[2] ?? 'build/bench/attention.json';
  console.log(markdown(JSON.parse(readFileSync(file, 'utf8'))));
}
