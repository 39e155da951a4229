// The served page under a strict Content-Security-Policy (STRICT_CSP, tests/e2e/browser.mjs): no
// eval or new Function (the engine is built with -sDYNAMIC_EXECUTION=0), no inline script or
// style, nothing from another origin. Every violation is recorded in the page as it happens
// (securitypolicyviolation) and every console error by openPage; the tests walk what a learner
// can do beyond stepping and expect neither. Every walkthrough is stepped from first to last
// under the same policy by walkthrough-screens.test.mjs, which serves it for its screenshots.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { cspViolations, launchBrowser, openPage, recordCspViolations, servePage, STRICT_CSP as CSP } from './browser.mjs';

/** @type {Awaited<ReturnType<typeof servePage>>} */
let server;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;

before(async () => {
  server = await servePage({ headers: { 'Content-Security-Policy': CSP } });
  browser = await launchBrowser();
  await browser.context.addInitScript(recordCspViolations);
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens the page at `search`; `check()` asserts there was no CSP violation and no console error. */
async function open(search = '') {
  const { page, problems } = await openPage(browser.context, server.url + search);
  const check = async (where) => {
    assert.deepEqual(await cspViolations(page), [], `CSP violations (${where})`);
    assert.deepEqual(problems, [], `console errors (${where})`);
  };
  return { page, check };
}

describe('under a strict Content-Security-Policy', () => {
  test('the page is served with the policy', async () => {
    // A policy governs the document it comes with (the page's files do not need it).
    const response = await fetch(server.url);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-security-policy'), CSP);
  });

  test('explaining a number, editing a cell, the Embed dialog and its SCORM download cause no violation', async () => {
    const { page, check } = await open();
    await page.locator('#step-list button[data-step="softmax"]').click();
    await page.locator('figure[data-panel="weights"] td[data-row]').first().click();
    await page.locator('#explain .arithmetic').first().waitFor();
    await page.locator('#step-list button[data-step="inputs"]').click();
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
    await page.locator('figure[data-panel="query"] input').fill('2');
    await page.keyboard.press('Enter');
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').filter({ hasText: '2' }).waitFor();
    await page.locator('.control-embed').click();
    await page.locator('dialog.embed-dialog .embed-choice input').first().check();
    // The download code is a chunk of the site, the template a file of it, the file a blob: URL.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'SCORM 2004 package' }).click()]);
    assert.equal(download.suggestedFilename(), 'attention-lab-worked-example-scorm2004.zip');
    await page.locator('.download-status').filter({ hasText: 'Downloaded' }).waitFor();
    await page.keyboard.press('Escape');
    await page.locator('dialog.embed-dialog').waitFor({ state: 'detached' });
    await check('explain, edit, embed');
    await page.close();
  });

  test('a heatmap’s table of numbers opens with no violation', async () => {
    const { page, check } = await open('?w=positional-encoding');
    const summary = page.locator('.heatmap-panel summary', { hasText: 'The numbers as a table' }).first();
    while ((await summary.count()) === 0) await page.locator('.control-next').click();
    await summary.click();
    await page.locator('.heatmap-panel details[open] table td').first().waitFor();
    await check('heatmap table');
    await page.close();
  });

  test('the built JavaScript calls neither eval nor new Function', () => {
    const dir = path.join(server.outDir, 'assets');
    for (const file of fs.readdirSync(dir).filter((name) => name.endsWith('.js'))) {
      const code = fs.readFileSync(path.join(dir, file), 'utf8');
      assert.deepEqual(code.match(/\bnew Function\b|\beval\(|(?<![\w.$])Function\(/g) ?? [], [], file);
    }
  });
});
