// Numbers of a learner's own in the page: the shipped practice opened with `?seed=` shows, above
// its steps, whose numbers they are, and the query, keys and values the engine draws for that id
// (lab.drawNumbers in Node gives the same); the address keeps the seed as the learner moves on, a
// reload shows the same numbers, another seed other ones, and a question is graded on the
// learner's numbers. No seed: the file's numbers and no line about them. The SCORM packages'
// learner ids: scorm-resume.test.mjs; another browser engine: other-browsers.test.mjs.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { answerHere, withoutStoredProgress } from './answers.mjs';
import { runAxe, settledUrl, usePage } from './browser.mjs';
import { drawnFor as drawn, PRACTICE, shownInputs as shown } from '../support/drawn-numbers.mjs';

const { open } = usePage();
const lab = await loadAttentionLab({ training: false });

const drawnFor = (/** @type {string} */ learner) => drawn(lab, learner);

test('?seed= shows the engine’s draw for that learner, says whose numbers they are, keeps them in the address and after a reload', async () => {
  const { page, problems } = await open('?w=worked-example-practice&seed=ana', { width: 375, colorScheme: 'dark' });
  await withoutStoredProgress(page);
  assert.equal(await page.locator('#own-numbers').textContent(), 'Your own numbers, drawn for “ana”: other learners have other ones.');
  assert.deepEqual(await shown(page), drawnFor('ana'));
  assert.equal(await page.locator('#walkthrough-title').textContent(), 'Practice: one query, three keys');
  assert.match(await page.locator('.lesson-label').textContent(), /^Lesson 2 · /, 'still the shipped lesson’s practice');
  const axe = await runAxe(page);
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
  // The learner moves on: the address keeps the seed; a reload shows the same numbers.
  await page.locator('.control-next').click();
  assert.match(await settledUrl(page), /[?&]seed=ana(&|$)/);
  await page.reload();
  await page.locator('#step-list button[data-step="inputs"]').click();
  assert.deepEqual(await shown(page), drawnFor('ana'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('another seed draws other numbers; no seed shows the file’s, with no line about them', async () => {
  const ben = await open('?w=worked-example-practice&seed=ben');
  assert.deepEqual(await shown(ben.page), drawnFor('ben'));
  assert.notDeepEqual(drawnFor('ben'), drawnFor('ana'));
  await ben.page.close();
  const none = await open('?w=worked-example-practice');
  assert.deepEqual(await shown(none.page), { query: PRACTICE.inputs.query, key: PRACTICE.inputs.key, value: PRACTICE.inputs.value });
  assert.equal(await none.page.locator('#own-numbers').count(), 0);
  await none.page.close();
});

test('a question is graded on the learner’s numbers: the engine’s score for them is right, the file’s is not', async () => {
  // A learner whose score of k₂ is not the file's 3.
  const learner = ['ana', 'ben', 'cy', 'dee'].find((id) => lab.attention({ ...drawnFor(id) }).scores[0][2] !== 3);
  const score = lab.attention({ ...drawnFor(learner) }).scores[0][2];
  const { page, problems } = await open(`?w=worked-example-practice&seed=${learner}&step=exercise-score-k2`);
  await withoutStoredProgress(page);
  await answerHere(page, '3');
  assert.equal(await page.locator('.exercise-feedback').getAttribute('data-result'), 'wrong');
  await answerHere(page, String(score).replace('-', '−'));
  assert.equal(await page.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
  assert.deepEqual(problems, []);
  await page.close();
});
