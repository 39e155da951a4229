// Each operation of the public API: the shape of every trace field, the identities the lesson
// relies on, and that everything returned is plain arrays of numbers.
// Masks: masks.test.mjs. Seeded weights: seeding.test.mjs. Exact numbers: golden.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import {
  assertClose, assertMatrix, assertNoNaN, assertPlainData, assertRowsSumToOne, assertVector, grid, matmul,
} from '../support/arrays.mjs';

const lab = await loadAttentionLab();

describe('softmax', () => {
  test('it returns rowMax, exps, rowSum and weights of the logits\' shape, each row summing to 1', () => {
    const t = lab.softmax({ logits: grid(3, 5) });
    assertVector(t.rowMax, 3, 'rowMax');
    assertMatrix(t.exps, 3, 5, 'exps');
    assertVector(t.rowSum, 3, 'rowSum');
    assertMatrix(t.weights, 3, 5, 'weights');
    assertRowsSumToOne(t.weights);
    assertPlainData(t);
  });

  test('it subtracts the row max, so the largest exp is exactly 1 and logits of ±1e4 stay finite', () => {
    const t = lab.softmax({ logits: [[1e4, -1e4, 1e4 - 1], [-1e4, -1e4 + 2, -1e4]] });
    assert.deepEqual(t.rowMax, [1e4, -1e4 + 2]);
    t.exps.forEach((row) => assert.equal(Math.max(...row), 1));
    for (const x of t.weights.flat()) assert.ok(Number.isFinite(x));
    assertRowsSumToOne(t.weights);
  });

  test('a row of -Infinity logits gets weights 0, rowMax -Infinity and rowSum 0, and no NaN', () => {
    const t = lab.softmax({ logits: [[-Infinity, -Infinity], [0, -Infinity]] });
    assert.deepEqual(t.weights, [[0, 0], [1, 0]]);
    assert.deepEqual(t.rowMax, [-Infinity, 0]);
    assert.deepEqual(t.rowSum, [0, 1]);
    assertNoNaN(t);
  });
});

