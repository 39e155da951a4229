// The page benchmark's rendering floor (scripts/bench/page/floor.mjs) records one real edit and
// puts its changes back and forth with no script work. Its figures mean something only if what
// it puts back is exactly what the edit changed: these tests check that the recorded "before"
// and "after" states are the page before and after the edit, tables and canvases alike.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { floorStart, floorStop } from '../../scripts/bench/page/floor.mjs';
import { runEdits } from '../../scripts/bench/page/in-page.mjs';
import { scenarios } from '../../scripts/bench/page/edits.mjs';
import { usePage } from './browser.mjs';

const { open } = usePage();
const scenario = (id) => /** @type {any} */ (scenarios().find((s) => s.id === id));

/** The step's panels as HTML, and every canvas's pixels as text. */
function snapshot() {
  const panels = /** @type {HTMLElement} */ (document.querySelector('#panels'));
  const pixels = [...panels.querySelectorAll('canvas')].map((canvas) => {
    const { data } = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
    let hash = 0;
    for (let i = 0; i < data.length; i += 1) hash = (Math.imul(hash, 31) + data[i]) | 0;
    return `${canvas.width}×${canvas.height}:${hash}`;
  });
  return { html: panels.innerHTML, pixels };
}
/** The page's problems, less Chromium's advice about this test's own canvas reads. */
const pageProblems = (problems) => problems.filter((p) => !/getImageData are faster with the willReadFrequently/.test(p));
const applyRecorded = (which) => /** @type {any} */ (window).__floor.apply(/** @type {any} */ (window).__floor.states[which]);

/** Records one real edit and checks both recorded states against the page itself. */
async function checkRecording(page, { mode, cell, value, urls }) {
  // runEdits reads the benchmark's engine timers (instrument.mjs), not installed here.
  await page.evaluate(() => { /** @type {any} */ (window).__bench ??= { reset() {}, acc: { lab: 0, core: 0, labCalls: 0, coreCalls: 0, byName: {} } }; });
  const before = await page.evaluate(snapshot);
  await page.evaluate(floorStart);
  await page.evaluate(runEdits, { mode, values: [value], cell, field: 'seed', urls, gapMs: 0 });
  const changed = await page.evaluate(floorStop);
  const after = await page.evaluate(snapshot);
  assert.notDeepEqual(after, before, 'the edit changed the panels');

  await page.evaluate(applyRecorded, 'A');
  assert.deepEqual(await page.evaluate(snapshot), before, 'state A is the page before the edit');
  await page.evaluate(applyRecorded, 'B');
  assert.deepEqual(await page.evaluate(snapshot), after, 'state B is the page after the edit');

  // The timed replay (runEdits with floor) puts B, then A, then B: the page as after the edit.
  const values = [value, value, value];
  const samples = await page.evaluate(runEdits, { mode, values, cell, field: 'seed', urls: urls && values.map(() => urls[0]), gapMs: 0, floor: true });
  assert.equal(samples.length, 3);
  for (const s of samples) assert.ok(Number.isFinite(s.work) && s.work >= 0, `work ${s.work}`);
  assert.deepEqual(await page.evaluate(snapshot), after, 'the replay ends on the page as the edit left it');
  return changed;
}

test('the floor of a table edit puts back exactly what the edit changed', async () => {
  const s = scenario('worked-example');
  const { page, problems } = await open(s.search);
  const changed = await checkRecording(page, { mode: 'cell', cell: s.cell, value: s.values[0] });
  assert.ok(changed.elements + changed.texts + changed.attributes > 0, JSON.stringify(changed));
  assert.deepEqual(pageProblems(problems), []);
  await page.close();
});

test('the floor of a seed change records the canvases it redrew, pixel for pixel', async () => {
  const s = scenario('multi-head-heads');
  const { page, problems } = await open(s.search);
  await page.locator(`#step-list button[data-step="${s.step}"]`).click();
  const urls = s.values.map((v) => s.urlFor(v));
  const changed = await checkRecording(page, { mode: 'popstate', value: s.values[0], urls: [urls[0]] });
  assert.equal(changed.canvases, 8, 'every head\'s weights changed');
  assert.deepEqual(pageProblems(problems), []);
  await page.close();
});
