// The lesson "Rotary positions" without a browser: θ, the angles, their cos and sin and the turned
// query are the engine's rope; the scores are attention's on the turned rows, equal at (m, n) and
// (m + shift, n + shift); the two conventions differ and one is the other with its columns
// permuted (matrixDifference, exactly 0); the decay and interpolation steps show the engine's
// scores and angles; explanations end in the cell's value; the width must be even.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { formatNumber } = await importCompiled('model/format');
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');

const ROPE = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/rotary-positions.json', import.meta.url), 'utf8'));

const { opened, panelOf, fieldOf } = lessonSession(lab, ROPE, 'clocks');

/** The engine's calls for the walkthrough's inputs, as the lesson makes them. */
function engine(inputs = ROPE.inputs) {
  const { width, base, convention, queryPosition: m, keyPosition: n, shift, seed } = inputs;
  const [query, key] = lab.randomMatrix({ rows: 2, cols: width, seed });
  const rope = (/** @type {number[][]} */ input, /** @type {number[]} */ positions, which = convention) => lab.rope({ input, positions, base, convention: which });
  const queries = rope([query, query], [m, m + shift]);
  const keys = rope([key, key], [n, n + shift]);
  return { query, key, rope, queries, keys, scores: lab.attention({ query: queries.output, key: keys.output, value: keys.output }).scores };
}

