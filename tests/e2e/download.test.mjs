// The Embed dialog's downloads: the page makes, in the browser, a single HTML file, SCORM 1.2
// and 2004 packages and an H5P package of the walkthrough on screen with its step, edited inputs,
// hidden parts and exercises. The HTML file opens from file://, and the H5P package plays in
// h5p-standalone, with the engine's numbers for the edited inputs; the zips' manifests validate against their schemas (xmllint) and a package runs in
// scorm-again, recording an answer. An instructor's own walkthrough travels inside the file; a
// template that cannot be fetched is a visible notice.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { unzipSync } from 'fflate';
import { ROOT } from '../../scripts/lib/browser.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, openPage, runAxe, SCREENSHOT_DIR, servePage } from './browser.mjs';
import { hasXmllint, LMS_PAGES, NO_XMLLINT, SCORM_AGAIN, validateManifest } from './scorm-support.mjs';
import { playInStandalone } from './h5p-standalone.mjs';

/** @type {Awaited<ReturnType<typeof servePage>>} */ let lab;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;
let dir = '';
before(async () => {
  lab = await servePage();
  browser = await launchBrowser();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-download-'));
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
after(async () => {
  await browser?.close();
  await lab?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** The printed numbers of one matrix panel of the current step, in a page or a frame. */
const cells = (scope, panel) => scope.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents();

/**
 * In the causal mask at its inputs step, sets the first key's first number to 2.5 (every later
 * query's weights change; the first query sees only that key) and goes to the softmax step;
 * returns the weights shown there.
 */
async function editedAtSoftmax(page) {
  const key = page.locator('figure[data-panel="key"] td[data-row="0"][data-col="0"]');
  await key.click();
  await key.locator('input').fill('2.5');
  await page.keyboard.press('Enter');
  await key.filter({ hasText: '2.5' }).waitFor();
  await page.locator('#step-list button[data-step="softmax"]').click();
  return cells(page, 'weights');
}

/** Opens the Embed dialog on an open page. */
async function openDialog(page) {
  await page.locator('.control-embed').click();
  await page.locator('dialog.embed-dialog .download-section').waitFor();
}

/** Presses a Download button; returns the saved file's path and the name the page gave it. */
async function download(page, label) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: label }).click()]);
  const saved = path.join(dir, file.suggestedFilename());
  await file.saveAs(saved);
  await page.locator('.download-status').filter({ hasText: `Downloaded ${file.suggestedFilename()}` }).waitFor();
  return { saved, name: file.suggestedFilename() };
}

/**
 * Launches an unpacked package in scorm-again (`version`'s LMS page), answers its first exercise
 * (the worked example's score of key 2: 3) and returns what the LMS recorded: the interactions
 * and the raw score (one exercise of four right: 25).
 */
async function answerInLms(version, unpacked) {
  const server = await serveFiles({ pages: { '/lms.html': LMS_PAGES[version] }, folders: { '/package/': unpacked, '/scorm-again/': SCORM_AGAIN } });
  try {
    const lms = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    const sco = lms.page.frameLocator('#sco');
    await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    await sco.locator('#step-list button[data-step="exercise-score-k2"]').click();
    await sco.getByLabel('Your answer').fill('3');
    await sco.getByLabel('Your answer').press('Enter');
    await sco.locator('.exercise-feedback[data-result="correct"]').waitFor();
    const recorded = await lms.page.evaluate(() => {
      const { cmi } = window.lms.renderCMIToJSONObject();
      return { interactions: Object.values(cmi.interactions).map((i) => `${i.id} ${i.result}`), raw: (cmi.core ?? cmi).score.raw };
    });
    assert.deepEqual(lms.problems, []);
    await lms.page.close();
    return recorded;
  } finally {
    await server.close();
  }
}

