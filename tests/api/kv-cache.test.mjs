// lab.kvCacheDecode through the wasm build: decoding row by row with a growing cache gives
// multiHeadAttention's causal output (the same weights from the same seed or given), each step's
// cache is every row so far, and bad arguments name themselves. The maths: tests/cpp/kv_cache.test.cpp.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertClose, assertMatrix, assertPlainData, assertRowsSumToOne, assertVector, grid } from '../support/arrays.mjs';
import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();

describe('kvCacheDecode', () => {
  for (const [n, dModel, heads, seed] of [[1, 2, 1, 0], [4, 4, 2, 3], [9, 6, 3, 7], [16, 8, 4, 11], [20, 12, 6, 5]]) {
    test(`n = ${n}, d_model = ${dModel}, ${heads} heads: its output is multiHeadAttention's under the causal mask within 1e-12`, () => {
      const input = grid(n, dModel, seed + 1);
      const decoded = lab.kvCacheDecode({ input, heads, seed });
      const full = lab.multiHeadAttention({ query: input, key: input, value: input, mask: 'causal', heads, seed });
      assertClose(decoded.output, full.output, 1e-12, 'output');
      assert.deepEqual(decoded.params, full.params);
      assert.equal(decoded.cacheCells, 2 * n * dModel);
      assertPlainData(decoded);
    });
  }

  test('given weights and biases are used as multiHeadAttention uses them', () => {
    const input = grid(5, 4, 2);
    const weights = { wQ: grid(4, 4, 3), wK: grid(4, 4, 4), wV: grid(4, 4, 5), wO: grid(4, 4, 6) };
    const biases = { bQ: [0.1, -0.2, 0.3, 0], bK: [0, 0.5, 0, -1], bV: [1, 2, 3, 4], bO: [-0.5, 0, 0.5, 1] };
    const decoded = lab.kvCacheDecode({ input, heads: 2, ...weights, ...biases });
    const full = lab.multiHeadAttention({ query: input, key: input, value: input, mask: 'causal', heads: 2, ...weights, ...biases });
    assertClose(decoded.output, full.output, 1e-12, 'output');
  });

  test('step t holds the t+1 cached keys and values, the new query, one softmax row per head and the output row', () => {
    const input = grid(6, 4, 9);
    const decoded = lab.kvCacheDecode({ input, heads: 2, seed: 1 });
    const full = lab.multiHeadAttention({ query: input, key: input, value: input, mask: 'causal', heads: 2, seed: 1 });
    assert.equal(decoded.positions.length, 6);
    decoded.positions.forEach((step, t) => {
      assert.equal(step.position, t);
      assertMatrix(step.keys, t + 1, 4, `positions[${t}].keys`);
      assertMatrix(step.values, t + 1, 4, `positions[${t}].values`);
      assertClose(step.keys, full.projectedKey.slice(0, t + 1), 1e-12, `positions[${t}].keys`);
      assertClose(step.values, full.projectedValue.slice(0, t + 1), 1e-12, `positions[${t}].values`);
      assertClose(step.query, full.projectedQuery[t], 1e-12, `positions[${t}].query`);
      assertMatrix(step.weights, 2, t + 1, `positions[${t}].weights`);
      assertRowsSumToOne(step.weights);
      assertVector(step.outputRow, 4, `positions[${t}].outputRow`);
      assert.deepEqual(step.outputRow, decoded.output[t]);
      const p = t + 1;
      assert.equal(step.multiplyAddsWithCache, 4 * 16 + 2 * p * 4);
      assert.equal(step.multiplyAddsWithoutCache, 4 * p * 16 + 2 * p * p * 4);
    });
  });

  test('bad arguments are refused naming the argument', () => {
    const input = grid(3, 6);
    expectAttentionError(() => lab.kvCacheDecode({ input, heads: 4 }), 'heads', 'heads: expected a divisor of d_model = 6, got 4');
    expectAttentionError(() => lab.kvCacheDecode({ input, heads: 0 }), 'heads');
    expectAttentionError(() => lab.kvCacheDecode({ input, heads: 1, wV: grid(6, 5) }), 'wV');
    expectAttentionError(() => lab.kvCacheDecode({ input, heads: 1, bK: [1, 2] }), 'bK');
    expectAttentionError(() => lab.kvCacheDecode({ input: [[1, NaN]], heads: 1 }), 'input[0][1]');
    expectAttentionError(() => lab.kvCacheDecode({ input: grid(200, 64), heads: 1 }), 'input',
      'input: expected at most 2097152 cached keys and values over all positions (n·(n+1)·d_model), got 200 × 201 × 64 = 2572800');
    expectAttentionError(() => lab.kvCacheDecode({ input: grid(4096, 1024), heads: 1 }), 'input',
      'got 4096 × 4097 × 1024 = 17184063488');
    expectAttentionError(() => lab.kvCacheDecode({ input: grid(4097, 1), heads: 1 }), 'input');
    expectAttentionError(() => lab.kvCacheDecode(/** @type {any} */ ({ input, heads: 1, mask: 'causal' })), 'mask');
  });
});

