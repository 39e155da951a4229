// Exercises in Chromium: the practice walkthrough's questions answered from the keyboard, the
// engine's feedback read out (a live region), a named mistake, a refused text, axe in light and
// dark and at 375 px, and screenshots before and after answering for a person to look at.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

const feedback = (page) => page.locator('.exercise-feedback');
const answerField = (page) => page.getByLabel('Your answer');

test('a question is answered from the keyboard: a refused text, a named mistake, then the right number', async () => {
  const { page, problems } = await open('?w=worked-example-practice&step=exercise-weight-k2');
  assert.equal(await page.locator('#step-title').textContent(), 'Your turn: a weight');
  assert.equal(await feedback(page).getAttribute('role'), 'status');
  // A question has no formula: none is typeset and it takes no room between title and text.
  assert.deepEqual(await page.locator('#formula').evaluate((f) => [f.childElementCount, f.getBoundingClientRect().height]), [0, 0]);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-01-question.png'), fullPage: true });

  await answerField(page).focus();
  await page.keyboard.type('abc');
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'is not a finite number' }).waitFor();
  assert.equal(await feedback(page).getAttribute('data-result'), 'refused');

  await answerField(page).fill('0.665');
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'without dividing the scores by √d_k' }).waitFor();
  assert.equal(await feedback(page).textContent(), 'That is the value without dividing the scores by √d_k. Try again.');
  assert.equal(await answerField(page).getAttribute('aria-invalid'), 'true');
  assert.equal(await page.evaluate(() => document.activeElement?.className), 'exercise-answer', 'focus stays in the field');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-02-mistake.png'), fullPage: true });

  await answerField(page).fill('0.576');
  await page.locator('.exercise-check').click();
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.equal(await feedback(page).textContent(), 'Right: the engine’s value is 0.5760.');
  assert.equal(await feedback(page).getAttribute('data-result'), 'correct');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-03-right.png'), fullPage: true });

  // The feedback is still there after going to the next step and back.
  await page.locator('.control-next').click();
  await page.locator('.control-previous').click();
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.deepEqual(problems, []);
  await page.close();
});

for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
  test(`an answered question passes axe at ${width} px in ${colorScheme} mode`, async () => {
    const { page } = await open('?w=causal-mask-practice&step=exercise-blocked-weight', { width, colorScheme });
    await answerField(page).fill('0.5');
    await page.keyboard.press('Enter');
    await feedback(page).filter({ hasText: /\S/ }).waitFor();
    const axe = await runAxe(page);
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
    const scrolls = await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
    assert.equal(scrolls, false, 'no sideways scrolling');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `exercise-causal-${width}-${colorScheme}.png`), fullPage: true });
    await page.close();
  });
}

test('“which key?” is picked with the arrow keys, checked, and told its weight by the engine', async () => {
  const { page, problems } = await open('?w=try-attention-from-scratch&step=exercise-predict');
  const group = page.getByRole('group', { name: 'Your answer' });
  await group.getByRole('radio').first().waitFor(); // the answer widget arrives after the step (lazy-panel-view)
  assert.deepEqual(await group.getByRole('radio').evaluateAll((radios) => radios.map((r) => r.labels[0].textContent.trim())), ['k₀', 'k₁', 'k₂', 'k₃', 'k₄', 'k₅']);
  // Into the group, then the arrow keys move between keys (wrapping), as in any radio group.
  await group.getByRole('radio').first().focus();
  await page.keyboard.press('ArrowLeft');
  assert.equal(await group.getByRole('radio', { name: 'k₅' }).isChecked(), true);
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'another key gets more' }).waitFor();
  assert.equal(await feedback(page).textContent(), 'k₅ gets 0.103; another key gets more. Try again.');
  assert.equal(await group.getAttribute('aria-invalid'), 'true');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.match(await feedback(page).textContent(), /^Right: k₁ gets 0\.334, the largest weight of the row\./);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-pick-key-right.png'), fullPage: true });
  // Back and forth: the pick and its feedback are shown again.
  await page.locator('.control-next').click();
  await page.locator('.control-previous').click();
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.equal(await page.getByRole('radio', { name: 'k₁' }).isChecked(), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the passes are put in order with the move buttons alone, the focus staying on the item moved', async () => {
  const { page, problems } = await open('?w=try-causal-six&step=exercise-order');
  const labels = () => page.locator('.order-label').allTextContents();
  const right = ['Scores', 'Scale', 'Mask', 'Softmax', 'Weighted sum'];
  assert.notDeepEqual(await labels(), right);
  // Selection sort with the buttons: bring each pass up to its place.
  for (let place = 0; place < right.length; place += 1) {
    let at = (await labels()).indexOf(right[place]);
    while (at > place) {
      await page.getByRole('button', { name: `Move ${right[place]} up` }).click();
      at -= 1;
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      assert.ok(focused === `Move ${right[place]} up` || focused === `Move ${right[place]} down`, `focus on ${focused}`);
    }
  }
  assert.deepEqual(await labels(), right);
  assert.match(await page.locator('.exercise-order + [role=status]').textContent(), /is now step \d of 5\./);
  await page.keyboard.press('Tab');
  await page.locator('.exercise-check').press('Enter');
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.equal(await feedback(page).textContent(), 'Right: Scores → Scale → Mask → Softmax → Weighted sum.');
  assert.deepEqual(problems, []);
  await page.close();
});

for (const [width, colorScheme] of [[1280, 'dark'], [375, 'light']]) {
  test(`a picked key and an ordered list pass axe at ${width} px in ${colorScheme} mode, with nothing wider than the screen`, async () => {
    for (const step of ['exercise-predict-blocked', 'exercise-order']) {
      const { page } = await open(`?w=try-causal-six&step=${step}`, { width, colorScheme });
      await page.locator('.exercise-check').click();
      await feedback(page).filter({ hasText: /\S/ }).waitFor();
      const axe = await runAxe(page);
      assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], step);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), false, `${step}: no sideways scrolling`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `exercise-${step}-${width}-${colorScheme}.png`), fullPage: true });
      await page.close();
    }
  });
}
