// Exam mode (`?mode=exam`): read from the link and written back into it, it hides every
// way to change the inputs (no restart), and the session takes one answer per exercise, recorded
// for the host with its grade but told to the learner without grade, value or diagnosis.
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
