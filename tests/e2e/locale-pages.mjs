// The page in one language at the first step of every walkthrough and in the training lesson, at
// 1280 and 375 px, light and dark (a pseudo-locale in light only): axe clean, the document no
// wider than the window, formulas left to right in a right-to-left page, numbers with a decimal
// comma in Spanish. One page per locale, resized and recoloured in place; axe runs once per
// walkthrough, at 375 px, dark for a language (where long words scroll and colours are darkest). Screenshots go to build/screenshots/i18n/ for a person to look
// at (<locale>-<walkthrough>-<width>-<scheme>.png; the training lesson's whole page). Each locale
// is a test file of its own (i18n-pages-*.test.mjs), so the three run side by side.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runAxe, SCREENSHOT_DIR } from './browser.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

/** Where the locales' screenshots go. */
export const DIR = path.join(SCREENSHOT_DIR, 'i18n');
/** Width, height, colour scheme, and whether axe runs there: a language's pages in both schemes. */
const VIEWS = [[1280, 900, 'light', false], [1280, 900, 'dark', false], [375, 667, 'light', false], [375, 667, 'dark', true]];
/**
 * A pseudo-locale's (en-XA stretches every word, ar-XB writes right to left) in light only: they
 * exist to stretch and mirror the layout, which a colour scheme does not change, and their
 * colours are the ones English and Spanish are checked in, dark included.
 */
const PSEUDO_VIEWS = [[1280, 900, 'light', false], [375, 667, 'light', true]];
const isPseudo = (/** @type {string} */ lang) => /-X[AB]$/.test(lang);

/** What a test asserts of the page as laid out, read in one go. */
const layout = (page) => page.evaluate(() => {
  const root = document.documentElement;
  const formula = document.querySelector('#formula .katex, #formula math');
  return {
    lang: root.lang,
    dir: root.dir,
    overflow: root.scrollWidth - root.clientWidth,
    formulaDirection: formula ? getComputedStyle(formula).direction : 'none',
    progress: document.getElementById('progress')?.textContent ?? '',
  };
});

/**
 * At each width and colour scheme: lang and dir, no sideways overflow (of the document, and of the
 * boxes `fits` names, which the page would clip), axe where asked, a screenshot (of the whole page: `fullPage`).
 */
async function look(page, lang, dir, name, { fullPage = false, fits = '' } = {}) {
  for (const [width, height, colorScheme, axe] of isPseudo(lang) ? PSEUDO_VIEWS : VIEWS) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme });
    const seen = await layout(page);
    assert.equal(seen.lang, lang);
    assert.equal(seen.dir, dir);
    assert.ok(seen.overflow <= 0, `${name} at ${width} px: the document is ${seen.overflow} px wider than the window`);
    if (seen.formulaDirection !== 'none') assert.equal(seen.formulaDirection, 'ltr', `${name}: formula`);
    if (fits) {
      const wider = await page.$$eval(fits, (boxes) => boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).map((b) => `${b.className}: ${b.scrollWidth - b.clientWidth} px`));
      assert.deepEqual(wider, [], `${name} at ${width} px: wider than their place`);
    }
    if (axe) {
      const results = await runAxe(page);
      assert.deepEqual(results.violations.map((v) => `${name} ${width} ${colorScheme}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`), []);
    }
    await page.screenshot({ path: path.join(DIR, `${lang}-${name}-${width}-${colorScheme}.png`), fullPage });
  }
  return layout(page);
}

/** What each locale's test file checks, in its name. */
export const pagesChecked = (/** @type {string} */ lang) => `every walkthrough’s first step and the training lesson at 1280 and 375 px, ${isPseudo(lang) ? 'light' : 'light and dark'}: lang and dir, axe clean, no sideways overflow, formulas left to right`;

/**
 * The page in `lang`, written in `dir` (ltr or rtl), checked as pagesChecked(lang) says, on a page
 * `open` (usePage's) opens. Called from each locale's own test file, where its test is declared,
 * so that the run's summary names that file (and `npm test` can start the slowest files first).
 * @param {(url: string) => Promise<{ page: import('playwright-core').Page, problems: string[] }>} open
 * @param {string} lang @param {'ltr' | 'rtl'} dir
 */
export async function checkPagesIn(open, lang, dir) {
  fs.mkdirSync(DIR, { recursive: true });
  const { page, problems } = await open(`?lang=${lang}`);
  for (const walkthrough of STEPPED.values()) {
    await page.goto(new URL(`?w=${walkthrough.id}&lang=${lang}`, page.url()).href);
    await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    const seen = await look(page, lang, dir, walkthrough.id);
    if (lang === 'es') assert.match(seen.progress, /^Paso 1 de \d+$/);
  }
  await page.goto(new URL(`?train=reverse&lang=${lang}`, page.url()).href);
  await page.locator('#training-status[data-state="ready"]').waitFor();
  await look(page, lang, dir, 'train-reverse', { fullPage: true, fits: '.training-setup, .training-charts, .training-heads, .ideal-pattern' });
  assert.deepEqual(problems, []);
  await page.close();
}
