// The lesson "What attention costs" in Chromium, with sizes up to n = 512 so a run is short: the
// measurements run in a Web Worker, the progress bar follows them, Cancel stops them and keeps
// what was measured, Continue measures the rest, and every step's tables hold a row per variant
// with the engine's numbers (peakCells is deterministic, so it is compared with the engine's own
// in Node; times are not, and no test here looks at how long anything took). Keyboard, axe, and
// screenshots of every state at 1280 and 375 px, light and dark, for a person to look at. Under a
// CSP that forbids workers, the lab measures on the page's thread instead.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { previewPage } from '../../scripts/lib/browser.mjs';
import { launchBrowser, openPage, runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open, server } = usePage();
const lab = await loadAttentionLab();

/** Generous: the machine is shared. */
const RUN_MS = 240_000;
const VARIANTS = ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn'];
const SIZES = [64, 128, 256, 512];
const TOTAL = VARIANTS.length * SIZES.length;

const progress = (page) => page.locator('.cost-progress').first();
const done = async (page) => Number(await progress(page).getAttribute('aria-valuenow'));
const shot = (page, name) => page.screenshot({ path: path.join(SCREENSHOT_DIR, `cost-lab-${name}.png`), fullPage: true });

/**
 * Opens the lesson and limits it to n = 64 … 512 through its own control, with 50 timed runs per
 * size: the sizes near 512 then take seconds, so Cancel lands in the middle of a run however fast
 * the machine is (no timing is asserted).
 */
async function openSmall(options = {}) {
  const opened = await open('?w=attention-cost', options);
  const { page } = opened;
  await page.locator('fieldset[data-panel="settings"] [name="maxN"]').selectOption('512');
  await page.locator('fieldset[data-panel="settings"] [name="repeats"]').fill('50');
  await page.locator('fieldset[data-panel="settings"] [name="repeats"]').press('Enter');
  await page.locator(`.cost-progress[aria-valuemax="${TOTAL}"]`).waitFor();
  return opened;
}

const goToStep = async (page, id) => {
  await page.locator(`#step-list button[data-step="${id}"]`).click();
  await page.locator(`.cost-panel[data-panel="cost-${id}"]`).waitFor();
};

