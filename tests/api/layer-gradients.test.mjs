// layerNormBackward and feedForwardBackward through the wasm build: what the golden fixtures do
// not show (the maths is checked against PyTorch by tests/api/golden.test.mjs and finite
// differences by the Catch2 tests): their relation to the forward, absent bias gradients, and
// their error messages.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const untyped = /** @type {any} */ (lab);

const input = [[1, 2, 0, -1], [0.5, -0.5, 1, 2], [3, 0, 1, 1]];
const gradOutput = [[0.1, -0.2, 0.3, 0], [1, 0, -1, 0.5], [0, 0.25, 0, -0.25]];
const w1 = [[0.5, -0.5, 1], [0.25, 0, -1], [1, 1, 0], [-0.5, 0.5, 0.5]];
const w2 = [[1, 0, -1, 0.5], [0, 1, 0.5, -1], [0.5, 0.5, 0, 0]];

/** @param {number[]} v */
const sum = (v) => v.reduce((a, b) => a + b, 0);

describe('layerNormBackward', () => {
  test('gradBeta is each column of gradOutput summed, and each row of gradInput sums to 0', () => {
    const t = lab.layerNormBackward({ input, gamma: [1, 2, 3, 4], gradOutput });
    t.gradBeta.forEach((g, j) => assert.ok(Math.abs(g - sum(gradOutput.map((row) => /** @type {number} */ (row[j])))) < 1e-15));
    for (const row of t.gradInput) assert.ok(Math.abs(sum(row)) < 1e-13, `row sums to ${sum(row)}`);
    assert.deepEqual(t.gradNormalized[1], [1, 0, -3, 2]);
  });

  test('a constant row has a finite gradient', () => {
    const t = lab.layerNormBackward({ input: [[5, 5, 5]], gradOutput: [[1, 0, 2]] });
    assert.ok(t.gradInput[0]?.every(Number.isFinite));
  });

  test('a gradOutput of the wrong shape, or not finite, is named', () => {
    expectAttentionError(() => lab.layerNormBackward({ input, gradOutput: [[1, 2, 3, 4]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 3×4 (the shape of input, n × d), got 1×4');
    expectAttentionError(() => lab.layerNormBackward({ input: [[1, 2]], gradOutput: [[1, NaN]] }), 'gradOutput[0][1]', 'gradOutput[0][1]: expected a finite number, got NaN');
    expectAttentionError(() => untyped.layerNormBackward({ input }), 'gradOutput', /got undefined$/);
    expectAttentionError(() => untyped.layerNormBackward(null), 'layerNormBackward', 'layerNormBackward: expected one object argument with input, gradOutput, got null');
  });
});

describe('feedForwardBackward', () => {
  test('gradients come without bias gradients when the biases are omitted', () => {
    const t = lab.feedForwardBackward({ input, w1, w2, gradOutput });
    assert.ok(!('gradB1' in t) && !('gradB2' in t));
    assert.equal(t.gradW1.length, 4);
    assert.equal(t.gradW2.length, 3);
  });

  test('with biases, gradB2 sums gradOutput and gradB1 sums gradHidden over rows', () => {
    const t = lab.feedForwardBackward({ input, w1, b1: [0, 0.1, -0.1], w2, b2: [0, 0, 0, 1], activation: 'gelu', gradOutput });
    assert.ok(t.gradB1 && t.gradB2);
    t.gradB2.forEach((g, j) => assert.ok(Math.abs(g - sum(gradOutput.map((row) => /** @type {number} */ (row[j])))) < 1e-15));
    t.gradB1.forEach((g, j) => assert.ok(Math.abs(g - sum(t.gradHidden.map((row) => /** @type {number} */ (row[j])))) < 1e-15));
  });

  test('the forward\'s checks keep their names, and gradOutput is checked against the output', () => {
    expectAttentionError(() => lab.feedForwardBackward({ input, w1, w2: w1, gradOutput }), 'w2', 'w2: expected a matrix of shape 3×4 (d_ff × d_model), got 4×3');
    expectAttentionError(() => lab.feedForwardBackward({ input, w1, w2, gradOutput: [[1, 2, 3]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 3×4 (the shape of output, n × d_model), got 1×3');
    expectAttentionError(() => untyped.feedForwardBackward({ input, w1, w2, gradOutput, activation: 'tanh' }), 'activation', "activation: expected 'relu' or 'gelu', got 'tanh'");
    expectAttentionError(() => untyped.feedForwardBackward(null), 'feedForwardBackward', 'feedForwardBackward: expected one object argument with input, w1, w2, gradOutput, got null');
  });

  test('a gradOutput large enough to overflow a gradient is refused, not returned as Infinity', () => {
    const huge = gradOutput.map((row) => row.map(() => 1e308));
    expectAttentionError(() => lab.feedForwardBackward({ input, w1, w2, gradOutput: huge }), 'gradOutput', /to stay within double range, got grad\w+\[/);
  });
});
