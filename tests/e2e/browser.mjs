// Shared by the end-to-end tests: the production page served as `npm start` serves it (vite
// preview of a build), and Debian's Chromium driven by playwright-core. The launcher and the
// build-and-serve step live in scripts/lib/browser.mjs, which the browser benchmarks use too.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before } from 'node:test';
import { launchBrowser, previewPage, ROOT as root } from '../../scripts/lib/browser.mjs';
import { sharedPage } from '../../scripts/lib/shared-builds.mjs';

export { launchBrowser };

/**
 * Serves the page as `npm start` does (vite preview) on a free loopback port: the one build
 * every test file shares (sharedPage), made first by `npm test`.
 * @param {{ headers?: Record<string, string> }} [options] extra response headers (e.g. a CSP)
 */
export async function servePage({ headers } = {}) {
  /** JSON files served beside the build's, which a test may add (serveFile). */
  const files = new Map();
  const server = await previewPage({ outDir: await sharedPage(), headers, files });
  return {
    url: server.url,
    /** Where the build is, for tests that read its files (never write there: it is shared). */
    outDir: server.outDir,
    /** Serves `text` at `address` (e.g. "/my-walkthrough.json") from now on. */
    serveFile: (/** @type {string} */ address, /** @type {string} */ text) => files.set(address, text),
    close: () => server.close(),
  };
}

/** Where screenshots go, for a person to look at. */
export const SCREENSHOT_DIR = path.join(root, 'build', 'screenshots');

/** Each Chromium page's DevTools session, opened at its first screenshot. */
const devtools = new WeakMap();

/**
 * Whether screenshot() writes its pictures. `npm test` runs with ATTN_SCREENSHOTS=0: nobody looks
 * at the some 850 pictures of a test run, which cost about a tenth of a CPU-second each (the
 * checks made beside them run either way); `npm run screenshots` runs the files that take them with
 * it on, as does running a test file by hand.
 */
const TAKE_SCREENSHOTS = process.env.ATTN_SCREENSHOTS !== '0';

/**
 * The step's late panels in, fonts in and two frames drawn, so what the page lays out after a
 * step's first paint (a wide matrix's column count, measured by a ResizeObserver; a box that
 * scrolls made a keyboard stop) is in the picture, or in the checks that follow, not a frame
 * before it.
 * @param {import('playwright-core').Page} page
 */
export async function settled(page) {
  // A panel fetched when its step first shows (the cost lab, an exercise: widgets/lazy-panel-view.ts)
  // in its place, or saying why it is not.
  await page.waitForFunction(() => !document.querySelector('.panel-loading:not([role="alert"])'));
  await page.evaluate(() => document.fonts.ready.then(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(undefined))))));
}

/**
 * A PNG of `page` as it is shown (of the whole page with `fullPage`), written to `file`: what the
 * tests that look at every walkthrough save, some 850 a run. In Chromium it is DevTools' own
 * capture with `optimizeForSpeed` (a faster deflate: files about a quarter larger, some 40% less
 * CPU a shot than Playwright's page.screenshot, measured 0.09 against 0.15 CPU-s on a lesson's
 * whole page); elsewhere Playwright's. It waits for fonts and two frames first (and only waits,
 * under ATTN_SCREENSHOTS=0).
 * @param {import('playwright-core').Page} page @param {string} file
 * @param {{ fullPage?: boolean }} [options]
 */
export async function screenshot(page, file, { fullPage = false } = {}) {
  if (!TAKE_SCREENSHOTS) {
    await settled(page);
    return;
  }
  // Only Chromium speaks DevTools' protocol (a persistent context has no browser() to ask).
  if (!devtools.has(page)) devtools.set(page, await page.context().newCDPSession(page).catch(() => null));
  const session = devtools.get(page);
  if (!session) {
    await page.screenshot({ path: file, fullPage });
    return;
  }
  await settled(page);
  /** @type {Record<string, unknown>} */
  const request = { format: 'png', optimizeForSpeed: true };
  if (fullPage) {
    const { cssContentSize } = await session.send('Page.getLayoutMetrics');
    request.captureBeyondViewport = true;
    request.clip = { x: 0, y: 0, width: Math.ceil(cssContentSize.width), height: Math.ceil(cssContentSize.height), scale: 1 };
  }
  const { data } = await session.send('Page.captureScreenshot', request);
  fs.writeFileSync(file, Buffer.from(data, 'base64'));
}

/**
 * Opens a page of the served site and records every console error and warning and every page
 * error, so a test can assert there were none.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} url
 * @param {{ width?: number, colorScheme?: 'light' | 'dark', ready?: string }} [options]
 *   ready: a selector to wait for (default: a step title with text, i.e. the page's first step)
 */
export async function openPage(context, url, { width = 1280, colorScheme = 'light', ready } = {}) {
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme });
  await page.goto(url);
  if (ready) await page.locator(ready).first().waitFor();
  else await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  return { page, problems };
}

