// Paper: printing a walkthrough gives one handout of every step with its
// formula, text and numbers, black on white, without the page's controls; a walkthrough with
// questions prints as a worksheet without the steps that show the answers, its answer key a
// section of its own printed only when the instructor asks for it; a practice that draws numbers
// per learner prints as many versions as asked, each on its own numbers, then their keys. Chromium prints each
// walkthrough to PDF (page.pdf, A4); poppler's pdftotext reads the text back and pdftoppm
// renders the pages to PNG in build/screenshots/ for a person to look at.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';
import { drawnFor } from '../support/drawn-numbers.mjs';

const noPoppler = spawnSync('pdftotext', ['-v']).error ? 'pdftotext and pdftoppm (Debian poppler-utils) are not installed' : false;

const { open } = usePage();
const lab = await loadAttentionLab({ training: false });

/** The worked example's numbers, as README.md tabulates them: scaled scores, weights, output. */
const CANONICAL = ['0.707', '1.414', '2.121', '0.140', '0.284', '0.576', '0.355', '0.617'];

/** The titles of the walkthrough's steps, as the step list shows them. */
const stepTitles = (page) => page.locator('#step-list button').allTextContents();

/**
 * Prints the page to an A4 PDF in build/screenshots/, renders its pages to PNG beside it, and
 * returns its text with every run of white space as one space.
 */
async function printToPdf(page, name) {
  const file = path.join(SCREENSHOT_DIR, `print-${name}.pdf`);
  await page.pdf({ path: file, format: 'A4' });
  execFileSync('pdftoppm', ['-png', '-r', '70', file, path.join(SCREENSHOT_DIR, `print-${name}`)]);
  const text = execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });
  return { text: text.replace(/\s+/g, ' '), pages: (text.match(/\f/g) ?? []).length };
}

test('Export → Print handout prints every step of the worked example with its numbers, then the page is as it was', { skip: noPoppler }, async () => {
  const { page, problems } = await open('?w=worked-example');
  // The browser's print dialog cannot be driven headless: the test counts the calls and prints to PDF itself.
  await page.evaluate(() => {
    window.printCalls = 0;
    window.print = () => { window.printCalls += 1; };
  });
  await page.locator('.export-menu > summary').click();
  const button = page.getByRole('button', { name: 'Print handout' });
  // Keyboard: the button is reached and pressed like any other.
  await button.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => window.printCalls === 1);
  const titles = await stepTitles(page);
  assert.equal(titles.length, 5);
  assert.deepEqual(await page.locator('.print-handout .handout-step h3').allTextContents(), titles, 'one section per step, in order');
  assert.equal(await page.locator('.print-handout').isVisible(), false, 'on screen the handout is not shown');

  const { text, pages } = await printToPdf(page, 'worked-example');
  for (const title of titles) assert.ok(text.includes(title), `the PDF has the step “${title}”`);
  for (const number of CANONICAL) assert.ok(text.includes(number), `the PDF has ${number}`);
  for (const control of ['Next step', 'Export', 'Glossary', 'Print handout', 'Lessons']) assert.ok(!text.includes(control), `no “${control}” on paper`);
  // Worded for paper: no "Select a score to see its sum", one note of what the page adds.
  assert.doesNotMatch(text, /\bSelect\b/);
  assert.match(text.replace(/\s+/g, ' '), /On the page, selecting any computed number shows its arithmetic/);
  assert.ok(pages <= 3, `${pages} pages`);
  // After printing (afterprint) the handout is dropped and the step on screen is unchanged.
  assert.equal(await page.locator('.print-handout').count(), 0);
  assert.equal(await page.locator('#step-title').textContent(), titles[0]);

  const axe = await runAxe(page, '.export-menu');
  assert.deepEqual(axe.violations.map((v) => v.id), []);
  assert.deepEqual(problems, []);
  await page.close();
});

test('printing from the browser (beforeprint) lays the handout out too: the multi-head walkthrough in the dark scheme', { skip: noPoppler }, async () => {
  const { page, problems } = await open('?w=multi-head&step=heads', { colorScheme: 'dark' });
  const titles = await stepTitles(page);
  const { text } = await printToPdf(page, 'multi-head');
  for (const title of titles) assert.ok(text.includes(title), `the PDF has the step “${title}”`);
  // Every head's weights, as the step on screen shows them.
  for (const cell of await page.locator('figure[data-panel^="head"] td[data-row]').allTextContents()) {
    assert.ok(text.includes(cell), `the PDF has the weight ${cell}`);
  }
  // 16 columns do not fit across A4 at the handout's size: they are printed in two blocks of 8.
  assert.ok(text.includes('Columns 1–8 of 16') && text.includes('Columns 9–16 of 16'), 'wide matrices in blocks of columns');
  assert.deepEqual(problems, []);
  await page.close();
});