describe('the Download buttons of the Embed dialog', () => {
  test('the single HTML file opens from file:// on the step, with the edited input computed by the engine and the hidden parts hidden', async () => {
    const { page, problems } = await openPage(browser.context, `${lab.url}?w=causal-mask`);
    const weights = await editedAtSoftmax(page);
    await openDialog(page);
    await page.getByLabel('Hide the explanations').check();
    for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
      await page.setViewportSize({ width, height: 900 });
      await page.emulateMedia({ colorScheme });
      await page.locator('dialog.embed-dialog .download-section').scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `download-dialog-${width}-${colorScheme}.png`) });
    }
    const { violations } = await runAxe(page, 'dialog.embed-dialog');
    assert.deepEqual(violations.map((v) => v.id), []);

    const { saved, name } = await download(page, 'Single HTML file');
    assert.equal(name, 'attention-lab-causal-mask.html');
    const offline = await openPage(browser.context, pathToFileURL(saved).href);
    assert.equal(await offline.page.locator('#walkthrough-title').textContent(), await page.locator('#walkthrough-title').textContent());
    assert.equal(await offline.page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'softmax');
    assert.deepEqual(await cells(offline.page, 'weights'), weights);
    assert.ok(await offline.page.locator('.attention-lab.hide-prose.embedded').count() === 1, 'embedded, explanations hidden');
    await offline.page.locator('#step-list button[data-step="inputs"]').click();
    assert.equal(await offline.page.locator('figure[data-panel="key"] td[data-row="0"][data-col="0"]').textContent(), '2.5');
    // The causal mask's own weights at the same step differ: the file computed the edit.
    const own = await openPage(browser.context, `${lab.url}?w=causal-mask&step=softmax`);
    assert.notDeepEqual(await cells(own.page, 'weights'), weights);
    assert.deepEqual([...problems, ...offline.problems, ...own.problems], []);
    for (const p of [page, offline.page, own.page]) await p.close();
  });

  for (const [label, version, name] of [['SCORM 1.2 package', '1.2', 'attention-lab-worked-example-practice.zip'], ['SCORM 2004 package', '2004', 'attention-lab-worked-example-practice-scorm2004.zip']]) {
    test(`the ${label} validates against its schemas and records an answer in scorm-again`, { skip: hasXmllint ? false : NO_XMLLINT }, async () => {
      const { page, problems } = await openPage(browser.context, `${lab.url}?w=worked-example-practice`);
      await openDialog(page);
      if (version === '2004') await page.getByLabel('Pass mark').fill('75');
      const saved = await download(page, label);
      assert.equal(saved.name, name);
      const files = unzipSync(new Uint8Array(fs.readFileSync(saved.saved)));
      const unpacked = path.join(dir, `package-${version}`);
      const xml = validateManifest(files, unpacked);
      assert.match(xml, /href="attention-lab\.html"/);
      assert.match(xml, version === '1.2' ? /<adlcp:masteryscore>80<\/adlcp:masteryscore>/ : /<imsss:minNormalizedMeasure>0\.75<\/imsss:minNormalizedMeasure>/);
      await page.close();

      assert.deepEqual(await answerInLms(version, unpacked), { interactions: ['score-k2 correct'], raw: '25' });
      assert.deepEqual(problems, []);
    });
  }

  test('the H5P package plays in h5p-standalone on the step, with the edited input computed by the engine and the hidden parts hidden', async () => {
    const { page, problems } = await openPage(browser.context, `${lab.url}?w=causal-mask&hide=prose`);
    const weights = await editedAtSoftmax(page);
    await openDialog(page);
    const { saved, name } = await download(page, 'H5P package');
    assert.equal(name, 'attention-lab-causal-mask.h5p');
    const played = await playInStandalone(browser.context, new Uint8Array(fs.readFileSync(saved)), { id: 'cy', name: 'Cy', mail: 'cy@example.test' });
    try {
      const frame = played.frame;
      await frame.locator('#step-list button[aria-current="step"][data-step="softmax"]').waitFor();
      assert.deepEqual(await cells(frame, 'weights'), weights);
      assert.ok(await frame.locator('.attention-lab.hide-prose.embedded').count() === 1, 'embedded, explanations hidden');
      assert.deepEqual([...problems, ...played.problems()], []);
    } finally {
      await played.close();
      await page.close();
    }
  });

  test('a file downloaded from the page in Spanish opens in Spanish, decimal commas and all', async () => {
    const { page, problems } = await openPage(browser.context, `${lab.url}?w=worked-example&step=softmax&lang=es`);
    await page.locator('.control-embed').click();
    await page.locator('dialog.embed-dialog .download-section').waitFor();
    const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Un único archivo HTML' }).click()]);
    const saved = path.join(dir, `es-${file.suggestedFilename()}`);
    await file.saveAs(saved);
    const offline = await openPage(browser.context, pathToFileURL(saved).href);
    assert.match(await offline.page.locator('#progress').textContent() ?? '', /^Paso \d+ de \d+$/);
    assert.equal(await offline.page.evaluate(() => document.documentElement.lang), 'es');
    assert.ok((await cells(offline.page, 'weights')).some((cell) => /^0,\d{3}/.test(cell)), 'a weight with a decimal comma');
    assert.deepEqual([...problems, ...offline.problems], []);
    for (const p of [page, offline.page]) await p.close();
  });

  test('an instructor’s own walkthrough travels inside the file', async () => {
    const mine = JSON.parse(fs.readFileSync(new URL('../../web/src/walkthroughs/worked-example.json', import.meta.url), 'utf8'));
    Object.assign(mine, { id: 'my-example', title: 'My own example' });
    delete mine.lesson;
    const hash = `#${new URLSearchParams({ walkthrough: JSON.stringify(mine) })}`;
    const { page, problems } = await openPage(browser.context, `${lab.url}${hash}`);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'My own example');
    await openDialog(page);
    const { saved, name } = await download(page, 'Single HTML file');
    assert.equal(name, 'attention-lab-my-example.html');
    const offline = await openPage(browser.context, pathToFileURL(saved).href);
    assert.equal(await offline.page.locator('#walkthrough-title').textContent(), 'My own example');
    await offline.page.locator('#step-list button[data-step="softmax"]').click();
    assert.deepEqual(await cells(offline.page, 'weights'), ['0.140', '0.284', '0.576']);
    assert.deepEqual([...problems, ...offline.problems], []);
    await page.close();
    await offline.page.close();
  });

  test('an instructor’s own practice walkthrough as a SCORM 1.2 package records its answers under its own id', { skip: hasXmllint ? false : NO_XMLLINT }, async () => {
    const mine = JSON.parse(fs.readFileSync(new URL('../../web/src/walkthroughs/worked-example-practice.json', import.meta.url), 'utf8'));
    Object.assign(mine, { id: 'my-practice', title: 'My practice' });
    delete mine.lesson;
    const { page, problems } = await openPage(browser.context, `${lab.url}#${new URLSearchParams({ walkthrough: JSON.stringify(mine) })}`);
    await openDialog(page);
    const { saved, name } = await download(page, 'SCORM 1.2 package');
    assert.equal(name, 'attention-lab-my-practice.zip');
    const unpacked = path.join(dir, 'package-mine');
    assert.match(validateManifest(unzipSync(new Uint8Array(fs.readFileSync(saved))), unpacked), /<title>Attention Lab: My practice<\/title>/);
    assert.deepEqual(await answerInLms('1.2', unpacked), { interactions: ['score-k2 correct'], raw: '25' });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('from the keyboard: Enter on a button downloads; a pass mark out of range is named in a notice and marked invalid', async () => {
    const { page, problems } = await openPage(browser.context, `${lab.url}?w=causal-mask-practice`);
    await openDialog(page);
    await page.getByRole('button', { name: 'Single HTML file' }).focus();
    const [file] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    assert.equal(file.suggestedFilename(), 'attention-lab-causal-mask-practice.html');
    await page.locator('.download-status').filter({ hasText: 'Downloaded attention-lab-causal-mask-practice.html' }).waitFor();
    assert.equal(await page.locator('.download-status').getAttribute('role'), 'status');

    await page.getByLabel('Pass mark').fill('150');
    await page.getByRole('button', { name: 'SCORM 1.2 package' }).focus();
    await page.keyboard.press('Enter');
    await page.locator('.download-failure').filter({ hasText: 'Pass mark: expected a whole percent from 0 to 100, got “150”' }).waitFor();
    assert.equal(await page.getByLabel('Pass mark').getAttribute('aria-invalid'), 'true');
    await page.setViewportSize({ width: 375, height: 900 });
    await page.locator('.download-failure').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'download-pass-mark-375-light.png') });
    const { violations } = await runAxe(page, 'dialog.embed-dialog');
    assert.deepEqual(violations.map((v) => v.id), []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the file of a lesson that reads the language model carries the model the page fetched, and opens on it from file://', async () => {
    const { page } = await openPage(browser.context, `${lab.url}?w=model-heads-on-a-sentence&step=heads`);
    await openDialog(page);
    const { saved, name } = await download(page, 'Single HTML file');
    assert.equal(name, 'attention-lab-model-heads-on-a-sentence.html');
    const block = /id="attention-lab-language-model">([^<]*)</.exec(fs.readFileSync(saved, 'utf8'))?.[1] ?? '';
    assert.ok(Buffer.from(block, 'base64').equals(fs.readFileSync(path.join(ROOT, 'web/lib/models/shakespeare.bin'))), 'the model file, byte for byte');
    const offline = await openPage(browser.context, pathToFileURL(saved).href);
    await offline.page.locator('figure[data-panel="head-4-words"] td[data-row]').first().waitFor();
    assert.deepEqual(offline.problems, []);
    await page.close();
    await offline.page.close();
  });

  test('a template that cannot be fetched is a visible notice, and the buttons work again after it', async () => {
    const { page } = await openPage(browser.context, `${lab.url}?w=causal-mask`);
    await page.route('**/attention-lab-offline.html', (route) => route.fulfill({ status: 404, body: 'missing' }));
    await openDialog(page);
    await page.getByRole('button', { name: 'SCORM 1.2 package' }).click();
    const failure = page.locator('.download-failure');
    await failure.filter({ hasText: 'HTTP 404' }).waitFor();
    assert.equal(await failure.getAttribute('role'), 'alert');
    await page.unroute('**/attention-lab-offline.html');
    const { name } = await download(page, 'SCORM 1.2 package');
    assert.equal(name, 'attention-lab-causal-mask.zip');
    assert.ok(await failure.isHidden());
    await page.close();
  });
});
