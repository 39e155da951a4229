// Numbers of a learner's own (a walkthrough's `perLearner`): the learner's id comes from the link
// (`seed=`, read with the embed options and written back) or the app (an LMS's id); the file's
// grids are checked with the file; the session draws each named input through the engine
// (lab.drawNumbers), the same for the same id in a new session and other numbers for another id,
// and everything follows them: the steps, the grading and its diagnosis, Reset, the link. With no
// learner the file's numbers show; a grid the engine refuses is a notice naming the field.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { drawnFor } from '../support/drawn-numbers.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab({ training: false });
const { Session } = await importCompiled('session/session');
const { readEmbedOptions, embedParams } = await importCompiled('state/embed-options');
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');
const { ProgressStore } = await importCompiled('session/progress-store');

const PRACTICE = SHIPPED.get('worked-example-practice');
const exercise = (id) => PRACTICE.exercises.find((e) => e.id === id);

/** A session on `walkthrough` (a shipped one, or a file's) for `learner`, with its notices. */
async function opened(learner, walkthrough = PRACTICE, answers = undefined) {
  const find = (name) => (name === walkthrough.id ? walkthrough : SHIPPED.get(name));
  const s = new Session(lab, { find, fallback: 'worked-example' }, undefined, { ...(learner === undefined ? {} : { learner }), ...(answers ? { answers } : {}) });
  const notices = [];
  s.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  assert.equal(await s.open({ walkthrough: walkthrough.id, step: 'inputs' }), true);
  return { s, notices };
}

/** What the engine draws for `learner` and one input of the practice (tests/support/drawn-numbers.mjs). */
const drawn = (learner, input) => drawnFor(lab, learner)[input];

test('seed= is a learner’s: trimmed, written back into links, refused with a notice when empty or too long', () => {
  const { options, notices } = readEmbedOptions(null, null, null, '  ana  ');
  assert.deepEqual(notices, []);
  assert.equal(options.seed, 'ana');
  assert.deepEqual(embedParams(options), [['seed', 'ana']]);
  assert.equal(readEmbedOptions(null, null, null, null).options.seed, undefined);
  for (const bad of ['', '   ', 'x'.repeat(65)]) {
    const refused = readEmbedOptions(null, null, null, bad);
    assert.equal(refused.options.seed, undefined);
    assert.match(refused.notices[0], /^seed: expected a learner's seed of 1 to 64 characters, got .*; the page shows the walkthrough's own numbers\.$/);
  }
  assert.equal(readEmbedOptions(null, null, null, '李'.repeat(64)).options.seed, '李'.repeat(64), '64 characters of 3 bytes fit the engine’s 256 bytes');
});

test('a learner gets the engine’s draw for every input the file names; the same id the same numbers, another id others', async () => {
  const ana = await opened('ana');
  for (const input of ['query', 'key', 'value']) assert.deepEqual(ana.s.inputs[input], drawn('ana', input), input);
  assert.equal(ana.s.drawnFor, 'ana');
  assert.deepEqual(ana.notices, []);
  const again = await opened('ana');
  assert.deepEqual(again.s.inputs, ana.s.inputs, 'a new session (a reload, another browser) draws the same');
  const ben = await opened('ben');
  assert.notDeepEqual(ben.s.inputs, ana.s.inputs);
  // Every number on its grid: whole numbers for the query, tenths for the values.
  assert.ok(ana.s.inputs.query.flat().every((x) => Number.isInteger(x) && x >= -2 && x <= 3));
  assert.ok(ana.s.inputs.value.flat().every((x) => Math.abs(x * 10 - Math.round(x * 10)) < 1e-12 && x >= 0 && x <= 1));
  // The steps are the engine's on those numbers.
  const scores = ana.s.steps.find((step) => step.id === 'scores');
  assert.ok(scores, 'the scores step');
  assert.deepEqual(ana.s.trace.scores, lab.attention({ query: ana.s.inputs.query, key: ana.s.inputs.key, value: ana.s.inputs.value }).scores);
});

test('with no learner id the file’s numbers show; a walkthrough that draws nothing ignores the learner', async () => {
  const { s } = await opened(undefined);
  assert.deepEqual(s.inputs, PRACTICE.inputs);
  assert.equal(s.drawnFor, undefined);
  const plain = await opened('ana', SHIPPED.get('worked-example'));
  assert.deepEqual(plain.s.inputs, SHIPPED.get('worked-example').inputs, 'a walkthrough that draws nothing ignores the learner');
  assert.equal(plain.s.drawnFor, undefined);
});