describe('kvCacheMemory', () => {
  // Published configurations (Hugging Face config.json of each model; DeepSeek-V2 also
  // arXiv:2405.04434 §2.1.2), and their caches in float16 worked out by hand: numbers per token
  // and layer 2·kvHeads·dModel/heads, or latent + ropeWidth; × layers; × the tokens kept.
  const GiB = 2 ** 30;
  const models = [
    // meta-llama/Llama-2-7b-hf: 32 layers, 32 heads, hidden 4096
    { name: 'Llama 2 7B', model: { layers: 32, dModel: 4096, heads: 32 }, perTokenLayer: 8192, gib: [2, 16, 64] },
    // meta-llama/Meta-Llama-3-8B: 32 layers, 32 heads, 8 key/value heads, hidden 4096
    { name: 'Llama 3 8B', model: { layers: 32, dModel: 4096, heads: 32, kvHeads: 8 }, perTokenLayer: 2048, gib: [0.5, 4, 16] },
    // mistralai/Mistral-7B-v0.1: as Llama 3 8B, sliding_window 4096
    { name: 'Mistral 7B', model: { layers: 32, dModel: 4096, heads: 32, kvHeads: 8, window: 4096 }, perTokenLayer: 2048, gib: [0.5, 0.5, 0.5] },
    // tiiuae/falcon-7b: 32 layers, 71 heads of 64, hidden 4544, multi_query
    { name: 'Falcon 7B', model: { layers: 32, dModel: 4544, heads: 71, kvHeads: 1 }, perTokenLayer: 128, gib: [1 / 32, 1 / 4, 1] },
    // deepseek-ai/DeepSeek-V2: 60 layers, kv_lora_rank 512, qk_rope_head_dim 64
    { name: 'DeepSeek-V2', model: { layers: 60, dModel: 5120, latent: 512, ropeWidth: 64 }, perTokenLayer: 576, gib: [270 / 1024, 2160 / 1024, 8640 / 1024] },
  ];
  for (const { name, model, perTokenLayer, gib } of models) {
    test(`${name}: ${perTokenLayer} numbers per token and layer, ${gib.join(', ')} GiB at 4k, 32k and 128k tokens in float16`, () => {
      [4096, 32768, 131072].forEach((length, i) => {
        const t = lab.kvCacheMemory({ ...model, length, bytesPerNumber: 2 });
        assert.equal(t.numbersPerTokenLayer, perTokenLayer);
        assert.equal(t.numbersPerToken, perTokenLayer * model.layers);
        assert.equal(t.bytesPerToken, 2 * perTokenLayer * model.layers);
        assert.equal(t.cachedTokens, Math.min(length, model.window ?? length));
        assert.equal(t.numbers, t.numbersPerToken * t.cachedTokens);
        assert.equal(t.bytes, 2 * t.numbers);
        assert.equal(t.mebibytes, t.bytes / 2 ** 20);
        assert.equal(t.gibibytes, gib[i], `${name} at ${length} tokens`);
        assert.equal(t.bytes, gib[i] * GiB);
      });
    });
  }

  test('Llama 2 7B keeps 524,288 bytes per token in float16, as full width without heads does', () => {
    const llama2 = lab.kvCacheMemory({ layers: 32, length: 4096, dModel: 4096, bytesPerNumber: 2, heads: 32 });
    assert.equal(llama2.bytesPerToken, 524288);
    assert.deepEqual(lab.kvCacheMemory({ layers: 32, length: 4096, dModel: 4096, bytesPerNumber: 2 }), llama2);
    assert.deepEqual(lab.kvCacheMemory({ layers: 32, length: 4096, dModel: 4096, bytesPerNumber: 2, heads: 32, kvHeads: 32 }), llama2);
  });
});

