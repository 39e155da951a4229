// Every walkthrough shown step by step (the training lesson has its own view: train-lesson.test.mjs),
// stepped through from its first step to its last in headless Chromium, with no console error, and
// a screenshot of each step at 1280 px and of the last at 375 px in dark mode, for a person to look
// at (build/screenshots/<walkthrough>-<nn>-<step>.png). Their accessibility is checked in
// walkthrough-axe.test.mjs, a file of its own so that the two run side by side.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SCREENSHOT_DIR, usePage } from './browser.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

const { open } = usePage();

describe('every walkthrough', () => {
  for (const walkthrough of STEPPED.values()) {
    test(`${walkthrough.id}: steps from first to last with no console errors (screenshots)`, async () => {
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
      await page.close();
    });

    test(`${walkthrough.id}: readable at 375 px in dark mode`, async () => {
      const { page, problems } = await open(`?w=${walkthrough.id}`, { width: 375, colorScheme: 'dark' });
      await page.locator('body').press('End');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${walkthrough.id}-phone-dark.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      assert.deepEqual(problems, []);
      await page.close();
    });

  }
});
