// How the lesson "Watch attention learn" redraws while a model trains (the page stays
// responsive). Not timings, which would flake on a shared machine (scripts/bench/page.mjs
// measures them), but the work done: a closed chart table is not built or touched, the heads'
// tables are updated in place, an opened table shows the numbers of now and then only gains
// rows (in a box that scrolls, axe-clean), and the curve's step labels never crowd, at 375 px
// either.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { runAxe, usePage } from './browser.mjs';

const { open } = usePage();

const TRAINING_MS = 240_000;
const stepOf = async (page) => Number((await page.locator('#training-status').textContent()).match(/^Step (\d+)/)[1]);

/** Sets the run's length and presses Train; resolves once it has passed `step`. */
async function trainPast(page, step, until = 100000) {
  await page.locator('#train-target').fill(String(until));
  await page.locator('#train-target').dispatchEvent('change');
  await page.locator('#train-button').click();
  await page.waitForFunction((s) => Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1]) > s, step, { timeout: TRAINING_MS });
}

/** In the page: records every change under `selector` from now on (childList, text, attributes). */
function watch(selector) {
  const target = document.querySelector(selector);
  // removed: elements only (setting a cell's text replaces its text node, which is fine).
  const record = { childList: 0, characterData: 0, attributes: 0, removed: 0 };
  window.__watched ??= {};
  window.__watched[selector] = record;
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      record[m.type] += 1;
      record.removed += [...m.removedNodes].filter((node) => node.nodeType === Node.ELEMENT_NODE).length;
    }
  }).observe(target, { subtree: true, childList: true, characterData: true, attributes: true });
}
const watched = (page, selector) => page.evaluate((s) => window.__watched[s], selector);

test('while training, the closed chart tables stay empty and untouched, and the heads’ tables and buttons are the same elements, updated in place', { timeout: TRAINING_MS }, async () => {
  const { page, problems } = await open('?train=reverse&speed=max', { ready: '#training-status[data-state="ready"]' });
  await page.locator('#training-loss summary').waitFor();
  assert.equal(await page.locator('#training-loss details').getAttribute('open'), null, 'the table starts closed');
  await trainPast(page, 50);
  await page.evaluate(() => {
    // Marks each head's table and button: a rebuilt one would come without the mark.
    document.querySelectorAll('.head table, .head .ablate').forEach((node) => { node.dataset.marked = 'yes'; });
  });
  for (const selector of ['#training-loss details table', '#training-accuracy details table', '.head-grid']) await page.evaluate(watch, selector);
  const circles = await page.locator('#training-loss circle').count();
  const from = await stepOf(page);
  await page.waitForFunction((s) => Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1]) > s + 200, from, { timeout: TRAINING_MS });
  // The charts redraw on their own schedule, after the status line: under load they may trail it.
  const gained = await page.waitForFunction((n) => document.querySelectorAll('#training-loss circle').length > n, circles, { timeout: 30_000 }).then(() => true, () => false);
  assert.ok(gained, 'the curve gained points meanwhile');

  for (const selector of ['#training-loss details table', '#training-accuracy details table']) {
    assert.deepEqual(await watched(page, selector), { childList: 0, characterData: 0, attributes: 0, removed: 0 }, `${selector}: not touched while closed`);
  }
  assert.equal(await page.locator('#training-loss details tbody tr').count(), 0, 'a closed table is not built');
  const heads = await watched(page, '.head-grid');
  assert.equal(heads.removed, 0, 'no head element was removed (or replaced)');
  assert.ok(heads.characterData + heads.childList > 0, 'the heads’ numbers changed as the model trained');
  const unmarked = await page.locator('.head table:not([data-marked]), .head .ablate:not([data-marked])').count();
  assert.equal(unmarked, 0, 'every head table and button is the one drawn before');
  assert.deepEqual(problems, []);
  await page.close();
});

