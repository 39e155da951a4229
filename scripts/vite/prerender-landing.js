// Writes the landing page's first step into index.html when the page is built, so that a
// learner sees the worked example's numbers as soon as the HTML and CSS arrive, instead of
// "Loading the engine…" until the JavaScript and the wasm have been fetched, compiled and run
// (docs/benchmarks-page.md: the engine alone was ready only at ~160 ms). The numbers are the
// engine's: the built page itself is opened in Chromium, on the built wasm, and its DOM taken
// once the first step is drawn. The app replaces that copy with its own, identical, DOM when it
// starts (web/src/views/shell.ts); until then it is inert and hidden from assistive technology.
//
// A link with its own state (a query or a hash: another lesson, edited inputs, an embed) must
// not flash the landing step: a tiny blocking script in <head> marks such a document and the
// style sheet hides the copy there ("Loading the engine…" shows as before). A script file, not
// an inline one, so the page keeps working under a CSP without 'unsafe-inline'.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { serveFiles } from '../lib/static-server.mjs';

/** The placeholder in web/index.html that the copy goes in front of. */
const LOADING = '<p id="loading" class="loading">Loading the engine…</p>';
const GATE_SCRIPT = `// Written by scripts/vite/prerender-landing.js: a link with its own state shows "Loading the
// engine…" rather than the landing step's prerendered copy (the style sheet reads this class).
if (location.search || location.hash) document.documentElement.classList.add('linked');
`;
/** Ids the style sheet selects by; every other id is dropped from the copy. */
const KEPT_IDS = new Set(['main', 'lessons', 'step-list']);

/** The first step's DOM, as the built page draws it in Chromium at 1280 px. */
async function renderLanding(outDir) {
  const server = await serveFiles({ folders: { '/': outDir } });
  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
    });
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(server.url);
    await page.waitForFunction(() => document.getElementById('step-title')?.textContent?.trim() && document.querySelector('#panels > *'), null, { timeout: 60_000 });
    if (errors.length > 0) throw new Error(`the landing page reported errors: ${errors.join('; ')}`);
    return await page.evaluate((kept) => {
      const host = /** @type {HTMLElement} */ (document.getElementById('attention-lab'));
      // What controls show lives in properties, which a copy of the markup leaves out.
      for (const input of host.querySelectorAll('input')) {
        if (input.type === 'checkbox' || input.type === 'radio') input.toggleAttribute('checked', input.checked);
        else input.setAttribute('value', input.value);
      }
      for (const option of host.querySelectorAll('option')) option.toggleAttribute('selected', option.selected);
      const copy = /** @type {HTMLElement} */ (host.cloneNode(true));
      for (const element of copy.querySelectorAll('[id]')) if (!kept.includes(element.id)) element.removeAttribute('id');
      // Nothing in the copy can take the focus or be read out before the page is live.
      for (const element of copy.querySelectorAll('[tabindex]')) element.removeAttribute('tabindex');
      return copy.innerHTML;
    }, [...KEPT_IDS]);
  } finally {
    await browser?.close();
    await server.close();
  }
}

/** @returns {import('vite').Plugin} */
export function prerenderLanding() {
  /** @type {string} */
  let outDir;
  return {
    name: 'attention-lab:prerender-landing',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const file = path.join(outDir, 'index.html');
      const html = fs.readFileSync(file, 'utf8');
      if (!html.includes(LOADING)) throw new Error(`prerender-landing: ${file} has no ${LOADING}`);
      // Hashed, beside the other assets: served like them (precompressed, cached by
      // compress-assets.js under vite preview) and cacheable for ever by a host.
      const gate = `assets/landing-gate-${crypto.createHash('sha256').update(GATE_SCRIPT).digest('hex').slice(0, 8)}.js`;
      let landing;
      try {
        landing = await renderLanding(outDir);
      } catch (error) {
        // No Chromium where the site is built (CHROMIUM_PATH names another browser binary): the
        // page is complete without the copy, it only shows "Loading the engine…" a little longer.
        this.warn(`the landing step was not written into index.html (${error.message.split('\n')[0]}); the page works without it`);
        return;
      }
      fs.writeFileSync(path.join(outDir, gate), GATE_SCRIPT);
      fs.writeFileSync(file, html
        // First in <head>: it blocks the parser until it has run, so it must not queue behind
        // the style sheet and the preloads (a script after a style sheet also waits for it).
        .replace('<meta charset="utf-8" />', `<meta charset="utf-8" />\n    <script src="./${gate}"></script>`)
        .replace(LOADING, `<div class="prerendered" data-prerendered inert aria-hidden="true">${landing}</div>\n      ${LOADING}`));
    },
  };
}
