// Every walkthrough shown step by step (the training lesson has its own view: train-lesson.test.mjs),
// in headless Chromium, on one page per walkthrough: stepped through from its first step to its
// last with no console error and a screenshot of each step at 1280 px; at the last step, axe-core
// finds no accessibility violation in light and in dark mode; then, resized to 375 px in dark
// mode, no sideways scrolling and a screenshot of the whole page, for a person to look at
// (build/screenshots/<walkthrough>-<nn>-<step>.png, <walkthrough>-phone-dark.png).
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

const { open } = usePage();

for (const walkthrough of STEPPED.values()) {
  describe(`walkthrough ${walkthrough.id}`, () => {
    /** The page the first test stepped through, left at the last step for the next two. */
    let opened;
    /** That page, or (if the first test failed before leaving it) one opened at the last step. */
    const atLastStep = async () => {
      if (!opened) {
        opened = await open(`?w=${walkthrough.id}`);
        await opened.page.locator('body').press('End');
      }
      return opened;
    };

    test('steps from first to last with no console errors (screenshots)', async () => {
      const { page, problems } = await open(`?w=${walkthrough.id}`);
      const total = await page.locator('#step-list li').count();
      assert.ok(total >= 3);
      for (let i = 0; i < total; i += 1) {
        assert.equal(await page.locator('#progress').textContent(), `Step ${i + 1} of ${total}`);
        const id = await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step');
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${walkthrough.id}-${String(i + 1).padStart(2, '0')}-${id}.png`), fullPage: true });
        if (i < total - 1) await page.locator('.control-next').click();
      }
      assert.ok(await page.locator('.control-next').isDisabled());
      assert.deepEqual(problems, []);
      opened = { page, problems };
    });

    test('axe finds no accessibility violations at its last step, light and dark', async () => {
      const { page } = await atLastStep();
      for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
        await page.emulateMedia({ colorScheme });
        const results = await runAxe(page);
        const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target}`);
        assert.deepEqual(summary, [], colorScheme);
      }
    });

    test('readable at 375 px in dark mode', async () => {
      const { page, problems } = await atLastStep();
      await page.setViewportSize({ width: 375, height: 667 });
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.locator('body').press('End');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${walkthrough.id}-phone-dark.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
}
