// The offline single file (npm run build:single) in headless Chromium, opened from file:// as a
// double-click would, and inside <iframe sandbox="allow-scripts">: it must teach as the served
// page does and never touch the network.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { buildSingleFile, LANGUAGE_MODEL_FILE } from '../../scripts/offline/single-file.mjs';
import { launchBrowser, openPage } from './browser.mjs';

/** Records every request the browser makes, by URL (data: URLs are not requests to anything), until stop(). */
function recordRequests(context) {
  const urls = [];
  const listener = (request) => {
    if (!request.url().startsWith('data:')) urls.push(request.url());
  };
  context.on('request', listener);
  return {
    stop: () => {
      context.off('request', listener);
      return urls;
    },
  };
}

/** The printed numbers of one matrix panel of the current step, in a page or a frame. */
const cells = (scope, panel) => scope.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents();

/** Checks the worked example's weights and output on their steps. */
async function assertWorkedExample(scope) {
  await scope.locator('#step-list button[data-step="softmax"]').click();
  assert.deepEqual(await cells(scope, 'weights'), ['0.140', '0.284', '0.576']);
  await scope.locator('#step-list button[data-step="output"]').click();
  assert.deepEqual(await cells(scope, 'output'), ['0.355', '0.617']);
}

describe('the offline single file', () => {
  let dir;
  let file;
  let browser;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-single-'));
    file = await buildSingleFile({ outFile: path.join(dir, 'attention-lab.html') });
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('is one HTML file with a classic script, an empty data block, the language model, and nothing to fetch', () => {
    const html = fs.readFileSync(file, 'utf8');
    // The document's own tags, without the inlined code (whose strings may mention tags).
    const tags = html.replace(/<script>[\s\S]*?<\/script>/g, '<script></script>').replace(/<style>[\s\S]*?<\/style>/g, '<style></style>');
    // The classic script, the template's data block (empty: nothing baked in) and, the whole
    // course being in it, the language model's block, holding the model file byte for byte.
    assert.equal(tags.match(/<script\b[^>]*>/g)?.join(' '), '<script type="application/json" id="attention-lab-package"> <script type="application/octet-stream" id="attention-lab-language-model"> <script>');
    assert.match(html, /<script type="application\/json" id="attention-lab-package">null<\/script>/);
    const model = /id="attention-lab-language-model">([^<]*)</.exec(html)?.[1] ?? '';
    assert.ok(Buffer.from(model, 'base64').equals(fs.readFileSync(LANGUAGE_MODEL_FILE)), 'the model, byte for byte');
    assert.doesNotMatch(html, /application\/octet-stream;base64,[A-Za-z0-9+/]{100000}/, 'and not a second time, as a data: URL in the script');
    assert.ok(!/<link[^>]+rel="stylesheet"/.test(tags), 'a linked style sheet');
    // Formulas are MathML, laid out by the browser: no font files to carry.
    assert.doesNotMatch(html, /@font-face/);
    assert.match(html, /<math xmlns=\\?"http:\/\/www\.w3\.org\/1998\/Math\/MathML\\?" display=\\?"block\\?">/);
  });

  test('opens from file://, teaches the worked example, reaches every lesson, and makes no request', async () => {
    const requests = recordRequests(browser.context);
    const href = pathToFileURL(file).href;
    const { page, problems } = await openPage(browser.context, href);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'One query, three keys');
    await assertWorkedExample(page);

    // Each lesson link is a ?w=… link: followed in the page, and opened as a file:// link.
    const links = await page.locator('.lesson-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    assert.ok(links.length >= 5, `expected the lesson menu, got ${links.length} links`);
    const shown = (search) => new URLSearchParams(search).get('w');
    for (const [index, link] of links.entries()) {
      await page.locator('.lesson-link').nth(index).click();
      await page.locator(`.lesson-link[aria-current="page"][href="${link}"]`).waitFor();
      // "Watch attention learn" is no walkthrough: it trains (here on the page's thread, as a
      // file:// page may start no worker), tested below.
      if (link.startsWith('?train=')) {
        await page.locator('#training-status[data-state="ready"]').waitFor();
        continue;
      }
      // "Train your own" is drawn by a view of its own too: its status, ready to train.
      if (shown(link) === 'train-your-own') {
        await page.locator('#text-train-status[data-state="ready"]').waitFor();
        continue;
      }
      assert.equal(shown(await page.evaluate(() => window.location.search)), shown(link));
      assert.match(await page.locator('#step-title').textContent(), /\S/);
      assert.ok(await page.locator('#panels > *').count() > 0, `${link}: no panel on the first step`);
    }
    const last = links.filter((link) => !link.startsWith('?train=')).at(-1);
    const direct = await openPage(browser.context, `${href}${last}`);
    assert.equal(await direct.page.locator('.lesson-link[aria-current="page"]').getAttribute('href'), last);
    // A link of a trained model retrains to its step from file:// too.
    const trained = '?train=reverse&steps=30';
    const training = await openPage(browser.context, `${href}${trained}`, { ready: '#training-status[data-state="finished"]' });
    assert.match(await training.page.locator('#training-status').textContent(), /^Step 30 of /);

    assert.deepEqual(requests.stop(), [href, `${href}${last}`, `${href}${trained}`]);
    assert.deepEqual([...problems, ...direct.problems, ...training.problems], []);
    await page.close();
    await direct.page.close();
    await training.page.close();
  });

  /**
   * Opens a file:// host page whose sandboxed iframe (scripts only: an opaque origin) shows the
   * single file; checks its numbers, a lesson change and the iframe protocol; returns the requests.
   */
  async function openInSandbox(name, frameSource) {
    const host = path.join(dir, name);
    fs.writeFileSync(host, `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Host</title></head>
<body>
  <iframe sandbox="allow-scripts" ${frameSource} title="Attention Lab" width="1200" height="850"></iframe>
  <script>
    window.messages = [];
    window.addEventListener('message', (event) => window.messages.push(event.data));
  </script>
</body></html>`);
    const requests = recordRequests(browser.context);
    const { page, problems } = await openPage(browser.context, pathToFileURL(host).href, { ready: 'iframe' });
    const frame = page.frameLocator('iframe');
    await frame.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    await assertWorkedExample(frame);
    await frame.locator('.lesson-link[data-lesson="backward-pass"]').click();
    await frame.locator('#step-list button[data-step]').first().waitFor();
    assert.notEqual(await frame.locator('#walkthrough-title').textContent(), 'One query, three keys');

    // The iframe protocol reaches the host from the sandbox too.
    const types = await page.evaluate(() => window.messages.filter((m) => m?.source === 'attention-lab').map((m) => m.type));
    assert.ok(types.includes('ready') && types.includes('step'), `messages from the frame: ${types.join(', ')}`);
    assert.deepEqual(problems, []);
    await page.close();
    return { host: pathToFileURL(host).href, requests: requests.stop() };
  }

  test('works inside a sandboxed iframe (scripts only) of a file:// page, without a request', async () => {
    const { host, requests } = await openInSandbox('host.html', 'src="attention-lab.html"');
    assert.deepEqual(requests, [host, pathToFileURL(file).href]);
  });

  test('works as a sandboxed iframe’s srcdoc, whose address cannot be rewritten', async () => {
    const html = fs.readFileSync(file, 'utf8').replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    const { host, requests } = await openInSandbox('srcdoc-host.html', `srcdoc="${html}"`);
    assert.deepEqual(requests, [host]);
  });
});
