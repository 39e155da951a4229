// The leak check: 10,000 calls mixing successes and failures of every kind leave the wasm heap,
// the Embind handle table and the WebAssembly memory exactly where they were after warm-up.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import { AttentionError, loadAttentionLab } from 'attention-lab';

import { grid } from '../support/arrays.mjs';

const CALLS = 10_000;

const lab = await loadAttentionLab();
const untyped = /** @type {any} */ (lab);

const q = grid(2, 4, 1);
const kv = grid(3, 4, 2);
const x = grid(3, 4, 3);
const small = { query: q, key: kv, value: grid(3, 2, 4) };

/**
 * One call each; `fails` says whether it must throw, and `where` who refuses it: the
 * JavaScript façade, before anything reaches the wasm heap, or the C++ engine, after the
 * request has been copied in (and, for the late ones, after intermediates were allocated).
 * @type {Array<{ name: string, fails: boolean, where?: 'js' | 'engine', run: (i: number) => unknown }>}
 */
const STEPS = [
  { name: 'attention, causal', fails: false, run: () => lab.attention({ ...small, mask: 'causal' }) },
  { name: 'attention, keyLength', fails: false, run: () => lab.attention({ ...small, mask: { keyLength: 2 } }) },
  { name: 'attention, fully masked row', fails: false, run: () => lab.attention({ ...small, mask: [[1, 0, 1], [false, false, false]] }) },
  { name: 'attention, fill -1e9', fails: false, run: () => lab.attention({ ...small, mask: [[1, 0, 1], [0, 0, 0]], maskFill: -1e9 }) },
  { name: 'multi-head, seeded', fails: false, run: (i) => lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, seed: i, mask: 'causal' }) },
  { name: 'multi-head, with biases', fails: false, run: () => lab.multiHeadAttention({ query: q, key: kv, value: kv, heads: 4, bQ: [1, 2, 3, 4], bO: [0, 0, 0, 1] }) },
  { name: 'attention with dropout', fails: false, run: (i) => lab.attention({ ...small, dropout: 0.5, dropoutSeed: i }) },
  { name: 'attention backward, fully masked row', fails: false, run: () => lab.attentionBackward({ ...small, mask: [[1, 0, 1], [0, 0, 0]], gradOutput: grid(2, 2, 5) }) },
  { name: 'multi-head backward, dropout and a bias', fails: false, run: (i) => lab.multiHeadAttentionBackward({ query: x, key: x, value: x, heads: 2, bQ: [1, 2, 3, 4], dropout: 0.25, dropoutSeed: i, gradOutput: x }) },
  { name: 'encoder layer', fails: false, run: (i) => lab.encoderLayer({ input: x, heads: 2, dFF: 6, seed: i, activation: i % 2 ? 'gelu' : 'relu' }) },
  { name: 'positional encoding', fails: false, run: () => lab.positionalEncoding({ length: 8, dModel: 6 }) },
  { name: 'softmax', fails: false, run: () => lab.softmax({ logits: [[1, -Infinity, 3], [-Infinity, -Infinity, -Infinity]] }) },
  { name: 'layer norm', fails: false, run: () => lab.layerNorm({ input: x, gamma: [1, 2, 3, 4] }) },
  { name: 'feed-forward', fails: false, run: () => lab.feedForward({ input: x, w1: grid(4, 5), w2: grid(5, 4), activation: 'gelu' }) },
  { name: 'layer norm backward', fails: false, run: () => lab.layerNormBackward({ input: x, gamma: [1, 2, 3, 4], gradOutput: grid(3, 4) }) },
  { name: 'feed-forward backward', fails: false, run: () => lab.feedForwardBackward({ input: x, w1: grid(4, 5), b1: [0, 1, 0, 1, 0], w2: grid(5, 4), gradOutput: grid(3, 4) }) },
  { name: 'entropy', fails: false, run: () => lab.attentionEntropy({ weights: [[0.5, 0.5], [0, 0]] }) },
  { name: 'random matrix', fails: false, run: (i) => lab.randomMatrix({ rows: 3, cols: 5, seed: i, distribution: i % 2 ? 'uniform' : 'normal' }) },
  { name: 'token embedding', fails: false, run: (i) => lab.embedTokens({ tokens: ['the', 'cat', `tok${i % 7}`, 'the', 'café'], dModel: 6, seed: i }) },
  { name: 'position similarity', fails: false, run: () => lab.positionSimilarity({ length: 6, dModel: 4 }) },
  { name: 'scaling experiment', fails: false, run: (i) => lab.scalingExperiment({ dK: 8, keys: 4, samples: 5, seed: i }) },
  { name: 'softmax Jacobian', fails: false, run: () => lab.softmaxJacobian({ logits: [[1, -Infinity, 3, 0]] }) },
  { name: 'explain a cell', fails: false, run: (i) => lab.explainAttention({ ...small, mask: 'causal', row: 1, column: 1, stage: /** @type {const} */ (['score', 'scaled', 'weight', 'output'])[i % 4] }) },
  { name: 'permutation test', fails: false, run: (i) => lab.permutationTest({ input: x, permutation: [2, 0, 1], heads: 2, seed: i, positionalEncoding: i % 2 === 0 }) },
  { name: 'encoder layer without attention biases', fails: false, run: () => lab.encoderLayer({ input: x, heads: 2, dFF: 6, attentionBias: false }) },

  { name: 'NaN cell', fails: true, where: 'engine', run: () => lab.attention({ ...small, query: [[1, 2, NaN, 4], [1, 2, 3, 4]] }) },
  { name: 'heads not dividing d_model', fails: true, where: 'engine', run: () => lab.multiHeadAttention({ query: x, key: x, value: x, heads: 3 }) },
  { name: 'keyLength out of range', fails: true, where: 'engine', run: () => lab.attention({ ...small, mask: { keyLength: 9 } }) },
  { name: 'mask shape, after the weights are seeded', fails: true, where: 'engine', run: () => lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, mask: [[1, 1]] }) },
  { name: 'encoder b1 length, after w1 and w2 are seeded', fails: true, where: 'engine', run: () => lab.encoderLayer({ input: x, heads: 2, dFF: 6, b1: [1, 2] }) },
  { name: 'gradient overflow, refused after the backward pass', fails: true, where: 'engine', run: () => lab.feedForwardBackward({ input: x, w1: grid(4, 5), w2: grid(5, 4), b2: [0, 0, 0, 0], gradOutput: [[1e308, 1e308, 1e308, 1e308], [1e308, 1e308, 1e308, 1e308], [1e308, 1e308, 1e308, 1e308]] }) },
  { name: 'gradOutput shape, after the forward is computed', fails: true, where: 'engine', run: () => lab.multiHeadAttentionBackward({ query: x, key: x, value: x, heads: 2, gradOutput: q }) },
  { name: 'dropout of 1', fails: true, where: 'engine', run: () => lab.attention({ ...small, dropout: 1 }) },
  { name: 'entropy row sum', fails: true, where: 'engine', run: () => lab.attentionEntropy({ weights: [[0.5, 0.3]] }) },
  { name: 'softmax +Infinity', fails: true, where: 'engine', run: () => lab.softmax({ logits: [[0, Infinity]] }) },
  { name: 'scores overflow, refused after scores are computed', fails: true, where: 'engine', run: () => lab.attention({ query: [[1e200, 1e200]], key: [[1e200, 0], [0, 1]], value: [[1], [2]] }) },
  { name: 'empty token', fails: true, where: 'engine', run: () => lab.embedTokens({ tokens: ['the', ''], dModel: 4 }) },
  { name: 'explain with an unknown stage', fails: true, where: 'engine', run: () => untyped.explainAttention({ ...small, row: 0, column: 0, stage: 'softmax' }) },
  { name: 'explain a row out of range, after the trace is computed', fails: true, where: 'engine', run: () => lab.explainAttention({ ...small, row: 5, column: 0, stage: 'weight' }) },
  { name: 'repeated index in a permutation', fails: true, where: 'engine', run: () => lab.permutationTest({ input: x, permutation: [0, 0, 1], heads: 2, positionalEncoding: true }) },
  { name: 'scaling experiment over the cap', fails: true, where: 'engine', run: () => lab.scalingExperiment({ dK: 1024, keys: 1024, samples: 100 }) },
  { name: 'bias given without attention biases, after weights are seeded', fails: true, where: 'engine', run: () => lab.encoderLayer({ input: x, heads: 2, dFF: 6, attentionBias: false, bV: [0, 0, 0, 0] }) },
  { name: 'token that is not a string', fails: true, where: 'js', run: () => untyped.embedTokens({ tokens: ['the', 7], dModel: 4 }) },
  { name: 'ragged rows', fails: true, where: 'js', run: () => lab.attention({ ...small, key: [[1, 2, 3, 4], [1, 2, 3]] }) },
  { name: 'unknown argument', fails: true, where: 'js', run: () => untyped.attention({ ...small, querry: q }) },
  { name: 'string cell', fails: true, where: 'js', run: () => untyped.multiHeadAttention({ query: [[1, '2', 3, 4]], key: x, value: x, heads: 2 }) },
];

