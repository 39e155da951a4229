// The page `npm start` serves shows the worked example with numbers from the wasm engine.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, SCREENSHOT_DIR, servePage } from './browser.mjs';

/** @type {Awaited<ReturnType<typeof servePage>>} */
let server;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;

before(async () => {
  server = await servePage();
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

for (const { name, width, colorScheme } of [
  { name: 'desktop', width: 1280, colorScheme: 'light' },
  { name: 'phone-dark', width: 375, colorScheme: 'dark' },
]) {
  test(`the landing page shows the worked example computed by the engine (${name})`, async () => {
    const page = await browser.context.newPage();
    const problems = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme });
    await page.goto(server.url);
    await page.locator('section.step').nth(4).waitFor();

    const tableText = async (index) =>
      page.locator('section.step').nth(index).locator('td').allTextContents();
    assert.deepEqual(await tableText(1), ['1.000', '2.000', '3.000']);
    assert.deepEqual(await tableText(2), ['0.707', '1.414', '2.121']);
    assert.deepEqual(await tableText(3), ['0.140', '0.284', '0.576']);
    assert.deepEqual(await tableText(4), ['0.355', '0.617']);
    // The exact value is one hover away, straight from the engine's double.
    const exact = Number(await page.locator('section.step').nth(3).locator('td').nth(2).getAttribute('title'));
    assert.ok(Math.abs(exact - 0.5759753452153619) < 1e-15);

    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `landing-${name}.png`), fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });
}