test('answers are graded and diagnosed on the learner’s numbers; Reset and the link keep them', async () => {
  // A learner whose k₂ score differs from the file's 3.
  const learner = ['ana', 'ben', 'cy', 'dee', 'eve'].find((id) => {
    const q = drawn(id, 'query')[0];
    const k = drawn(id, 'key')[2];
    return q[0] * k[0] + q[1] * k[1] !== 3;
  });
  const { s } = await opened(learner);
  const score = s.trace.scores[0][2];
  assert.equal(s.answer(exercise('score-k2'), String(score)).correct, true, 'the engine’s score on the learner’s numbers');
  const scaled = s.trace.scaled[0][2];
  const weight = s.trace.weights[0][2];
  // The softmax of the unscaled scores: the weight a learner who forgot √d_k gives.
  const unscaledWeights = lab.softmax({ logits: s.trace.scores }).weights;
  const wrong = s.answer(exercise('weight-k2'), unscaledWeights[0][2].toFixed(3));
  if (Math.abs(unscaledWeights[0][2] - weight) > 0.01) {
    assert.equal(wrong.correct, false);
    assert.equal(wrong.misconception, 'unscaled', 'the diagnosis is the engine’s, on these numbers');
  }
  assert.equal(s.answer(exercise('scaled-k2'), scaled.toFixed(3)).correct, true);
  const other = await opened(learner);
  assert.equal(other.s.answer(exercise('score-k2'), '3').correct, false, 'the file’s answer is not this learner’s');
  // Reset brings back the learner's numbers; a link carries none (they are the walkthrough's own).
  s.goTo(0);
  assert.equal(s.editCell(s.steps[0].panels.find((p) => p.name === 'query'), 0, 0, '9'), undefined);
  assert.equal(s.inputs.query[0][0], 9);
  s.reset();
  assert.deepEqual(s.inputs.query, drawn(learner, 'query'));
  assert.equal(s.state.inputs, undefined);
});

test('answers given on one learner’s numbers are not shown as another’s in the same browser', async () => {
  const items = new Map();
  const storage = { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => { items.set(key, String(value)); } };
  const ana = await opened('ana', PRACTICE, new ProgressStore(storage));
  ana.s.answer(exercise('score-k2'), String(ana.s.trace.scores[0][2]));
  assert.ok(ana.s.feedbackOf(exercise('score-k2')));
  const ben = await opened('ben', PRACTICE, new ProgressStore(storage));
  assert.equal(ben.s.feedbackOf(exercise('score-k2')), undefined);
});

test('a file’s perLearner is checked with the file, naming the field', () => {
  const file = (perLearner, extra = {}) => {
    const { lesson: _lesson, ...rest } = structuredClone(PRACTICE);
    return parseWalkthrough({ ...rest, id: 'my-quiz', perLearner, ...extra });
  };
  assert.ok('walkthrough' in file({ query: { from: -1, to: 1, step: 0.5 } }));
  const refusals = [
    [{}, /^perLearner: expected the inputs to draw per learner, some of "query", "key", "value"/],
    [{ mask: { from: 0, to: 1, step: 1 } }, /^perLearner\.mask: expected a matrix input of kind "attention"/],
    [{ query: [0, 1, 1] }, /^perLearner\.query: expected the grid to draw from/],
    [{ query: { from: 0, to: 1 } }, /^perLearner\.query\.step: expected a number, got nothing$/],
    [{ query: { from: 0, to: 1, step: 1, by: 2 } }, /^perLearner\.query\.by: expected one of the fields "from", "to", "step"/],
    [{ query: { from: 2, to: 1, step: 1 } }, /^perLearner\.query\.to: expected a number above from = 2, got 1$/],
    [{ query: { from: 0, to: 1, step: 0 } }, /^perLearner\.query\.step: expected a number above 0 and at most to − from = 1, got 0$/],
    [{ query: { from: 0, to: 1, step: '1' } }, /^perLearner\.query\.step: expected a finite number, got "1"$/],
  ];
  for (const [perLearner, message] of refusals) assert.match(file(perLearner).error, message, JSON.stringify(perLearner));
  // A kind with no matrix input has no perLearner field.
  const tokens = SHIPPED.get('text-to-tokens');
  const { lesson: _l, ...rest } = structuredClone(tokens);
  assert.match(parseWalkthrough({ ...rest, id: 'my-tokens', perLearner: { text: { from: 0, to: 1, step: 1 } } }).error, /^perLearner: expected one of the fields/);
});

test('a grid the engine refuses is a notice naming perLearner’s field, and the file’s numbers show', async () => {
  const quiz = { ...structuredClone(PRACTICE), id: 'my-quiz', perLearner: { query: { from: 0, to: 1, step: 1e-7 } } };
  delete quiz.lesson;
  const { s, notices } = await opened('ana', quiz);
  assert.deepEqual(s.inputs, PRACTICE.inputs);
  assert.equal(s.drawnFor, undefined);
  assert.deepEqual(notices, ['This walkthrough’s numbers could not be drawn for you, so it shows its file’s own: perLearner.query.step: expected a number of at most 6 decimals, got 1e-07']);
});
