/**
 * What the work budgets of the engine's descriptions (cpp/include/attn/describe/work.hpp) were
 * chosen from: each budgeted operation run once through the wasm build, in Node, at a size that
 * takes a second or two of CPU time, its multiply-adds counted as its description counts them
 * (cpp/include/attn/work_estimates.hpp), and the multiply-adds ten seconds would allow at that
 * rate. Also the fixed cost of a tile, from 1 × 1 tiles against whole ones.
 *
 *   node scripts/bench/work-budgets.mjs
 */
import { loadAttentionLab } from '../../web/lib/index.js';

const lab = await loadAttentionLab();
const TILE = 64; // tile_multiply_adds

/** @param {number} rows @param {number} cols @param {number} seed */
function matrix(rows, cols, seed) {
  let s = seed;
  const next = () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return s / 2147483648 - 0.5;
  };
  return Array.from({ length: rows }, () => Array.from({ length: cols }, next));
}

/** @param {number} n @param {number} d */
const qkv = (n, d) => ({ query: matrix(n, d, 1), key: matrix(n, d, 2), value: matrix(n, d, 3) });

/** @param {number} n @param {number} m @param {number} dk @param {number} dv @param {number} br @param {number} bc */
const tiled = (n, m, dk, dv, br, bc) => n * m * (dk + dv) + n * Math.ceil(m / bc) * dv + Math.ceil(n / br) * Math.ceil(m / bc) * TILE;

/**
 * The CPU seconds of one call: on a machine shared with other work, wall time would count the
 * others' turns too.
 * @param {() => unknown} run
 */
