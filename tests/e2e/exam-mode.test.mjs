// Exam mode in the page (`?mode=exam`): no way to change the inputs or reset them, one answer per
// question with the field closed after it and nothing on screen that gives its grade away, the
// mode kept in the address as the learner moves on, no step after an unanswered question opened
// by any route (Next, Last, the step list, keys, a link, the map), an answer kept shut across a
// reload, the score and a review of the answers on the last step, and axe-clean.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { answerHere, withoutStoredProgress } from './answers.mjs';
import { runAxe, SCREENSHOT_DIR, settledUrl, usePage } from './browser.mjs';

const { open } = usePage();

test('an exam takes one answer per question, shows no grade, and offers no way to start over', async () => {
  const { page, problems } = await open('?w=worked-example-practice&step=exercise-score-k2&mode=exam');
  assert.equal(await page.locator('#step-title').textContent(), 'Your turn: a score');
  assert.equal(await page.getByRole('button', { name: 'Reset inputs' }).count(), 0, 'no reset');
  const answer = page.locator('.exercise-answer');
  await answer.fill('0.665');
  await answer.press('Enter');
  const feedback = page.locator('.exercise-feedback');
  assert.equal(await feedback.textContent(), 'Your answer, 0.665, is recorded. In exam mode each question takes one answer.');
  assert.equal(await feedback.getAttribute('data-result'), 'recorded');
  assert.equal(await answer.getAttribute('aria-invalid'), 'false');
  assert.ok(await answer.isDisabled());
  assert.ok(await page.locator('.exercise-check').isDisabled());
  assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('exercise-feedback')), true);
  const axe = await runAxe(page);
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
  // Back on the question later: still closed, the same words.
  await page.locator('.control-next').click();
  await page.locator('.control-previous').click();
  assert.ok(await page.locator('.exercise-answer').isDisabled());
  assert.match(await settledUrl(page), /[?&]mode=exam(&|$)/);
  // The inputs step has no editable cell and no parameters to change.
  await page.locator('#step-list button').first().click();
  assert.equal(await page.locator('fieldset.parameters').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a mode the page does not know is named in a notice and the page stays in practice mode', async () => {
  const { page } = await open('?w=worked-example-practice&mode=test');
  assert.match(await page.locator('#notices').innerText(), /mode: expected exam or practice, got “test”/);
  assert.equal(await page.getByRole('button', { name: 'Reset inputs' }).count(), 1);
  await page.close();
});

/** The step on screen, by its id in the step list. */
const stepOnScreen = (page) => page.locator('#step-list button[aria-current="step"]').getAttribute('data-step');

test('an exam holds: no route passes an unanswered question, a reload keeps an answer shut, and the last step shows the score and every answer', async () => {
  const { page, problems } = await open('?w=worked-example-practice&mode=exam');
  await withoutStoredProgress(page);
  await page.locator('.control-next').click();
  assert.equal(await stepOnScreen(page), 'exercise-score-k2');
  // Next and Last are shut, and so is every later step in the list.
  assert.ok(await page.locator('.control-next').isDisabled());
  assert.ok(await page.locator('.control-last').isDisabled());
  assert.ok(await page.locator('#step-list button[data-step="scores"]').isDisabled());
  assert.equal(await page.locator('#step-list button[data-step="output"]').getAttribute('aria-label'), 'Weighted sum: mix the values (opens once the question before it is answered)');
  // The keys.
  await page.locator('#step-title').click();
  for (const key of ['ArrowRight', 'End']) await page.keyboard.press(key);
  assert.equal(await stepOnScreen(page), 'exercise-score-k2');
  assert.match(await page.locator('#notices').innerText(), /This is an exam: answer “Your turn: a score” before the steps after it open\./);
  // The map's links (another lesson shows the same numbers).
  await page.locator('#pipeline-map a').first().click();
  assert.equal(await page.locator('#walkthrough-title').textContent(), 'Practice: one query, three keys');
  assert.match(await page.locator('#notices').innerText(), /before opening another walkthrough/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exam-locked.png') });
  // Nor the export of the whole example, which has every step's numbers.
  await page.locator('.export-menu > summary').click();
  await page.locator('.export-body legend', { hasText: 'A matrix of this step' }).or(page.locator('.export-body .export-note')).first().waitFor();
  assert.equal(await page.locator('.export-body legend', { hasText: 'The example, every step' }).count(), 0);
  await page.locator('.export-menu > summary').click();
  // A link to a later step.
  await page.goto(`${page.url().split('?')[0]}?w=worked-example-practice&mode=exam&step=output`);
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await stepOnScreen(page), 'exercise-score-k2');

  await answerHere(page, '3');
  assert.ok(await page.locator('.control-next').isEnabled(), 'answered: the next step opens');
  assert.ok(await page.locator('#step-list button[data-step="scores"]').isEnabled());
  await page.locator('.control-next').click();
  assert.equal(await stepOnScreen(page), 'scores');
  // A reload keeps the answer shut.
  await page.reload();
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  await page.locator('#step-list button[data-step="exercise-score-k2"]').click();
  assert.ok(await page.locator('.exercise-answer').isDisabled());
  assert.equal(await page.locator('.exercise-answer').inputValue(), '3');
  assert.equal(await page.locator('.exercise-feedback').getAttribute('data-result'), 'recorded');

  for (const [step, text] of [['exercise-scaled-k2', '3'], ['exercise-weight-k2', '0.576'], ['exercise-output-0', '0.355']]) {
    await page.locator(`#step-list button[data-step="${step}"]`).click();
    await answerHere(page, text);
  }
  await page.locator('.control-last').click();
  assert.equal(await stepOnScreen(page), 'output');
  // Every question answered: the whole example is offered again.
  await page.locator('.export-menu > summary').click();
  await page.locator('.export-body legend', { hasText: 'The example, every step' }).waitFor();
  const review = page.locator('#review');
  assert.equal(await review.locator('.review-score').textContent(), 'Score: 3 of 4 right.');
  assert.deepEqual(await review.locator('li').evaluateAll((items) => items.map((li) => `${li.dataset.exercise} ${li.dataset.result}`)),
    ['score-k2 correct', 'scaled-k2 wrong', 'weight-k2 correct', 'output-0 correct']);
  assert.match(await review.locator('li[data-exercise="scaled-k2"]').textContent(), /Your answer: 3\. Wrong\. The engine’s value is 2\.1213\./);
  assert.match(await page.locator('.lesson-link[data-lesson="worked-example"]').innerText(), /3\/4/);
  const axe = await runAxe(page);
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exam-final-score.png'), fullPage: true });
  assert.deepEqual(problems, []);
  await page.close();
});
