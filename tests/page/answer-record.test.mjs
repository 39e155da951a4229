// Progress as a record that only grows (web/src/session/answer-record.ts, exercises.ts,
// progress-store.ts), without a browser: every attempt is kept, the first one at an exercise is
// its grade, a later visit shows the earlier answer and cannot lose the score, stored progress of
// the previous format is read without loss, and stored progress that cannot be read is kept aside.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { ProgressStore, PROGRESS_KEY, SET_ASIDE_PREFIX } = await importCompiled('session/progress-store');
const { scoreOf, inputsFingerprint } = await importCompiled('session/answer-record');

const PRACTICE = 'worked-example-practice';
/** The engine's answers to the practice's four questions. */
const RIGHT = { 'score-k2': '3', 'scaled-k2': '2.121', 'weight-k2': '0.576', 'output-0': '0.355' };
const exercise = (id) => SHIPPED.get(PRACTICE).exercises.find((e) => e.id === id);

/** A localStorage stand-in. */
function memoryStorage(initial = {}) {
  const items = new Map(Object.entries(initial));
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => { items.set(key, String(value)); } };
}

/** One visit of the page: a session and a progress store on `storage`, fed as the page feeds it, at `step`. */
async function visit(storage, step = 'inputs', { exam = false, inputs } = {}) {
  const store = new ProgressStore(storage);
  const s = new Session(lab, { find: (name) => SHIPPED.get(name), fallback: 'worked-example' }, undefined, { exam, answers: store });
  const progress = [];
  s.subscribe((event) => {
    if (event.type !== 'progress') return;
    progress.push(event.progress);
    store.record(event.progress);
  });
  assert.equal(await s.open({ walkthrough: PRACTICE, step, ...(inputs ? { inputs } : {}) }), true);
  return { s, store, progress, scores: () => progress.filter((p) => p.type === 'score').map((p) => `${p.correct}/${p.total}`) };
}

describe('a record of answers that only grows', () => {
  test('four right answers, then a link to one question answered wrong: the score stays 4/4 and the question shows the earlier answer', async () => {
    const storage = memoryStorage();
    const first = await visit(storage);
    for (const [id, text] of Object.entries(RIGHT)) assert.equal(first.s.answer(exercise(id), text).correct, true, id);
    assert.deepEqual(first.store.lesson(['worked-example', PRACTICE]), { started: true, done: false, correct: 4, total: 4 });

    // Later, through a link to the first question.
    const again = await visit(storage, 'exercise-score-k2');
    assert.equal(again.s.step.id, 'exercise-score-k2');
    const earlier = again.s.feedbackOf(exercise('score-k2'));
    assert.deepEqual([earlier.response, earlier.correct, earlier.message], ['3', true, 'Right: the engine’s value is 3.']);
    const wrong = again.s.answer(exercise('score-k2'), '2');
    assert.equal(wrong.correct, false);
    assert.equal(wrong.attempt, 2, 'the second attempt at that question, counting the earlier visit');
    assert.deepEqual(again.scores(), ['4/4'], 'the host hears the score from the whole record');
    assert.deepEqual(again.store.lesson(['worked-example', PRACTICE]), { started: true, done: false, correct: 4, total: 4 });
    assert.deepEqual(again.s.score, { correct: 4, answered: 4, total: 4 });
    // Both attempts are kept, in order.
    assert.deepEqual(again.store.attempts(PRACTICE, false).filter((a) => a.exercise === 'score-k2').map((a) => [a.response, a.correct]), [['3', true], ['2', false]]);
    const stored = JSON.parse(storage.items.get(PROGRESS_KEY));
    assert.equal(stored.version, 2);
    assert.equal(stored.walkthroughs[PRACTICE].attempts.length, 5);
  });

  test('the first attempt is the grade: a wrong first answer put right later still counts wrong, and the later one is kept', async () => {
    const { s, scores, store } = await visit(memoryStorage());
    s.answer(exercise('weight-k2'), '0.665');
    s.answer(exercise('weight-k2'), '0.576');
    assert.deepEqual(scores(), ['0/4', '0/4']);
    assert.equal(s.feedbackOf(exercise('weight-k2')).correct, true, 'the question shows the latest answer');
    assert.deepEqual(store.attempts(PRACTICE, false).map((a) => a.correct), [false, true]);
    assert.deepEqual(scoreOf(store.attempts(PRACTICE, false), ['weight-k2', 'score-k2']), { correct: 0, answered: 1, total: 2 });
  });

  test('edited inputs keep the record; each question shows the answer given on the numbers on screen', async () => {
    const storage = memoryStorage();
    const { s, scores } = await visit(storage);
    s.answer(exercise('score-k2'), '3');
    assert.equal(s.editCell(s.steps[0].panels.find((p) => p.name === 'query'), 0, 0, '2'), undefined);
    assert.equal(s.feedbackOf(exercise('score-k2')), undefined, 'the earlier answer was to other numbers');
    assert.equal(s.answer(exercise('score-k2'), '4').correct, true, 'q = (2, 2) scores k₂ = (1, 1) as 4');
    assert.deepEqual(scores(), ['1/4', '1/4']);
    // A visit on the walkthrough's own inputs shows the answer given on them; one on the edited inputs, that one.
    const own = await visit(storage, 'exercise-score-k2');
    assert.equal(own.s.feedbackOf(exercise('score-k2')).response, '3');
    const edited = await visit(storage, 'exercise-score-k2', { inputs: s.inputs });
    assert.equal(edited.s.feedbackOf(exercise('score-k2')).response, '4');
    assert.match(inputsFingerprint('#in=x'), /^[0-9a-f]{8}$/);
  });

  test('practice and exam keep records of their own', async () => {
    const storage = memoryStorage();
    const practice = await visit(storage);
    practice.s.answer(exercise('score-k2'), '2');
    const exam = await visit(storage, 'inputs', { exam: true });
    assert.equal(exam.s.feedbackOf(exercise('score-k2')), undefined, 'practising a question neither answers nor locks it in the exam');
    assert.equal(exam.s.answer(exercise('score-k2'), '3').correct, true);
    assert.equal(exam.store.correct(PRACTICE, true), 1);
    assert.equal(exam.store.correct(PRACTICE, false), 0);
  });
});

