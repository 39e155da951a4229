// What a learner sees first, checked the same way wherever a test opens a lesson: one number
// format, formulas that fit or show that they scroll, no sideways scrolling; with a screenshot of
// the screen in light and dark for a person to look at (build/screenshots/first-screens/
// <lesson>-<wide|phone>-<scheme>.png). Used on every walkthrough's first step at 1280 × 800
// (walkthrough-screens.test.mjs) and 375 × 667 (phone.test.mjs), and on the training lesson's
// view (first-screen.test.mjs).
import fs from 'node:fs';
import path from 'node:path';
import { screenshot, settled, SCREENSHOT_DIR } from './browser.mjs';

export const FIRST_SCREENS = path.join(SCREENSHOT_DIR, 'first-screens');

/** Numbers on screen written another way than the page's one format (model/format.ts). */
const OTHER_FORMATS = [
  [/\d(?:[.,]\d+)?[eE][+−-]?\d/, '"e" notation, where the page writes ×10ⁿ'],
  [/(?:^|[\s(=:;,[|])-\d/, 'a hyphen-minus, where the page writes −'],
];

/** A table's numbers with more than one count of decimals ("0.2 | 0.600 | −0.8"), as text. */
const mixedMatrices = (page) => page.locator('#panels table.matrix').evaluateAll((tables) => tables.flatMap((table) => {
  // Exactly 0 is written "0" among padded numbers (model/format.ts).
  const texts = [...table.querySelectorAll('td[data-row]')].map((td) => td.textContent ?? '').filter((t) => /^[−]?\d+([.,]\d+)?$/.test(t) && t !== '0');
  const decimals = new Set(texts.map((t) => t.split(/[.,]/)[1]?.length ?? 0));
  return decimals.size > 1 ? [`${table.closest('figure')?.getAttribute('data-panel')}: ${texts.join(' | ')}`] : [];
}));

/** What is wrong with the screen as shown now (its format, formula and width), as sentences. */
async function problemsOn(page) {
  const problems = [];
  const text = await page.locator('#main').innerText();
  for (const [pattern, why] of OTHER_FORMATS) {
    const found = pattern.exec(text);
    if (found) problems.push(`${why}: …${text.slice(Math.max(0, found.index - 20), found.index + 20)}…`);
  }
  for (const mixed of await mixedMatrices(page)) problems.push(`mixed decimals in ${mixed}`);
  // A formula wider than its box scrolls from its start, is a keyboard stop, and shows that it scrolls.
  // The training lesson has no formula: read it without waiting for one to appear.
  const formula = await page.evaluate(() => {
    const f = document.getElementById('formula');
    return f ? {
      overflows: f.scrollWidth > f.clientWidth + 1,
      marked: f.hasAttribute('data-scrolls') && f.getAttribute('tabindex') === '0',
      startCut: (f.querySelector('math')?.getBoundingClientRect().left ?? 0) < f.getBoundingClientRect().left - 1,
    } : undefined;
  });
  if (formula?.overflows && !formula.marked) problems.push('the formula scrolls with no sign of it');
  if (formula?.startCut) problems.push('the formula’s start is cut off');
  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (sideways > 0) problems.push(`the page scrolls sideways by ${sideways} px`);
  return problems;
}

/**
 * The first screen of `lesson` as `page` shows it (opened at its size, scrolled to the top), in
 * light then dark (a scheme changes colours, not layout, so the checks run in light): a
 * screenshot of each, and what problemsOn finds, each as "<lesson> (<screen>): …". Leaves the
 * page in light.
 * @param {import('playwright-core').Page} page @param {string} lesson @param {'wide' | 'phone'} screen
 * @returns {Promise<string[]>}
 */
/** A phone's screen, in CSS pixels. */
export const PHONE = { width: 375, height: 667 };

/**
 * What a phone's first screen must be, as `page` (at PHONE's size) shows it: a one-line header, a
 * player of at most 56 px, the lesson list folded and the step's title above the player. The
 * problems found (none: []).
 * @param {import('playwright-core').Page} page
 */
export async function phoneFirstScreen(page) {
  await page.evaluate(() => window.scrollTo(0, 0));
  const heightOf = (/** @type {string} */ selector) => page.locator(selector).first().evaluate((e) => e.getBoundingClientRect().height);
  const problems = [];
  const header = await heightOf('.site-header');
  if (header > 64) problems.push(`header ${header} px`);
  const player = await heightOf('.player');
  if (player > 56) problems.push(`player ${player} px`);
  if (await page.locator('.lesson-list').isVisible()) problems.push('the lesson list is not folded');
  const title = await page.locator('#step-title').evaluate((e) => e.getBoundingClientRect().bottom);
  if (title >= PHONE.height - player) problems.push(`the step title ends at ${title} px, under the player`);
  return problems;
}

export async function checkFirstScreen(page, lesson, screen) {
  fs.mkdirSync(FIRST_SCREENS, { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  const problems = [];
  for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
    await page.emulateMedia({ colorScheme });
    await settled(page);
    await screenshot(page, path.join(FIRST_SCREENS, `${lesson}-${screen}-${colorScheme}.png`));
    if (colorScheme === 'light') problems.push(...(await problemsOn(page)).map((p) => `${lesson} (${screen}): ${p}`));
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return problems;
}
