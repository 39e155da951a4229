// The page in another language (issue 13 item 11): Spanish and the two pseudo-locales generated
// from English (en-XA ~40 % longer, ar-XB right to left) at the first step of every walkthrough
// and in the training lesson, at 1280 and 375 px, light and dark: axe clean, the document no
// wider than the window, formulas left to right in the right-to-left page, numbers with a
// decimal comma in Spanish. One page per locale, resized and recoloured in place; axe runs once
// per walkthrough, at 375 px dark (where long words scroll and colours are darkest), to keep the
// run short. Screenshots go to build/screenshots/i18n/ for a person to look at
// (<locale>-<walkthrough>-<width>-<scheme>.png; the training lesson's whole page).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import AxeBuilder from '@axe-core/playwright';
import { SCREENSHOT_DIR, usePage } from './browser.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

const DIR = path.join(SCREENSHOT_DIR, 'i18n');
const LOCALES = [['es', 'ltr'], ['en-XA', 'ltr'], ['ar-XB', 'rtl']];
/** Width, height, colour scheme, and whether axe runs there. */
const VIEWS = [[1280, 900, 'light', false], [1280, 900, 'dark', false], [375, 667, 'light', false], [375, 667, 'dark', true]];
const { open } = usePage();

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
  for (const [width, height, colorScheme, axe] of VIEWS) {
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
      const results = await new AxeBuilder({ page }).analyze();
      assert.deepEqual(results.violations.map((v) => `${name} ${width} ${colorScheme}: ${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(' ')})`), []);
    }
    await page.screenshot({ path: path.join(DIR, `${lang}-${name}-${width}-${colorScheme}.png`), fullPage });
  }
  return layout(page);
}

for (const [lang, dir] of LOCALES) {
  describe(`the page in ${lang}`, () => {
    test('every walkthrough’s first step and the training lesson at 1280 and 375 px, light and dark: lang and dir, axe clean, no sideways overflow, formulas left to right', { timeout: 600_000 }, async () => {
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
    });
  });
}

test('a language the page does not offer is named in a notice, and the page is shown in English', async () => {
  const { page, problems } = await open('?lang=fr');
  await page.locator('#notices .notice').filter({ hasText: 'The language “fr” is not one this page offers' }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'en');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the switcher’s link reloads the page in Spanish at the same step, and numbers have a decimal comma', async () => {
  const { page, problems } = await open('?w=worked-example&step=softmax');
  await page.getByRole('group', { name: 'Language' }).getByRole('link', { name: 'Español' }).click();
  await page.locator('#progress').filter({ hasText: /^Paso \d+ de \d+$/ }).waitFor();
  const url = new URL(page.url());
  assert.equal(url.searchParams.get('lang'), 'es');
  assert.equal(url.searchParams.get('step'), 'softmax');
  assert.match(await page.locator('#panels').innerText(), /0,140/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the Embed dialog of a Spanish page is in Spanish and its frame opens in Spanish (lang kept in the snippet)', async () => {
  const { page, problems } = await open('?w=causal-mask&lang=es');
  await page.locator('.control-embed').click();
  const dialog = page.locator('dialog.embed-dialog');
  await dialog.getByRole('heading', { name: 'Insertar este paso' }).waitFor();
  const snippet = await dialog.locator('textarea').inputValue();
  const src = new URL(/<iframe src="([^"]*)"/.exec(snippet)[1].replace(/&amp;/g, '&'));
  assert.equal(src.searchParams.get('lang'), 'es');
  assert.match(snippet, /title="Attention Lab: Máscara causal: sin mirar hacia delante"/);
  const axe = await new AxeBuilder({ page }).analyze();
  assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.help}`), []);
  await page.screenshot({ path: path.join(DIR, 'es-embed-dialog.png') });
  await page.goto(src.href);
  await page.locator('#progress').filter({ hasText: /^Paso 1 de \d+$/ }).waitFor();
  assert.equal(await page.evaluate(() => document.documentElement.lang), 'es');
  assert.deepEqual(problems, []);
  await page.close();
});

// The kinds' own words (kinds/<kind>/words-es.ts) once a learner edits the inputs: the
// walkthrough's Spanish step texts are for its own inputs only, so after an edit every step's
// title, text, captions and labels come from the kind, and must still be Spanish.
const ENGLISH_WORDS = /\b(queries|keys|values|scores|weights|scaled|masked|output|Edit|Select|Each|tile|tiles|running|unnormalised|Sizes|random|seed|width|order|Divide|Token|cache|decoded|heads|the|and|of)\b/;

/** Every step's title, text, and its panels' captions and labels, after clicking it in the step list. */
async function wordsOfEveryStep(page) {
  const words = [];
  for (const id of await page.locator('#step-list button[data-step]').evaluateAll((buttons) => buttons.map((b) => b.dataset.step))) {
    if (id.startsWith('exercise-')) continue;
    const button = page.locator(`#step-list button[data-step="${id}"]`);
    await button.click();
    await page.locator(`#step-list button[data-step="${id}"][aria-current="step"]`).waitFor();
    await page.waitForFunction((step) =>
      document.getElementById('step-title')?.textContent === document.querySelector(`#step-list button[data-step="${step}"]`)?.textContent, id);
    words.push(await page.evaluate((step) => {
      // The glossary's definitions (in the hidden pop-ups) are not the kind's words.
      const text = document.getElementById('step-text')?.cloneNode(true);
      text?.querySelectorAll('.term-popup').forEach((popup) => popup.remove());
      return {
      step,
      title: document.getElementById('step-title')?.textContent ?? '',
      text: text?.textContent ?? '',
      captions: [...document.querySelectorAll('#panels figcaption, #panels legend, #panels label, #panels caption')].map((e) => e.textContent ?? ''),
      };
    }, id));
  }
  return words;
}

for (const [walkthrough, editedStep] of [['worked-example', 'softmax'], ['flash-worked-example', 'tile-0-1']]) {
  test(`in Spanish, ${walkthrough}'s steps after an edit speak Spanish, numbers with a decimal comma`, async () => {
    const { page, problems } = await open(`?w=${walkthrough}&lang=es`);
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
    await page.locator('figure[data-panel="query"] input').fill('2,5');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('figure[data-panel="query"] td[data-row="0"][data-col="0"]')?.textContent === '2,5');
    const steps = await wordsOfEveryStep(page);
    assert.ok(steps.length >= 5, `${steps.length} steps`);
    for (const { step, title, text, captions } of steps) {
      for (const words of [title, text, ...captions]) {
        assert.doesNotMatch(words.replace(/\\text\{[^}]*\}/g, ''), ENGLISH_WORDS, `${walkthrough}, step ${step}: “${words}”`);
      }
    }
    assert.ok(steps.some(({ text }) => /\d,\d/.test(text)), 'a number with a decimal comma in some step’s text');
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: width < 400 ? 667 : 900 });
      await page.locator(`#step-list button[data-step="${editedStep}"]`).click();
      await page.screenshot({ path: path.join(DIR, `es-edited-${walkthrough}-${width}.png`), fullPage: true });
    }
    assert.deepEqual(problems, []);
    await page.close();
  });
}