test('opening a chart’s table shows every point of the curve up to now; while open it only gains rows, in a box that scrolls; axe passes; the step labels do not crowd at 1280 or 375 px', { timeout: TRAINING_MS }, async () => {
  for (const width of [1280, 375]) {
    const { page, problems } = await open('?train=reverse&speed=max', { width, ready: '#training-status[data-state="ready"]' });
    await trainPast(page, 100, 500);
    // Paused, so that the table and the chart can be compared at one step.
    await page.locator('#train-button').click();
    await page.locator('#training-status[data-state="paused"]').waitFor();
    await page.locator('#training-loss summary').click();
    const table = page.locator('#training-loss details table');
    await page.waitForFunction(() => document.querySelectorAll('#training-loss details tbody tr').length > 0);
    const rows = async () => table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((c) => c.textContent)));
    const heldOutSteps = async () => page.locator('#training-loss g.series').nth(1).locator('circle title')
      .evaluateAll((titles) => titles.map((t) => t.textContent.match(/step (\d+)/)[1]));
    const opened = await rows();
    assert.ok(opened.length >= 5, `at least steps 0, 25, 50, 75, 100 (${opened.length} rows)`);
    // A number as the page writes it (model/format.ts): −0.123, or 1.23×10⁻⁴ once a loss gets that small.
    const isNumber = (/** @type {string} */ cell) => /^(−?[\d.]+(×10[⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)?|–)$/.test(cell);
    assert.equal(opened.find((row) => row.length !== 3 || !row.slice(1).every(isNumber)), undefined, 'a step, and a number (or –) per curve');
    assert.deepEqual(opened.map((row) => row[0]), await heldOutSteps(), 'a row per held-out point on the chart, in order');
    const evaluatedAt = (await page.locator('#training-status').textContent()).match(/held-out accuracy [\d.]+ % \(step (\d+)\)/)[1];
    assert.equal(opened.at(-1)[0], evaluatedAt, 'the last row is the last evaluation');

    await page.locator('#train-button').click();
    await page.evaluate(() => { document.querySelector('#training-loss details tbody tr').dataset.marked = 'yes'; });
    await page.locator('#training-status[data-state="finished"]').waitFor({ timeout: TRAINING_MS });
    await page.waitForFunction(() => document.querySelector('#training-loss details tbody tr:last-child th')?.textContent === '500');
    const finished = await rows();
    assert.deepEqual(finished.map((row) => row[0]), await heldOutSteps(), 'the open table kept up with the curve');
    assert.deepEqual(finished.slice(0, opened.length - 1), opened.slice(0, -1), 'earlier rows unchanged');
    assert.equal(await table.locator('tbody tr[data-marked]').count(), 1, 'the first row is the same element');
    // Hundreds of rows in a long run: the table scrolls in its own box, which a keyboard can reach.
    const box = await page.locator('#training-loss .chart-table-box').evaluate((b) => ({ scrolls: b.scrollHeight > b.clientHeight, tabIndex: b.tabIndex, name: b.getAttribute('aria-labelledby') }));
    assert.deepEqual({ scrolls: box.scrolls, tabIndex: box.tabIndex }, { scrolls: true, tabIndex: 0 });
    assert.match(await page.locator(`#${box.name}`).textContent(), /^Cross-entropy loss/);
    const { violations } = await runAxe(page);
    assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), [], 'axe, with the table open');

    for (const chart of ['#training-loss', '#training-accuracy']) {
      const boxes = await page.locator(`${chart} svg > g`).first().locator('.tick text').evaluateAll((texts) => texts.map((t) => {
        const r = t.getBoundingClientRect();
        return [r.left, r.right, r.height, t.textContent];
      }));
      assert.ok(boxes.length >= 3, `${chart}: at least 3 step labels (${boxes.length})`);
      // At least half the text's height (about a space) between two labels.
      boxes.slice(1).forEach(([left, , height, text], i) => assert.ok(left - boxes[i][1] >= height / 2, `${chart} at ${width} px: "${boxes[i][3]}" and "${text}" crowd (${(left - boxes[i][1]).toFixed(1)} px apart)`));
    }
    assert.deepEqual(problems, []);
    await page.close();
  }
});
