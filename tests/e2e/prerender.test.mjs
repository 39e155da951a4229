// The landing step written into index.html at build time (scripts/vite/prerender-landing.js):
// shown from the HTML alone, before any script has run; the engine's own numbers; hidden for a
// link with its own state; replaced by the live page, which shows the same text, once it starts.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { SCREENSHOT_DIR, usePage } from './browser.mjs';

const { server, open } = usePage();
const pageContext = () => open('', {}).then(({ page }) => page.context());

/** Opens `search` with the engine's wasm held back until `release()`: the page as it is before it starts. */
async function beforeStart(search) {
  const context = await pageContext();
  const page = await context.newPage();
  /** @type {() => void} */
  let release = () => undefined;
  const held = new Promise((resolve) => { release = () => resolve(undefined); });
  await page.route('**/*.wasm', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(server().url + search);
  return { page, release };
}

test('the built index.html holds the landing step with the engine’s numbers, inert and without ids that tests or scripts look for', () => {
  const html = fs.readFileSync(path.join(server().outDir, 'index.html'), 'utf8');
  const copy = html.match(/<div class="prerendered" data-prerendered(?:="")? inert(?:="")? aria-hidden="true">([\s\S]*?)<\/div>\s*<p id="loading"/);
  assert.ok(copy, 'the copy sits right before the loading line');
  assert.match(copy[1], /One query, three keys/);
  assert.match(copy[1], /The inputs/);
  assert.doesNotMatch(copy[1], /id="step-title"|id="panels"|id="announcer"|tabindex=/);
  const gate = html.match(/<head>\s*<meta charset="utf-8" \/>\s*<script src="\.\/(assets\/landing-gate-[0-9a-f]{8}\.js)"><\/script>/);
  assert.ok(gate, 'the gate comes first in <head>');
  assert.match(fs.readFileSync(path.join(server().outDir, gate[1]), 'utf8'), /classList\.add\('linked'\)/);
});

test('before any script runs, the landing page shows the worked example’s first step; a link with its own state shows the loading line', async () => {
  const { page, release } = await beforeStart('');
  const copy = page.locator('[data-prerendered]');
  assert.equal(await copy.locator('article.step h3').textContent(), 'The inputs');
  assert.ok(await copy.getByText('One query, three keys').first().isVisible());
  assert.equal(await page.locator('#loading').isVisible(), false);
  // The sizes the engine's inputs have: 1 query, 3 keys, d_k = d_v = 2.
  const sizes = await copy.locator('fieldset input').evaluateAll((inputs) => inputs.slice(0, 4).map((i) => /** @type {HTMLInputElement} */ (i).value));
  assert.deepEqual(sizes, ['1', '3', '2', '2']);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'prerendered-landing-1280.png') });
  const copiedText = (await copy.innerText()).trim();
  release();
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await page.locator('[data-prerendered]').count(), 0, 'the live page replaced the copy');
  assert.equal((await page.locator('#attention-lab').innerText()).trim(), copiedText, 'the live page shows what the copy showed');
  await page.close();

  const linked = await beforeStart('?lesson=3');
  assert.equal(await linked.page.locator('[data-prerendered]').isVisible(), false);
  assert.equal(await linked.page.locator('#loading').textContent(), 'Loading the engine…');
  assert.ok(await linked.page.locator('#loading').isVisible());
  linked.release();
  await linked.page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  assert.match(await linked.page.locator('.walkthrough-head, #main').first().innerText(), /Lesson 3/);
  await linked.page.close();
});

test('if the engine cannot start, the copy gives way to the reason', async () => {
  const context = await pageContext();
  const page = await context.newPage();
  await page.route('**/*.wasm', (route) => route.fulfill({ status: 404, body: 'gone' }));
  await page.goto(server().url);
  await page.locator('#loading.error').waitFor();
  assert.match(await page.locator('#loading').textContent(), /The attention engine could not start/);
  assert.equal(await page.locator('[data-prerendered]').count(), 0);
  await page.close();
});

test('the landing page loads no KaTeX, no other lesson’s formulas and no script writers; another lesson’s formulas come typeset from the build', async () => {
  const page = await (await pageContext()).newPage();
  /** @type {string[]} */
  const loaded = [];
  page.on('request', (request) => loaded.push(path.basename(new URL(request.url()).pathname)));
  const chunks = (/** @type {RegExp} */ name) => loaded.filter((file) => name.test(file));
  await page.goto(server().url);
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  await page.waitForLoadState('networkidle');
  assert.ok(await page.locator('#formula math').count() > 0, 'the landing step shows its formula');
  assert.deepEqual(chunks(/^(katex|python|_virtual_prerendered-formulas-more)-/), []);

  // Lesson 3 (multi-head attention) on its second step, whose formula the landing table lacks.
  await page.goto(`${server().url}?lesson=3&step=project`);
  await page.locator('#formula math').first().waitFor();
  assert.equal(await page.locator('#formula').getAttribute('aria-busy'), null);
  assert.deepEqual(chunks(/^katex-/), [], 'no KaTeX for a shipped formula');
  assert.equal(chunks(/^_virtual_prerendered-formulas-more-/).length, 1);
  await page.close();
});