function seconds(run) {
  const start = process.cpuUsage();
  run();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

const cases = [
  { name: 'flashAttention', size: 'n = m = 2048, d = 256, tiles 64 × 64', work: tiled(2048, 2048, 256, 256, 64, 64),
    run: () => lab.flashAttention({ ...qkv(2048, 256), blockRows: 64, blockCols: 64, trace: false }) },
  { name: 'chunkedAttention', size: 'n = m = 2048, d = 256, chunks of 64', work: tiled(2048, 2048, 256, 256, 64, 64),
    run: () => lab.chunkedAttention({ ...qkv(2048, 256), chunkSize: 64, trace: false }) },
  { name: 'sparseAttention', size: 'n = 4096, d = 256, window 512', work: 4096 * Math.min(4096, 2 * 512 + 1) * 512,
    run: () => lab.sparseAttention({ ...qkv(4096, 256), window: 512, trace: false }) },
  { name: 'linearAttention', size: 'n = m = 4096, d = 512', work: 8192 * 512 * 513,
    run: () => lab.linearAttention({ ...qkv(4096, 512), trace: false }) },
  { name: 'rnnForward', size: 'n = 4096, d = hidden = 512', work: 4096 * 2 * 512 * 512,
    run: () => lab.rnnForward({ input: matrix(4096, 512, 4) }) },
  // Each row reads every weight once, so its rate is lower than the whole-sequence forward's.
  { name: 'decoderLayerDecode', size: 'n = 512, d_model = 512, d_ff = 1024, 2 heads',
    work: 512 * (4 * 512 * 512 + 3 * 512 * 1024) + 512 * 512 * 512,
    run: () => lab.decoderLayerDecode({ input: matrix(512, 512, 5), heads: 2, wGate: matrix(512, 1024, 6), wUp: matrix(512, 1024, 7), wDown: matrix(1024, 512, 8) }) },
];
for (const variant of ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn']) {
  const n = variant === 'linear' || variant === 'rnn' || variant === 'sparse' ? 4096 : 2048;
  const d = variant === 'linear' || variant === 'rnn' ? 512 : 256;
  // Its multiply-adds as reported; the time includes drawing the inputs, O(n·d).
  cases.push({ name: `measureCost ${variant}`, size: `n = ${n}, d = ${d}, block 64, window 512`,
    measure: () => {
      let work = 0;
      const time = seconds(() => {
        work = lab.measureCost({ variant, n, d, repeats: 1, block: 64, window: 512 }).multiplyAdds;
      });
      return { work, time };
    } });
}

console.log('| operation | size | multiply-adds | seconds | per second | in 10 s |');
console.log('|---|---|---|---|---|---|');
for (const c of cases) {
  const { work, time } = c.measure ? c.measure() : { work: c.work, time: seconds(c.run) };
  console.log(`| ${c.name} | ${c.size} | ${work.toExponential(2)} | ${time.toFixed(2)} | ${(work / time).toExponential(2)} | ${((10 * work) / time).toExponential(2)} |`);
}

// A tile's fixed cost: 1 × 1 tiles at d = 1 (each one multiply-add per cell and side) against
// whole-row tiles, per tile, in multiply-adds at the whole tiles' rate.
const n = 512;
const small = seconds(() => lab.flashAttention({ ...qkv(n, 1), blockRows: 1, blockCols: 1, trace: false }));
const whole = seconds(() => lab.flashAttention({ ...qkv(n, 64), blockRows: n, blockCols: n, trace: false }));
const rate = (n * n * 128) / whole;
console.log(`\nflash, n = ${n}: 1 × 1 tiles at d = 1 ${small.toFixed(3)} s, one ${n} × ${n} tile at d = 64 ${whole.toFixed(3)} s:`);
console.log(`a tile costs ${((small * rate) / (n * n) - 2).toFixed(0)} multiply-adds at ${rate.toExponential(2)} per second`);
const chunks = seconds(() => lab.chunkedAttention({ ...qkv(n, 1), chunkSize: 1, trace: false }));
console.log(`chunked, chunks of 1 at d = 1: ${chunks.toFixed(3)} s, a chunk pair ${((chunks * rate) / (n * n) - 2).toFixed(0)} multiply-adds`);

// The operations without a budget, each at its caps (every dimension 1024; multi-head attention
// keeps heads × n × m ≤ 2²¹, so 2 heads): their caps alone keep them near or under ten seconds.
const x = matrix(1024, 1024, 5);
const capped = [
  ['attention', () => lab.attention({ query: x, key: x, value: x })],
  ['attentionBackward', () => lab.attentionBackward({ query: x, key: x, value: x, gradOutput: x })],
  ['multiHeadAttention', () => lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2 })],
  ['multiHeadAttentionBackward', () => lab.multiHeadAttentionBackward({ query: x, key: x, value: x, heads: 2, gradOutput: x })],
  ['encoderLayer', () => lab.encoderLayer({ input: x, heads: 2, dFF: 1024 })],
  ['encoderLayerBackward', () => lab.encoderLayerBackward({ input: x, heads: 2, dFF: 1024, gradOutput: x })],
  ['decoderLayer', () => lab.decoderLayer({ input: x, heads: 2, wGate: x, wUp: x, wDown: x })],
  ['feedForwardBackward', () => lab.feedForwardBackward({ input: x, w1: x, w2: x, gradOutput: x })],
  ['positionSimilarity', () => lab.positionSimilarity({ length: 1024, dModel: 1024 })],
  ['explainAttention', () => lab.explainAttention({ query: x, key: x, value: x, row: 0, column: 0, stage: 'output' })],
  ['explainAttentionBackward', () => lab.explainAttentionBackward({ query: x, key: x, value: x, gradOutput: x, row: 0, column: 0, stage: 'gradQuery' })],
  ['diagnose', () => lab.diagnose({ query: x, key: x, value: x, stage: 'output', row: 0, column: 0, answer: 0 })],
  ['permutationTest', () => lab.permutationTest({ input: x, permutation: [...Array(1024).keys()].reverse(), heads: 2, positionalEncoding: true })],
];
console.log('\n| operation at its caps | seconds |');
console.log('|---|---|');
for (const [name, run] of capped) {
  let time;
  try {
    time = seconds(run).toFixed(2);
  } catch (error) {
    time = `refused: ${/** @type {Error} */ (error).message}`;
  }
  console.log(`| ${name} | ${time} |`);
}
