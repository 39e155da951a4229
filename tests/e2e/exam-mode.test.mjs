// Exam mode in the page (`?mode=exam`): no way to change the inputs or reset them, one answer per
// question with the field closed after it and nothing on screen that gives its grade away, the
// mode kept in the address as the learner moves on, and axe-clean.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { runAxe, settledUrl, usePage } from './browser.mjs';

const { open } = usePage();

test('an exam takes one answer per question, shows no grade, and offers no way to start over', async () => {
  const { page, problems } = await open('?w=worked-example-practice&step=exercise-weight-k2&mode=exam');
  assert.equal(await page.locator('#step-title').textContent(), 'Your turn: a weight');
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
