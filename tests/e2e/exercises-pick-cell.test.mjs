// Pick the cell in Chromium: a head's weight picked with the mouse, a whole matrix crossed with the
// keyboard alone (←/→ along a row, ↑/↓ between rows, Enter to check), the engine's feedback in the
// live region, the lesson menu's score after both of a lesson's exercises, axe on the question in
// light and dark at 1280 and 375 px, and screenshots for a person to look at. And the cost lab's
// growth factor, graded by the full engine the page loads for it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

const feedback = (page) => page.locator('.exercise-feedback');
const group = (page) => page.getByRole('radiogroup');

/** The cells to pick, as their names say them: "on, mat: 0.518" → { name, number }. */
async function cells(page) {
  // The answer widget arrives after the step's title (widgets/lazy-panel-view.ts): wait for it.
  await group(page).getByRole('radio').first().waitFor();
  const names = await group(page).getByRole('radio').evaluateAll((radios) => radios.map((r) => r.getAttribute('aria-label')));
  return names.map((name) => ({ name, number: Number(name.split(': ')[1]) }));
}

test('a head’s weight is picked with the mouse: a wrong cell told its number, then the right one', async () => {
  const { page, problems } = await open('?w=multi-head&step=exercise-head-1-on&weights=random');
  assert.equal(await page.locator('#step-title').textContent(), 'Your turn: one query in head 1');
  const picks = await cells(page);
  assert.equal(picks.length, 6, 'only the row of “on” is picked from');
  assert.ok(picks.every((c) => c.name.startsWith('on, ')), picks.map((c) => c.name).join(', '));
  const best = picks.reduce((a, b) => (b.number > a.number ? b : a));
  const wrong = picks.find((c) => c.number < best.number);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-pick-cell-question.png'), fullPage: true });

  await page.getByRole('radio', { name: wrong.name }).click();
  await page.locator('.exercise-check').click();
  await feedback(page).filter({ hasText: 'another cell holds more' }).waitFor();
  // A word that comes twice ("the") is named with its place.
  assert.match(await feedback(page).textContent(), /^“.+”( \(column \d\))? holds \d\.\d{3}; another cell holds more\. Try again\.$/);
  assert.equal(await group(page).getAttribute('aria-invalid'), 'true');

  await page.getByRole('radio', { name: best.name }).click();
  await page.locator('.exercise-check').click();
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.match(await feedback(page).textContent(), /^Right: “.+”( \(column \d\))? holds \d\.\d{3}, the largest number of row “on”\.$/);
  assert.equal(await page.locator('.exercise-caption').first().textContent().then((text) => text.startsWith('Your answer: pick the largest number of row “on”')), true, 'the pick names its row as on screen');
  assert.equal(await feedback(page).getAttribute('data-result'), 'correct');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-pick-cell-right.png'), fullPage: true });
  // Back and forth: the pick and its feedback are shown again.
  await page.locator('.control-next').click();
  await page.locator('.control-previous').click();
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.equal(await page.getByRole('radio', { name: best.name }).isChecked(), true);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a whole matrix is crossed with the keyboard alone: arrows along a row, ↑ ↓ between rows, Enter to check', async () => {
  const { page, problems } = await open('?w=multi-head&step=exercise-head-2-strongest');
  const picks = await cells(page);
  assert.equal(picks.length, 36);
  const best = picks.indexOf(picks.reduce((a, b) => (b.number > a.number ? b : a)));
  const [row, column] = [Math.floor(best / 6), best % 6];
  // Tab from the step's text reaches the grid: the first cell, as in any radio group.
  await page.locator('#step-title').click();
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('input[type=radio]'))); i += 1) await page.keyboard.press('Tab');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), 'r0c0');
  await page.keyboard.press('ArrowDown');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), 'r1c0', '↓ goes to the row below');
  await page.keyboard.press('ArrowUp');
  for (let i = 0; i < row; i += 1) await page.keyboard.press('ArrowDown');
  for (let j = 0; j < column; j += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), `r${row}c${column}`);
  assert.equal(await page.locator('#step-title').textContent(), 'Your turn: the strongest weight of head 2', 'the arrows did not change the step');
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.match(await feedback(page).textContent(), /^Right: row “.+”, column “.+” holds \d\.\d{3}, the largest number of the matrix\.$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the induction head is found with the keyboard on a layer × head grid with its numbers hidden, the engine’s scores deciding', async () => {
  const { page, problems } = await open('?w=inside-the-model&step=atlas');
  // The right head by the engine's induction scores, every digit, as the atlas's table titles them.
  const exact = await page.locator('figure[data-panel="induction"] td[role="gridcell"]').evaluateAll((cells) =>
    cells.map((td) => ({ value: `r${td.dataset.row}c${td.dataset.col}`, score: Number(td.title.replace(/^exact: /, '')) })));
  assert.equal(exact.length, 8, 'two layers of four heads');
  const best = exact.reduce((a, b) => (b.score > a.score ? b : a));
  await page.locator('.control-previous').click();
  await page.locator('#step-title', { hasText: 'Your turn: find the induction head' }).waitFor();
  await group(page).getByRole('radio').first().waitFor();
  assert.doesNotMatch(await group(page).textContent() ?? '', /\d\.\d/, 'no number shown');
  await page.locator('#step-title').click();
  for (let i = 0; i < 20 && !(await page.evaluate(() => document.activeElement?.matches('input[type=radio]'))); i += 1) await page.keyboard.press('Tab');
  const [row, column] = best.value.slice(1).split('c').map(Number);
  for (let i = 0; i < row; i += 1) await page.keyboard.press('ArrowDown');
  for (let j = 0; j < column; j += 1) await page.keyboard.press('ArrowRight');
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('value')), best.value);
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.match(await feedback(page).textContent(), /^Right: row “layer \d”, column “head \d” holds \d\.\d{3}, the largest number of the matrix\.$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('both of a lesson’s exercises answered: the lesson menu shows its score', async () => {
  const { page, problems } = await open('?w=cross-attention&step=exercise-chat-looks-at');
  // The two come one after the other, after the heads step.
  for (const title of ['Your turn: where “chat” looks', 'Your turn: a column of head 2']) {
    await page.locator('#step-title', { hasText: title }).waitFor();
    const picks = await cells(page);
    const best = picks.reduce((a, b) => (b.number > a.number ? b : a));
    await page.getByRole('radio', { name: best.name }).check();
    await page.locator('.exercise-check').click();
    await feedback(page).filter({ hasText: 'Right' }).waitFor();
    await page.locator('.control-next').click();
  }
  const lesson = page.locator('.lesson-link[data-lesson="cross-attention"]');
  await lesson.filter({ hasText: '2/2' }).waitFor();
  assert.match(await lesson.textContent() ?? '', / 2\/2 exercises right/);
  assert.deepEqual(problems, []);
  await page.close();
});

for (const [width, colorScheme] of [[1280, 'light'], [1280, 'dark'], [375, 'light'], [375, 'dark']]) {
  test(`a pick-cell question passes axe at ${width} px in ${colorScheme} mode, with nothing wider than the screen`, async () => {
    for (const url of ['?w=multi-head&step=exercise-head-2-strongest', '?w=entropy-heads&step=exercise-most-focused', '?w=causal-mask&step=exercise-blocked-for-like']) {
      const { page } = await open(url, { width, colorScheme });
      await group(page).getByRole('radio').nth(1).check();
      await page.locator('.exercise-check').click();
      await feedback(page).filter({ hasText: /\S/ }).waitFor();
      const axe = await runAxe(page);
      assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), [], url);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), false, `${url}: no sideways scrolling`);
      const name = url.split('step=exercise-')[1];
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `exercise-pick-cell-${name}-${width}-${colorScheme}.png`), fullPage: true });
      await page.close();
    }
  });
}

