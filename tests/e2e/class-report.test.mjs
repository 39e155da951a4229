// The class report in the page: from the Embed dialog, the instructor opens a statements file made
// from real runs of the lab (tests/support/class-runs.mjs) and sees per question the learners right
// at first try and the mistakes the engine named, as bars and as a table with the same numbers;
// a broken file is said in the dialog, naming the statement and field, and the report shown
// before stays. Axe-clean at 1280 px and at 375 px in dark mode; screenshots of both.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { runAxe, screenshot, SCREENSHOT_DIR, usePage } from './browser.mjs';
import { classStatements, moodleInteractionsReport } from '../support/class-runs.mjs';
import { PRACTICE } from '../support/drawn-numbers.mjs';

const { open } = usePage();
const lab = await loadAttentionLab({ training: false });
const CLASS = JSON.stringify(await classStatements(lab));
const MOODLE = await moodleInteractionsReport(lab);

/** Opens the class report from the Embed dialog. */
async function openReport(page) {
  // On a phone the Embed button is folded under "More step controls".
  if (!(await page.locator('.control-embed').isVisible())) await page.getByRole('button', { name: /More step controls/ }).click();
  await page.locator('.control-embed').click();
  await page.getByRole('button', { name: 'Class report…' }).click();
  await page.locator('.report-dialog[open]').waitFor();
}

/** The rows of each question's table: [answer, learners, share]. */
const tables = (page) => page.locator('.report-table').evaluateAll((all) => all.map((table) => [...table.querySelectorAll('tbody tr')].map((tr) => [tr.querySelector('th').firstChild.textContent, ...[...tr.querySelectorAll('td')].map((td) => td.textContent)])));