describe('stored progress between versions', () => {
  test('progress in the previous format is read without loss, and its score is never lowered', async () => {
    const v1 = JSON.stringify({ version: 1, walkthroughs: {
      'worked-example': { step: 'output', index: 4, done: true },
      [PRACTICE]: { step: 'output', index: 8, done: true, correct: 4, total: 4 },
    } });
    const storage = memoryStorage({ [PROGRESS_KEY]: v1 });
    const { s, store } = await visit(storage, 'exercise-score-k2');
    assert.equal(store.problem, undefined);
    assert.deepEqual(store.get('worked-example'), { step: 'output', index: 4, done: true });
    assert.deepEqual(store.lesson(['worked-example', PRACTICE]), { started: true, done: true, correct: 4, total: 4 });
    s.answer(exercise('score-k2'), '2');
    assert.deepEqual(store.lesson(['worked-example', PRACTICE]), { started: true, done: true, correct: 4, total: 4 });
    const written = JSON.parse(storage.items.get(PROGRESS_KEY));
    assert.deepEqual({ ...written.walkthroughs[PRACTICE], attempts: written.walkthroughs[PRACTICE].attempts.length },
      { step: 'output', index: 8, done: true, correct: 4, total: 4, attempts: 1 });
  });

  test('stored progress that cannot be read is kept aside under a key of its own, with a notice naming it', () => {
    for (const text of ['{not json', '[]', JSON.stringify({ version: 99, walkthroughs: {} })]) {
      const storage = memoryStorage({ [PROGRESS_KEY]: text });
      const store = new ProgressStore(storage, () => 1234);
      assert.equal(storage.items.get(`${SET_ASIDE_PREFIX}1234`), text, 'the text is kept as it was');
      assert.match(store.problem ?? '', /could not be read, so it starts afresh\. It is kept aside .* under “attention-lab:progress:unreadable:1234”/);
      assert.equal(store.get('worked-example'), undefined);
      store.record({ type: 'step', walkthrough: 'worked-example', step: 'scores', index: 1, total: 5 });
      assert.equal(storage.items.get(`${SET_ASIDE_PREFIX}1234`), text, 'still there after the store writes');
    }
    // A record that cannot be read among good ones: the good ones are used, the whole text kept aside.
    const mixed = JSON.stringify({ version: 2, walkthroughs: {
      'worked-example': { step: 'softmax', index: 3, done: false },
      masks: { step: 4, index: -1, done: 'yes' },
      [PRACTICE]: { step: 'inputs', index: 0, done: false, attempts: [{ exercise: 'score-k2', response: 3 }] },
    } });
    const storage = memoryStorage({ [PROGRESS_KEY]: mixed });
    const store = new ProgressStore(storage, () => 99);
    assert.equal(store.get('worked-example')?.step, 'softmax');
    assert.equal(store.get('masks'), undefined);
    assert.equal(store.get(PRACTICE), undefined);
    assert.match(store.problem ?? '', /^Part of your saved progress could not be read/);
    assert.equal(storage.items.get(`${SET_ASIDE_PREFIX}99`), mixed);
  });
});
