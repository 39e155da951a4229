// The walkthrough editor in the page (web/src/views/editor-view.ts), as an instructor uses it:
// opened from the lesson menu with the keyboard, on a copy of the walkthrough on screen; the
// title, a step's words, the numbers set in the lesson's own grids and exercises added, each
// shown at once in the lesson beside it; a refusal of the validator and one of the engine shown
// beside the field they name, the last good draft staying on screen; the draft kept over a
// reload; the JSON, the single file, a SCORM package and the H5P package downloaded, each opening
// on it (the SCORM one carrying it); a start
// from a file; Spanish; axe clean at 1280 px light and 375 px
// dark, with pictures for a person to look at.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { strFromU8, unzipSync } from 'fflate';
import { runAxe, screenshot, SCREENSHOT_DIR, usePage } from './browser.mjs';
import { playInStandalone } from './h5p-standalone.mjs';

const { open } = usePage();
let dir = '';
before(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-editor-'));
});
after(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Opens the editor from the lesson menu with the keyboard; resolves once its first check is said. */
async function openEditor(page, name = 'Write a walkthrough…') {
  await page.getByRole('button', { name }).focus();
  await page.keyboard.press('Enter');
  await page.locator('#editor .editor-status').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.id), 'editor-heading');
}

/** Types `text` into the editor's field `id` and commits it (Tab away). */
async function commit(page, id, text) {
  await page.locator(`#${id}`).fill(text);
  await page.locator(`#${id}`).press('Tab');
}

const status = (page) => page.locator('#editor .editor-status').textContent();

/** Saves a download the editor starts by pressing `button`. */
async function saved(page, button) {
  const [file] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const target = path.join(dir, file.suggestedFilename());
  await file.saveAs(target);
  return target;
}

