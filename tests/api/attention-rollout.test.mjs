// lab.attentionRollout through the wasm build: a list of lists of matrices crosses the boundary,
// and every refusal names the layer and head. Its golden cases run in golden.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);
const causal = [[1, 0, 0], [0.5, 0.5, 0], [0.2, 0.3, 0.5]];
const previous = [[1, 0, 0], [1, 0, 0], [0, 1, 0]];

describe('attentionRollout', () => {
  test('one layer per entry of mixed and rollout; the last rollout is mixed₁ · mixed₀', () => {
    const t = lab.attentionRollout({ layers: [[causal, previous], [previous]] });
    assert.equal(t.mixed.length, 2);
    assert.equal(t.rollout.length, 2);
    assert.deepEqual(t.rollout[0], t.mixed[0]);
    for (let i = 0; i < 3; i += 1) {
      for (let j = 0; j < 3; j += 1) {
        const product = [0, 1, 2].reduce((s, k) => s + t.mixed[1][i][k] * t.mixed[0][k][j], 0);
        assert.ok(Math.abs(t.rollout[1][i][j] - product) < 1e-15);
      }
    }
  });

  test('residual 1 leaves every token reading only itself', () => {
    const t = lab.attentionRollout({ layers: [[causal], [previous]], residual: 1 });
    assert.deepEqual(t.rollout[1], [[1, 0, 0], [0, 1, 0], [0, 0, 1]]);
  });

  test('the structure of layers is refused naming the place that is wrong', () => {
    expectAttentionError(() => untyped.attentionRollout({ layers: causal }), 'layers[0][0]', /^layers\[0\]\[0\]: expected a matrix/);
    expectAttentionError(() => untyped.attentionRollout({ layers: [causal] }), 'layers[0][0]', /^layers\[0\]\[0\]: expected a matrix/);
    expectAttentionError(() => untyped.attentionRollout({ layers: 'causal' }), 'layers', 'layers: expected an array of arrays of matrices, got the string "causal"');
    expectAttentionError(() => untyped.attentionRollout({ layers: [causal[0]] }), 'layers[0][0]', /^layers\[0\]\[0\]: expected a matrix/);
    expectAttentionError(() => lab.attentionRollout({ layers: new Array(1025).fill([causal]) }), 'layers', 'layers: expected at most 1024 lists, got an array of length 1025');
    expectAttentionError(() => lab.attentionRollout({ layers: [new Array(1025).fill(causal)] }), 'layers[0]', 'layers[0]: expected at most 1024 matrices, got an array of length 1025');
  });

  test('no layers, or a layer with no heads, is refused naming it', () => {
    expectAttentionError(() => lab.attentionRollout({ layers: [] }), 'layers', 'layers: expected at least one layer, got an empty list');
    expectAttentionError(() => lab.attentionRollout({ layers: [[causal], []] }), 'layers[1]', 'layers[1]: expected at least one head, got an empty list');
  });

  test('a head of another shape names its layer and head', () => {
    expectAttentionError(
      () => lab.attentionRollout({ layers: [[causal], [causal, [[1, 0], [0, 1]]]] }),
      'layers[1][1]',
      'layers[1][1]: expected a matrix of shape 3×3 (the shape of layers[0][0], square), got 2×2',
    );
  });

  test('a negative weight or a row not summing to 1 names layer, head and row', () => {
    expectAttentionError(
      () => lab.attentionRollout({ layers: [[causal, [[1, 0, 0], [1.5, -0.5, 0], [0, 1, 0]]]] }),
      'layers[0][1][1][1]',
      'layers[0][1][1][1]: expected a non-negative attention weight, got -0.5',
    );
    expectAttentionError(
      () => lab.attentionRollout({ layers: [[causal], [[[1, 0, 0], [0.5, 0.4, 0], [0, 1, 0]]]] }),
      'layers[1][0][1]',
      'layers[1][0][1]: expected a row of attention weights summing to 1 (within 1e-6), got a sum of 0.9',
    );
    expectAttentionError(() => lab.attentionRollout({ layers: [[[[NaN]]]] }), 'layers[0][0][0][0]', 'layers[0][0][0][0]: expected a finite number, got NaN');
  });

  test('a residual outside [0, 1] is refused naming residual', () => {
    expectAttentionError(() => lab.attentionRollout({ layers: [[causal]], residual: 1.5 }), 'residual', 'residual: expected a number from 0 to 1, got 1.5');
    expectAttentionError(() => lab.attentionRollout({ layers: [[causal]], residual: -0.1 }), 'residual', 'residual: expected a number from 0 to 1, got -0.1');
  });
});