test('a worksheet prints each question: keys to tick for a pick, the passes to number, a line for a number', { skip: noPoppler }, async () => {
  const { page, problems } = await open('?w=try-causal-six&step=inputs');
  const { text } = await printToPdf(page, 'try-causal-six');
  assert.ok(text.includes('Query q₂ may look at k₀, k₁ and k₂ only'), 'the pick’s question');
  assert.ok(text.includes('☐ k₀ ☐ k₁ ☐ k₂ ☐ k₃ ☐ k₄ ☐ k₅'), `the keys to tick: ${text.slice(text.indexOf('Query q₂'), text.indexOf('Query q₂') + 300)}`);
  for (const pass of ['Scores', 'Scale', 'Mask', 'Softmax', 'Weighted sum']) assert.ok(text.includes(`☐ ${pass}`), `the pass ${pass} to number`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('edited inputs print as they are on screen: their numbers and the formulas typeset for them', { skip: noPoppler }, async () => {
  const inputs = { query: [[1, 2, 3]], key: [[1, 0, 1], [0, 1, 0], [1, 1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
  const { page, problems } = await open(`?w=worked-example#in=${encodeURIComponent(JSON.stringify(inputs))}`);
  // The page readies every step's formula once the first is painted, KaTeX loaded on the way; on
  // a busy machine that can outlast the network's quiet, so the test waits for the scale step's
  // own formula to be typeset (shown on screen) before it prints.
  await page.waitForLoadState('networkidle');
  await page.locator('#step-list button[data-step="scale"]').click();
  await page.locator('#formula:not([aria-busy="true"])').filter({ hasText: '1.732' }).waitFor();
  await page.locator('#step-list button[data-step="inputs"]').click();
  const { text } = await printToPdf(page, 'edited-worked-example');
  // d_k = 3: a formula no build prerendered, typeset for the handout.
  assert.ok(text.includes('Scale: divide by √d_k = 1.732'), 'the step title');
  // (pdftotext may read a space after the radical sign, as it does from Chromium's headless shell.)
  assert.match(text, /√ ?3 = 1\.732/, 'the scale step’s formula');
  assert.deepEqual(problems, []);
  await page.close();
});

test('in print media the step on screen loses its controls, and the handout fits the page: no table wider than it, dark text on white, nothing else shown', async () => {
  const { page, problems } = await open('?w=encoder-layer', { colorScheme: 'dark' });
  // About A4's printable width in CSS pixels (186 mm).
  await page.setViewportSize({ width: 700, height: 1000 });
  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  // Before the handout is laid out, the step on screen is what prints, without its controls.
  assert.equal(await page.locator('#step-title').isVisible(), true);
  for (const part of ['.player', '.site-header', '.step-nav', '.export-menu']) assert.equal(await page.locator(part).isVisible(), false, part);
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const handout = page.locator('.print-handout');
  await handout.waitFor();
  const layout = await handout.evaluate((h) => {
    const right = h.getBoundingClientRect().right;
    const tables = [...h.querySelectorAll('table')];
    return {
      sections: h.querySelectorAll('.handout-step').length,
      tooWide: tables.filter((t) => t.getBoundingClientRect().right > right + 1).length,
      tables: tables.length,
      colour: getComputedStyle(h.querySelector('.step-text')).color,
      cell: getComputedStyle(h.querySelector('td[data-row]')).color,
      buttons: [...h.querySelectorAll('button')].filter((b) => b.getBoundingClientRect().width > 0).map((b) => b.textContent),
      shownOutside: [...document.querySelectorAll('.attention-lab > :not(.print-handout)')].filter((e) => getComputedStyle(e).display !== 'none').length,
    };
  });
  // Every step but the two that show the answers to its two questions (left for the answer key).
  assert.equal(layout.sections, (await stepTitles(page)).length - 2);
  assert.ok(layout.tables > 0);
  assert.equal(layout.tooWide, 0, 'every table fits the page width');
  assert.equal(layout.colour, 'rgb(0, 0, 0)');
  assert.equal(layout.cell, 'rgb(0, 0, 0)');
  assert.deepEqual(layout.buttons, []);
  assert.equal(layout.shownOutside, 0, 'only the handout prints');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'print-media-encoder-layer.png'), fullPage: true });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  assert.equal(await page.locator('.print-handout').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the lesson “Watch attention learn” prints as it is, not a handout of a walkthrough behind it', async () => {
  const { page, problems } = await open('?w=worked-example');
  await page.getByRole('link', { name: /Watch attention learn/ }).first().click();
  await page.locator('.train-lesson').waitFor();
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.equal(await page.locator('.print-handout').count(), 0);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a practice walkthrough prints as a worksheet, its questions without the steps that show their answers; the answer key is a section of its own, only when asked', { skip: noPoppler }, async () => {
  const { page, problems } = await open('?w=worked-example-practice');
  const questions = ['Your turn: a score', 'Your turn: a scaled score', 'Your turn: a weight', 'Your turn: the output'];
  /** The engine's answers to the questions and the steps that show them. */
  const answers = ['2.121', '0.576', '0.355', '0.617'];
  // The browser's own printing (Ctrl+P): the learner's worksheet.
  const sheet = await printToPdf(page, 'practice-worksheet');
  for (const title of [(await stepTitles(page))[0], ...questions]) assert.ok(sheet.text.includes(title), `the worksheet has “${title}”`);
  for (const number of answers) assert.ok(!sheet.text.includes(number), `no ${number} on the worksheet`);
  assert.ok(!sheet.text.includes('Answer key'), 'no answer key');
  assert.ok(sheet.text.includes('The steps that show the answers are left out.'));

  // Export → Print handout with answer key: the questions, then the key on a page of its own.
  await page.evaluate(() => { window.print = () => undefined; });
  await page.locator('.export-menu > summary').click();
  await page.getByRole('button', { name: 'Print handout with answer key' }).click();
  await page.locator('.print-handout .handout-key').waitFor({ state: 'attached' });
  assert.deepEqual(await page.locator('.print-handout > .handout-step').evaluateAll((s) => s.map((e) => e.dataset.step)),
    ['inputs', 'exercise-score-k2', 'exercise-scaled-k2', 'exercise-weight-k2', 'exercise-output-0']);
  assert.deepEqual(await page.locator('.print-handout .handout-key .handout-step').evaluateAll((s) => s.map((e) => e.dataset.step)),
    ['scores', 'scale', 'softmax', 'output']);
  const keyed = await printToPdf(page, 'practice-answer-key');
  const key = keyed.text.indexOf('Answer key, for the instructor');
  assert.ok(key > keyed.text.indexOf('Your turn: the output'), 'the key comes after every question');
  for (const number of answers) assert.ok(keyed.text.indexOf(number) > key, `${number} only in the key`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Export prints versions of a practice that draws numbers per learner: each on its own numbers, then each version’s answer key', { skip: noPoppler }, async () => {
  const { page, problems } = await open('?w=worked-example-practice');
  await page.evaluate(() => {
    window.printCalls = 0;
    window.print = () => { window.printCalls += 1; };
  });
  await page.locator('.export-menu > summary').click();
  const count = page.getByLabel('Versions');
  await count.fill('0');
  await page.getByRole('button', { name: 'Print versions with answer keys' }).click();
  assert.equal(await page.locator('.export-status').textContent(), 'Versions: expected a whole number from 1 to 30, got “0”.');
  await count.fill('3');
  await page.getByRole('button', { name: 'Print versions with answer keys' }).click();
  await page.waitForFunction(() => window.printCalls === 1);
  assert.deepEqual(await page.locator('.print-handout > .handout-version').allTextContents(), ['Version 1 of 3', 'Version 2 of 3', 'Version 3 of 3']);
  assert.deepEqual(await page.locator('.print-handout .handout-key > .handout-key-version').allTextContents(), ['Version 1 of 3', 'Version 2 of 3', 'Version 3 of 3']);
  // Each version's numbers are the engine's draw for it, and its key's scores the engine's on them.
  const cells = (selector) => page.locator(selector).evaluateAll((sections) => sections.map((section) => [...section.querySelectorAll('td[data-row]')].map((td) => Number(td.textContent.replace('−', '-')))));
  const queries = await cells('.print-handout > .handout-step[data-step="inputs"] figure[data-panel="query"]');
  const scores = await cells('.print-handout .handout-key .handout-step[data-step="scores"] figure[data-panel="scores"]');
  const versions = [1, 2, 3].map((k) => drawnFor(lab, `worksheet-${k}`));
  assert.deepEqual(queries, versions.map((v) => v.query.flat()));
  assert.deepEqual(scores, versions.map((v) => lab.attention(v).scores.flat()));
  assert.notDeepEqual(queries[0], queries[1]);
  const printed = await printToPdf(page, 'practice-versions');
  const key = printed.text.indexOf('Answer key, for the instructor');
  assert.ok(key > printed.text.lastIndexOf('Your turn: the output'), 'the keys come after every version’s questions');
  assert.ok(printed.pages >= 6, `${printed.pages} pages: each version and each key on pages of their own`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('an exam prints its questions without the steps that show the answers, and offers no answer key', async () => {
  const { page, problems } = await open('?w=worked-example-practice&mode=exam');
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  assert.deepEqual(await page.locator('.print-handout .handout-step').evaluateAll((s) => s.map((e) => e.dataset.step)),
    ['inputs', 'exercise-score-k2', 'exercise-scaled-k2', 'exercise-weight-k2', 'exercise-output-0']);
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.locator('.export-menu > summary').click();
  await page.getByRole('button', { name: 'Print handout', exact: true }).waitFor();
  assert.equal(await page.getByRole('button', { name: 'Print handout with answer key' }).count(), 0);
  assert.equal(await page.getByRole('button', { name: 'Print versions with answer keys' }).count(), 0, 'nor versions with their keys');
  assert.deepEqual(problems, []);
  await page.close();
});
