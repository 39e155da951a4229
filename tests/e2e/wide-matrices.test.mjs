// Matrices wider than their box: a 32-column output scrolls sideways with its
// row labels held in place, a cue names the columns in view and follows the scrolling, and
// "Fit all 32 columns" shrinks the numbers so the whole matrix shows. Screenshots at 1280 and
// 375 px for a person to look at.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

/** The worked example with a value matrix 32 columns wide, so the output has 32 columns. */
const value = Array.from({ length: 3 }, (_, i) => Array.from({ length: 32 }, (_, j) => Math.round(((i + 1) * (j + 3)) % 7) / 4));
const LINK = `?w=worked-example&step=output#in=${encodeURIComponent(JSON.stringify({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value }))}`;

const output = (page) => page.locator('figure[data-panel="output"]');

test('a 32-column output says which columns are in view, keeps its row label while scrolling, and fits whole on request', async () => {
  const { page, problems } = await open(LINK);
  const cue = output(page).locator('.overflow-cue');
  await cue.filter({ hasText: /^Columns 1–\d+ of 32 shown; scroll sideways for the rest\.$/ }).waitFor();
  const shownAtFirst = Number((await cue.textContent()).match(/–(\d+)/)[1]);
  assert.ok(shownAtFirst < 32, `columns 1–${shownAtFirst} in view`);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wide-matrix-1280.png') });

  const scroller = output(page).locator('.matrix-scroll');
  const label = output(page).locator('th[scope="row"]').first();
  const labelLeft = await label.evaluate((th) => th.getBoundingClientRect().left);
  await scroller.evaluate((s) => { s.scrollLeft = s.scrollWidth; });
  await cue.filter({ hasText: /–32 of 32 shown/ }).waitFor();
  assert.equal(await label.evaluate((th) => th.getBoundingClientRect().left), labelLeft, 'the row label stays in place');

  await output(page).getByRole('button', { name: 'Fit all 32 columns' }).click();
  await cue.filter({ hasText: 'All 32 columns shown.' }).waitFor();
  assert.equal(await output(page).locator('.overflow-whole').getAttribute('aria-pressed'), 'true');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wide-matrix-1280-fit.png') });
  await output(page).getByRole('button', { name: 'Full-size numbers' }).click();
  await cue.filter({ hasText: /^Columns \d+–\d+ of 32 shown/ }).waitFor();
  assert.deepEqual(problems, []);
  await page.close();
});

test('at 375 px the wide output scrolls inside its box, not the page, and passes axe', async () => {
  const { page, problems } = await open(LINK, { width: 375 });
  await output(page).locator('.overflow-cue').filter({ hasText: /of 32 shown/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth), false);
  await output(page).scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'wide-matrix-375.png') });
  const axe = await runAxe(page, 'figure[data-panel="output"]');
  assert.deepEqual(axe.violations.map((v) => v.id), []);
  assert.deepEqual(problems, []);
  await page.close();
});
