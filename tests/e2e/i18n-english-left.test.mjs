// No English left in Spanish: the glossary, the cost lab's controls and the training lessons,
// opened with ?lang=es, are searched for visible text that reads as English
// (tests/e2e/english-left.mjs): there must be none. What is found is listed in
// build/screenshots/i18n/english-left.txt. Every step of every walkthrough is searched so by
// i18n-pages-es.test.mjs, in the visit that checks its first step in Spanish.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { SCREENSHOT_DIR, usePage } from './browser.mjs';
import { englishLeft, PROBE } from './english-left.mjs';

const { open } = usePage();
const DIR = path.join(SCREENSHOT_DIR, 'i18n');

test('in Spanish, the glossary, the cost lab and the training lessons show no English, and training on a text its defaults with a decimal comma', { timeout: 600_000 }, async () => {
  const { page, problems } = await open('?w=worked-example&lang=es');
  const found = [];
  // The glossary's definitions, opened.
  await page.locator('details.glossary > summary').click();
  for (const f of await englishLeft(page)) found.push({ where: 'glossary', ...f });
  // The cost lab's controls.
  await page.goto(new URL('?w=attention-cost&lang=es', page.url()).href);
  await page.locator('.cost-start').filter({ hasText: 'Empezar a medir' }).waitFor();
  for (const f of await englishLeft(page)) found.push({ where: 'cost lab', ...f });
  // The training lesson, before and after a few steps.
  await page.goto(new URL('?train=reverse&lang=es', page.url()).href);
  await page.locator('#training-status[data-state="ready"]').waitFor();
  for (const f of await englishLeft(page, PROBE)) found.push({ where: 'training, step 0', ...f });
  await page.locator('#train-target').fill('20');
  await page.locator('#train-target').dispatchEvent('change');
  await page.locator('#train-button').click();
  await page.locator('#training-status[data-state="finished"]').waitFor({ timeout: 60_000 });
  await page.locator('.ablate').first().click();
  await page.locator('.ablation-result').filter({ hasText: /\S/ }).waitFor();
  for (const f of await englishLeft(page, PROBE)) found.push({ where: 'training, step 20', ...f });
  // Training on a text: its options, and their defaults in the page's number format (0,01), as
  // the training lesson's are.
  await page.goto(new URL('?w=train-your-own&lang=es', page.url()).href);
  await page.locator('#text-train-status[data-state="ready"]').waitFor();
  for (const f of await englishLeft(page)) found.push({ where: 'training on a text', ...f });
  const defaults = await page.locator('.text-train-option .hint').allTextContents();
  assert.ok(defaults.includes('por defecto 0,01'), `the learning rate's default: ${defaults.join(' | ')}`);
  assert.deepEqual(defaults.filter((d) => /\d\.\d/.test(d)), [], 'no default with a decimal point');

  const line = (f) => `${f.where} | ${f.place} | ${f.text}`;
  fs.mkdirSync(DIR, { recursive: true });
  fs.writeFileSync(path.join(DIR, 'english-left.txt'), [`# English left in ?lang=es: ${found.length} text nodes`, ...found.map(line), ''].join('\n'));
  assert.deepEqual(found.map(line), []);
  assert.deepEqual(problems, []);
  await page.close();
});
