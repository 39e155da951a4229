// The engine benchmark's table on stdout (the JSON beside it has every sample).
import path from 'node:path';

import { textTable as table } from '../tables.mjs';
import { AGREEMENT } from './agreement.mjs';
import { decodeNote, decodeRows } from './decode-tables.mjs';


export function print(report, options) {
  const m = report.machine;
  const kb = (b) => (b == null ? 'n/a' : `${(b / 1024).toFixed(1)} kB`);
  const out = [];
  out.push(`Engine benchmark: ${[report.results && 'attention forward (no mask, full trace, double, d_k = d_v = 64)', report.decode && 'decoding with a KV cache (double)'].filter(Boolean).join('; ')}`);
  out.push(`date      ${m.date}`);
  out.push(`cpu       ${m.cpu}, ${m.cores} cores (${m.platform})`);
  out.push(`node      ${m.node}`);
  out.push(`g++       ${m.gxx}`);
  out.push(`em++      ${m.emxx}`);
  out.push(`flags     native: ${m.flags.native}`);
  out.push(`          wasm:   ${m.flags.wasmCompile} | link: ${m.flags.wasmLink}`);
  out.push(`wasm      ${m.wasm.file}: ${kb(m.wasm.bytes)} raw, ${kb(m.wasm.gzipBytes)} gzip; glue ${kb(m.glue.bytes)} raw, ${kb(m.glue.gzipBytes)} gzip`);
  if (options.beforeLib || options.beforeNativeBin) out.push(`before    lib ${options.beforeLib ?? '-'}; native ${options.beforeNativeBin ?? '-'}`);
  if (m.before) out.push(`          its wasm: ${kb(m.before.wasm.bytes)} raw, ${kb(m.before.wasm.gzipBytes)} gzip; glue ${kb(m.before.glue.bytes)} raw, ${kb(m.before.glue.gzipBytes)} gzip; flags ${m.before.wasmCompile}`);
  // The decoding part's PyTorch child loads the same Python, torch and BLAS as the attention part's.
  const pythons = { ...(report.decode?.config.python ? { torch: report.decode.config.python } : {}), ...report.config?.python };
  for (const [id, py] of Object.entries(pythons)) {
    const blas = !py.blas ? 'unknown (no threadpoolctl)'
      : py.blas.map((b) => `${b.internal_api} ${b.version} ${b.architecture} (${b.threading_layer}, ${b.num_threads} thread)`).join(', ') || 'none found';
    const flatters = py.blas?.some((b) => b.internal_api === 'openblas') ? '' : '  ** not OpenBLAS: a slow BLAS flatters the engine **';
    out.push(`${id.padEnd(10)}Python ${py.python}, ${py.torch ? `torch ${py.torch} (BLAS_INFO ${py.torchBlasInfo}), ` : ''}NumPy ${py.numpy}; BLAS: ${blas}${flatters}`);
  }
  out.push(`method    ${options.rounds} rounds, interleaved, batches ≥ ${options.batchMs} ms; per-call ms = batch mean; median [p10–p90] over rounds${options.quick ? ' (--quick)' : ''}`);
  if (report.results) out.push('', ...attentionLines(report));
  if (report.decode) out.push('', ...decodeLines(report.decode));
  out.push('');
  const shown = path.relative(process.cwd(), options.out);
  out.push(`json      ${shown.startsWith('..') ? options.out : shown}   (${report.durationS.toFixed(1)} s)`);
  console.log(out.join('\n'));
}

/** The noise line of one part: other processes' share of the CPUs while it was timed. */
function noiseLine(load) {
  if (!load) return [];
  const { othersShareOfCpu: o, stealShareOfCpu: st } = load;
  return [`noise     other processes used ${(100 * o).toFixed(0)} % of the CPUs during the run, hypervisor steal ${(100 * st).toFixed(0)} %` +
    (o > 0.1 || st > 0.1 ? '  ** busy machine: treat these figures with suspicion, run again when idle **' : '')];
}

function decodeLines(decode) {
  const { header, rows, align } = decodeRows(decode);
  return [
    'decoding with a KV cache (lab.kvCacheDecode), time per token:',
    ...table(header, rows, align.map((a) => a === 'r')),
    decodeNote(decode),
    ...noiseLine(decode.otherLoad),
  ];
}

function attentionLines(report) {
  const ms = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  const x2 = (x) => `${x.toFixed(2)}×`;
  const out = [];
  const header = ['n', 'contender', 'median ms', 'p10–p90 ms', 'calls/batch'];
  const rows = report.results.map((r) => [
    String(r.n), r.label, ms(r.perCallMs.median), `${ms(r.perCallMs.p10)}–${ms(r.perCallMs.p90)}`, String(r.iterationsPerBatch),
  ]);
  out.push(...table(header, rows, [true, false, true, true, true]));
  out.push('');
  const fmt = (r) => (r ? `${x2(r.paired.median)} [${r.paired.p10.toFixed(2)}–${r.paired.p90.toFixed(2)}]` : 'n/a');
  const ratioTable = (title, columns) => {
    const present = columns.filter(([, key]) => report.ratios.some((r) => r[key]));
    if (!present.length) return;
    const rHeader = ['n', ...present.map(([name]) => name)];
    const rRows = report.ratios.map((r) => [String(r.n), ...present.map(([, key]) => fmt(r[key]))]);
    out.push(title);
    out.push(...table(rHeader, rRows, rHeader.map(() => true)));
  };
  ratioTable('ratios of per-call times, median [p10–p90] of the per-round ratios:', [
    ['wasm kernel / native', 'wasmKernelOverNative'],
    ['kernel / native no-trim', 'wasmKernelOverNativeNoTrim'],
    ['JS / wasm kernel', 'jsOverWasmKernel'],
    ['wasm API / kernel', 'wasmApiOverWasmKernel'],
    ['JS / wasm API', 'jsOverWasmApi'],
  ]);
  ratioTable('now / before (--before-lib, --before-native-bin), and against PyTorch and NumPy, same statistic:', [
    ['kernel now / before', 'wasmKernelOverBefore'],
    ['API now / before', 'wasmApiOverBefore'],
    ['native no-trim now / before', 'nativeOverBefore'],
    ['kernel / PyTorch', 'wasmKernelOverTorch'],
    ['kernel / NumPy', 'wasmKernelOverNumpy'],
  ]);
  if (report.targets) {
    const t = report.targets;
    out.push('');
    out.push(`targets at n = ${t.n} (reported, not asserted): wasm / native ${x2(t.wasmOverNative.measured)} (target ${t.wasmOverNative.target}: ${t.wasmOverNative.met ? 'met' : 'MISSED'}), ` +
      `JS / wasm ${x2(t.jsOverWasm.measured)} (target ${t.jsOverWasm.target}: ${t.jsOverWasm.met ? 'met' : 'MISSED'})`);
    if (t.wasmOverNativeNoTrim) {
      out.push(`          against native with malloc no-trim: wasm / native ${x2(t.wasmOverNativeNoTrim.measured)} (${t.wasmOverNativeNoTrim.met ? 'within' : 'outside'} ${t.wasmOverNativeNoTrim.target})`);
    }
  }
  out.push(`agreement: JS vs wasm ≤ ${Math.max(...Object.values(report.checks).map((c) => c.jsVsWasmMaxAbsDiff)).toExponential(1)} ` +
    `(limit ${AGREEMENT}); native vs wasm checksums ≤ ${Math.max(...Object.values(report.checks).map((c) => c.nativeVsWasmChecksumRelDiff)).toExponential(1)} relative`);
  out.push(...noiseLine(report.otherLoad));
  return out;
}