describe('attention', () => {
  test('cross-attention with n = 3, m = 5, d_k = 4, d_v = 6 gives 3×5 scores, scaled and weights and a 3×6 output', () => {
    const t = lab.attention({ query: grid(3, 4, 1), key: grid(5, 4, 2), value: grid(5, 6, 3) });
    assertMatrix(t.scores, 3, 5, 'scores');
    assertMatrix(t.scaled, 3, 5, 'scaled');
    assertMatrix(t.weights, 3, 5, 'weights');
    assertVector(t.softmax.rowMax, 3, 'softmax.rowMax');
    assertMatrix(t.softmax.exps, 3, 5, 'softmax.exps');
    assertVector(t.softmax.rowSum, 3, 'softmax.rowSum');
    assertMatrix(t.output, 3, 6, 'output');
    assert.equal(t.sqrtDk, 2);
    assert.deepEqual(t.fullyMaskedRows, []);
  });

  test('without a mask the trace has no mask or masked field, and the softmax gives only its steps', () => {
    const t = lab.attention({ query: grid(2, 3), key: grid(4, 3, 2), value: grid(4, 2, 3) });
    // The other fields are held to the engine's descriptions by trace-fields.test.mjs.
    assert.ok(!('mask' in t) && !('masked' in t));
    assert.ok(!('weights' in t.softmax));
  });

  test('scores are Q·Kᵀ, scaled is scores / √d_k, every weight row sums to 1 and output is weights·V', () => {
    const query = grid(4, 3, 4);
    const key = grid(6, 3, 5);
    const value = grid(6, 2, 6);
    const t = lab.attention({ query, key, value });
    assertClose(t.scores, matmul(query, key[0].map((_, j) => key.map((row) => row[j]))), 1e-12, 'scores');
    assertClose(t.scaled, t.scores.map((row) => row.map((x) => x / Math.sqrt(3))), 1e-12, 'scaled');
    assertRowsSumToOne(t.weights);
    for (const sum of t.weightSums) assert.ok(Math.abs(sum - 1) < 1e-12, `weightSums ${sum}`);
    for (const w of t.weights.flat()) assert.ok(w > 0 && w < 1);
    assertClose(t.output, matmul(t.weights, value), 1e-12, 'output');
  });

  test('logits of ±1e4 give finite weights and outputs', () => {
    const t = lab.attention({ query: [[100, -100], [-100, 100]], key: [[100, 100], [100, -100], [-100, 100]], value: grid(3, 2) });
    const s = 2e4 / Math.SQRT2;
    assertClose(t.scaled, [[0, s, -s], [0, -s, s]], 1e-9, 'scaled');
    for (const x of [...t.weights.flat(), ...t.output.flat()]) assert.ok(Number.isFinite(x), `${x} is finite`);
    assertRowsSumToOne(t.weights);
    assert.deepEqual(t.weights, [[0, 1, 0], [0, 0, 1]]);
  });

  test('rows given as Float64Array or Float32Array give the same numbers as plain arrays', () => {
    const query = [[1, 2], [0.5, -0.25]];
    const key = [[1, 0], [0, 1], [1, 1]];
    const value = [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]];
    const plain = lab.attention({ query, key, value });
    const typed = lab.attention({
      query: query.map((r) => Float64Array.from(r)),
      key: key.map((r) => Float32Array.from(r)),
      value: value.map((r) => Float64Array.from(r)),
    });
    assert.deepEqual(typed, plain);
    assertPlainData(typed);
  });

  test('the caller\'s arrays are not modified', () => {
    const args = { query: grid(2, 3), key: grid(3, 3, 2), value: grid(3, 2, 3), mask: [[1, 0, 1], [0, 0, 0]] };
    const before = structuredClone(args);
    lab.attention(args);
    assert.deepEqual(args, before);
  });

  test('a returned trace is the caller\'s own: changing it does not change the next call', () => {
    const args = { query: grid(2, 3), key: grid(3, 3, 2), value: grid(3, 2, 3) };
    const first = lab.attention(args);
    const copy = structuredClone(first);
    first.weights[0][0] = 42;
    first.output.length = 0;
    assert.deepEqual(lab.attention(args), copy);
  });
});

