// "Explain this number" for the backward pass, through the wasm build: explainAttentionBackward
// gives the arithmetic behind one gradient cell, with operands and results that are the
// attention and attentionBackward traces' own numbers, bit for bit.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertPlainData, grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

const query = grid(3, 4, 1);
const key = grid(5, 4, 2);
const value = grid(5, 2, 3);
const gradOutput = grid(3, 2, 4);
const mask = [[1, 1, 0, 1, 0], [0, 0, 0, 0, 0], [1, 0, 1, 1, 1]];

/** Adds the products in index order, as a learner adds up the terms shown. */
const sumInOrder = (/** @type {{ left: number, right: number }[]} */ terms) => terms.reduce((s, t) => s + t.left * t.right, 0);

/** Every term is the pair of operands given, its sum the cell, and the terms add up to it. */
function assertSum(/** @type {any} */ e, /** @type {[number, number][]} */ operands, /** @type {number} */ cell) {
  assert.deepEqual(e.terms.map((/** @type {any} */ t) => [t.left, t.right]), operands);
  e.terms.forEach((/** @type {any} */ t) => assert.equal(t.product, t.left * t.right));
  assert.equal(e.sum, cell);
  assert.ok(Math.abs(sumInOrder(e.terms) - cell) <= 1e-14, `${sumInOrder(e.terms)} adds up to ${cell}`);
}

test('the worked example under L = output₀₀ − output₀₁: ∂L/∂w₀₂ = 1·0.1 + (−1)·0.9', () => {
  const e = lab.explainAttentionBackward({
    query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]], gradOutput: [[1, -1]],
    row: 0, column: 2, stage: 'gradWeight',
  });
  assert.deepEqual(e, { stage: 'gradWeight', row: 0, column: 2, terms: [{ left: 1, right: 0.1, product: 0.1 }, { left: -1, right: 0.9, product: -0.9 }], sum: 0.1 - 0.9 });
});

for (const maskFill of [-Infinity, -1e9]) {
  test(`every cell of every gradient agrees bit for bit with attentionBackward’s trace (mask fill ${maskFill})`, () => {
    const forward = { query, key, value, mask, maskFill };
    const args = { ...forward, gradOutput };
    const f = lab.attention(forward);
    const b = lab.attentionBackward(args);
    const at = (/** @type {any} */ stage, /** @type {number} */ row, /** @type {number} */ column) => lab.explainAttentionBackward({ ...args, row, column, stage });
    for (let j = 0; j < 5; j += 1) {
      for (let c = 0; c < 2; c += 1) assertSum(at('gradValue', j, c), [0, 1, 2].map((i) => [f.weights[i][j], gradOutput[i][c]]), b.gradValue[j][c]);
      for (let c = 0; c < 4; c += 1) assertSum(at('gradKey', j, c), [0, 1, 2].map((i) => [b.gradScores[i][j], query[i][c]]), b.gradKey[j][c]);
    }
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 5; j += 1) {
        assertSum(at('gradWeight', i, j), [0, 1].map((c) => [gradOutput[i][c], value[j][c]]), b.gradWeights[i][j]);
        const s = at('gradScaled', i, j);
        assert.equal(s.weight, f.weights[i][j]);
        assert.equal(s.gradWeight, b.gradWeights[i][j]);
        assert.deepEqual(s.terms.map((/** @type {any} */ t) => [t.left, t.right]), f.weights[i].map((w, k) => [w, b.gradWeights[i][k]]));
        assert.equal(s.rowDot, sumInOrder(s.terms));
        assert.equal(s.difference, s.gradWeight - s.rowDot);
        assert.equal(s.gradScaled, b.gradScaled[i][j]);
        assert.equal(s.blocked, mask[i][j] === 0);
        assertPlainData(s);
        assert.deepEqual(at('gradScore', i, j), { stage: 'gradScore', row: i, column: j, gradScaled: b.gradScaled[i][j], sqrtDk: 2, dK: 4, gradScore: b.gradScores[i][j] });
      }
      for (let c = 0; c < 4; c += 1) assertSum(at('gradQuery', i, c), [0, 1, 2, 3, 4].map((j) => [b.gradScores[i][j], key[j][c]]), b.gradQuery[i][c]);
    }
  });
}

test('a fully masked row under −∞ explains as weight 0 and gradient 0, never NaN', () => {
  const e = lab.explainAttentionBackward({ query, key, value, mask, gradOutput, row: 1, column: 3, stage: 'gradScaled' });
  assert.equal(e.blocked, true);
  assert.equal(e.weight, 0);
  assert.equal(e.gradScaled, 0);
  assert.equal(e.rowDot, 0);
});