/** Runs `calls` steps round-robin; returns how many threw an AttentionError, per step name. */
function exercise(/** @type {number} */ calls) {
  /** @type {Record<string, number>} */
  const failures = {};
  for (let i = 0; i < calls; i += 1) {
    const step = STEPS[i % STEPS.length];
    try {
      step.run(i);
      assert.ok(!step.fails, `${step.name} was expected to fail but succeeded`);
    } catch (error) {
      if (!(error instanceof AttentionError) || !step.fails) throw error;
      failures[step.name] = (failures[step.name] ?? 0) + 1;
    }
  }
  return failures;
}

test(`${CALLS} calls mixing successes and failures leave the heap, the handles and the memory where they were`, () => {
  exercise(STEPS.length * 20); // warm-up: every path once and more, so the allocator reaches its working size
  const before = lab.memory();
  const start = performance.now();

  const failures = exercise(CALLS);

  const seconds = (performance.now() - start) / 1000;
  const after = lab.memory();
  const failing = STEPS.filter((s) => s.fails);
  assert.deepEqual(Object.keys(failures).sort(), failing.map((s) => s.name).sort(), 'every failing step failed, and only those');
  assert.equal(
    Object.values(failures).reduce((a, b) => a + b, 0),
    failing.reduce((n, s) => n + Math.floor(CALLS / STEPS.length) + (STEPS.indexOf(s) < CALLS % STEPS.length ? 1 : 0), 0),
    'each failing step failed every time it ran',
  );
  assert.ok(failing.some((s) => s.where === 'js') && failing.some((s) => s.where === 'engine'));
  assert.equal(after.heapBytesInUse, before.heapBytesInUse, 'heap bytes in use');
  assert.equal(after.liveHandles, before.liveHandles, 'live Embind handles');
  assert.equal(after.wasmMemoryBytes, before.wasmMemoryBytes, 'WebAssembly memory did not grow after warm-up');
  assert.ok(seconds < 20, `took ${seconds.toFixed(1)} s`);
});

