// What the recipes for course sites (tests/e2e/mkdocs.test.mjs, sphinx.test.mjs,
// docusaurus.test.mjs) share: the web component copied into the site's static folder, and a page of
// the built site opened in Chromium, read for the softmax weights its lab shows.
import fs from 'node:fs';

import { sharedComponent } from '../../scripts/lib/shared-builds.mjs';

/** The web component (vite.component.config.js, built once for all tests) copied into `outDir`, as a site's static folder holds it. */
export async function copyComponentInto(outDir) {
  fs.cpSync(await sharedComponent(), outDir, { recursive: true });
}

/**
 * Opens `address` of the site `host` serves, lets `navigate` move on from there if given (e.g.
 * follow a link), and returns the softmax weights the lab then on the page shows, what went
 * wrong (page errors, console errors, failed responses) and the addresses of the .wasm files the
 * page fetched.
 * @param {{ context: import('playwright-core').BrowserContext }} browser @param {{ url: string }} host
 * @param {string} address @param {(page: import('playwright-core').Page) => Promise<void>} [navigate]
 */
export async function weightsOn(browser, host, address, navigate) {
  const page = await browser.context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  /** @type {string[]} */
  const wasm = [];
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
    if (new URL(response.url()).pathname.endsWith('.wasm')) wasm.push(response.url());
  });
  await page.goto(new URL(address, host.url).href);
  await navigate?.(page);
  const cells = page.locator('attention-lab figure[data-panel="weights"] td[data-row]');
  await cells.first().waitFor({ timeout: 60_000 });
  const weights = await cells.allTextContents();
  await page.close();
  return { weights, problems, wasm };
}