describe('rotary positions', () => {
  test('its steps, in the order of the lesson', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['clocks', 'angles', 'rotate', 'exercise-turned-cell', 'relative', 'exercise-far-score', 'exercise-output-values', 'conventions', 'permutation', 'decay', 'interpolation']);
  });

  test('θ, the angles and the turned query are the engine’s rope, with the cos and sin of the query’s positions', async () => {
    const { s } = await opened();
    const { queries, query, rope } = engine();
    const clocks = rope(Array(ROPE.inputs.length).fill(query), Array.from({ length: ROPE.inputs.length }, (_, p) => p));
    assert.deepEqual(panelOf(s, 'clocks', 'theta').data, [clocks.theta]);
    assert.deepEqual(panelOf(s, 'angles', 'angles-corner').data, clocks.angles.slice(0, 8));
    assert.deepEqual(panelOf(s, 'angles', 'angles-query').data, queries.angles);
    assert.deepEqual(queries.angles[0].slice(0, 2), [7, 0.7000000000000001], 'position 7: 7·θ₀ and 7·θ₁');
    assert.deepEqual(panelOf(s, 'clocks', 'clocks').series[0].points.slice(0, 3), clocks.cos.slice(0, 3).map((row, p) => [p, row[0]]));
    assert.deepEqual(panelOf(s, 'rotate', 'rotated-query-cos').data, queries.cos);
    assert.deepEqual(panelOf(s, 'rotate', 'rotated-query-sin').data, queries.sin);
    assert.deepEqual(panelOf(s, 'rotate', 'rotated-query').data, queries.output);
    assert.deepEqual(panelOf(s, 'clocks', 'theta').data[0].slice(0, 2), [1, 0.1], 'θ₀ = 1 and θ₁ = 10000^(−2/8) = 0.1');
  });

  test('the score at (7, 4) equals the score at (103, 100), each the engine’s, and both are on screen with ten digits', async () => {
    const { s } = await opened('relative');
    const { scores } = engine();
    assert.deepEqual([ROPE.inputs.queryPosition, ROPE.inputs.keyPosition, ROPE.inputs.shift], [7, 4, 96]);
    assert.deepEqual(panelOf(s, 'relative', 'scores').data, scores);
    assert.ok(Math.abs(scores[0][0] - scores[1][1]) < 1e-12, `${scores[0][0]} against ${scores[1][1]}`);
    assert.ok(Math.abs(scores[0][1] - scores[0][0]) > 1e-3, 'another distance gives another score');
    const facts = panelOf(s, 'relative', 'relative-facts').facts;
    assert.deepEqual(facts.slice(0, 2).map(([, value]) => value), [formatNumber(scores[0][0], 10), formatNumber(scores[1][1], 10)]);
    assert.match(facts[0][0], /7 with k at 4/);
    assert.match(facts[1][0], /103 with k at 100/);
  });

  test('the two conventions differ, and interleaved is half on the permuted columns, put back: a difference of exactly 0', async () => {
    const { s } = await opened('permutation');
    const { query, rope } = engine();
    const m = ROPE.inputs.queryPosition;
    const half = rope([query], [m], 'half').output;
    const interleaved = rope([query], [m], 'interleaved').output;
    assert.deepEqual(panelOf(s, 'conventions', 'rotated-half').data, half);
    assert.deepEqual(panelOf(s, 'conventions', 'rotated-interleaved').data, interleaved);
    assert.notDeepEqual(half, interleaved);
    const order = [0, 2, 4, 6, 1, 3, 5, 7];
    assert.deepEqual(panelOf(s, 'permutation', 'permuted-query').data, [order.map((c) => query[c])]);
    assert.deepEqual(panelOf(s, 'permutation', 'put-back').data, interleaved);
    assert.deepEqual(panelOf(s, 'permutation', 'permutation-difference').data, [Array(8).fill(0)]);
  });

  test('the decay and interpolation steps show the engine’s scores and the positions tokens are turned at', async () => {
    const { s } = await opened('interpolation');
    const { rope } = engine();
    const wide = Array(64).fill(1);
    const far = rope([wide, wide, wide], [0, 1, 255]).output;
    const sampled = panelOf(s, 'decay', 'decay-scores');
    assert.deepEqual(sampled.colLabels.slice(0, 2), ['r = 0', 'r = 1']);
    assert.equal(sampled.colLabels.at(-1), 'r = 255');
    assert.deepEqual([sampled.data[0][0], sampled.data[0][1], sampled.data[0].at(-1)], lab.attention({ query: [far[0]], key: far, value: far }).scores[0]);
    assert.equal(sampled.data[0][0], 64, 'distance 0: every pair of ones aligned, 2·cos 0 per pair');
    assert.ok(sampled.data[0].at(-1) < sampled.data[0][0] / 2, 'far apart, the score has fallen');
    const ones = Array(8).fill(1);
    const used = panelOf(s, 'interpolation', 'used-positions');
    assert.deepEqual(used.colLabels, ['token 255', 'token 256', 'token 1023']);
    assert.deepEqual(used.data, [[255, 256, 1023], [63.75, 64, 255.75]]);
    const angles = panelOf(s, 'interpolation', 'interpolation-angles');
    const top = angles.references[0].y;
    assert.equal(top, rope([ones], [256]).angles[0][3]);
    assert.ok(angles.series[1].points.every(([, a]) => a < top), 'interpolated: every angle inside the trained range');
    assert.ok(angles.series[0].points.at(-1)[1] > top, 'as they are: the last token turns further than training');
  });

  test('a turned cell is explained as a·cos − b·sin of its pair, with the engine’s value; θ as base^(−2i/d)', async () => {
    const { s } = await opened('rotate');
    const { query, queries } = engine();
    assert.deepEqual([query[1], queries.cos[0][1], query[5], queries.sin[0][1], queries.output[0][1]].map((x) => formatNumber(x)), ['0.543', '0.765', '−1.132', '0.644', '1.145']);
    const turned = panelOf(s, 'rotate', 'rotated-query');
    const first = s.explain(turned, 0, 1);
    assert.deepEqual(first.lines, [
      "x'₀₁ = x₀₁·cos₀₁ − x₀₅·sin₀₁",
      '= 0.543·0.765 − (−1.132)·0.644 = 1.145',
    ]);
    assert.match(first.note, /column 1 is the first number a of pair 1 \(half convention\), its partner b is column 5/);
    assert.match(s.explain(turned, 1, 5).lines[0], /^x'₁₅ = x₁₁·sin₁₁ \+ x₁₅·cos₁₁$/);
    assert.deepEqual(s.explain(panelOf(s, 'clocks', 'theta'), 0, 2).lines, ['θ₂ = base^(−2·2/8) = 10000^(−2·2/8) = 0.01']);
  });

  test('the convention is a choice in the link’s inputs; an odd width is refused, by the engine on screen and naming the width in a file', async () => {
    const { s, notices } = await opened('rotate');
    s.changeParameter(fieldOf(s, 'convention'), 'interleaved');
    assert.equal(s.inputs.convention, 'interleaved');
    assert.deepEqual(panelOf(s, 'rotate', 'rotated-query').data, engine({ ...ROPE.inputs, convention: 'interleaved' }).queries.output);
    const before = s.inputs;
    s.goTo(0);
    s.changeParameter(fieldOf(s, 'width'), '7');
    assert.equal(s.inputs, before);
    assert.equal(notices.at(-1), 'The engine refused these inputs: input: expected an even number of columns (RoPE rotates pairs), got 7');
    assert.equal(parseWalkthrough({ ...ROPE, id: 'mine', inputs: { ...ROPE.inputs, width: 7 } }).error, 'inputs.width: expected an even width (RoPE turns pairs of columns), got 7');
    assert.match(parseWalkthrough({ ...ROPE, id: 'mine', inputs: { ...ROPE.inputs, convention: 'neox' } }).error, /^inputs\.convention: expected one of "half", "interleaved"/);
  });

  test('the exercises are graded by diagnoseRope, which names θ^position, the other pairing and turned values', async () => {
    const { s } = await opened('rotate');
    const exercise = (/** @type {string} */ id) => ROPE.exercises.find((/** @type {any} */ e) => e.id === id);
    const { query, key, queries, keys, rope } = engine();
    const layer = { query: [query, query], key: [key, key], value: [key, key], queryPositions: [7, 103], keyPositions: [4, 100], base: 10000, convention: 'half' };

    const turned = exercise('turned-cell');
    assert.equal(s.answer(turned, String(queries.output[0][1])).correct, true);
    // θ^7 for each pair instead of 7·θ: pair 1 turns by 0.1^7.
    const power = lab.diagnoseRope({ ...layer, stage: 'rotated', row: 0, column: 1, answer: 0 }).candidates[0];
    assert.equal(power.misconception, 'thetaToThePosition');
    const byPower = s.answer(turned, String(power.value));
    assert.equal(byPower.correct, false);
    assert.equal(byPower.misconception, 'thetaToThePosition');
    assert.match(byPower.message, /power of the position/);
    const otherPairs = s.answer(turned, String(rope([query], [7], 'interleaved').output[0][1]));
    assert.equal(otherPairs.misconception, 'wrongConvention');

    const far = exercise('far-score');
    const scores = lab.attention({ query: queries.output, key: keys.output, value: keys.output }).scores;
    assert.equal(s.answer(far, formatNumber(scores[0][0], 2).replace('−', '-')).correct, true, 'the score at (7, 4), to two decimals, is the score at (103, 100)');

    const output = exercise('output-values');
    assert.equal(s.answer(output, String(key[0])).correct, true, 'the values are k, unturned, and the weights add up to 1');
    const turnedValues = lab.diagnoseRope({ ...layer, stage: 'output', row: 0, column: 0, answer: 0 }).candidates.find((/** @type {any} */ c) => c.misconception === 'rotatedValues');
    const graded = s.answer(output, String(turnedValues.value));
    assert.equal(graded.misconception, 'rotatedValues');
    assert.match(graded.message, /turning the values as well/);
  });
});
