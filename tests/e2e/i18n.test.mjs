// The page in another language, beyond the first steps every locale is checked at
// (i18n-pages-*.test.mjs): a language the page does not offer, the switcher, a slider's value,
// the Embed dialog, and steps after an edit speaking Spanish with decimal commas. Screenshots go to
// build/screenshots/i18n/.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { runAxe, usePage } from './browser.mjs';
import { DIR } from './locale-pages.mjs';

const { open } = usePage();

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

test('in Spanish, a slider’s value is written with a decimal comma beside it and for a screen reader, as it moves', async () => {
  const { page, problems } = await open('?w=language-model-step-by-step&lang=es&step=temperature');
  const temperature = page.locator('fieldset[data-panel="sampling"] input[type="range"]').first();
  await temperature.waitFor();
  const shown = page.locator('fieldset[data-panel="sampling"] .slider-value').first();
  const before = await temperature.inputValue();
  assert.equal(await shown.textContent(), before.replace('.', ','));
  assert.equal(await temperature.getAttribute('aria-valuetext'), before.replace('.', ','));
  assert.match(before, /^\d\.\d+$/, 'a temperature with decimals to show');
  await temperature.focus();
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction((was) => document.querySelector('fieldset[data-panel="sampling"] input[type="range"]')?.value !== was, before);
  const after = await temperature.inputValue();
  await shown.filter({ hasText: after.replace('.', ',') }).waitFor();
  assert.equal(await temperature.getAttribute('aria-valuetext'), after.replace('.', ','));
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
  const axe = await runAxe(page);
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