describe('multiHeadAttention', () => {
  const n = 3;
  const m = 5;
  const d = 8;
  const h = 4;

  test('cross-attention with n = 3, m = 5, d_model = 8, h = 4 gives every field its documented shape', () => {
    const t = lab.multiHeadAttention({ query: grid(n, d, 1), key: grid(m, d, 2), value: grid(m, d, 3), heads: h });
    assert.equal(t.dModel, d);
    assert.equal(t.dK, d / h);
    assertMatrix(t.projectedQuery, n, d, 'projectedQuery');
    assertMatrix(t.projectedKey, m, d, 'projectedKey');
    assertMatrix(t.projectedValue, m, d, 'projectedValue');
    assert.equal(t.heads.length, h);
    t.heads.forEach((head, i) => {
      assertMatrix(head.query, n, d / h, `heads[${i}].query`);
      assertMatrix(head.key, m, d / h, `heads[${i}].key`);
      assertMatrix(head.value, m, d / h, `heads[${i}].value`);
      assertMatrix(head.scores, n, m, `heads[${i}].scores`);
      assertMatrix(head.scaled, n, m, `heads[${i}].scaled`);
      assertMatrix(head.weights, n, m, `heads[${i}].weights`);
      assertMatrix(head.output, n, d / h, `heads[${i}].output`);
      assert.equal(head.sqrtDk, Math.sqrt(d / h), 'each head scales by √d_k of the head');
      assertRowsSumToOne(head.weights, `heads[${i}].weights`);
    });
    assertMatrix(t.concat, n, d, 'concat');
    assertMatrix(t.output, n, d, 'output');
    assert.equal(t.weights.length, h);
    t.weights.forEach((w, i) => {
      assertMatrix(w, n, m, `weights[${i}]`);
      assert.deepEqual(w, t.heads[i].weights, 'weights[i] is head i\'s weights');
    });
    for (const name of /** @type {const} */ (['wQ', 'wK', 'wV', 'wO'])) assertMatrix(t.params[name], d, d, `params.${name}`);
    assert.deepEqual(Object.keys(t.params).sort(), ['wK', 'wO', 'wQ', 'wV'], 'no biases when none were given');
    assert.equal(t.parameterCount, 4 * d * d);
    assertPlainData(t);
  });

  test('head i takes columns i·d_k … (i+1)·d_k − 1 of the projections, and concat puts their outputs back side by side', () => {
    const t = lab.multiHeadAttention({ query: grid(n, d, 1), key: grid(m, d, 2), value: grid(m, d, 3), heads: h });
    const dK = d / h;
    const columns = (/** @type {number[][]} */ a, /** @type {number} */ i) => a.map((row) => row.slice(i * dK, (i + 1) * dK));
    t.heads.forEach((head, i) => {
      assert.deepEqual(head.query, columns(t.projectedQuery, i));
      assert.deepEqual(head.key, columns(t.projectedKey, i));
      assert.deepEqual(head.value, columns(t.projectedValue, i));
      assert.deepEqual(columns(t.concat, i), head.output);
    });
    assertClose(t.projectedQuery, matmul(grid(n, d, 1), t.params.wQ), 1e-12, 'projectedQuery');
    assertClose(t.output, matmul(t.concat, t.params.wO), 1e-12, 'output');
  });

  test('each head carries attentionEntropy of its own weights, so one call serves every head', () => {
    const t = lab.multiHeadAttention({ query: grid(n, d, 1), key: grid(m, d, 2), value: grid(m, d, 3), heads: h });
    t.heads.forEach((head, i) => {
      assert.deepEqual(head.entropy, lab.attentionEntropy({ weights: head.weights }), `heads[${i}].entropy`);
      assert.equal(head.entropy.maxEntropy, Math.log(m));
    });
  });

  test('given biases are returned in params and counted: 4·d² + d per bias', () => {
    const x = grid(2, d);
    const bias = Array.from({ length: d }, (_, i) => i / 10);
    const all = lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, bQ: bias, bK: bias, bV: bias, bO: bias });
    for (const name of /** @type {const} */ (['bQ', 'bK', 'bV', 'bO'])) assert.deepEqual(all.params[name], bias);
    assert.equal(all.parameterCount, 4 * d * d + 4 * d);
    const one = lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, bQ: bias });
    assert.deepEqual(Object.keys(one.params).sort(), ['bQ', 'wK', 'wO', 'wQ', 'wV']);
    assert.equal(one.parameterCount, 4 * d * d + d);
  });

  test('given weights are used as they are and returned in params', () => {
    const x = grid(2, 4);
    const identity = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]];
    const t = lab.multiHeadAttention({ query: x, key: x, value: x, heads: 1, wQ: identity, wK: identity, wV: identity, wO: identity });
    assert.deepEqual(t.params, { wQ: identity, wK: identity, wV: identity, wO: identity });
    const plain = lab.attention({ query: x, key: x, value: x });
    assertClose(t.output, plain.output, 1e-12, 'one head with identity weights is plain attention');
  });
});

