// Lesson 4's numbers: why attention divides by √d_k (scalingExperiment) and how much gradient a
// softmax passes back (softmaxJacobian).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertClose, assertMatrix, assertPlainData } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

describe('scalingExperiment', () => {
  test('it reports the sizes, the score moments, both softmaxes\' statistics and the first draw', () => {
    const t = lab.scalingExperiment({ dK: 16, keys: 5, samples: 200, seed: 1 });
    assert.deepEqual([t.dK, t.keys, t.samples], [16, 5, 200]);
    assert.equal(t.maxEntropy, Math.log(5));
    for (const which of /** @type {const} */ (['unscaled', 'scaled'])) {
      assert.ok(t[which].meanPeakWeight > 1 / 5 && t[which].meanPeakWeight <= 1);
      assert.ok(t[which].meanEntropy >= 0 && t[which].meanEntropy <= t.maxEntropy);
    }
    const e = t.example;
    assertMatrix(e.query, 1, 16, 'query');
    assertMatrix(e.key, 5, 16, 'key');
    for (const name of /** @type {const} */ (['scores', 'scaled', 'weightsUnscaled', 'weightsScaled'])) assertMatrix(e[name], 1, 5, name);
    assertPlainData(t);
  });

  test('the score variance is close to d_k and the scaled variance close to 1 (2000 samples × 8 keys)', () => {
    for (const dK of [4, 64, 256]) {
      const t = lab.scalingExperiment({ dK, keys: 8, samples: 2000 });
      assert.ok(Math.abs(t.scoreVariance / dK - 1) < 0.1, `d_k ${dK}: variance ${t.scoreVariance}`);
      assert.ok(Math.abs(t.scaledVariance - 1) < 0.1, `d_k ${dK}: scaled variance ${t.scaledVariance}`);
    }
  });

  test('unscaled, the peak weight climbs toward 1 and entropy and gradient collapse; scaled, they hold', () => {
    const [small, large] = [4, 1024].map((dK) => lab.scalingExperiment({ dK, keys: 5, samples: 400, seed: 2 }));
    assert.ok(large.unscaled.meanPeakWeight > 0.9 && small.unscaled.meanPeakWeight < 0.8);
    assert.ok(Math.abs(large.scaled.meanPeakWeight - small.scaled.meanPeakWeight) < 0.05);
    assert.ok(large.unscaled.meanGradientNorm < 0.25 * small.unscaled.meanGradientNorm);
    assert.ok(Math.abs(large.scaled.meanGradientNorm / small.scaled.meanGradientNorm - 1) < 0.1);
  });

  test('the example\'s numbers are those of attention and of softmaxJacobian on the same inputs', () => {
    const { example } = lab.scalingExperiment({ dK: 8, keys: 6, samples: 3, seed: 4 });
    const a = lab.attention({ query: example.query, key: example.key, value: example.key });
    assert.deepEqual(example.scores, a.scores);
    assert.deepEqual(example.scaled, a.scaled);
    assert.equal(example.sqrtDk, a.sqrtDk);
    assert.deepEqual(example.weightsScaled, a.weights);
    assert.deepEqual(example.weightsUnscaled, lab.softmaxJacobian({ logits: example.scores }).weights);
  });

  test('the experiment is reproducible and the seed matters', () => {
    const args = { dK: 8, keys: 4, samples: 50, seed: 9 };
    assert.deepEqual(lab.scalingExperiment(args), lab.scalingExperiment(args));
    assert.notEqual(lab.scalingExperiment({ ...args, seed: 10 }).scoreVariance, lab.scalingExperiment(args).scoreVariance);
  });
});

describe('softmaxJacobian', () => {
  test('jacobian is diag(p) − p·pᵀ with rows summing to 0, and frobeniusNorm its norm', () => {
    const t = lab.softmaxJacobian({ logits: [[1, 2, 3]] });
    assert.deepEqual(t.weights, lab.softmax({ logits: [[1, 2, 3]] }).weights);
    const p = t.weights[0];
    assertClose(t.jacobian, p.map((pi, i) => p.map((pj, j) => (i === j ? pi : 0) - pi * pj)), 1e-16, 'jacobian');
    for (const row of t.jacobian) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0)) < 1e-15);
    assert.ok(Math.abs(t.frobeniusNorm - Math.hypot(...t.jacobian.flat())) < 1e-15);
  });

  test('a saturated softmax passes almost no gradient back, a uniform one the most', () => {
    assert.ok(lab.softmaxJacobian({ logits: [[40, 0, 0, 0]] }).frobeniusNorm < 1e-15);
    assert.ok(Math.abs(lab.softmaxJacobian({ logits: [[0, 0, 0, 0]] }).frobeniusNorm - Math.sqrt(3) / 4) < 1e-15);
  });

  test('a -Infinity logit (a masked key) gets weight 0 and a zero row and column', () => {
    const t = lab.softmaxJacobian({ logits: [[0, -Infinity, 1]] });
    assert.equal(t.weights[0][1], 0);
    assert.deepEqual(t.jacobian[1], [0, 0, 0]);
    assert.deepEqual(t.jacobian.map((row) => row[1]), [0, 0, 0]);
  });
});
