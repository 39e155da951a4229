// The page in one language at the first step of one walkthrough of each kind and in the training
// lesson, at 1280 and 375 px, light and dark (a pseudo-locale in light only): axe clean, the
// document no wider than the window, formulas left to right in a right-to-left page, numbers with
// a decimal comma in Spanish; and, where a locale asks (Spanish: no English left), every step of
// every walkthrough in the same visit, since a language's words are each walkthrough's own. The
// layout and colours a first step shows are its kind's views, the same in every walkthrough of the
// kind (and every walkthrough's first screen is checked in English by walkthrough-screens). One
// page per locale, resized and recoloured in place; axe runs once per walkthrough looked at, at
// 375 px, dark for a language (where long words scroll and colours are darkest). Screenshots go
// to build/screenshots/i18n/ for a person to look at (<locale>-<walkthrough>-<width>-<scheme>.png;
// the training lesson's whole page). Each locale is a test file of its own
// (i18n-pages-*.test.mjs), so the three run side by side; each declares the tests localeTests
// gives it.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runAxe, screenshot, settled, SCREENSHOT_DIR } from './browser.mjs';
import { ONE_PER_KIND, STEPPED } from '../support/shipped-walkthroughs.mjs';

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
    await settled(page);
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
    await screenshot(page, path.join(DIR, `${lang}-${name}-${width}-${colorScheme}.png`), { fullPage });
  }
  return layout(page);
}

/** What each locale's test file checks on a walkthrough's first step, in its tests' names. */
export const pagesChecked = (/** @type {string} */ lang) => `first step at 1280 and 375 px, ${isPseudo(lang) ? 'light' : 'light and dark'}: lang and dir, axe clean, no sideways overflow, formulas left to right`;

/**
 * The tests of the page in `lang`, written in `dir` (ltr or rtl), all on one page of the served
 * site, as [name, body] in the order they run: for each walkthrough, its first step as
 * pagesChecked(lang) says, then (with `everyStep`) each of its steps at 1280 px in light, as that
 * check says, in the same visit; the training lesson; and no console error or warning on any of
 * them. Each locale's own test file declares them (`for (const [name, body] of localeTests(…))
 * test(name, body)`): the run's times name the file where a test is declared, and `npm test`
 * starts the slowest files first by those times.
 * @param {ReturnType<typeof import('./browser.mjs').usePage>['open']} open usePage's, of the test file
 * @param {string} lang @param {'ltr' | 'rtl'} dir
 * @param {{ everyStep?: { says: string, check: (page: import('playwright-core').Page, walkthrough: any, step: number) => Promise<string[]> } }} [options]
 * @returns {[string, () => Promise<void>][]}
 */
export function localeTests(open, lang, dir, { everyStep } = {}) {
  /** @type {{ page: import('playwright-core').Page, problems: string[] } | undefined} */
  let opened;
  /** The one page, at `search` once `ready` shows. */
  const visit = async (search, ready) => {
    if (!opened) {
      fs.mkdirSync(DIR, { recursive: true });
      opened = await open(`?lang=${lang}`);
    }
    await opened.page.goto(new URL(search, opened.page.url()).href);
    await ready(opened.page).waitFor();
    return opened.page;
  };
  const stepTitle = (/** @type {import('playwright-core').Page} */ page) => page.locator('#step-title').filter({ hasText: /\S/ });

  /** @type {[string, () => Promise<void>][]} */
  const tests = [];
  // The views of a first step are its kind's, stretched, mirrored or in other words: one
  // walkthrough of each kind is looked at; a language's words are each walkthrough's own, so
  // every step of every walkthrough is searched where a locale asks (everyStep).
  for (const walkthrough of (everyStep ? STEPPED : ONE_PER_KIND).values()) {
    const search = `?w=${walkthrough.id}&lang=${lang}`;
    if (ONE_PER_KIND.has(walkthrough.id)) {
      tests.push([`${walkthrough.id}: ${pagesChecked(lang)}`, async () => {
        const seen = await look(await visit(search, stepTitle), lang, dir, walkthrough.id);
        if (lang === 'es') assert.match(seen.progress, /^Paso 1 de \d+$/);
      }]);
    }
    if (!everyStep) continue;
    tests.push([`${walkthrough.id}: every step, ${everyStep.says}`, async () => {
      // The page the test before looked at, at its first step (opened again if that test failed before it got there).
      const page = opened?.page.url().endsWith(search) ? opened.page : await visit(search, stepTitle);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.emulateMedia({ colorScheme: 'light' });
      const found = [];
      for (let step = 1; ; step++) {
        found.push(...(await everyStep.check(page, walkthrough, step)).map((f) => `step ${step}: ${f}`));
        const next = page.locator('.control-next');
        if (await next.isDisabled()) break;
        await next.click();
      }
      assert.deepEqual(found, []);
    }]);
  }
  tests.push([`the training lesson: ${pagesChecked(lang)}, and its boxes no wider than their place`, async () => {
    const page = await visit(`?train=reverse&lang=${lang}`, (p) => p.locator('#training-status[data-state="ready"]'));
    await look(page, lang, dir, 'train-reverse', { fullPage: true, fits: '.training-setup, .training-charts, .training-heads, .ideal-pattern' });
  }]);
  tests.push(['no console error or warning on any of these pages', async () => assert.deepEqual(opened?.problems ?? [], [])]);
  return tests;
}