test('memory() reports six non-negative whole numbers, and no handle, trainer or language model is left between calls', () => {
  const m = lab.memory();
  assert.deepEqual(Object.keys(m).sort(), ['heapBytesInUse', 'liveHandles', 'liveLanguageModels', 'liveTextTrainers', 'liveTrainers', 'wasmMemoryBytes']);
  for (const v of Object.values(m)) assert.ok(Number.isInteger(v) && v >= 0);
  assert.ok(m.wasmMemoryBytes >= 65536 && m.wasmMemoryBytes % 65536 === 0, 'whole 64 KiB pages');
  assert.equal(m.liveHandles, 0);
  assert.equal(m.liveTrainers, 0);
  assert.equal(m.liveLanguageModels, 0);
  assert.equal(m.liveTextTrainers, 0);
});

// The meter itself: if heapBytesInUse were stuck (say at 0) the leak check above would pass
// whatever leaked. This one looks past the public API, at the raw Emscripten module the façade
// wraps, to see the number move when memory is held and come back when it is freed.
test('the heap meter counts memory that is held, and returns to its value when it is freed', async () => {
  const { default: createAttentionCore } = await import(new URL('wasm/attention-core.mjs', import.meta.resolve('attention-lab')).href);
  const core = await createAttentionCore({ wasmBinary: await readFile(new URL('wasm/attention-core.wasm', import.meta.resolve('attention-lab'))) });
  const before = core.heapBytesInUse();
  const pointer = core._malloc(4096);
  assert.ok(core.heapBytesInUse() >= before + 4096, 'a held allocation shows');
  core._free(pointer);
  assert.equal(core.heapBytesInUse(), before, 'and goes away when freed');
});
