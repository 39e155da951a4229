// Progress kept between visits (web/src/session/progress-store.ts) and the course's order after
// a walkthrough's last step (web/src/model/course-order.ts), without a browser: the store is
// given the session's progress events and a stand-in for localStorage.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const { ProgressStore, PROGRESS_KEY } = await importCompiled('session/progress-store');
const { nextInCourse } = await importCompiled('model/course-order');
const { LESSONS } = await importCompiled('model/walkthroughs');

/** A localStorage stand-in; `failWrites` makes setItem throw as a full quota does. */
function memoryStorage(initial = {}, { failWrites = false, failReads = false } = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key) => { if (failReads) throw new Error('SecurityError'); return items.get(key) ?? null; },
    setItem: (key, value) => { if (failWrites) throw new Error('QuotaExceededError'); items.set(key, String(value)); },
  };
}

const step = (walkthrough, id, index, total = 5) => ({ type: 'step', walkthrough, step: id, index, total });

test('the furthest step, completion and the answers are kept and written back, the score counted from the answers', () => {
  const storage = memoryStorage();
  const store = new ProgressStore(storage);
  assert.equal(store.saving, true);
  assert.equal(store.record(step('worked-example', 'scores', 1)), true);
  assert.equal(store.record(step('worked-example', 'inputs', 0)), false, 'going back keeps the furthest step');
  store.record({ type: 'completed', walkthrough: 'worked-example', total: 5 });
  const answers = [{ exercise: 'a', response: '1', correct: true }, { exercise: 'b', response: '2', correct: true }, { exercise: 'c', response: '3', correct: false }];
  for (const answer of answers) store.append('worked-example-practice', false, answer);
  // The event's count is not what is kept: the answers are.
  store.record({ type: 'score', walkthrough: 'worked-example-practice', correct: 3, answered: 3, total: 3 });
  assert.deepEqual(store.get('worked-example'), { step: 'scores', index: 1, done: true });
  const again = new ProgressStore(storage);
  assert.deepEqual(again.get('worked-example-practice'), { step: 'inputs', index: 0, done: false, total: 3, attempts: answers });
  assert.deepEqual(again.lesson(['worked-example', 'worked-example-practice']), { started: true, done: true, correct: 2, total: 3 });
  assert.deepEqual(again.lesson(['masks-causal']), { started: false, done: false, correct: 0, total: 0 });
  assert.equal(again.problem, undefined);
});

test('stored data that cannot be read starts afresh with a notice, and bad records are left out of use, with a notice', () => {
  for (const text of ['{not json', '[]', JSON.stringify({ version: 99, walkthroughs: {} })]) {
    const store = new ProgressStore(memoryStorage({ [PROGRESS_KEY]: text }));
    assert.match(store.problem ?? '', /could not be read, so it starts afresh/);
    assert.equal(store.get('worked-example'), undefined);
  }
  const mixed = new ProgressStore(memoryStorage({ [PROGRESS_KEY]: JSON.stringify({ version: 1, walkthroughs: {
    'worked-example': { step: 'softmax', index: 3, done: false },
    masks: { step: 4, index: -1, done: 'yes' },
  } }) }));
  assert.match(mixed.problem ?? '', /^Part of your saved progress could not be read\. It is kept aside/);
  assert.equal(mixed.get('worked-example')?.step, 'softmax');
  assert.equal(mixed.get('masks'), undefined);
});

test('without storage, or with storage that refuses, progress is kept for the visit only', () => {
  const none = new ProgressStore(undefined);
  assert.equal(none.saving, false);
  assert.equal(none.record(step('worked-example', 'scores', 1)), true);
  const refusing = new ProgressStore(memoryStorage({}, { failWrites: true }));
  assert.equal(refusing.record(step('worked-example', 'scores', 1)), true);
  assert.equal(refusing.get('worked-example')?.step, 'scores');
  const unreadable = new ProgressStore(memoryStorage({}, { failReads: true }));
  assert.equal(unreadable.saving, false);
  assert.equal(unreadable.problem, undefined);
});

test('after a walkthrough comes the next in its lesson, then the next lesson, the training lesson last of all', () => {
  const first = LESSONS[0];
  assert.ok(first.walkthroughs.length > 1, 'the first lesson has more than one walkthrough');
  const inLesson = nextInCourse(LESSONS, first.walkthroughs[0].id);
  assert.notEqual(inLesson, undefined);
  assert.equal(inLesson.walkthrough, first.walkthroughs[1].id);
  assert.equal(inLesson.sameLesson, true);
  const nextLesson = nextInCourse(LESSONS, first.walkthroughs.at(-1).id);
  assert.equal(nextLesson.walkthrough, LESSONS[1].walkthroughs[0].id);
  assert.equal(nextLesson.lesson.number, LESSONS[1].number);
  assert.equal(nextLesson.sameLesson, false);
  const training = LESSONS.at(-1);
  assert.equal(training.walkthroughs[0].id, 'watch-attention-learn');
  assert.deepEqual(nextInCourse(LESSONS, LESSONS.at(-2).walkthroughs.at(-1).id), { walkthrough: 'watch-attention-learn', title: 'Watch attention learn', lesson: training, sameLesson: false });
  assert.equal(nextInCourse(LESSONS, 'watch-attention-learn'), undefined, 'the last lesson has no next');
  assert.equal(nextInCourse(LESSONS, 'an-instructors-own'), undefined);
});