describe('kvCacheDecode with grouped key/value heads and a sliding window', () => {
  /** W (d × kvHeads·dK) widened to d × heads·dK: query head i gets key/value head ⌊i·kvHeads/heads⌋'s columns. */
  const repeatKv = (/** @type {number[][]} */ w, /** @type {number} */ heads, /** @type {number} */ kvHeads, /** @type {number} */ dK) =>
    w.map((row) => Array.from({ length: heads * dK }, (_, c) => row[Math.floor(Math.floor(c / dK) * kvHeads / heads) * dK + (c % dK)]));
  /** Query i sees key j ≤ i when i − window < j, or j < sinks. */
  const windowMask = (/** @type {number} */ n, /** @type {number} */ window, /** @type {number} */ sinks) =>
    Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (j <= i && (j > i - window || j < sinks) ? 1 : 0)));

  for (const [n, dModel, heads, kvHeads, window, sinks, seed] of [
    [9, 8, 4, 2, 3, 2, 1], [12, 6, 3, 1, 4, 0, 2], [7, 12, 6, 3, 7, 1, 3], [10, 4, 2, 2, 1, 1, 4], [6, 8, 8, 1, 2, 3, 5],
  ]) {
    test(`n = ${n}, ${heads} heads sharing ${kvHeads} key/value heads, window ${window} with ${sinks} sinks: multiHeadAttention's rows within 1e-12`, () => {
      const input = grid(n, dModel, seed);
      const decoded = lab.kvCacheDecode({ input, heads, kvHeads, window, sinks, seed });
      const dK = dModel / heads;
      assert.equal(decoded.kvHeads, kvHeads);
      assertMatrix(decoded.params.wK, dModel, kvHeads * dK, 'params.wK');
      // The same layer with every key/value head repeated for the query heads that share it,
      // under the window's mask.
      const { wQ, wK, wV, wO } = decoded.params;
      const full = lab.multiHeadAttention({
        query: input, key: input, value: input, heads, mask: windowMask(n, window, sinks),
        wQ, wK: repeatKv(wK, heads, kvHeads, dK), wV: repeatKv(wV, heads, kvHeads, dK), wO,
      });
      assertClose(decoded.output, full.output, 1e-12, 'output');
      decoded.positions.forEach((step, t) => {
        const held = Array.from({ length: t + 1 }, (_, j) => j).filter((j) => j > t - window || j < sinks);
        assert.deepEqual(step.cachedPositions, held, `positions[${t}].cachedPositions`);
        assertMatrix(step.keys, held.length, kvHeads * dK, `positions[${t}].keys`);
        assertMatrix(step.weights, heads, held.length, `positions[${t}].weights`);
        assert.equal(step.multiplyAddsWithCache, 2 * dModel * dModel + 2 * dModel * kvHeads * dK + 2 * held.length * dModel);
      });
      assert.equal(decoded.cacheCells, 2 * kvHeads * dK * decoded.positions[n - 1].cachedPositions.length);
      assertPlainData(decoded);
    });
  }

  test('kvHeads equal to heads and no window give the plain decode, number for number', () => {
    const input = grid(6, 8, 3);
    assert.deepEqual(lab.kvCacheDecode({ input, heads: 4, kvHeads: 4, seed: 2 }), lab.kvCacheDecode({ input, heads: 4, seed: 2 }));
    assert.deepEqual(lab.kvCacheDecode({ input, heads: 4, window: 6, seed: 2 }).output, lab.kvCacheDecode({ input, heads: 4, seed: 2 }).output);
  });
});

describe('kvCacheDecode against multiHeadAttention with the same options', () => {
  for (const [n, dModel, heads, kvHeads, positional, ropeConvention, window, sinks, seed] of /** @type {const} */ ([
    [8, 8, 4, 2, 'rope', 'half', undefined, undefined, 1],
    [9, 12, 6, 2, 'rope', 'interleaved', 4, 1, 2],
    [7, 8, 4, 1, 'alibi', undefined, undefined, undefined, 3],
    [10, 6, 3, 3, 'alibi', undefined, 3, 2, 4],
    [6, 4, 2, 1, 'none', undefined, 2, undefined, 5],
  ])) {
    test(`n = ${n}, ${heads} heads, ${kvHeads} key/value heads, ${positional}${window ? `, window ${window}` : ''}${sinks ? ` with ${sinks} sinks` : ''}: the layer's rows within 1e-12`, () => {
      const input = grid(n, dModel, seed + 10);
      const options = { heads, kvHeads, positional, seed, ...(ropeConvention && { ropeConvention }), ...(window && { window }), ...(sinks && { sinks }) };
      const decoded = lab.kvCacheDecode({ input, ...options });
      const full = lab.multiHeadAttention({ query: input, key: input, value: input, ...options, ...(window ? {} : { mask: 'causal' }) });
      assertClose(decoded.output, full.output, 1e-12, 'output');
      assert.deepEqual(decoded.params, full.params);
      if (positional === 'alibi') assert.deepEqual(decoded.alibiSlopes, full.alibiSlopes);
      decoded.positions.forEach((step, t) => {
        step.cachedPositions.forEach((j, i) => {
          for (let h = 0; h < heads; h += 1) assertClose(step.weights[h][i], full.weights[h][t][j], 1e-12, `positions[${t}].weights[${h}][${i}]`);
        });
      });
    });
  }
});
