// Masks in attention and multi-head attention: each kind, fully masked rows under both fills.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertMatrix, assertNoNaN, assertRowsSumToOne, grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

/** Asserts blocked cells (mask 0) have weight exactly 0 and allowed rows sum to 1. */
function assertMaskRespected(/** @type {import('attention-lab').AttentionTrace} */ t) {
  assert.ok(t.mask, 'the trace reports the mask');
  t.mask.forEach((row, i) =>
    row.forEach((allowed, j) => {
      if (allowed === 0) {
        assert.equal(t.weights[i][j], 0, `weights[${i}][${j}] is blocked`);
        assert.equal(t.masked?.[i][j], -Infinity, `masked[${i}][${j}] is the fill`);
      } else {
        assert.equal(t.masked?.[i][j], t.scaled[i][j], `masked[${i}][${j}] is scaled`);
      }
    }),
  );
  const open = t.weights.filter((_, i) => !t.fullyMaskedRows.includes(i));
  assertRowsSumToOne(open);
}

describe('attention masks', () => {
  test('a causal mask makes the upper triangle of the weights exactly 0 and each row sum to 1', () => {
    const t = lab.attention({ query: grid(4, 3), key: grid(4, 3, 2), value: grid(4, 2, 3), mask: 'causal' });
    assert.deepEqual(t.mask, [[1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0], [1, 1, 1, 1]]);
    for (let i = 0; i < 4; i += 1) for (let j = i + 1; j < 4; j += 1) assert.equal(t.weights[i][j], 0);
    assert.equal(t.weights[0][0], 1, 'the first query sees only itself');
    assertMaskRespected(t);
    assert.deepEqual(t.fullyMaskedRows, []);
  });

  test('a causal mask with more keys than queries still lets query i see keys j ≤ i', () => {
    const t = lab.attention({ query: grid(3, 2), key: grid(5, 2, 2), value: grid(5, 2, 3), mask: 'causal' });
    assert.deepEqual(t.mask, [[1, 0, 0, 0, 0], [1, 1, 0, 0, 0], [1, 1, 1, 0, 0]]);
    assertMaskRespected(t);
  });

  test('a causal mask with more queries than keys lets the later queries see every key', () => {
    const t = lab.attention({ query: grid(4, 2), key: grid(2, 2, 2), value: grid(2, 2, 3), mask: 'causal' });
    assert.deepEqual(t.mask, [[1, 0], [1, 1], [1, 1], [1, 1]]);
    assertMaskRespected(t);
  });

  test('{ keyLength: 2 } blocks keys 2 and beyond for every query', () => {
    const t = lab.attention({ query: grid(3, 4), key: grid(5, 4, 2), value: grid(5, 3, 3), mask: { keyLength: 2 } });
    assert.deepEqual(t.mask, Array(3).fill([1, 1, 0, 0, 0]));
    assertMaskRespected(t);
  });

  test('{ keyLength: m } blocks nothing and gives the unmasked weights', () => {
    const args = { query: grid(3, 4), key: grid(5, 4, 2), value: grid(5, 3, 3) };
    const t = lab.attention({ ...args, mask: { keyLength: 5 } });
    assert.deepEqual(t.weights, lab.attention(args).weights);
  });

  test('a 0/1 matrix blocks exactly its 0 cells', () => {
    const mask = [[1, 0, 1, 0], [0, 1, 1, 1], [1, 1, 1, 1]];
    const t = lab.attention({ query: grid(3, 2), key: grid(4, 2, 2), value: grid(4, 3, 3), mask });
    assert.deepEqual(t.mask, mask);
    assertMaskRespected(t);
  });

  test('a boolean matrix gives the same trace as the equivalent 0/1 matrix', () => {
    const args = { query: grid(3, 2), key: grid(4, 2, 2), value: grid(4, 3, 3) };
    const numbers = lab.attention({ ...args, mask: [[1, 0, 1, 0], [0, 1, 1, 1], [1, 1, 1, 1]] });
    const booleans = lab.attention({ ...args, mask: [[true, false, true, false], [false, true, true, true], [true, true, true, true]] });
    assert.deepEqual(booleans, numbers);
  });

  test('an all-ones mask gives the unmasked weights and output', () => {
    const args = { query: grid(2, 3), key: grid(3, 3, 2), value: grid(3, 2, 3) };
    const masked = lab.attention({ ...args, mask: [[1, 1, 1], [1, 1, 1]] });
    const plain = lab.attention(args);
    assert.deepEqual(masked.weights, plain.weights);
    assert.deepEqual(masked.output, plain.output);
  });

  test('under -Infinity a fully masked row has zero weights and zero output, is listed in fullyMaskedRows, and nothing is NaN', () => {
    const t = lab.attention({ query: grid(3, 3), key: grid(4, 3, 2), value: grid(4, 2, 3), mask: [[1, 1, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1]] });
    assert.deepEqual(t.fullyMaskedRows, [1]);
    assert.deepEqual(t.weights[1], [0, 0, 0, 0]);
    assert.deepEqual(t.output[1], [0, 0]);
    assert.deepEqual(t.masked?.[1], [-Infinity, -Infinity, -Infinity, -Infinity]);
    assert.equal(t.softmax.rowMax[1], -Infinity);
    assert.equal(t.softmax.rowSum[1], 0);
    assert.deepEqual(t.softmax.exps[1], [0, 0, 0, 0]);
    assertNoNaN(t);
    assertMaskRespected(t);
  });

  test('an explicit maskFill of -Infinity is the same as the default', () => {
    const args = { query: grid(3, 3), key: grid(4, 3, 2), value: grid(4, 2, 3), mask: [[1, 1, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1]] };
    assert.deepEqual(lab.attention({ ...args, maskFill: -Infinity }), lab.attention(args));
  });

  test('under maskFill -1e9 the same fully masked row attends uniformly to every key', () => {
    const t = lab.attention({
      query: grid(3, 3), key: grid(4, 3, 2), value: grid(4, 2, 3), mask: [[1, 1, 0, 0], [0, 0, 0, 0], [1, 1, 1, 1]], maskFill: -1e9,
    });
    assert.deepEqual(t.fullyMaskedRows, [1], 'the row is still reported as fully masked');
    assert.deepEqual(t.masked?.[1], [-1e9, -1e9, -1e9, -1e9]);
    assert.deepEqual(t.weights[1], [0.25, 0.25, 0.25, 0.25]);
    const mean = [0, 1].map((j) => grid(4, 2, 3).reduce((s, row) => s + row[j], 0) / 4);
    t.output[1].forEach((x, j) => assert.ok(Math.abs(x - mean[j]) < 1e-12, 'output is the mean of the values'));
    assert.deepEqual(t.weights[0].slice(2), [0, 0], 'partly masked rows still block (e^-1e9 underflows to 0)');
    assertNoNaN(t);
  });

  test('{ keyLength: 0 } masks every row: all weights and outputs are 0', () => {
    const t = lab.attention({ query: grid(2, 3), key: grid(3, 3, 2), value: grid(3, 2, 3), mask: { keyLength: 0 } });
    assert.deepEqual(t.fullyMaskedRows, [0, 1]);
    assert.deepEqual(t.weights, [[0, 0, 0], [0, 0, 0]]);
    assert.deepEqual(t.output, [[0, 0], [0, 0]]);
    assertNoNaN(t);
  });

  test('a mask given as null is no mask', () => {
    const args = { query: grid(2, 3), key: grid(3, 3, 2), value: grid(3, 2, 3) };
    // null is outside the declared types (Mask | undefined); the façade reads it as "no mask".
    assert.deepEqual(lab.attention({ ...args, mask: /** @type {any} */ (null) }), lab.attention(args));
  });
});