/**
 * The policy a strict site serves the page with: no eval or new Function (the engine is built
 * with -sDYNAMIC_EXECUTION=0), no inline script or style, nothing from another origin.
 */
export const STRICT_CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

/**
 * Run in every page of a context before its own scripts: each Content-Security-Policy violation,
 * as it happens, in `window.cspViolations` (a test reads it with cspViolations(page)).
 */
export function recordCspViolations() {
  /** @type {any} */ (window).cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    /** @type {any} */ (window).cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI || '(inline)'} at ${event.sourceFile}:${event.lineNumber} ${event.sample}`);
  });
}

/** The violations recordCspViolations has seen in `page`'s document. @returns {Promise<string[]>} */
export const cspViolations = (/** @type {import('playwright-core').Page} */ page) => page.evaluate(() => /** @type {any} */ (window).cspViolations);

/**
 * The usual set-up of a page test file: the page built and served, and a browser, both opened
 * before the file's tests and closed after them. `open(search, options)` opens the page at
 * `search` (e.g. "?w=causal-mask") with openPage. With `csp`, the page is served under
 * STRICT_CSP and every page records its violations (cspViolations).
 * @param {{ csp?: boolean }} [options]
 */
export function usePage({ csp = false } = {}) {
  /** @type {Awaited<ReturnType<typeof servePage>> | undefined} */
  let server;
  /** @type {Awaited<ReturnType<typeof launchBrowser>> | undefined} */
  let browser;
  before(async () => {
    server = await servePage(csp ? { headers: { 'Content-Security-Policy': STRICT_CSP } } : {});
    browser = await launchBrowser();
    if (csp) await browser.context.addInitScript(recordCspViolations);
    fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  after(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    /** The served page (inside tests). */
    server: () => {
      if (!server) throw new Error('usePage(): server() is only available inside tests');
      return server;
    },
    /** @param {string} [search] @param {Parameters<typeof openPage>[2]} [options] */
    open: (search = '', options = {}) => {
      if (!browser || !server) throw new Error('usePage(): open() is only available inside tests');
      return openPage(browser.context, server.url + search, options);
    },
  };
}

/**
 * The page's address once it has written its state: the page replaces it once its changes pause
 * (300 ms with none, web/src/browser/url-sync.ts write) and it is idle. So this waits longer than
 * that, then for an idle callback and a task, and again until the address stays the same.
 * @param {import('playwright-core').Page} page
 */
export async function settledUrl(page) {
  const settle = async () => {
    await page.waitForTimeout(400);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestIdleCallback(() => setTimeout(resolve, 0), { timeout: 1000 }))));
    return page.url();
  };
  let url = await settle();
  for (let next = await settle(); next !== url; next = await settle()) url = next;
  return url;
}

/**
 * axe-core's script (the project's own axe-core, not the older copy @axe-core/playwright
 * bundles), read once per test process, for the pages it is put into.
 */
let axeSource = '';

/**
 * axe-core's accessibility check of `page`, or of the part `include` selects: its results, of
 * which only the violations are gathered. Where every frame of the page is of the page's own
 * origin (the lab itself), axe is put into each frame once per document and run from the page
 * (axe.run, as @axe-core/playwright's legacy mode runs it, without that mode's putting its
 * 500 KB script in twice before every check: a third of each check's CPU time), which finds the
 * same violations without opening a blank page to put the frames' results together. A page
 * with a frame from another origin (a course page embedding the lab) gets
 * @axe-core/playwright's default, the only one that reaches into such a frame.
 * It checks the page as laid out (settled): what a ResizeObserver does in the frame after a
 * resize or a step (a box that now scrolls made a keyboard stop) is done before axe looks.
 * @param {import('playwright-core').Page} page @param {string} [include] a selector
 * @returns {Promise<import('axe-core').AxeResults>}
 */
export async function runAxe(page, include) {
  await settled(page);
  const origin = new URL(page.url()).origin;
  const foreign = page.frames().some((frame) => frame !== page.mainFrame() && new URL(frame.url() || 'about:blank').origin !== origin);
  const options = { resultTypes: /** @type {const} */ (['violations']) };
  axeSource ||= fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (foreign) {
    const { default: AxeBuilder } = await import('@axe-core/playwright');
    const builder = new AxeBuilder({ page, axeSource }).options(options);
    return (include ? builder.include(include) : builder).analyze();
  }
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => 'axe' in window)) continue;
    await frame.evaluate(axeSource);
    await frame.evaluate(() => /** @type {any} */ (window).axe.configure({ allowedOrigins: ['<same_origin>'] }));
  }
  return page.evaluate(({ include, options }) => /** @type {any} */ (window).axe.run(include ? { include: [include] } : document, options), { include, options });
}
