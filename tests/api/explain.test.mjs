// "Explain this number": explainAttention gives the arithmetic behind one cell, with operands
// and results that are the attention trace's own numbers, bit for bit.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertPlainData, grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

const query = grid(3, 4, 1);
const key = grid(5, 4, 2);
const value = grid(5, 2, 3);
const mask = [[1, 1, 0, 1, 0], [0, 0, 0, 0, 0], [1, 0, 1, 1, 1]];

/** Adds the products in index order, as the engine does. */
const sumInOrder = (/** @type {{ left: number, right: number }[]} */ terms) => terms.reduce((s, t) => s + t.left * t.right, 0);

test('the worked example: score 2 of query [1, 2] and key [0, 1] is 1·0 + 2·1', () => {
  const e = lab.explainAttention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]], row: 0, column: 1, stage: 'score' });
  assert.deepEqual(e, { stage: 'score', row: 0, column: 1, terms: [{ left: 1, right: 0, product: 0 }, { left: 2, right: 1, product: 2 }], sum: 2 });
});

for (const maskFill of [-Infinity, -1e9]) {
  test(`every cell of every stage agrees bit for bit with attention's trace (mask fill ${maskFill})`, () => {
    const args = { query, key, value, mask, maskFill };
    const t = lab.attention(args);
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 5; j += 1) {
        const score = lab.explainAttention({ ...args, row: i, column: j, stage: 'score' });
        assert.equal(score.sum, t.scores[i][j]);
        assert.equal(sumInOrder(score.terms), t.scores[i][j]);
        score.terms.forEach((term, c) => assert.deepEqual(term, { left: query[i][c], right: key[j][c], product: query[i][c] * key[j][c] }));

        const scaled = lab.explainAttention({ ...args, row: i, column: j, stage: 'scaled' });
        assert.deepEqual(scaled, { stage: 'scaled', row: i, column: j, score: t.scores[i][j], sqrtDk: t.sqrtDk, dK: 4, scaled: t.scaled[i][j] });

        const weight = lab.explainAttention({ ...args, row: i, column: j, stage: 'weight' });
        assert.deepEqual(weight, {
          stage: 'weight', row: i, column: j,
          logits: t.masked?.[i], blocked: mask[i].map((m) => 1 - m),
          rowMax: t.softmax.rowMax[i], exps: t.softmax.exps[i], rowSum: t.softmax.rowSum[i],
          numerator: t.softmax.exps[i][j], weight: t.weights[i][j], fullyMasked: i === 1,
        });
        assertPlainData(weight);
      }
      for (let c = 0; c < 2; c += 1) {
        const output = lab.explainAttention({ ...args, row: i, column: c, stage: 'output' });
        assert.equal(output.sum, t.output[i][c]);
        assert.equal(sumInOrder(output.terms), t.output[i][c]);
        output.terms.forEach((term, j) => assert.deepEqual([term.left, term.right], [t.weights[i][j], value[j][c]]));
      }
    }
  });
}

test('a fully masked row under -Infinity explains as weight 0, rowSum 0, fullyMasked', () => {
  const e = lab.explainAttention({ query, key, value, mask, row: 1, column: 3, stage: 'weight' });
  assert.equal(e.fullyMasked, true);
  assert.equal(e.weight, 0);
  assert.equal(e.rowSum, 0);
  assert.equal(e.rowMax, -Infinity);
  assert.deepEqual(e.logits, [-Infinity, -Infinity, -Infinity, -Infinity, -Infinity]);
});