describe('masks in multi-head attention and the encoder layer', () => {
  test('the same causal mask applies to every head', () => {
    const x = grid(4, 8);
    const t = lab.multiHeadAttention({ query: x, key: x, value: x, heads: 4, mask: 'causal' });
    for (const head of t.heads) {
      assertMatrix(head.mask, 4, 4);
      assertMaskRespected(head);
    }
  });

  test('a padding mask and a fully masked row behave per head as in attention', () => {
    const q = grid(3, 4);
    const kv = grid(5, 4, 2);
    const t = lab.multiHeadAttention({ query: q, key: kv, value: kv, heads: 2, mask: [[1, 1, 0, 0, 0], [0, 0, 0, 0, 0], [1, 1, 1, 1, 0]] });
    for (const head of t.heads) {
      assert.deepEqual(head.fullyMaskedRows, [1]);
      assert.deepEqual(head.output[1], [0, 0]);
      assertMaskRespected(head);
    }
    assert.deepEqual(t.concat[1], [0, 0, 0, 0]);
    assertNoNaN(t);
  });

  test('a causal encoder layer blocks the future in its attention', () => {
    const t = lab.encoderLayer({ input: grid(3, 4), heads: 2, dFF: 6, mask: 'causal' });
    for (const w of t.attention.weights) assert.deepEqual([w[0][1], w[0][2], w[1][2]], [0, 0, 0]);
  });
});