describe('positionalEncoding', () => {
  test('it returns the length × dModel matrix itself, as plain arrays', () => {
    const pe = lab.positionalEncoding({ length: 7, dModel: 6 });
    assertMatrix(pe, 7, 6, 'encoding');
    assertPlainData(pe);
  });

  test('columns alternate sin, cos: position 0 is 0, 1, 0, 1, … and values follow sin/cos(pos / 10000^(2i/d))', () => {
    const d = 6;
    const pe = lab.positionalEncoding({ length: 4, dModel: d });
    assert.deepEqual(pe[0], [0, 1, 0, 1, 0, 1]);
    for (let pos = 0; pos < 4; pos += 1) {
      for (let i = 0; 2 * i < d; i += 1) {
        const angle = pos / 10000 ** ((2 * i) / d);
        assert.ok(Math.abs(pe[pos][2 * i] - Math.sin(angle)) < 1e-12);
        assert.ok(Math.abs(pe[pos][2 * i + 1] - Math.cos(angle)) < 1e-12);
      }
    }
  });

  test('an odd dModel ends with a sine column that has no cosine partner', () => {
    const pe = lab.positionalEncoding({ length: 3, dModel: 5 });
    assertMatrix(pe, 3, 5);
    pe.forEach((row, pos) => assert.ok(Math.abs(row[4] - Math.sin(pos / 10000 ** (4 / 5))) < 1e-12));
  });

  test('length 1 and the cap 1024 are both accepted', () => {
    assertMatrix(lab.positionalEncoding({ length: 1, dModel: 1 }), 1, 1);
    assert.equal(lab.positionalEncoding({ length: lab.maxDimension, dModel: 2 }).length, 1024);
  });
});

describe('layerNorm', () => {
  test('it returns mean and variance per row and normalized and output of the input\'s shape', () => {
    const t = lab.layerNorm({ input: grid(3, 5) });
    assertVector(t.mean, 3, 'mean');
    assertVector(t.variance, 3, 'variance');
    assertMatrix(t.normalized, 3, 5, 'normalized');
    assertMatrix(t.output, 3, 5, 'output');
    assert.deepEqual(t.gamma, [1, 1, 1, 1, 1], 'gamma defaults to ones');
    assert.deepEqual(t.beta, [0, 0, 0, 0, 0], 'beta defaults to zeros');
    assertPlainData(t);
  });

  test('with the defaults each output row has mean 0 and (biased) variance close to 1', () => {
    const t = lab.layerNorm({ input: grid(4, 6, 3).map((row) => row.map((x) => 10 * x + 3)) });
    for (const row of t.output) {
      const mean = row.reduce((a, b) => a + b, 0) / row.length;
      const variance = row.reduce((a, b) => a + (b - mean) ** 2, 0) / row.length;
      assert.ok(Math.abs(mean) < 1e-12);
      assert.ok(Math.abs(variance - 1) < 1e-5);
    }
  });

  test('gamma and beta scale and shift each column', () => {
    const t = lab.layerNorm({ input: [[1, 2, 3]], gamma: [2, 2, 2], beta: [1, 0, -1] });
    assertClose(t.output, [t.normalized[0].map((x, j) => 2 * x + [1, 0, -1][j])]);
  });

  test('a constant row normalises to zeros, not NaN', () => {
    const t = lab.layerNorm({ input: [[3, 3, 3]] });
    assert.deepEqual(t.normalized, [[0, 0, 0]]);
    assertNoNaN(t);
  });
});

describe('feedForward', () => {
  const input = grid(3, 4);
  const w1 = grid(4, 8, 2);
  const w2 = grid(8, 4, 3);

  test('hidden and activated are n × d_ff and output is n × d_model', () => {
    const t = lab.feedForward({ input, w1, w2, activation: 'relu' });
    assertMatrix(t.hidden, 3, 8, 'hidden');
    assertMatrix(t.activated, 3, 8, 'activated');
    assertMatrix(t.output, 3, 4, 'output');
    assertPlainData(t);
  });

  test('relu zeroes the negatives of hidden and keeps the rest; relu is the default', () => {
    const t = lab.feedForward({ input, w1, w2, activation: 'relu' });
    assertClose(t.activated, t.hidden.map((row) => row.map((x) => Math.max(0, x))), 0);
    assert.ok(t.hidden.flat().some((x) => x < 0), 'the test input has negatives to clamp');
    assert.deepEqual(lab.feedForward({ input, w1, w2 }), t);
  });

  test('gelu is the exact erf form: gelu(x) lies between min(0, x) and max(0, x) and differs from relu', () => {
    const relu = lab.feedForward({ input, w1, w2, activation: 'relu' });
    const gelu = lab.feedForward({ input, w1, w2, activation: 'gelu' });
    assert.deepEqual(gelu.hidden, relu.hidden);
    gelu.hidden.flat().forEach((x, k) => {
      const g = gelu.activated.flat()[k];
      assert.ok(g >= Math.min(0, x) - 1e-15 && g <= Math.max(0, x) + 1e-15);
    });
    assert.notDeepEqual(gelu.activated, relu.activated);
  });

  test('biases are added to hidden and to output', () => {
    const b1 = Array(8).fill(0.5);
    const b2 = [1, 2, 3, 4];
    const without = lab.feedForward({ input, w1, w2 });
    const withBias = lab.feedForward({ input, w1, b1, w2, b2 });
    assertClose(withBias.hidden, without.hidden.map((row) => row.map((x) => x + 0.5)));
    assertClose(withBias.output, matmul(withBias.activated, w2).map((row) => row.map((x, j) => x + b2[j])));
  });
});

