// The SCORM 1.2 package (npm run build:scorm) in headless Chromium, launched by an LMS page that
// runs a real SCORM run-time (scorm-again's Scorm12API as window.API): the package unzips to a
// manifest, its schema files and one SCO, and the SCO reports incomplete, then completed once
// every step of its walkthrough has been seen, and finishes when it is unloaded: suspended while
// the attempt goes on, a normal exit once it is over (every step seen, and with exercises passed
// or failed).
// (Resume and SCORM 2004: scorm-resume.test.mjs; the manifests' schemas: scorm-schema.test.mjs.)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildScormPackage, readZip } from '../../scripts/offline/scorm-package.mjs';
import { launchBrowser, openPage, settledUrl } from './browser.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { SCORM_AGAIN } from './scorm-support.mjs';

/** The LMS: the SCORM 1.2 API on its window, a log of the calls the SCO makes, and a frame for the SCO. */
const LMS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>LMS</title>
<script src="scorm-again/scorm12.min.js"></script>
<script>
  window.API = new Scorm12API({ logLevel: 4 });
  window.calls = [];
  for (const name of ['LMSInitialize', 'LMSSetValue', 'LMSCommit', 'LMSFinish']) {
    window.API.on(name, (...args) => window.calls.push([name, ...args.filter((a) => a != null && a !== '')].join(' ')));
  }
</script></head>
<body><iframe id="sco" title="Lesson" width="1200" height="850"></iframe></body></html>`;

/** An LMS whose API throws on every call, with the SCO launched in its frame. */
const BROKEN_LMS_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Broken LMS</title>
<script>
  const fail = () => { throw new Error('the LMS is down'); };
  window.API = { LMSInitialize: fail, LMSFinish: fail, LMSGetValue: fail, LMSSetValue: fail, LMSCommit: fail };
</script></head>
<body><iframe id="sco" title="Lesson" width="1200" height="850" src="package/attention-lab.html"></iframe></body></html>`;

/** Reads the manifest with the browser's XML parser, as an LMS importing the package would. */
function readManifest(xml) {
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  if (doc.querySelector('parsererror')) return { error: doc.querySelector('parsererror').textContent };
  const adlcp = 'http://www.adlnet.org/xsd/adlcp_rootv1p2';
  const resources = [...doc.getElementsByTagName('resource')];
  const item = doc.getElementsByTagName('item')[0];
  return {
    root: `${doc.documentElement.namespaceURI} ${doc.documentElement.localName}`,
    schema: `${doc.querySelector('metadata > schema')?.textContent} ${doc.querySelector('metadata > schemaversion')?.textContent}`,
    title: doc.querySelector('organization > title')?.textContent,
    // What an LMS launches: the href of the resource the organization's item points to.
    launch: resources.find((r) => r.getAttribute('identifier') === item?.getAttribute('identifierref'))?.getAttribute('href'),
    scos: resources.map((r) => `${r.getAttributeNS(adlcp, 'scormtype')} ${r.getAttribute('href')}`),
    files: [...doc.getElementsByTagName('file')].map((f) => f.getAttribute('href')),
  };
}

