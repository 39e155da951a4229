// lab.diagnose through the wasm build: the worked example graded right and wrong, each mistake
// named from its number, null when none matches, and every bad argument refused by name. The
// golden cases (tests/fixtures/diagnose.json, from PyTorch) run through tests/api/golden.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const example = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
const weight = (answer, extra = {}) => lab.diagnose({ ...example, stage: 'weight', row: 0, column: 2, answer, ...extra });

describe('diagnose', () => {
  test('the worked example: 0.576 is correct, and misconception is null', () => {
    const d = weight(0.576);
    assert.equal(d.correct, true);
    assert.equal(d.misconception, null);
    assert.equal(d.expected, lab.attention(example).weights[0][2]);
    assert.deepEqual(d.candidates.map((c) => c.misconception), ['unscaled', 'dividedByDk', 'noSoftmax', 'columnSoftmax', 'roundedEarly']);
  });

  test('each mistake is named from the number it gives', () => {
    assert.equal(weight(0.665).misconception, 'unscaled');
    assert.equal(weight(0.506).misconception, 'dividedByDk');
    assert.equal(weight(2.121).misconception, 'noSoftmax');
    assert.equal(weight(1).misconception, 'columnSoftmax');
    assert.equal(lab.diagnose({ ...example, stage: 'output', row: 0, column: 0, answer: 0.352, tolerance: 0.001 }).misconception, 'roundedEarly');
    const x = [[0.3, -0.2], [0.1, 0.4], [-0.5, 0.2]];
    const forgot = lab.diagnose({ query: x, key: x, value: x, mask: 'causal', stage: 'weight', row: 0, column: 1, answer: 0 })
      .candidates.find((c) => c.misconception === 'maskIgnored');
    assert.ok(forgot && forgot.value > 0.01);
    assert.equal(lab.diagnose({ query: x, key: x, value: x, mask: 'causal', stage: 'weight', row: 0, column: 1, answer: forgot.value }).misconception, 'maskIgnored');
  });

  test('a wrong number that matches no mistake is not correct and names none', () => {
    const d = weight(0.3);
    assert.equal(d.correct, false);
    assert.equal(d.misconception, null);
  });

  test('bad arguments are refused naming the argument', () => {
    expectAttentionError(() => weight(0.5, { row: 1 }), 'row');
    expectAttentionError(() => weight(0.5, { column: 3 }), 'column');
    expectAttentionError(() => weight(0.5, { stage: /** @type {any} */ ('weights') }), 'stage');
    expectAttentionError(() => weight(Number.NaN), 'answer');
    expectAttentionError(() => weight(0.5, { tolerance: 0 }), 'tolerance');
    expectAttentionError(() => weight(0.5, { tolerance: -1 }), 'tolerance');
    expectAttentionError(() => lab.diagnose(/** @type {any} */ ({ ...example, stage: 'weight', row: 0, column: 0 })), 'answer');
  });
});
