// The lesson "Sliding windows and attention sinks" without a browser: the band is
// multiHeadAttention's window mask and its weights; the composed shares and the reach per layer
// are attention's and diagnoseSlidingWindow's, growing by window − 1 per layer; the rolling cache
// holds the sinks and the last window keys and decodes the whole layer's rows; without sinks the
// first key's weight vanishes past the window and the rows move, with them it comes back;
// explanations end in the cell's value; a window as long as the sequence is refused.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');

const WINDOW = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/sliding-window.json', import.meta.url), 'utf8'));

const session = lessonSession(lab, WINDOW);
const opened = (step = 'band', /** @type {any} */ inputs = undefined) => session.opened(step, inputs);
const { panelOf, fieldOf } = session;

/** The lesson's tokens and one head on them with identity projections, as the lesson asks. */
function engine(inputs = WINDOW.inputs) {
  const rows = lab.randomMatrix({ rows: inputs.length, cols: inputs.width, seed: inputs.seed });
  const tokens = rows.map((row, t) => [...row, t === 0 ? inputs.pull : 1]);
  const d = tokens[0].length;
  const eye = Array.from({ length: d }, (_, r) => Array.from({ length: d }, (_, c) => (r === c ? 1 : 0)));
  const head = (/** @type {object} */ options) =>
    lab.multiHeadAttention({ query: tokens, key: tokens, value: tokens, heads: 1, wQ: eye, wK: eye, wV: eye, wO: eye, ...options });
  return { tokens, eye, head };
}

