// Exam mode (`?mode=exam`): read from the link and written back into it, it hides every
// way to change the inputs (no restart), and the session takes one answer per exercise, recorded
// for the host with its grade but told to the learner without grade, value or diagnosis; no step
// after an unanswered question opens (nor another walkthrough), an answer stays shut across
// visits, and the last step's review has every answer.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { readEmbedOptions, embedParams } = await importCompiled('state/embed-options');


/** A session in exam mode on a shipped walkthrough, and the progress events it reports. */
async function examSession(walkthrough, step) {
  const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' }, undefined, { exam: true });
  const progress = [];
  s.subscribe((event) => event.type === 'progress' && progress.push(event.progress));
  assert.equal(await s.open({ walkthrough, step }), true);
  return { s, progress };
}

test('mode=exam is read from the link, hides the editors and reset, and is written back', () => {
  const { options, notices } = readEmbedOptions(null, null, 'exam');
  assert.deepEqual(notices, []);
  assert.equal(options.exam, true);
  assert.deepEqual([...options.hide].sort(), ['editors', 'reset']);
  assert.deepEqual(embedParams(options), [['mode', 'exam']]);
  const embedded = readEmbedOptions('1', 'prose', 'EXAM').options;
  assert.deepEqual(embedParams(embedded), [['embed', '1'], ['hide', 'prose'], ['mode', 'exam']]);
  assert.equal(readEmbedOptions(null, null, 'practice').options.exam, false);
  const bad = readEmbedOptions(null, null, 'test');
  assert.equal(bad.options.exam, false);
  assert.deepEqual(bad.notices, ['mode: expected exam or practice, got “test”; the page is in practice mode.']);
});

test('in exam mode an answer is recorded once, its grade going to the host and not to the screen', async () => {
  const { s, progress } = await examSession('worked-example-practice', 'inputs');
  const weight = SHIPPED.get('worked-example-practice').exercises.find((e) => e.id === 'weight-k2');
  const refused = s.answer(weight, 'abc');
  assert.ok('error' in refused, 'a text that is not a number is refused and not counted');
  const first = s.answer(weight, '0.665'); // the unscaled weight: a named mistake in practice
  assert.equal(first.final, true);
  assert.equal(first.correct, false);
  assert.equal(first.misconception, null);
  assert.equal(first.message, 'Your answer, 0.665, is recorded. In exam mode each question takes one answer.');
  const second = s.answer(weight, '0.576');
  assert.deepEqual(second, first, 'a second answer is not taken');
  const answered = progress.filter((p) => p.type === 'answered');
  assert.equal(answered.length, 1);
  assert.equal(answered[0].correct, false);
  assert.equal(answered[0].misconception, 'unscaled', 'the host still hears the engine’s diagnosis');
  assert.deepEqual(progress.filter((p) => p.type === 'score').map((p) => [p.correct, p.answered, p.total]), [[0, 1, 4]]);
});

test('in exam mode a picked cell is recorded once as a choice, the cell and not its grade said', async () => {
  const { s, progress } = await examSession('cross-attention', 'heads');
  const pick = SHIPPED.get('cross-attention').exercises.find((e) => e.id === 'chat-looks-at');
  assert.ok('error' in s.answer(pick, 'r0c0'), 'a cell outside the row is refused and not counted');
  const first = s.answer(pick, 'r1c0');
  assert.deepEqual([first.final, first.misconception], [true, null]);
  assert.equal(first.message, 'Your answer, “the”, is recorded. In exam mode each question takes one answer.');
  assert.equal(s.answer(pick, 'r1c3'), first, 'a second answer is not taken');
  assert.deepEqual(progress.filter((p) => p.type === 'answered').map((p) => [p.interaction, p.response]), [['choice', 'r1c0']]);
});

const { ProgressStore } = await importCompiled('session/progress-store');

/** A localStorage stand-in. */
const memoryStorage = () => {
  const items = new Map();
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => { items.set(key, String(value)); } };
};

/** An exam session whose answers are kept in `storage`, with the notices it gives. */
async function keptExam(storage, state) {
  const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' }, undefined, { exam: true, answers: new ProgressStore(storage) });
  const notices = [];
  s.subscribe((event) => event.type === 'notice' && notices.push(event.message));
  assert.equal(await s.open(state), true);
  return { s, notices };
}

