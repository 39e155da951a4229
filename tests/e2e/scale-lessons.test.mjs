// The lessons "Flash attention, tile by tile" and "The KV cache" in headless Chromium: reached
// from the menu, stepped through, the tile size changed, a running number explained by keyboard
// and checked against flashAttention run here in Node, the proof panel's difference within 1e-15,
// the cache growing a row per token, axe with an explanation open in light and dark, and every
// step photographed at 375 px in dark with no sideways scrolling (build/screenshots/flash-*.png,
// kv-cache-*.png; every step at 1280 px, of these as of every walkthrough: walkthrough-screens).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadAttentionLab } from 'attention-lab';
import { runAxe, screenshot, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();
const lab = await loadAttentionLab();

const WORKED = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };

const goToStep = (page, id) => page.locator(`#step-list button[data-step="${id}"]`).click();
/** The exact values of a matrix panel, read from its cells' titles ("exact: …"), row by row. */
async function exactValues(page, panel) {
  const cells = page.locator(`figure[data-panel="${panel}"] td[data-row]`);
  const found = await cells.evaluateAll((tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col), td.title.replace(/^exact: /, '')]));
  const rows = [];
  for (const [row, col, text] of found) (rows[row] ??= [])[col] = text === '−∞' ? -Infinity : Number(text);
  return rows;
}
const stepIds = (page) => page.locator('#step-list button[data-step]').evaluateAll((buttons) => buttons.map((b) => b.dataset.step));

describe('flash attention, tile by tile', () => {
  test('the menu opens it; each tile shows flashAttention’s numbers, and a wider tile gives fewer steps', async () => {
    const { page, problems } = await open();
    await page.locator('.lesson-link[data-lesson="flash-attention"]').click();
    await page.locator('#walkthrough-title', { hasText: 'The worked example, one key at a time' }).waitFor();
    assert.deepEqual(await stepIds(page), ['inputs', 'scores', 'exercise-first-partial', 'tile-0-0', 'tile-0-1', 'tile-0-2', 'exercise-divide-once', 'normalise', 'proof']);

    const trace = lab.flashAttention({ ...WORKED, blockRows: 1, blockCols: 1 });
    for (const [k, tile] of trace.tiles.entries()) {
      const id = `tile-0-${k}`;
      await goToStep(page, id);
      const [[tileMax, before, after, alpha, , sum]] = await exactValues(page, `${id}-running`);
      assert.deepEqual([tileMax, before, after, alpha, sum], [tile.tileMax[0], tile.maxBefore[0], tile.maxAfter[0], tile.rescale[0], tile.sumAfter[0]], id);
      assert.deepEqual(await exactValues(page, `${id}-partial`), tile.partialOutput, id);
    }

    await goToStep(page, 'inputs');
    const blockCols = page.locator('fieldset[data-panel="tiles"] input[name="blockCols"]');
    await blockCols.fill('2');
    await blockCols.press('Enter');
    await page.locator('#step-list button[data-step="tile-0-1"]').waitFor();
    await page.waitForFunction(() => !document.querySelector('#step-list button[data-step="tile-0-2"]'));
    const wide = lab.flashAttention({ ...WORKED, blockRows: 1, blockCols: 2 });
    await goToStep(page, 'tile-0-0');
    assert.deepEqual(await exactValues(page, 'tile-0-0-partial'), wide.tiles[0].partialOutput);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('Enter on a rescale factor explains it with the trace’s numbers, and the proof’s difference is within 1e-15', async () => {
    const { page, problems } = await open('?w=flash-worked-example&step=tile-0-1');
    await page.locator('figure[data-panel="tile-0-1-running"] td[data-row="0"][data-col="3"]').focus();
    await page.keyboard.press('Enter');
    const explain = page.locator('#explain');
    await explain.locator('.arithmetic').first().waitFor();
    assert.equal(await explain.locator('.arithmetic').first().textContent(), 'α₀ = e^(m before − m after) = e^(0.707 − 1.414) = 0.493');
    const tile = lab.flashAttention({ ...WORKED, blockRows: 1, blockCols: 1 }).tiles[1];
    assert.equal(await explain.locator('.exact').textContent(), `Exact value: ${tile.rescale[0]}`);

    await goToStep(page, 'proof');
    const difference = (await exactValues(page, 'difference')).flat();
    assert.ok(difference.every((x) => Math.abs(x) <= 1e-15), `differences ${difference}`);
    const full = lab.attention(WORKED);
    assert.deepEqual(await exactValues(page, 'full-output'), full.output);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('axe finds no violations with a running number explained, in light and dark', async () => {
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      const { page } = await open('?w=flash-causal-tiles&step=tile-0-1', { colorScheme });
      await page.locator('figure[data-panel="tile-0-1-running"] td[data-row="0"][data-col="5"]').click();
      await page.locator('#explain .arithmetic').first().waitFor();
      const { violations } = await runAxe(page);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target}`), [], colorScheme);
      await page.close();
    }
  });
});

describe('the KV cache', () => {
  test('the cache grows a row per token, and the check against recomputing is within 1e-12', async () => {
    const { page, problems } = await open();
    await page.locator('.lesson-link[data-lesson="kv-cache"]').click();
    await page.locator('#walkthrough-title', { hasText: 'Decoding six tokens with a KV cache' }).waitFor();
    for (const t of [0, 3, 5]) {
      await goToStep(page, `token-${t}`);
      assert.equal(await page.locator('figure[data-panel="cached-keys"] tbody tr').count(), t + 1);
    }
    await goToStep(page, 'check');
    const difference = (await exactValues(page, 'difference')).flat();
    assert.ok(difference.every((x) => Math.abs(x) <= 1e-12));
    await goToStep(page, 'memory');
    assert.match(await page.locator('figure[data-panel="memory"]').textContent(), /37\u202F748\u202F736/);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('screenshots', () => {
  for (const [id, prefix] of [['flash-worked-example', 'flash-worked'], ['flash-causal-tiles', 'flash-causal'], ['kv-cache', 'kv-cache']]) {
    test(`${id}: every step at 375 px in dark, with no sideways scrolling`, async () => {
      for (const [width, colorScheme] of /** @type {const} */ ([[375, 'dark']])) {
        const { page, problems } = await open(`?w=${id}`, { width, colorScheme });
        for (const [i, step] of (await stepIds(page)).entries()) {
          await goToStep(page, step);
          await page.locator(`#step-list button[data-step="${step}"][aria-current="step"]`).waitFor();
          await screenshot(page, path.join(SCREENSHOT_DIR, `${prefix}-${width}-${String(i + 1).padStart(2, '0')}-${step}.png`), { fullPage: true });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          assert.ok(overflow <= 0, `${step} at ${width}px scrolls sideways by ${overflow}px`);
        }
        assert.deepEqual(problems, []);
        await page.close();
      }
    });
  }
});