describe('encoderLayer', () => {
  const n = 4;
  const d = 8;
  const dFF = 12;
  const input = grid(n, d);

  test('every field has its documented shape, and the counts are 4d² + 4d, 2·d·d_ff + d_ff + d and 4d', () => {
    const t = lab.encoderLayer({ input, heads: 2, dFF });
    assert.deepEqual(t.input, input);
    assertMatrix(t.attention.output, n, d, 'attention.output');
    assert.equal(t.attention.heads.length, 2);
    assert.equal(t.attention.weights.length, 2);
    assertMatrix(t.attention.weights[0], n, n, 'attention.weights[0]');
    assertMatrix(t.residual1, n, d, 'residual1');
    assertVector(t.norm1.mean, n, 'norm1.mean');
    assertVector(t.norm1.variance, n, 'norm1.variance');
    assertMatrix(t.norm1.normalized, n, d, 'norm1.normalized');
    assertMatrix(t.norm1.output, n, d, 'norm1.output');
    assertMatrix(t.feedForward.hidden, n, dFF, 'feedForward.hidden');
    assertMatrix(t.feedForward.activated, n, dFF, 'feedForward.activated');
    assertMatrix(t.feedForward.output, n, d, 'feedForward.output');
    assertMatrix(t.residual2, n, d, 'residual2');
    assertMatrix(t.norm2.output, n, d, 'norm2.output');
    assertMatrix(t.output, n, d, 'output');
    assert.equal(t.dFF, dFF);
    assertMatrix(t.params.w1, d, dFF, 'params.w1');
    assertVector(t.params.b1, dFF, 'params.b1');
    assertMatrix(t.params.w2, dFF, d, 'params.w2');
    assertVector(t.params.b2, d, 'params.b2');
    assert.deepEqual(t.parameterCount, {
      attention: 4 * d * d + 4 * d,
      feedForward: d * dFF + dFF + dFF * d + d,
      norms: 4 * d,
      total: 4 * d * d + 4 * d + d * dFF + dFF + dFF * d + d + 4 * d,
    });
    assertPlainData(t);
  });

  test('the passes chain: residual1 = x + attention, residual2 = norm1 + feed-forward, output = norm2.output', () => {
    const t = lab.encoderLayer({ input, heads: 4, dFF, activation: 'gelu' });
    assertClose(t.residual1, input.map((row, i) => row.map((x, j) => x + t.attention.output[i][j])));
    assertClose(t.residual2, t.norm1.output.map((row, i) => row.map((x, j) => x + t.feedForward.output[i][j])));
    assert.deepEqual(t.output, t.norm2.output);
    // Self-attention: query, key and value are all the input.
    assertClose(t.attention.projectedQuery, matmul(input, t.attention.params.wQ), 1e-12, 'attention.projectedQuery');
    assertClose(t.attention.projectedKey, matmul(input, t.attention.params.wK), 1e-12, 'attention.projectedKey');
    assertClose(t.attention.projectedValue, matmul(input, t.attention.params.wV), 1e-12, 'attention.projectedValue');
  });

  test('omitted biases are zeros and omitted norms are γ = 1, β = 0', () => {
    const t = lab.encoderLayer({ input, heads: 2, dFF });
    for (const name of /** @type {const} */ (['bQ', 'bK', 'bV', 'bO'])) assert.deepEqual(t.attention.params[name], Array(d).fill(0), `attention.params.${name}`);
    assert.deepEqual(t.params.b1, Array(dFF).fill(0));
    assert.deepEqual(t.params.b2, Array(d).fill(0));
    for (const norm of [t.norm1, t.norm2]) {
      assert.deepEqual(norm.gamma, Array(d).fill(1));
      assert.deepEqual(norm.beta, Array(d).fill(0));
    }
  });

  test('attentionBias: false gives bias-free attention, 4·d² parameters, and the numbers of zero biases', () => {
    const free = lab.encoderLayer({ input, heads: 2, dFF, attentionBias: false });
    assert.deepEqual(Object.keys(free.attention.params).sort(), ['wK', 'wO', 'wQ', 'wV']);
    assert.equal(free.parameterCount.attention, 4 * d * d);
    assert.equal(free.attention.parameterCount, 4 * d * d);
    assert.equal(free.parameterCount.total, 4 * d * d + d * dFF + dFF + dFF * d + d + 4 * d);
    assert.deepEqual(free.output, lab.encoderLayer({ input, heads: 2, dFF }).output);
    assert.deepEqual(lab.encoderLayer({ input, heads: 2, dFF, attentionBias: true }), lab.encoderLayer({ input, heads: 2, dFF }));
  });

  test('S1.9\'s layer (d_model 64, 4 heads, d_ff 256, bias-free attention) has 49,728 parameters', () => {
    const t = lab.encoderLayer({ input: grid(3, 64), heads: 4, dFF: 256, activation: 'gelu', attentionBias: false });
    assert.equal(t.parameterCount.total, 49_728);
  });

  test('d_ff is read from w1 when w1 is given, without dFF', () => {
    const w1 = grid(d, 5, 7);
    const t = lab.encoderLayer({ input, heads: 2, w1 });
    assert.equal(t.dFF, 5);
    assert.deepEqual(t.params.w1, w1);
    assertMatrix(t.params.w2, 5, d, 'params.w2 (seeded)');
  });
});

