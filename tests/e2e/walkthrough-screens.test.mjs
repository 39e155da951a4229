// Every walkthrough shown step by step (the training lesson has its own view: train-lesson.test.mjs),
// in headless Chromium, served under the strict Content-Security-Policy a careful site sets
// (STRICT_CSP, tests/e2e/browser.mjs), on one page per walkthrough: its first screen at
// 1280 × 800 in light and dark (one number format, formulas that fit or show that they scroll:
// first-screens.mjs); stepped through from its first step to its last with no console error, no
// policy violation, no sideways scrolling and a screenshot of each step at 1280 px; at the last step, axe-core finds no
// accessibility violation in light and in dark mode; then, resized to 375 × 667, its first step as
// a phone shows it (a one-line header, a player of at most 56 px, the step's title above it, one
// number format, formulas that fit: phoneFirstScreen and checkFirstScreen) and its last step in
// dark mode with no sideways scrolling, and a screenshot of the whole page, for a person to look
// at (build/screenshots/<walkthrough>-<nn>-<step>.png, <walkthrough>-phone-dark.png). One visit a
// walkthrough for all of these: each visit costs about a CPU-second of Chromium.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { cspViolations, runAxe, screenshot, SCREENSHOT_DIR, usePage } from './browser.mjs';
import { checkFirstScreen, phoneFirstScreen, PHONE } from './first-screens.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

const { open } = usePage({ csp: true });

for (const walkthrough of STEPPED.values()) {
  describe(`walkthrough ${walkthrough.id}`, () => {
    /** The page the first test opened, for the tests after it (each opens its own if it failed). */
    let opened;
    /** The policy violations seen while it was stepped through. */
    let violations;
    /** Opened at its first step, 1280 × 800. */
    const atFirstStep = async () => {
      const first = await open(`?w=${walkthrough.id}`);
      await first.page.setViewportSize({ width: 1280, height: 800 });
      return first;
    };
    /** That page, at its first step (and the next test's, stepped through). */
    const firstPage = async () => (opened ??= await atFirstStep());
    /** That page, or (if a test before failed before leaving it) one opened at the last step. */
    const atLastStep = async () => {
      if (!opened?.stepped) {
        opened = { ...(await atFirstStep()), stepped: true };
        await opened.page.locator('body').press('End');
      }
      return opened;
    };

    test('its first screen, wide, light and dark: one number format, formulas that fit or show they scroll (screenshots)', async () => {
      const { page } = await firstPage();
      assert.deepEqual(await checkFirstScreen(page, walkthrough.id, 'wide'), []);
    });

    test('steps from first to last with no console errors and no sideways scrolling (screenshots)', async () => {
      const { page, problems } = await firstPage();
      const total = await page.locator('#step-list li').count();
      assert.ok(total >= 3);
      for (let i = 0; i < total; i += 1) {
        assert.equal(await page.locator('#progress').textContent(), `Step ${i + 1} of ${total}`);
        const id = await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step');
        await screenshot(page, path.join(SCREENSHOT_DIR, `${walkthrough.id}-${String(i + 1).padStart(2, '0')}-${id}.png`), { fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${id} scrolls sideways by ${overflow}px`);
        if (i < total - 1) await page.locator('.control-next').click();
      }
      assert.ok(await page.locator('.control-next').isDisabled());
      violations = await cspViolations(page);
      assert.deepEqual(problems, []);
      opened = { ...opened, stepped: true };
    });

    test('no Content-Security-Policy violation from first step to last', async () => {
      violations ??= await cspViolations((await atLastStep()).page);
      assert.deepEqual(violations, []);
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

    test('on a phone: its first screen shows the lesson, one number format, formulas that fit or show they scroll; its last step readable in dark mode (screenshots)', async () => {
      const { page, problems } = await atLastStep();
      await page.setViewportSize(PHONE);
      await page.emulateMedia({ colorScheme: 'light' });
      await page.locator('body').press('Home');
      await page.locator('#progress').filter({ hasText: /^Step 1 of/ }).waitFor();
      assert.deepEqual(await phoneFirstScreen(page), []);
      assert.deepEqual(await checkFirstScreen(page, walkthrough.id, 'phone'), []);
      await page.emulateMedia({ colorScheme: 'dark' });
      await page.locator('body').press('End');
      await screenshot(page, path.join(SCREENSHOT_DIR, `${walkthrough.id}-phone-dark.png`), { fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      assert.deepEqual(problems, []);
      await page.close();
    });
  });
}