const axe = async (page) => {
  const { violations } = await runAxe(page);
  return violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target}`);
};

test('the cost lab measures in a Web Worker with a progress bar; Cancel keeps what was measured and Continue finishes; each table has a row per variant with the engine’s peakCells', { timeout: 2 * RUN_MS }, async () => {
  const { page, problems } = await openSmall();
  assert.equal(await done(page), 0);
  assert.equal(await page.locator('.cost-cancel').isDisabled(), true);
  await shot(page, '01-idle');

  // Started from the keyboard.
  await page.locator('.cost-start').focus();
  const started = page.workers().length > 0 ? Promise.resolve() : page.waitForEvent('worker', { timeout: 30_000 });
  await page.keyboard.press('Enter');
  await started;
  assert.ok(page.workers().length > 0, 'the measurements run in a Web Worker');
  await page.waitForFunction(() => Number(document.querySelector('.cost-progress')?.getAttribute('aria-valuenow')) >= 3, null, { timeout: RUN_MS });
  assert.match(await progress(page).getAttribute('aria-valuetext'), new RegExp(`^Measured \\d+ of ${TOTAL}; now .+ at n = \\d+\\.$`));
  await shot(page, '02-running');

  await page.locator('.cost-cancel').click();
  const kept = await done(page);
  assert.ok(kept >= 3 && kept < TOTAL, `cancelled after ${kept}`);
  assert.match(await progress(page).getAttribute('aria-valuetext'), new RegExp(`^Cancelled after ${kept} of ${TOTAL} measurements; what was measured is kept\\.$`));
  await page.waitForTimeout(500);
  assert.equal(await done(page), kept, 'nothing is measured after Cancel');
  const measuredCells = await page.locator('.cost-table tbody td span[title], .cost-table tbody td .refused').count();
  assert.equal(measuredCells, kept, 'the table keeps every cell measured (or refused) before Cancel');
  assert.equal(await page.locator('.cost-start').textContent(), 'Continue measuring');
  await shot(page, '03-cancelled');

  await page.locator('.cost-start').click();
  await page.locator(`.cost-progress[aria-valuenow="${TOTAL}"]`).waitFor({ timeout: RUN_MS });
  assert.match(await page.locator('.cost-status').textContent(), new RegExp(`^All ${TOTAL} measurements done\\.$`));
  assert.deepEqual(await page.locator('.cost-table tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-variant'))), VARIANTS);
  assert.equal(await page.locator('.cost-table tbody td .waiting').count(), 0, 'every cell measured or refused');
  await shot(page, '04-plan-measured');

  await goToStep(page, 'time');
  await page.locator('.cost-chart svg').waitFor();
  assert.ok(await page.locator('.cost-chart .chart-legend li').count() >= 1, 'a line per variant measured');
  assert.equal(await page.locator('.cost-chart .chart-table tbody tr').count(), SIZES.length, 'the plot’s table alternative has a row per n');
  assert.match(await page.locator('.cost-chart .chart-legend').textContent(), /full attention, slope [\d.]+/);
  await shot(page, '05-time');

  await goToStep(page, 'memory');
  const peak = await page.locator('.cost-table tbody tr').evaluateAll((rows) => rows.map((r) => [r.getAttribute('data-variant'),
    [...r.querySelectorAll('td span')].map((s) => s.getAttribute('title')?.replace('peakCells = ', '') ?? s.textContent)]));
  assert.deepEqual(peak.map(([v]) => v), VARIANTS);
  const notes = await page.locator('.cost-notes li').allTextContents();
  for (const [variant, cells] of peak) {
    SIZES.forEach((n, k) => {
      // The page shows what the engine gives for the same arguments: peakCells, or its refusal as a note.
      let engine;
      try {
        engine = String(lab.measureCost({ variant, n, d: 64, repeats: 1, block: 64, window: 32, seed: 0 }).peakCells);
      } catch (error) {
        assert.equal(cells[k], 'refused', `${variant} at n = ${n}`);
        assert.ok(notes.some((note) => note.endsWith(`n = ${n}: ${error.message}`)), `${variant} at n = ${n}: the engine's message as a note`);
        return;
      }
      assert.equal(cells[k], engine, `${variant} at n = ${n}: the engine's peakCells`);
    });
  }
  await shot(page, '06-memory');

  await goToStep(page, 'complexity');
  const rows = await page.locator('.cost-table tbody tr').evaluateAll((trs) => trs.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent)));
  assert.equal(rows.length, VARIANTS.length);
  assert.deepEqual(rows.map((r) => r[1]), ['O(n²·d)', 'O(n²·d)', 'O(n²·d)', 'O(n·d²)', 'O(n·w·d)', 'O(n·d²)']);
  const measuredAll = peak.filter(([, cells]) => cells.every((c) => c !== 'refused')).map(([v]) => v);
  assert.ok(measuredAll.includes('full'), 'full attention was measured at every size');
  for (const row of rows.filter((r) => measuredAll.includes(VARIANTS[rows.indexOf(r)]))) {
    assert.equal(row[4], '512', `${row[0]}: measured up to n = 512`);
    assert.match(row[3].replace('−', '-'), /^-?[\d.]+$/, `${row[0]}: a fitted slope`);
  }
  await shot(page, '07-complexity');

  assert.deepEqual(await axe(page), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the cost lab at 375 px in dark mode: no sideways scrolling, readable tables, no axe violations', { timeout: RUN_MS }, async () => {
  const { page, problems } = await openSmall({ width: 375, colorScheme: 'dark' });
  await page.locator('.cost-start').click();
  await page.locator(`.cost-progress[aria-valuenow="${TOTAL}"]`).waitFor({ timeout: RUN_MS });
  for (const id of ['plan', 'time', 'memory', 'complexity']) {
    await goToStep(page, id);
    if (id === 'time') await page.locator('.cost-chart svg').waitFor();
    await shot(page, `phone-dark-${id}`);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `${id}: the page scrolls sideways by ${overflow}px`);
    assert.deepEqual(await axe(page), [], id);
  }
  assert.deepEqual(problems, []);
  await page.close();
});

test('where a CSP forbids workers, the cost lab measures on the page’s thread, and finishes all the same', { timeout: RUN_MS }, async () => {
  const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'none'";
  // The same build, served again with the CSP.
  const strict = await previewPage({ outDir: server().outDir, headers: { 'Content-Security-Policy': csp } });
  const browser = await launchBrowser();
  try {
    const { page, problems } = await openPage(browser.context, `${strict.url}?w=attention-cost`);
    await page.locator('fieldset[data-panel="settings"] [name="maxN"]').selectOption('64');
    await page.locator('.cost-progress[aria-valuemax="6"]').waitFor();
    await page.locator('.cost-start').click();
    await page.locator('.cost-progress[aria-valuenow="6"]').waitFor({ timeout: RUN_MS });
    assert.equal(page.workers().length, 0, 'no worker ran');
    assert.equal(await page.locator('.cost-table tbody td .waiting').count(), 0, 'every variant was measured or refused');
    assert.ok(await page.locator('.cost-table tbody tr[data-variant="full"] td span[title]').count() === 1, 'full attention was measured');
    // The browser reports the worker it refused; nothing else may go wrong.
    assert.deepEqual(problems.filter((p) => !/worker-src|Refused to create a worker/i.test(p)), []);
    await page.close();
  } finally {
    await browser.close();
    await strict.close();
  }
});