describe('attentionEntropy', () => {
  test('uniform rows have entropy ln m, one-hot and all-zero rows have entropy 0, and maxEntropy is ln m', () => {
    const t = lab.attentionEntropy({ weights: [[0.25, 0.25, 0.25, 0.25], [0, 1, 0, 0], [0, 0, 0, 0], [0.5, 0.5, 0, 0]] });
    assertVector(t.entropy, 4, 'entropy');
    assertClose(t.entropy, [Math.log(4), 0, 0, Math.log(2)], 1e-15);
    assert.equal(t.maxEntropy, Math.log(4));
    assertPlainData(t);
  });

  test('meanEntropy, minEntropy and maxRowEntropy summarise the rows, so a page never averages', () => {
    const t = lab.attentionEntropy({ weights: [[0.25, 0.25, 0.25, 0.25], [0, 1, 0, 0], [0.5, 0.5, 0, 0]] });
    assert.equal(t.minEntropy, 0);
    assert.equal(t.maxRowEntropy, t.entropy[0]);
    assert.ok(Math.abs(t.meanEntropy - (Math.log(4) + Math.log(2)) / 3) < 1e-15);
  });

  test('it accepts the weights of an attention trace as they come, fully masked rows included', () => {
    const a = lab.attention({ query: grid(3, 2), key: grid(4, 2, 2), value: grid(4, 2, 3), mask: [[1, 1, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1]] });
    const t = lab.attentionEntropy({ weights: a.weights });
    assert.equal(t.entropy[1], 0);
    assert.ok(t.entropy[0] > 0 && t.entropy[0] <= Math.log(2) + 1e-15);
    assert.ok(t.entropy[2] > 0 && t.entropy[2] <= t.maxEntropy);
  });
});
