// The lesson "ALiBi" without a browser: the slopes are the engine's multiHeadAttention's under
// positional 'alibi' (8 heads, and 6 by the paper's interleaving rule); each head's bias, scaled,
// scaled + bias and weights are its trace's, causal; steep heads look near and gentle ones far;
// the longer sequence's bias continues its straight line; explanations end in the cell's value;
// the exercises are graded by diagnoseAlibi, which names each mistake.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');

const ALIBI = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/alibi.json', import.meta.url), 'utf8'));

const { opened, panelOf, fieldOf } = lessonSession(lab, ALIBI, 'slopes');

/** The engine's layer as the lesson runs it: causal, ALiBi, seeded tokens and weights. */
function layer(heads = ALIBI.inputs.heads, rows = ALIBI.inputs.length, inputs = ALIBI.inputs) {
  const tokens = lab.randomMatrix({ rows, cols: heads * inputs.headWidth, seed: inputs.seed });
  return lab.multiHeadAttention({ query: tokens, key: tokens, value: tokens, heads, seed: inputs.seed, positional: 'alibi', mask: 'causal' });
}

describe('ALiBi', () => {
  test('its steps, in the order of the lesson', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['slopes', 'exercise-slope-of-head', 'exercise-slope-six-heads', 'bias', 'exercise-bias-cell', 'add', 'exercise-biased-cell', 'exercise-weight-cell', 'near-far', 'longer']);
  });

  test('the slopes are the engine’s: 2^(−8(k+1)/8) for 8 heads, and for 6 those of 4 then every other one of 8', async () => {
    const { s } = await opened();
    assert.deepEqual(panelOf(s, 'slopes', 'slopes').data, [layer().alibiSlopes]);
    assert.deepEqual(panelOf(s, 'slopes', 'slopes').data[0], [1, 2, 3, 4, 5, 6, 7, 8].map((k) => 2 ** -k));
    assert.deepEqual(panelOf(s, 'slopes', 'other-slopes').data, [layer(6).alibiSlopes]);
    assert.deepEqual(panelOf(s, 'slopes', 'other-slopes').data[0], [2 ** -2, 2 ** -4, 2 ** -6, 2 ** -8, 2 ** -1, 2 ** -3]);
    const rule = panelOf(s, 'slopes', 'slopes-rule').facts;
    assert.match(rule[0][0], /first 4 heads/);
    assert.match(rule[1][0], /every other slope of 8 heads/);
  });

  test('the bias, scaled scores, their sum and the weights are the head’s trace, causal', async () => {
    const { s } = await opened('add');
    const trace = layer();
    const head = trace.heads[ALIBI.inputs.head];
    assert.deepEqual(panelOf(s, 'bias', 'bias-steep').data, trace.heads[0].bias);
    assert.deepEqual(panelOf(s, 'bias', 'bias-gentle').data, trace.heads[7].bias);
    assert.equal(trace.heads[0].bias[5][2], -1.5, 'head 0: −0.5·|5 − 2|');
    assert.deepEqual(panelOf(s, 'add', 'head-scaled').data, head.scaled);
    assert.deepEqual(panelOf(s, 'add', 'head-bias').data, head.bias);
    assert.deepEqual(panelOf(s, 'add', 'head-biased').data, head.biased);
    assert.deepEqual(panelOf(s, 'add', 'head-weights').data, head.weights);
    assert.deepEqual(panelOf(s, 'add', 'head-weights').blocked, head.mask);
    assert.equal(head.weights[0][1], 0, 'a key after the query weighs nothing');
  });

  test('the steep head looks near and the gentle one far; past the trained length the bias keeps its straight line', async () => {
    const { s } = await opened('longer');
    const trace = layer();
    const last = ALIBI.inputs.length - 1;
    assert.ok(trace.heads[0].weights[last][0] < trace.heads[7].weights[last][0], 'the gentle head gives the first token more');
    const chart = panelOf(s, 'near-far', 'near-far');
    assert.deepEqual(chart.series[0].points[0], [0, trace.heads[0].weights[last][last]]);
    assert.deepEqual(chart.series.at(-1).points.at(-1), [last, trace.heads[7].weights[last][0]]);
    const long = layer(8, ALIBI.inputs.longLength);
    const longLast = ALIBI.inputs.longLength - 1;
    const bias = panelOf(s, 'longer', 'longer-bias');
    assert.deepEqual(bias.series.at(-1).points.at(-1), [longLast, long.heads[7].bias[longLast][0]]);
    assert.equal(long.heads[7].bias[longLast][0], -longLast / 256, 'head 7: −(1/256)·63');
    const far = panelOf(s, 'longer', 'longer-weights-far');
    assert.equal(far.colLabels.at(-1), `r = ${longLast}`);
    assert.deepEqual(far.data[0].slice(0, 2), [long.heads[0].weights[longLast][longLast], long.heads[0].weights[longLast][longLast - 1]]);
    assert.equal(far.data.at(-1).at(-1), long.heads[7].weights[longLast][0]);
  });

  test('a slope, a bias, a scaled score and a weight are explained with the engine’s values', async () => {
    const { s } = await opened('add');
    assert.deepEqual(s.explain(panelOf(s, 'slopes', 'slopes'), 0, 2).lines, ['m₂ = 2^(−8·(2+1)/8) = 0.125']);
    const six = s.explain(panelOf(s, 'slopes', 'other-slopes'), 0, 4);
    assert.deepEqual(six.lines, ['m₄ = 2^(−8·(0+1)/8) = 0.5']);
    assert.match(six.note, /every other slope of 8 heads/);
    assert.deepEqual(s.explain(panelOf(s, 'bias', 'bias-steep'), 5, 2).lines, ['bias₅₂ = −m·|5 − 2| = −0.5·3 = −1.5']);
    const head = layer().heads[ALIBI.inputs.head];
    const weight = s.explain(panelOf(s, 'add', 'head-weights'), 2, 0);
    assert.equal(weight.exact, String(head.weights[2][0]));
    assert.match(s.explain(panelOf(s, 'add', 'head-weights'), 1, 3).note, /causal mask blocks it/);
    assert.match(s.explain(panelOf(s, 'add', 'head-scaled'), 3, 1).lines[0], /^scaled₃₁ = score₃₁ \/ √d_k = .* \/ 2 = /);
  });

  test('the head count changes the layer; a head the layer lacks is refused in a file', async () => {
    const { s } = await opened();
    s.changeParameter(fieldOf(s, 'heads'), '4');
    assert.deepEqual(panelOf(s, 'slopes', 'slopes').data, [[2 ** -2, 2 ** -4, 2 ** -6, 2 ** -8]]);
    assert.equal(parseWalkthrough({ ...ALIBI, id: 'mine', inputs: { ...ALIBI.inputs, heads: 2, head: 3 } }).error, 'inputs.head: expected a head from 0 to 1 (heads − 1), got 3');
  });

  test('the exercises are graded by diagnoseAlibi, which names the wrong head, the plain formula, a positive bias and a scaled bias', async () => {
    const { s } = await opened('slopes');
    const exercise = (/** @type {string} */ id) => ALIBI.exercises.find((/** @type {any} */ e) => e.id === id);
    const slope = exercise('slope-of-head');
    assert.equal(s.answer(slope, '0.125').correct, true);
    const offByOne = s.answer(slope, '0.25');
    assert.equal(offByOne.misconception, 'offByOneHead');
    assert.match(offByOne.message, /2\^\(−8k\/H\)/);
    assert.equal(s.answer(slope, String(2 ** -6)).misconception, 'reversedHeads');

    const six = exercise('slope-six-heads');
    assert.equal(s.answer(six, '0.5').correct, true);
    const plain = s.answer(six, String(2 ** (-40 / 6)));
    assert.equal(plain.misconception, 'plainSlopes');
    assert.match(plain.message, /not a power of two/);

    const bias = exercise('bias-cell');
    assert.equal(s.answer(bias, '-1.5').correct, true);
    const positive = s.answer(bias, '1.5');
    assert.equal(positive.misconception, 'positiveBias');
    assert.match(positive.message, /positive bias/);

    const head = layer().heads[ALIBI.inputs.head];
    const biased = exercise('biased-cell');
    assert.equal(s.answer(biased, String(head.biased[4][1])).correct, true);
    const scaledToo = lab.diagnoseAlibi({ query: head.query, key: head.key, value: head.value, heads: 8, head: 2, stage: 'biased', row: 4, column: 1, answer: 0 })
      .candidates.find((/** @type {any} */ c) => c.misconception === 'scaledBias');
    const graded = s.answer(biased, String(scaledToo.value));
    assert.equal(graded.misconception, 'scaledBias');
    assert.match(graded.message, /√d_k/);
    assert.equal(s.answer(exercise('weight-cell'), String(head.weights[2][0])).correct, true);
  });
});