describe('the walkthrough editor', () => {
  test('a copy of the lesson on screen, changed field by field, previewed at once, refusals beside their fields, kept over a reload, downloaded', async () => {
    const { page, problems } = await open('?w=worked-example');
    await openEditor(page);
    assert.equal(await page.locator('#editor-id').inputValue(), 'worked-example-copy');
    assert.match(await status(page), /^Checked: the lesson on the page is “One query, three keys”/);

    // The numbers: set in the lesson's own grid (kept while other fields change), then kept as the walkthrough's.
    const cell = page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]');
    await cell.click();
    await cell.locator('input').fill('3');
    await page.keyboard.press('Enter');
    await cell.filter({ hasText: '3' }).waitFor();

    await commit(page, 'editor-title', 'My look-up');
    await page.locator('#walkthrough-title').filter({ hasText: 'My look-up' }).waitFor();
    assert.equal(await page.locator('.lesson-label').textContent(), 'Written for this course');
    assert.equal(await cell.textContent(), '3', 'the edited number stays while the title changes');
    await page.getByRole('button', { name: 'Use the numbers on screen' }).click();
    await page.locator('#announcer').filter({ hasText: 'The numbers on screen are the walkthrough’s now.' }).waitFor();

    // A step's own words.
    await commit(page, 'editor-stepTexts-scores-title', 'How well q matches');
    await page.locator('#step-list button[data-step="scores"]').filter({ hasText: 'How well q matches' }).waitFor();

    // An exercise: a row the walkthrough does not have is refused beside its field, and the last good draft stays.
    await page.locator('#editor-add-type').selectOption('numeric');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator('#step-list button[data-step="exercise-numeric-1"]').waitFor();
    await commit(page, 'editor-exercises-0-row', '5');
    const row = page.locator('#editor-exercises-0-row');
    await page.locator('#editor-exercises-0-row-error').filter({ hasText: 'exercises[0].row: expected a whole number from 0 to 0, got 5' }).waitFor();
    assert.equal(await row.getAttribute('aria-invalid'), 'true');
    assert.match(await status(page), /^Not shown yet: exercises\[0\]\.row/);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'My look-up');
    await commit(page, 'editor-exercises-0-row', '0');
    await page.locator('#editor .editor-status').filter({ hasText: /^Checked/ }).waitFor();
    assert.equal(await row.getAttribute('aria-invalid'), null);

    // One the engine refuses when the walkthrough opens (a step it does not have), named beside its field.
    await page.locator('#editor-add-type').selectOption('pick-cell');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await page.locator('#editor-exercises-1-step-error').waitFor();
    assert.match(await page.locator('#editor-exercises-1-step-error').textContent(), /exercises\[1\]\.step: /);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'My look-up');
    await commit(page, 'editor-exercises-1-step', 'softmax');
    await commit(page, 'editor-exercises-1-panel', 'weights');
    await page.locator('#editor .editor-status').filter({ hasText: /^Checked/ }).waitFor();
    // The page's notices of the refused drafts went with them.
    assert.deepEqual(await page.locator('#notices .notice').allTextContents(), []);
    await page.locator('#step-list button[data-step="exercise-pick-cell-1"]').click();
    await page.locator('.pick-grid').waitFor();

    for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await screenshot(page, path.join(SCREENSHOT_DIR, `editor-${width}-${colorScheme}.png`));
      await screenshot(page, path.join(SCREENSHOT_DIR, `editor-${width}-${colorScheme}-whole.png`), { fullPage: true });
      const { violations } = await runAxe(page, '#editor');
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), [], `${width} px`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      assert.ok(overflow <= 0, `at ${width} px the page is ${overflow} px wider than the window`);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // The JSON written is the walkthrough shown, and it passes the page's own check.
    const json = JSON.parse(fs.readFileSync(await saved(page, page.getByRole('button', { name: 'The walkthrough’s JSON file' })), 'utf8'));
    assert.equal(json.id, 'worked-example-copy');
    assert.equal(json.title, 'My look-up');
    assert.equal(json.lesson, undefined);
    assert.equal(json.inputs.query[0][0], 3);
    assert.deepEqual(json.stepTexts, { scores: { title: 'How well q matches' } });
    assert.deepEqual(json.exercises.map((e) => [e.id, e.type]), [['numeric-1', 'numeric'], ['pick-cell-1', 'pick-cell']]);
    // Each download opens on the walkthrough written: the JSON in the page, the single file from
    // file://, the H5P package in h5p-standalone.
    const reopened = await open(`#walkthrough=${encodeURIComponent(JSON.stringify(json))}`);
    assert.equal(await reopened.page.locator('#walkthrough-title').textContent(), 'My look-up');
    const single = await saved(page, page.locator('#editor').getByRole('button', { name: 'Single HTML file' }));
    await reopened.page.goto(pathToFileURL(single).href);
    await reopened.page.locator('#walkthrough-title').filter({ hasText: 'My look-up' }).waitFor();
    await reopened.page.close();
    // The SCORM package's SCO is the offline file of the walkthrough written (played in scorm-again by download.test.mjs).
    const scorm = unzipSync(new Uint8Array(fs.readFileSync(await saved(page, page.locator('#editor').getByRole('button', { name: 'SCORM 2004 package' })))));
    const sco = strFromU8(scorm['attention-lab.html']);
    assert.match(sco, /<title>Attention Lab: My look-up<\/title>/);
    assert.ok(sco.includes(encodeURIComponent('"title":"My look-up"').replace(/%20/g, '+')) || sco.includes('My+look-up'), 'the walkthrough is baked into the SCO');
    const h5p = await saved(page, page.locator('#editor').getByRole('button', { name: 'H5P package' }));
    assert.equal(path.basename(h5p), 'attention-lab-worked-example-copy.h5p');
    const played = await playInStandalone(page.context(), new Uint8Array(fs.readFileSync(h5p)), { id: 'ana', name: 'Ana', mail: 'ana@example.test' });
    await played.frame.locator('#walkthrough-title').filter({ hasText: 'My look-up' }).waitFor();
    assert.deepEqual([...reopened.problems, ...played.problems()], []);
    await played.close();

    // A reload keeps the draft: it is in the link.
    await page.reload();
    await page.locator('#walkthrough-title').filter({ hasText: 'My look-up' }).waitFor();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('starting from another walkthrough of the list, and from a file, in Spanish', async () => {
    const { page, problems } = await open('?w=causal-mask&lang=es');
    await openEditor(page, 'Escribir un recorrido…');
    assert.equal(await page.locator('#editor-heading').textContent(), 'Escribir un recorrido');
    // A file keeps its id: it is the instructor's own.
    const mine = { id: 'mine', kind: 'attention', title: 'Mío', intro: 'Uno.', inputs: { query: [[1, 0]], key: [[1, 0], [0, 1]], value: [[1, 2], [3, 4]] } };
    const [chooser] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Empezar a partir de un archivo…' }).click()]);
    await chooser.setFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(mine)) });
    await page.locator('#walkthrough-title').filter({ hasText: 'Mío' }).waitFor();
    assert.equal(await page.locator('#editor-id').inputValue(), 'mine');
    // A refusal of the validator, in Spanish beside its field and in the status line; the last good draft stays.
    await commit(page, 'editor-title', '');
    await page.locator('#editor-title-error').filter({ hasText: /^title: se esperaba un texto de 1 a \d+ caracteres, y llegó ""$/ }).waitFor();
    assert.match(await page.locator('#editor .editor-status').textContent(), /title: se esperaba un texto de 1 a/);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'Mío');
    await commit(page, 'editor-title', 'Mío');
    await page.locator('#editor .editor-status').filter({ hasText: /^Comprobado/ }).waitFor();
    // A copy of a shipped walkthrough's file that kept its id: the file is the instructor's, under an id of its own.
    const copied = { ...mine, id: 'causal-mask', title: 'Copiado' };
    const [again] = await Promise.all([page.waitForEvent('filechooser'), page.getByRole('button', { name: 'Empezar a partir de un archivo…' }).click()]);
    await again.setFiles({ name: 'copied.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(copied)) });
    await page.locator('#walkthrough-title').filter({ hasText: 'Copiado' }).waitFor();
    assert.equal(await page.locator('#editor-id').inputValue(), 'causal-mask-copy');
    await page.locator('#editor-start').selectOption('multi-head');
    await page.getByRole('button', { name: 'Empezar a partir de este' }).click();
    await page.locator('#editor .editor-status').filter({ hasText: /^Comprobado/ }).waitFor();
    assert.equal(await page.locator('#editor-id').inputValue(), 'multi-head-copy');
    await page.getByRole('button', { name: 'Cerrar el editor' }).click();
    assert.equal(await page.locator('#editor').count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('open-editor')), true);
    assert.deepEqual(problems, []);
    await page.close();
  });
});