describe('sliding windows and attention sinks', () => {
  test('its steps, in the order of the lesson', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['band', 'exercise-left-the-window', 'exercise-reach-back', 'reach', 'cache', 'exercise-sink-weight', 'sinks']);
  });

  test('the band is multiHeadAttention’s window mask: query i sees keys i − 4 < j ≤ i, and its weights', async () => {
    const { s } = await opened();
    const { head } = engine();
    const attention = head({ window: 4 }).heads[0];
    const band = panelOf(s, 'band', 'band');
    assert.deepEqual(band.data, attention.mask);
    assert.deepEqual(band.data[15], [...Array(12).fill(0), 1, 1, 1, 1]);
    assert.deepEqual(band.data[2], [1, 1, 1, ...Array(13).fill(0)]);
    assert.deepEqual(panelOf(s, 'band', 'band-weights').data, attention.weights);
    const explained = s.explain(band, 15, 11);
    assert.deepEqual(explained.lines, ['mask(15, 11) = [11 ≤ 15 ∧ (15 − 4 < 11)] = 0']);
    assert.match(explained.note, /left the window/);
    assert.match(s.explain(band, 3, 5).note, /comes after query 3/);
  });

  test('the reach grows by window − 1 per layer: 3, 6, 9 positions back, where the composed shares begin', async () => {
    const { s } = await opened('reach');
    const reach = panelOf(s, 'reach', 'reach');
    assert.deepEqual(reach.data, [[3], [6], [9]]);
    const composed = panelOf(s, 'reach', 'composed').data;
    assert.equal(composed[15].findIndex((/** @type {number} */ x) => x !== 0), 6, 'token 15 draws on 6 … 15 after 3 layers');
    assert.ok(Math.abs(composed[15].reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0) - 1) < 1e-12, 'the shares of a row add up to 1');
    assert.deepEqual(s.explain(reach, 2, 0).lines, ['reach = 15 − 6 = 9']);
    s.changeParameter(fieldOf(s, 'layers'), '6');
    assert.deepEqual(panelOf(s, 'reach', 'reach').data.map((/** @type {number[]} */ r) => r[0]), [3, 6, 9, 12, 15, 15], 'capped at the first token');
  });

  test('the rolling cache holds the sink and the last 4 keys, and decodes the whole layer’s rows exactly', async () => {
    const { s } = await opened('cache');
    const { tokens } = engine();
    const cached = panelOf(s, 'cache', 'cached-keys');
    assert.deepEqual(cached.rowLabels, ['pos 0', 'pos 12', 'pos 13', 'pos 14', 'pos 15']);
    assert.deepEqual(cached.data, [0, 12, 13, 14, 15].map((p) => tokens[p]));
    const facts = Object.fromEntries(panelOf(s, 'cache', 'cache-facts').facts);
    assert.equal(facts['held at step 15'], '0, 12, 13, 14, 15');
    assert.equal(facts['numbers in the cache at the end'], String(2 * 5 * tokens[0].length));
    assert.equal(facts['largest |decoded − whole layer|'], '0');
  });

  test('without sinks the first key’s weight is 0 past the window and the rows move; the sink brings it back', async () => {
    const { s } = await opened('sinks');
    const { head } = engine();
    const full = head({ mask: 'causal' });
    const alone = head({ window: 4 });
    const kept = head({ window: 4, sinks: 1 });
    const chart = panelOf(s, 'sinks', 'first-key');
    assert.deepEqual(chart.series.map((/** @type {any} */ x) => x.points.map((/** @type {number[]} */ p) => p[1])),
      [full, alone, kept].map((t) => t.heads[0].weights.map((/** @type {number[]} */ row) => row[0])));
    assert.ok(chart.series[1].points.slice(4).every((/** @type {number[]} */ p) => p[1] === 0), 'the first key has left every row past the window');
    assert.ok(chart.series[0].points[15][1] > 0.5, 'the first token draws most of the last row’s weight');
    const gap = (/** @type {any} */ t) => lab.matrixDifference({ left: t.output, right: full.output }).maxAbsDifference;
    assert.ok(gap(kept) < gap(alone) / 3, `kept ${gap(kept)} against alone ${gap(alone)}`);
    assert.deepEqual(panelOf(s, 'sinks', 'weights-kept').data, kept.heads[0].weights);
    assert.deepEqual(panelOf(s, 'sinks', 'weights-kept').blocked, kept.heads[0].mask);
  });

  test('the exercises are graded by diagnoseSlidingWindow, which names the off-by-one window, L·w, the window alone and forgotten sinks', async () => {
    const { s } = await opened();
    const exercise = (/** @type {string} */ id) => WINDOW.exercises.find((/** @type {any} */ e) => e.id === id);
    const { tokens } = engine();
    const layer = { query: tokens, key: tokens, value: tokens, window: 4, sinks: 1, layers: 3 };

    const out = exercise('left-the-window');
    assert.equal(s.answer(out, '0').correct, true);
    const wider = lab.diagnoseSlidingWindow({ ...layer, stage: 'weight', row: 15, column: 11, answer: 0 }).candidates[0];
    assert.equal(wider.misconception, 'offByOneWindow');
    const byOne = s.answer(out, String(wider.value));
    assert.equal(byOne.misconception, 'offByOneWindow');
    assert.match(byOne.message, /window of w \+ 1 keys/);

    const back = exercise('reach-back');
    assert.equal(s.answer(back, '9').correct, true);
    assert.equal(s.answer(back, '12').misconception, 'layersTimesWindow');
    assert.equal(s.answer(back, '4').misconception, 'windowOnly');
    assert.equal(s.answer(back, '3').misconception, 'singleLayer');

    const sink = exercise('sink-weight');
    const { head } = engine();
    assert.equal(s.answer(sink, String(head({ window: 4, sinks: 1 }).heads[0].weights[15][15])).correct, true);
    const forgot = s.answer(sink, String(head({ window: 4 }).heads[0].weights[15][15]));
    assert.equal(forgot.misconception, 'forgotSinks');
    assert.match(forgot.message, /without the sinks/);
  });

  test('a window as long as the sequence is refused in a file, and sinks are a parameter of the link', async () => {
    assert.equal(parseWalkthrough({ ...WINDOW, id: 'mine', inputs: { ...WINDOW.inputs, window: 16 } }).error,
      'inputs.window: expected a window shorter than the sequence (length 16), got 16');
    const { s } = await opened('cache');
    s.changeParameter(fieldOf(s, 'sinks'), '2');
    assert.equal(s.inputs.sinks, 2);
    assert.deepEqual(panelOf(s, 'cache', 'cached-keys').rowLabels, ['pos 0', 'pos 1', 'pos 12', 'pos 13', 'pos 14', 'pos 15']);
  });
});
