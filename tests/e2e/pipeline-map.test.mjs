// The map of the transformer on every step (web/src/views/pipeline-map-view.ts):
// the stage(s) of the step on screen are marked current on steps of several kinds and follow the
// step, a stage's link opens the lesson that covers it (by mouse and by keyboard), the map is
// axe-clean at 1280 and 375 px in light and dark, keeps to the step number's line on a phone, and is
// hidden when an embed hides the header or the menu.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

const MAP = 'nav[aria-label="Where this step sits in a transformer"]';

/** The labels of the stages marked current. */
const current = (page) => page.locator(`${MAP} a[aria-current="step"]`).allTextContents();

/** axe's violations on the page, as one line each. */
async function violations(page) {
  const axe = await runAxe(page);
  return axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

describe('the pipeline map', () => {
  test('marks the stage of the step on screen, on steps of several kinds, and follows the step', async () => {
    const { page, problems } = await open('?w=worked-example&step=softmax');
    assert.equal(await page.locator(`${MAP} a`).count(), 13);
    assert.deepEqual(await current(page), ['Softmax']);
    await page.locator('#step-list button[data-step="scores"]').click();
    await page.locator(`${MAP} a[aria-current="step"]`, { hasText: 'Scores' }).waitFor();
    assert.deepEqual(await current(page), ['Scores QKᵀ']);
    await page.locator('.control-next').click();
    await page.locator(`${MAP} a[aria-current="step"]`, { hasText: '÷√d_k' }).waitFor();
    await page.close();

    for (const [search, expected] of [
      ['?w=causal-mask&step=mask', ['Mask']],
      ['?w=multi-head&step=concat', ['Concat']],
      ['?w=sentence-self-attention&step=embed', ['Tokens', 'Embeddings + positions']],
      ['?w=positional-encoding&step=waves', ['Embeddings + positions']],
      ['?w=encoder-layer&step=feed-forward', ['Feed-forward']],
      ['?w=attention-backward&step=grad-scaled', ['Softmax']],
      ['?w=soft-lookup', ['Q, K, V']],
      ['?w=attention-cost', []],
    ]) {
      const opened = await open(search);
      assert.deepEqual(await current(opened.page), expected, search);
      problems.push(...opened.problems);
      await opened.page.close();
    }
    assert.deepEqual(problems, []);
  });

  test('a stage’s link opens the lesson that covers it, as a link to its first walkthrough', async () => {
    const { page, problems } = await open('?w=worked-example&step=softmax');
    const wO = page.locator(`${MAP} a`, { hasText: 'W_O' });
    assert.equal(await wO.getAttribute('href'), '?w=model-heads-on-a-sentence');
    await wO.click();
    await page.locator('.lesson-link[data-lesson="multi-head"][aria-current="page"]').waitFor();
    assert.match(new URL(page.url()).search, /w=model-heads-on-a-sentence/);
    assert.deepEqual(await current(page), ['Tokens'], 'the new lesson’s first step: the model’s characters');
    assert.equal(await page.locator(`${MAP} a`, { hasText: 'Q, K, V' }).getAttribute('title'), 'Lesson 1: Why Q, K and V');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('is reached with Tab, shows where the focus is, and a stage opens with Enter', async () => {
    const { page, problems } = await open('?w=worked-example&step=scale');
    let inMap = false;
    for (let i = 0; i < 40 && !inMap; i += 1) {
      await page.keyboard.press('Tab');
      inMap = await page.evaluate((selector) => Boolean(document.activeElement?.closest(selector)), MAP);
    }
    assert.ok(inMap, 'a stage link takes the focus within 40 Tabs');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.equal(outline, 'solid', 'a visible focus ring');
    assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Tokens');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'pipeline-map-focus-1280.png'), clip: { x: 0, y: 0, width: 1280, height: 260 } });
    await page.keyboard.press('Enter');
    await page.locator('.lesson-link[data-lesson="tokens"][aria-current="page"]').waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('goes with the steps: the training lesson, which has none, shows none, and the next walkthrough has it back', async () => {
    const { page, problems } = await open('?w=worked-example&step=softmax');
    await page.locator('.lesson-link[data-lesson="train"]').click();
    await page.locator('.lesson-link[data-lesson="train"][aria-current="page"]').waitFor();
    assert.equal(await page.locator(MAP).count(), 0);
    await page.locator('.lesson-link[data-lesson="masks"]').click();
    await page.locator(`${MAP} a[aria-current="step"]`, { hasText: 'Q, K, V' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  for (const colorScheme of ['light', 'dark']) {
    test(`at 1280 px (${colorScheme}) it is one or two lines beside the step's number, axe-clean`, async () => {
      const { page, problems } = await open('?w=encoder-layer&step=attention', { colorScheme });
      assert.deepEqual(await current(page), ['Q, K, V', 'Scores QKᵀ', '÷√d_k', 'Softmax', 'Weighted sum', 'Heads', 'Concat', 'W_O']);
      const height = await page.locator(MAP).evaluate((e) => e.getBoundingClientRect().height);
      assert.ok(height <= 80, `map ${height} px`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `pipeline-map-1280-${colorScheme}.png`) });
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test(`at 375 px (${colorScheme}) it shares the step number's line and scrolls to the current stage, axe-clean`, async () => {
      const { page, problems } = await open('?w=encoder-layer&step=feed-forward', { width: 375, colorScheme });
      await page.setViewportSize({ width: 375, height: 667 });
      const list = page.locator(`${MAP} ol`);
      const box = await list.evaluate((e) => ({ height: e.getBoundingClientRect().height, scrolls: e.scrollWidth > e.clientWidth, left: e.scrollLeft }));
      assert.ok(box.height <= 30, `one line: ${box.height} px`);
      const [number, map] = await Promise.all(['#progress', MAP].map((s) => page.locator(s).evaluate((e) => Math.round(e.getBoundingClientRect().top + e.getBoundingClientRect().height / 2))));
      assert.ok(Math.abs(number - map) <= 4, `beside "Step N of M": ${number} / ${map}`);
      assert.ok(box.scrolls && box.left > 0, 'the line scrolls, and was scrolled towards the current stage');
      const inView = await page.locator(`${MAP} a[aria-current="step"]`).evaluate((a) => {
        const line = a.closest('ol').getBoundingClientRect();
        const stage = a.getBoundingClientRect();
        return { line: [line.left, line.right], stage: [stage.left, stage.right] };
      });
      assert.ok(inView.stage[0] >= inView.line[0] - 1 && inView.stage[1] <= inView.line[1] + 1, `the current stage is in view: ${JSON.stringify(inView)}`);
      assert.equal(await page.evaluate(() => document.documentElement.scrollWidth), 375, 'no page-wide sideways scroll');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `pipeline-map-375-${colorScheme}.png`) });
      assert.deepEqual(await violations(page), []);
      assert.deepEqual(problems, []);
      await page.close();
    });
  }

  test('is hidden when an embed hides the header or the menu', async () => {
    for (const search of ['?embed=1&w=causal-mask', '?w=causal-mask&hide=menu', '?w=causal-mask&hide=header']) {
      const { page, problems } = await open(search);
      assert.equal(await page.locator(MAP).isVisible(), false, search);
      assert.deepEqual(problems, []);
      await page.close();
    }
    const shown = await open('?w=causal-mask&hide=prose');
    assert.ok(await shown.page.locator(MAP).isVisible());
    await shown.page.close();
  });
});