for (const [width, colorScheme] of /** @type {const} */ ([[1280, 'light'], [375, 'dark']])) {
  test(`a statements file shows each question's first tries and the mistakes named, at ${width} px (${colorScheme})`, async () => {
    const { page, problems } = await open('?w=worked-example-practice', { width, colorScheme });
    await openReport(page);
    // The button in the page's words opens the browser's file chooser (its own input is hidden).
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Open a results file (JSON, or Moodle’s report)…' }).click()]);
    await chooser.setFiles({ name: 'statements.json', mimeType: 'application/json', buffer: Buffer.from(CLASS) });
    await page.locator('.report-question').first().waitFor();
    assert.equal(await page.locator('.report-status').textContent(), 'statements.json: 3 learners, 2 questions.');
    assert.deepEqual(await page.locator('.report-question h3').allTextContents(), ['Your turn: a score (worked-example-practice)', 'Your turn: a weight (worked-example-practice)']);
    assert.deepEqual(await page.locator('.report-question > p').allTextContents(), [
      'Right at first try: 2 of 3 learners (67 %).',
      'Right at first try: 1 of 3 learners (33 %).',
    ]);
    assert.deepEqual(await tables(page), [
      [['Right', '2', '67 %'], ['Wrong, no mistake named', '1', '33 %']],
      [['Right', '1', '33 %'], ['unscaled', '2', '67 %']],
    ]);
    assert.equal(await page.locator('.report-table .report-detail').first().textContent(), 'That is the value without dividing the scores by √d_k.');
    // The bars say the same, and are hidden from screen readers (the table is their text).
    assert.equal(await page.locator('.report-bars').first().getAttribute('aria-hidden'), 'true');
    const overflow = await page.evaluate(() => document.querySelector('.report-dialog').scrollWidth - document.querySelector('.report-dialog').clientWidth);
    assert.ok(overflow <= 0, `the dialog scrolls sideways by ${overflow} px`);
    const axe = await runAxe(page);
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
    await screenshot(page, path.join(SCREENSHOT_DIR, `class-report-${width}-${colorScheme}.png`), { fullPage: true });

    // A broken file: said in the dialog, naming the statement and field; the report stays.
    const broken = JSON.parse(CLASS);
    const second = broken.findIndex((st, k) => k > 0 && st.verb.id.endsWith('/answered'));
    broken[second].result.success = 'yes';
    await page.locator('#report-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    await page.locator('.report-status.refused').waitFor();
    assert.equal(await page.locator('.report-status').textContent(), `broken.json could not be read: statements[${second}].result.success: expected true or false (whether the answer was right), got "yes"`);
    assert.equal(await page.locator('.report-question').count(), 2, 'the report shown before stays');
    // 60 MB that take no room on disk: refused by its size before a byte is read.
    const huge = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-report-')), 'huge.json');
    fs.closeSync(fs.openSync(huge, 'w'));
    fs.truncateSync(huge, 60_000_000);
    await page.locator('#report-file').setInputFiles(huge);
    await page.locator('.report-status', { hasText: 'huge.json' }).waitFor();
    assert.equal(await page.locator('.report-status').textContent(), 'huge.json could not be read: expected a results file of at most 50.0 MB, got 60.0 MB');
    fs.rmSync(path.dirname(huge), { recursive: true, force: true });
    // Closing gives the focus back to the Embed button (on a phone, to "More", which unfolds it).
    await page.getByRole('button', { name: 'Close' }).click();
    assert.equal(await page.evaluate(() => document.activeElement?.className), width > 500 ? 'control-embed' : 'control-more');
    assert.deepEqual(problems, []);
    await page.close();
  });
}

test('Moodle’s SCORM interactions report shows the same first tries, each question named by its title; a practice of per-learner numbers stays undiagnosed', async () => {
  const { page, problems } = await open('?w=worked-example');
  await openReport(page);
  await page.locator('#report-file').setInputFiles({ name: 'Course Attention-20261129_0912-tab_separated.txt', mimeType: 'text/plain', buffer: Buffer.from(MOODLE) });
  await page.locator('.report-question').first().waitFor();
  assert.equal(await page.locator('.report-status').textContent(), 'Course Attention-20261129_0912-tab_separated.txt: 3 learners, 2 questions.');
  assert.deepEqual(await page.locator('.report-question h3').allTextContents(), ['Your turn: a score (worked-example-practice)', 'Your turn: a weight (worked-example-practice)']);
  // Moodle keeps no diagnosis, nor the learner id this practice drew its numbers for: no mistake
  // can be named afterwards.
  assert.deepEqual(await tables(page), [
    [['Right', '2', '67 %'], ['Wrong (the file records no diagnosis)', '1', '33 %']],
    [['Right', '1', '33 %'], ['Wrong (the file records no diagnosis)', '2', '67 %']],
  ]);
  // Downloaded without the question and result columns: the dialog says which boxes to tick.
  const responsesOnly = MOODLE.split('\n').map((line) => line.split('\t').filter((_, k) => !/^"(Question|Result) \d+"$/.test(MOODLE.split('\n')[0].split('\t')[k])).join('\t')).join('\n');
  await page.locator('#report-file').setInputFiles({ name: 'responses.txt', mimeType: 'text/plain', buffer: Buffer.from(responsesOnly) });
  await page.locator('.report-status.refused').waitFor();
  assert.match(await page.locator('.report-status').textContent(), /^responses\.txt could not be read: line 1: expected the columns "Question 0" and "Result 0", … \(in Moodle's report, tick "Summary of question" and "Summary of result" before downloading\)/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('from Moodle’s report the engine names the mistakes again when the walkthrough’s numbers are its own', async () => {
  // The instructor's copy of the practice, without numbers per learner, as its SCORM package's title names it.
  const mine = { ...structuredClone(PRACTICE), id: 'my-practice', title: 'My practice' };
  delete mine.lesson;
  delete mine.perLearner;
  const { page, problems } = await open(`?w=my-practice#${new URLSearchParams({ walkthrough: JSON.stringify(mine) })}`);
  await page.locator('#walkthrough-title', { hasText: 'My practice' }).waitFor();
  await openReport(page);
  const report = MOODLE.replace('"Attention Lab: Practice: one query, three keys"', '"Attention Lab: My practice"');
  await page.locator('#report-file').setInputFiles({ name: 'my-practice.txt', mimeType: 'text/plain', buffer: Buffer.from(report) });
  await page.locator('.report-question').first().waitFor();
  assert.deepEqual(await page.locator('.report-question h3').allTextContents(), ['Your turn: a score (my-practice)', 'Your turn: a weight (my-practice)']);
  // Moodle keeps the responses: each wrong one graded again by the engine, as the lesson graded it.
  assert.deepEqual(await tables(page), [
    [['Right', '2', '67 %'], ['Wrong, no mistake named', '1', '33 %']],
    [['Right', '1', '33 %'], ['unscaled', '2', '67 %']],
  ]);
  assert.deepEqual(problems, []);
  await page.close();
});
