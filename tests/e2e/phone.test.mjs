// The page on a phone (375 × 667): the folded controls, and what else a phone changes. The first
// screen of every walkthrough on a phone (a one-line header, a player of at most 56 px, the step's
// title above it, one number format, formulas that fit: first-screens.mjs) is checked in the visit
// walkthrough-screens.test.mjs makes to each walkthrough, not in a page of its own here.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';
import { PHONE } from './first-screens.mjs';

const { open } = usePage();

/** Opens a walkthrough at 375 × 667. */
async function openPhone(query) {
  const opened = await open(query, { width: PHONE.width });
  await opened.page.setViewportSize(PHONE);
  return opened;
}

describe('on a phone, the folded controls', () => {
  test('"Lessons" unfolds the menu by keyboard, a lesson chosen folds it, Escape folds it and returns the focus', async () => {
    const { page, problems } = await openPhone('?w=worked-example');
    const toggle = page.getByRole('button', { name: 'Lessons' });
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    await toggle.focus();
    await page.keyboard.press('Enter');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'true');
    assert.ok(await page.locator('.lesson-list').isVisible());
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-lesson-menu-open.png') });
    const axe = await runAxe(page);
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.help}`), []);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.equal(await page.evaluate(() => document.activeElement?.className), 'lesson-menu-toggle');

    await toggle.click();
    await page.locator('.lesson-link').nth(4).click();
    await page.locator('#walkthrough-title').filter({ hasNotText: 'One query, three keys' }).waitFor();
    assert.equal(await toggle.getAttribute('aria-expanded'), 'false');
    assert.ok(!(await page.locator('.lesson-list').isVisible()));
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('"More" shows speed, Reset inputs and Embed, which work; Escape folds them back', async () => {
    const { page, problems } = await openPhone('?w=worked-example');
    assert.ok(!(await page.locator('.control-reset').isVisible()), 'Reset inputs is folded');
    const more = page.getByRole('button', { name: /More step controls/ });
    await more.click();
    assert.equal(await more.getAttribute('aria-expanded'), 'true');
    for (const selector of ['#speed', '.control-reset', '.control-embed']) assert.ok(await page.locator(selector).isVisible(), selector);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'phone-player-more-open.png') });
    const axe = await runAxe(page);
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.help}`), []);
    await page.keyboard.press('Escape');
    assert.equal(await more.getAttribute('aria-expanded'), 'false');
    assert.ok(!(await page.locator('.control-reset').isVisible()));
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('aria-label')), await more.getAttribute('aria-label'));

    // The folded Embed still opens its dialog.
    await more.click();
    await page.locator('.control-embed').click();
    await page.getByRole('dialog').waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });
});