test('the cost lab’s growth factor is graded by the full engine, loaded with the lesson', async () => {
  const { page, problems } = await open('?w=attention-cost&step=exercise-full-work');
  const field = page.getByLabel('Your answer');
  await field.fill('2');
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'linear in n' }).waitFor();
  await field.fill('4');
  await page.keyboard.press('Enter');
  await feedback(page).filter({ hasText: 'Right' }).waitFor();
  assert.match(await feedback(page).textContent(), /^Right: the engine counts [\d,]+ multiply-adds at n = 256 and [\d,]+ at n = 512, ×4\.$/);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-cost-growth.png'), fullPage: true });
  const axe = await runAxe(page);
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('on paper a pick-cell question prints its matrix with a box in each cell to pick, numbers hidden where the question hides them', async () => {
  const { page, problems } = await open('?w=multi-head&weights=random');
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const step = (id) => page.locator(`.print-handout .handout-step[data-step="${id}"] .handout-grid`);
  await step('exercise-head-1-on').waitFor();
  // Only row "on" has boxes; every cell has its number.
  const row = await step('exercise-head-1-on').locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].slice(1).map((c) => c.textContent)));
  assert.deepEqual(row.map((cells) => cells.filter((c) => c.startsWith('☐')).length), [0, 0, 0, 6, 0, 0]);
  assert.ok(row.flat().every((c) => /\d\.\d{3}$/.test(c)), row.flat().join(' '));
  assert.equal(await step('exercise-head-2-strongest').locator('td', { hasText: '☐' }).count(), 36);
  await page.locator('.print-handout .handout-step[data-step="exercise-head-1-on"]').screenshot({ path: path.join(SCREENSHOT_DIR, 'exercise-pick-cell-print.png') });
  assert.deepEqual(problems, []);
  await page.close();
});