test('in an exam no step after an unanswered question opens: next, last, a step by number or a link’s step stop at it', async () => {
  const { s, notices } = await keptExam(memoryStorage(), { walkthrough: 'worked-example-practice', step: 'inputs' });
  const ids = () => s.steps[s.index].id;
  s.next();
  assert.equal(ids(), 'exercise-score-k2');
  s.next();
  assert.equal(ids(), 'exercise-score-k2', 'Next stops at the question');
  s.last();
  s.goTo(8);
  assert.equal(ids(), 'exercise-score-k2', 'Last and the step list stop at it too');
  assert.equal(s.lastOpen(), 1);
  assert.match(notices.at(-1), /^This is an exam: answer “Your turn: a score” before the steps after it open\.$/);
  // A link (or the component's step attribute) to a later step opens at the question.
  const linked = await keptExam(memoryStorage(), { walkthrough: 'worked-example-practice', step: 'output' });
  assert.equal(linked.s.steps[linked.s.index].id, 'exercise-score-k2');
  assert.match(linked.notices.join('\n'), /answer “Your turn: a score” before the steps after it open/);
  // The component's step attribute (the app shows what it asks, keeping the walkthrough).
  await s.openOrFallBack({ walkthrough: 'worked-example-practice', step: 'output' });
  assert.equal(ids(), 'exercise-score-k2');
  // Answered, the next question is the wall.
  s.answer(SHIPPED.get('worked-example-practice').exercises[0], '3');
  s.last();
  assert.equal(ids(), 'exercise-scaled-k2');
});

test('in an unfinished exam another walkthrough (the map’s, the menu’s, a tab’s) does not open; a finished one lets it', async () => {
  const { s, notices } = await keptExam(memoryStorage(), { walkthrough: 'worked-example-practice', step: 'inputs' });
  assert.equal(await s.open({ walkthrough: 'worked-example', step: 'inputs' }), false);
  assert.equal(s.walkthrough.id, 'worked-example-practice');
  assert.match(notices.at(-1), /answer “Your turn: a score” and the questions after it before opening another walkthrough/);
  for (const e of SHIPPED.get('worked-example-practice').exercises) s.answer(e, '1');
  s.last();
  assert.equal(s.steps[s.index].id, 'output', 'every question answered: every step opens');
  assert.equal(await s.open({ walkthrough: 'worked-example', step: 'inputs' }), true);
});

test('an answered exam question stays shut across a reload, and the steps after it stay open', async () => {
  const storage = memoryStorage();
  const first = await keptExam(storage, { walkthrough: 'worked-example-practice', step: 'inputs' });
  const score = SHIPPED.get('worked-example-practice').exercises[0];
  first.s.answer(score, '2');
  const again = await keptExam(storage, { walkthrough: 'worked-example-practice', step: 'exercise-score-k2' });
  const shown = again.s.feedbackOf(score);
  assert.deepEqual([shown.final, shown.response, shown.message], [true, '2', 'Your answer, 2, is recorded. In exam mode each question takes one answer.']);
  const retry = again.s.answer(score, '3');
  assert.equal(retry.response, '2', 'a second answer is not taken');
  assert.equal(again.s.lastOpen(), 3, 'the next question is the one to answer');
  assert.deepEqual(again.s.score, { correct: 0, answered: 1, total: 4 });
});

test('the last step reviews every answer: the one scored, its grade and the right answer', async () => {
  const { s } = await keptExam(memoryStorage(), { walkthrough: 'worked-example-practice', step: 'inputs' });
  const [score, scaled, weight, output] = SHIPPED.get('worked-example-practice').exercises;
  s.answer(score, '3');
  s.answer(scaled, '3');
  s.answer(weight, '0.576');
  s.answer(output, '0.355');
  assert.deepEqual(s.score, { correct: 3, answered: 4, total: 4 });
  assert.deepEqual(s.review().map(({ exercise, given, correct, answer }) => [exercise.id, given, correct, answer]), [
    ['score-k2', '3', true, 'The engine’s value is 3.'],
    ['scaled-k2', '3', false, 'The engine’s value is 2.1213.'],
    ['weight-k2', '0.576', true, 'The engine’s value is 0.5760.'],
    ['output-0', '0.355', true, 'The engine’s value is 0.3548.'],
  ]);
});

test('an exam resumed from an LMS’s record stands on that record: its answers shut, whatever this browser kept', async () => {
  const storage = memoryStorage();
  const local = new ProgressStore(storage);
  local.append('worked-example-practice', true, { exercise: 'scaled-k2', response: '9', correct: false });
  // What the page does with a SCORM resume before the walkthrough opens (app.ts).
  local.replace('worked-example-practice', true, [{ exercise: 'score-k2', response: '3', correct: true }]);
  const { s } = await keptExam(storage, { walkthrough: 'worked-example-practice', step: 'exercise-scaled-k2' });
  const [score, scaled] = SHIPPED.get('worked-example-practice').exercises;
  assert.deepEqual([s.feedbackOf(score).final, s.feedbackOf(score).response], [true, '3']);
  assert.equal(s.feedbackOf(scaled), undefined);
  assert.equal(s.steps[s.index].id, 'exercise-scaled-k2');
  assert.deepEqual(s.score, { correct: 1, answered: 1, total: 4 });
});