describe('the SCORM 1.2 package', () => {
  let dir;
  let built;
  let server;
  let browser;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-scorm-'));
    // A walkthrough without exercises: once every step is seen the attempt is over.
    built = await buildScormPackage({ walkthrough: 'padding-mask', embed: true, outDir: dir });
    fs.mkdirSync(path.join(dir, 'package'));
    for (const [name, bytes] of Object.entries(readZip(built.zip))) fs.writeFileSync(path.join(dir, 'package', name), bytes);
    server = await serveFiles({
      pages: { '/lms.html': LMS_PAGE, '/broken-lms.html': BROKEN_LMS_PAGE },
      folders: { '/package/': path.join(dir, 'package'), '/scorm-again/': SCORM_AGAIN },
    });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('is a zip of imsmanifest.xml, the one SCO it names, and the schema files', async () => {
    assert.deepEqual(Object.keys(readZip(built.zip)).sort(), [
      'adlcp_rootv1p2.xsd', 'attention-lab.html', 'ims_xml.xsd', 'imscp_rootv1p1p2.xsd', 'imsmanifest.xml', 'imsmd_rootv1p2p1.xsd',
    ]);
    const { page, problems } = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    const xml = fs.readFileSync(path.join(dir, 'package', 'imsmanifest.xml'), 'utf8');
    assert.deepEqual(await page.evaluate(readManifest, xml), {
      root: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2 manifest',
      schema: 'ADL SCORM 1.2',
      title: 'Attention Lab: Padding mask: ignore the filler',
      launch: 'attention-lab.html',
      scos: ['sco attention-lab.html'],
      files: ['attention-lab.html'],
    });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('reports incomplete, then completed after the last unseen step, then exits normally and finishes on unload', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    const status = () => page.evaluate(() => window.API.cmi.core.lesson_status);
    const { launch } = await page.evaluate(readManifest, fs.readFileSync(path.join(dir, 'package', 'imsmanifest.xml'), 'utf8'));
    await page.evaluate((href) => { document.getElementById('sco').src = `package/${href}`; }, launch);
    const sco = page.frameLocator('#sco');
    await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await sco.locator('#walkthrough-title').textContent(), 'Padding mask: ignore the filler');
    assert.equal(await status(), 'incomplete');

    // Seen: the first step, then the last; then the others in order, so the step that completes
    // the walkthrough is the one before the last.
    const total = await sco.locator('#step-list button').count();
    assert.ok(total >= 4, `expected a walkthrough of several steps, got ${total}`);
    await sco.locator('.control-last').click();
    await sco.locator('.control-first').click();
    for (let seen = 2; seen < total - 1; seen += 1) {
      await sco.locator('.control-next').click();
      assert.equal(await status(), 'incomplete', `after ${seen + 1} of ${total} steps seen`);
    }
    await sco.locator('.control-next').click();
    assert.equal(await status(), 'completed');

    await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
    await page.waitForFunction(() => window.API.isTerminated());
    assert.equal(await status(), 'completed');
    // The step is kept as the lesson location at every move (committed with the next commit).
    const calls = await page.evaluate(() => window.calls);
    const moves = calls.filter((c) => c.startsWith('LMSSetValue cmi.core.lesson_location '));
    assert.equal(moves.length, total + 1, "the first step, the last, the first again, then each in turn");
    assert.equal(await page.evaluate(() => window.API.cmi.core.lesson_location), moves.at(-1).split(' ')[2]);
    const others = calls.filter((c) => !moves.includes(c));
    assert.match(others.at(-3), /^LMSSetValue cmi\.core\.session_time \d{4}:\d{2}:\d{2}\.\d{2}$/);
    assert.deepEqual(others.toSpliced(-3, 1), [
      'LMSInitialize',
      'LMSSetValue cmi.core.lesson_status incomplete',
      'LMSCommit',
      'LMSSetValue cmi.core.lesson_status completed',
      'LMSCommit',
      // Every step seen of a walkthrough without exercises: the attempt is over, a normal exit ("").
      'LMSSetValue cmi.core.exit',
      'LMSFinish',
    ]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('opens on its own, without an LMS or its launch query, at its walkthrough', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}package/attention-lab.html`);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'Padding mask: ignore the filler');
    assert.equal(new URL((await settledUrl(page))).search, '?w=padding-mask&embed=1');
    await page.locator('.control-last').click();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('keeps teaching when the LMS’s API throws', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}broken-lms.html`, { ready: 'iframe' });
    const sco = page.frameLocator('#sco');
    await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    await sco.locator('.control-last').click();
    assert.match(await sco.locator('#progress').textContent(), /^Step (\d+) of \1$/);
    assert.match(await sco.locator('#notices').textContent(), /learning platform did not answer/);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('a SCORM 1.2 package with exercises', () => {
  let dir;
  let built;
  let server;
  let browser;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-scorm-exercises-'));
    built = await buildScormPackage({ walkthrough: 'worked-example-practice', embed: true, outDir: dir, mastery: 75 });
    fs.mkdirSync(path.join(dir, 'package'));
    for (const [name, bytes] of Object.entries(readZip(built.zip))) fs.writeFileSync(path.join(dir, 'package', name), bytes);
    server = await serveFiles({ pages: { '/lms.html': LMS_PAGE }, folders: { '/package/': path.join(dir, 'package'), '/scorm-again/': SCORM_AGAIN } });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    await server?.close();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  test('the manifest carries the mastery score', () => {
    assert.match(fs.readFileSync(path.join(dir, 'package', 'imsmanifest.xml'), 'utf8'), /<adlcp:masteryscore>75<\/adlcp:masteryscore>/);
  });

  test('reports each answer as an interaction, the score, passed against the mastery score, and the session time', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    await page.evaluate((href) => { document.getElementById('sco').src = `package/${href}`; }, built.href);
    const sco = page.frameLocator('#sco');
    await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    const answer = async (step, text) => {
      await sco.locator(`#step-list button[data-step="exercise-${step}"]`).click();
      await sco.getByLabel('Your answer').fill(text);
      await sco.getByLabel('Your answer').press('Enter');
      await sco.locator('.exercise-feedback').filter({ hasText: /\S/ }).waitFor();
    };
    await answer('score-k2', '3');
    await answer('scaled-k2', '3'); // unscaled: wrong
    await answer('weight-k2', '0.576');
    // SCORM 1.2's interactions are write-only to the SCO: read what it wrote from the LMS's log.
    const cmi = () => page.evaluate(() => {
      const written = (name) => window.calls.filter((c) => c.startsWith(`LMSSetValue cmi.interactions.`) && c.split(' ')[1].endsWith(`.${name}`)).map((c) => c.split(' ').slice(2).join(' '));
      const [ids, types, responses, results] = ['id', 'type', 'student_response', 'result'].map(written);
      return {
        status: window.API.cmi.core.lesson_status,
        raw: window.API.cmi.core.score.raw,
        max: window.API.cmi.core.score.max,
        interactions: ids.map((id, i) => `${id} ${types[i]} ${responses[i]} ${results[i]}`),
      };
    });
    assert.deepEqual(await cmi(), {
      status: 'incomplete', raw: '50', max: '100',
      interactions: ['score-k2 numeric 3 correct', 'scaled-k2 numeric 3 wrong', 'weight-k2 numeric 0.576 correct'],
    });
    await answer('output-0', '0.355');
    assert.equal((await cmi()).raw, '75');
    assert.equal((await cmi()).status, 'passed', '3 of 4 right against a mastery score of 75');
    const latency = await page.evaluate(() => window.calls.find((c) => c.startsWith('LMSSetValue cmi.interactions.0.latency')).split(' ')[2]);
    assert.match(latency, /^\d{4}:\d{2}:\d{2}\.\d{2}$/);

    await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
    await page.waitForFunction(() => window.API.isTerminated());
    const sessionTime = await page.evaluate(() => window.calls.find((c) => c.startsWith('LMSSetValue cmi.core.session_time')));
    assert.match(sessionTime, /^LMSSetValue cmi\.core\.session_time \d{4}:\d{2}:\d{2}\.\d{2}$/);
    assert.equal((await cmi()).status, 'passed');
    // Passed, but only the exercises' steps seen: the attempt goes on.
    assert.equal(await page.evaluate(() => window.calls.find((c) => c.startsWith('LMSSetValue cmi.core.exit'))), 'LMSSetValue cmi.core.exit suspend');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('exits normally (cmi.core.exit "") once the learner has seen every step and failed (or passed), so the LMS closes the attempt', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    await page.evaluate((href) => { document.getElementById('sco').src = `package/${href}`; }, built.href);
    const sco = page.frameLocator('#sco');
    await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    const total = await sco.locator('#step-list button').count();
    for (let seen = 1; seen < total; seen += 1) {
      const step = await sco.locator('#step-list button[aria-current="step"]').getAttribute('data-step');
      if (step?.startsWith('exercise-')) {
        // Every exercise answered wrong: failed is a result too.
        await sco.getByLabel('Your answer').fill('1000');
        await sco.getByLabel('Your answer').press('Enter');
        await sco.locator('.exercise-feedback').filter({ hasText: /\S/ }).waitFor();
      }
      await sco.locator('.control-next').click();
    }
    const last = await sco.locator('#step-list button[aria-current="step"]').getAttribute('data-step');
    if (last?.startsWith('exercise-')) {
      await sco.getByLabel('Your answer').fill('1000');
      await sco.getByLabel('Your answer').press('Enter');
      await sco.locator('.exercise-feedback').filter({ hasText: /\S/ }).waitFor();
    }
    assert.equal(await page.evaluate(() => window.API.cmi.core.lesson_status), 'failed');
    await page.evaluate(() => { document.getElementById('sco').src = 'about:blank'; });
    await page.waitForFunction(() => window.API.isTerminated());
    // The log leaves out empty arguments: "" is the normal exit.
    assert.equal(await page.evaluate(() => window.calls.find((c) => c.startsWith('LMSSetValue cmi.core.exit'))), 'LMSSetValue cmi.core.exit');
    assert.deepEqual(problems, []);
    await page.close();
  });
});
