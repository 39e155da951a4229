// The SCORM 1.2 package (npm run build:scorm) in headless Chromium, launched by an LMS page that
// runs a real SCORM run-time (scorm-again's Scorm12API as window.API): the package unzips to a
// manifest and one SCO, and the SCO reports incomplete, then completed once every step of its
// walkthrough has been seen, and finishes when it is unloaded.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { buildScormPackage, readZip } from '../../scripts/offline/scorm-package.mjs';
import { launchBrowser, openPage, settledUrl } from './browser.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';

const SCORM_AGAIN = fileURLToPath(new URL('../../node_modules/scorm-again/dist/', import.meta.url));

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
    built = await buildScormPackage({ walkthrough: 'causal-mask', embed: true, outDir: dir });
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

  test('is a zip of imsmanifest.xml and the one SCO it names', async () => {
    assert.deepEqual(Object.keys(readZip(built.zip)).sort(), ['attention-lab.html', 'imsmanifest.xml']);
    const { page, problems } = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    const xml = fs.readFileSync(path.join(dir, 'package', 'imsmanifest.xml'), 'utf8');
    assert.deepEqual(await page.evaluate(readManifest, xml), {
      root: 'http://www.imsproject.org/xsd/imscp_rootv1p1p2 manifest',
      schema: 'ADL SCORM 1.2',
      title: 'Attention Lab: Causal mask: no peeking ahead',
      launch: 'attention-lab.html?w=causal-mask&embed=1',
      scos: ['sco attention-lab.html?w=causal-mask&embed=1'],
      files: ['attention-lab.html'],
    });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('reports incomplete, then completed after the last unseen step, then finishes on unload', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}lms.html`, { ready: 'iframe' });
    const status = () => page.evaluate(() => window.API.cmi.core.lesson_status);
    const { launch } = await page.evaluate(readManifest, fs.readFileSync(path.join(dir, 'package', 'imsmanifest.xml'), 'utf8'));
    await page.evaluate((href) => { document.getElementById('sco').src = `package/${href}`; }, launch);
    const sco = page.frameLocator('#sco');
    await sco.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await sco.locator('#walkthrough-title').textContent(), 'Causal mask: no peeking ahead');
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
    assert.deepEqual(await page.evaluate(() => window.calls), [
      'LMSInitialize',
      'LMSSetValue cmi.core.lesson_status incomplete',
      'LMSCommit',
      'LMSSetValue cmi.core.lesson_status completed',
      'LMSCommit',
      'LMSFinish',
    ]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('opens on its own, without an LMS or its launch query, at its walkthrough', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}package/attention-lab.html`);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'Causal mask: no peeking ahead');
    assert.equal(new URL((await settledUrl(page))).search, '?w=causal-mask&embed=1');
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
    assert.deepEqual(problems, []);
    await page.close();
  });
});
