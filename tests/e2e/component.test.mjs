// The <attention-lab> web component in a plain course page: two labs side by side, host CSS that
// tries hard to restyle them, and the strict Content-Security-Policy a careful course site sends.
// The component is built as `npm run build:component` builds it and served with the host page
// by a small static server.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { launchBrowser, openPage, runAxe, SCREENSHOT_DIR } from './browser.mjs';
import { sharedComponent } from '../../scripts/lib/shared-builds.mjs';
import { loadAttentionLab } from 'attention-lab';
import { drawnFor } from '../support/drawn-numbers.mjs';

const lab = await loadAttentionLab({ training: false });
const root = fileURLToPath(new URL('../..', import.meta.url));
const CSP = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'";

/** A course page's theme at its most aggressive (colours kept readable, so axe judges our part). */
const HOST_CSS = `
* { font-style: italic; letter-spacing: 0.2em; }
body { margin: 2rem; color: rgb(139, 0, 0); background: rgb(255, 255, 255); font-family: serif; line-height: 3; text-transform: uppercase; }
td, th { color: rgb(139, 0, 0) !important; background: rgb(255, 250, 205) !important; padding: 30px !important; }
button { background: rgb(255, 192, 203) !important; border: 5px solid rgb(139, 0, 0) !important; }
p, h2, h3 { margin: 3rem !important; color: rgb(139, 0, 0) !important; }
[hidden] { display: block !important; }
`;

const HOST_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <title>Week 3: attention</title>
    <link rel="icon" href="favicon.svg">
    <link rel="stylesheet" href="host.css">
    <script type="module" src="component/attention-lab.js"></script>
  </head>
  <body>
    <main>
      <h1>Week 3: attention</h1>
      <table class="matrix" id="host-table"><tr><th scope="row">host</th><td>12</td></tr></table>
      <p class="notice" id="host-notice">A paragraph of the course with the class name our notices use.</p>
      <attention-lab id="first" walkthrough="worked-example" label="Exercise 1: attention by hand"></attention-lab>
      <attention-lab id="second" walkthrough="causal-mask" step="softmax"></attention-lab>
    </main>
  </body>
</html>
`;

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.wasm': 'application/wasm', '.woff2': 'font/woff2', '.svg': 'image/svg+xml' };

/** Serves `dir` on a free loopback port, every response with the strict CSP. */
async function serveFolder(dir) {
  const server = http.createServer((request, response) => {
    const file = path.join(dir, decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname));
    const target = file.endsWith(path.sep) ? path.join(file, 'index.html') : file;
    if (!target.startsWith(dir) || !fs.existsSync(target) || !fs.statSync(target).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'Content-Type': TYPES[path.extname(target)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP });
    fs.createReadStream(target).pipe(response);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** @type {string} */
let site;
/** @type {Awaited<ReturnType<typeof serveFolder>>} */
let server;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;

before(async () => {
  site = path.join(root, 'build', 'e2e', `component-${process.pid}`);
  fs.rmSync(site, { recursive: true, force: true });
  fs.cpSync(await sharedComponent(), path.join(site, 'component'), { recursive: true });
  fs.writeFileSync(path.join(site, 'index.html'), HOST_PAGE);
  fs.writeFileSync(path.join(site, 'host.css'), HOST_CSS);
  fs.writeFileSync(path.join(site, 'wrong-wasm.html'), HOST_PAGE.replace(/<attention-lab id="first"[^>]*>/, '<attention-lab id="first" wasm-url="missing/attention-core.wasm">'));
  fs.writeFileSync(path.join(site, 'spanish.html'), HOST_PAGE.replace('<html lang="en">', '<html lang="es">'));
  fs.writeFileSync(path.join(site, 'exam.html'), HOST_PAGE.replace(/<attention-lab id="first"[^>]*>/, '<attention-lab id="first" walkthrough="worked-example-practice" mode="exam">'));
  fs.writeFileSync(path.join(site, 'seed.html'), HOST_PAGE.replace(/<attention-lab id="first"[^>]*>/, '<attention-lab id="first" walkthrough="worked-example-practice" seed="ana">'));
  fs.copyFileSync(path.join(root, 'web', 'public', 'favicon.svg'), path.join(site, 'favicon.svg'));
  server = await serveFolder(site);
  browser = await launchBrowser();
  // Every CSP violation, wherever it happens (a shadow root's violations reach the document).
  await browser.context.addInitScript(() => {
    window.cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.cspViolations.push(`${event.effectiveDirective} blocked ${event.blockedURI} (${event.sourceFile}:${event.lineNumber})`);
    });
  });
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
  if (site) fs.rmSync(site, { recursive: true, force: true });
});

/**
 * Opens the host page, waits for both labs to show a step, runs `body` with the page and the
 * first lab, then checks the console stayed clean (no errors, warnings or page errors).
 * @param {(page: import('playwright-core').Page, first: import('playwright-core').Locator) => Promise<void>} body
 */
async function onHostPage(body) {
  const { page, problems } = await openPage(browser.context, server.url, { ready: '#second #step-title:text("Softmax")' });
  const first = page.locator('#first');
  await first.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  await body(page, first);
  assert.deepEqual(problems, []);
  await page.close();
}

const cells = (lab, panel) => lab.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents();

describe('the <attention-lab> web component', () => {
  test('two labs on one page each show their own walkthrough, with the engine’s numbers', () => onHostPage(async (page, first) => {
    const second = page.locator('#second');
    assert.equal(await first.locator('#walkthrough-title').textContent(), 'One query, three keys');
    assert.equal(await first.locator('#progress').textContent(), 'Step 1 of 5');
    await first.locator('#step-list button[data-step="softmax"]').click();
    assert.deepEqual(await cells(first, 'weights'), ['0.140', '0.284', '0.576']);
    assert.equal(await second.locator('#walkthrough-title').textContent(), 'Causal mask: no peeking ahead');
    assert.equal((await cells(second, 'weights'))[1], '0'); // query 0 may not see key 1
    // Their shadow roots keep the ids apart: each lab has its own #step-title.
    assert.equal(await page.evaluate(() => document.querySelectorAll('#step-title').length), 0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'component-host-page.png'), fullPage: true });
  }));

  test('its steps work with the keyboard, and each step is announced', () => onHostPage(async (page, first) => {
    const secondProgress = await page.locator('#second #progress').textContent();
    await first.locator('#step-list button[data-step="scores"]').focus();
    await page.keyboard.press('Enter');
    assert.equal(await first.locator('#progress').textContent(), 'Step 2 of 5');
    await first.locator('#step').focus();
    await page.keyboard.press('ArrowRight');
    assert.equal(await first.locator('#progress').textContent(), 'Step 3 of 5');
    assert.match(await first.locator('#announcer').textContent(), /^Step 3 of 5: /);
    await page.keyboard.press('End');
    assert.equal(await first.locator('#progress').textContent(), 'Step 5 of 5');
    // The keys moved this lab only.
    assert.equal(await page.locator('#second #progress').textContent(), secondProgress);
    const focus = await page.evaluate(() => [document.activeElement?.id, document.activeElement?.shadowRoot?.activeElement?.id]);
    assert.deepEqual(focus, ['first', 'step']);
    // Tab reaches the step controls; a visible focus ring shows where.
    await first.locator('.control-previous').focus();
    await page.keyboard.press('Enter');
    assert.equal(await first.locator('#progress').textContent(), 'Step 4 of 5');
    const ring = await first.locator('.control-previous').evaluate((button) => getComputedStyle(button).outlineStyle);
    assert.equal(ring, 'solid');
  }));

  test('an edited cell recomputes the lab’s numbers and keeps the focus on the cell', () => onHostPage(async (page, first) => {
    const cell = first.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]');
    await cell.click();
    await first.locator('figure[data-panel="query"] input').fill('2');
    await page.keyboard.press('Enter');
    assert.deepEqual(await cells(first, 'query'), ['2', '2']);
    assert.equal(await page.evaluate(() => document.getElementById('first')?.shadowRoot?.activeElement?.dataset.col), '0');
    await first.locator('#step-list button[data-step="scores"]').click();
    assert.deepEqual(await cells(first, 'scores'), ['2', '2', '4']);
    assert.equal(page.url(), server.url);
  }));

  test('changing its attributes moves it, and the host page hears attention-lab-step and attention-lab-completed', () => onHostPage(async (page, first) => {
    await page.evaluate(() => {
      window.heard = [];
      for (const type of ['attention-lab-step', 'attention-lab-completed']) {
        document.addEventListener(type, ({ target, detail }) => window.heard.push(
          `${/** @type {Element} */ (target).id} ${type}: ${detail.type} ${detail.walkthrough} ${detail.step ?? '-'} ${detail.index ?? '-'}/${detail.total}`));
      }
    });
    await first.evaluate((lab) => lab.setAttribute('step', 'output'));
    assert.equal(await first.locator('#progress').textContent(), 'Step 5 of 5');
    assert.deepEqual(await cells(first, 'output'), ['0.355', '0.617']);
    await first.evaluate((lab) => {
      lab.setAttribute('walkthrough', 'padding-mask');
      lab.removeAttribute('step');
    });
    await first.locator('#walkthrough-title').filter({ hasText: /padding/i }).waitFor();
    // Every step of the new walkthrough, then the host hears it was completed.
    while (!(await first.locator('.control-next').isDisabled())) await first.locator('.control-next').click();
    const heard = await page.evaluate(() => window.heard);
    assert.equal(heard[0], 'first attention-lab-step: step worked-example output 4/5');
    assert.equal(heard.at(-1), 'first attention-lab-step: step padding-mask output 5/6');
    assert.deepEqual(heard.filter((event) => event.includes('completed')), ['first attention-lab-completed: completed padding-mask - -/6']);
    assert.ok(heard.every((event) => event.startsWith('first ')));
  }));

  test('a bad attribute gives a notice and never an error', () => onHostPage(async (page) => {
    const second = page.locator('#second');
    await second.evaluate((lab) => lab.setAttribute('walkthrough', 'no-such-walkthrough'));
    await second.locator('.notice').filter({ hasText: 'no-such-walkthrough' }).waitFor();
    assert.equal(await second.locator('#walkthrough-title').textContent(), 'One query, three keys');
    await second.evaluate((lab) => lab.setAttribute('step', 'nowhere'));
    await second.locator('.notice').filter({ hasText: 'nowhere' }).waitFor();
    // Created in script with a part that does not exist: the lab starts anyway and says so.
    await page.evaluate(() => {
      const lab = document.createElement('attention-lab');
      lab.id = 'third';
      lab.setAttribute('hide', 'prose,nonsense');
      lab.setAttribute('embed', 'maybe');
      document.querySelector('main')?.append(lab);
    });
    const third = page.locator('#third');
    await third.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await third.locator('.notice').count(), 2);
    assert.ok(await third.locator('.step-text').isHidden(), 'hide="prose" hides the explanations');
  }));

  test('no property of the element shares an attribute’s name, so frameworks that set properties where there is one (React 19) set the attributes', () => onHostPage(async (page) => {
    const shadowed = await page.evaluate(() => {
      const lab = document.createElement('attention-lab');
      return ['lesson', 'walkthrough', 'step', 'label', 'hide', 'embed', 'mode', 'seed'].filter((name) => name in lab);
    });
    assert.deepEqual(shadowed, []);
  }));

  test('the Embed dialog opens modally inside the shadow root, offers this tag (not an iframe of the course page) and gives the focus back', () => onHostPage(async (page, first) => {
    await first.locator('.control-embed').click();
    const dialog = first.locator('dialog.embed-dialog');
    await dialog.waitFor();
    assert.ok(await dialog.evaluate((d) => d.matches(':modal')));
    const code = await dialog.locator('textarea').inputValue();
    assert.match(code, /^<script type="module" src="http:\/\/127\.0\.0\.1:\d+\/[^"]*attention-lab\.js"><\/script>\n<attention-lab walkthrough="[a-z-]+" step="[a-z0-9-]+"><\/attention-lab>$/);
    await dialog.locator('input[value="prose"]').check();
    assert.match(await dialog.locator('textarea').inputValue(), / hide="prose"><\/attention-lab>$/);
    assert.ok(await dialog.evaluate((d) => d.contains(/** @type {ShadowRoot} */ (d.getRootNode()).activeElement)), 'the focus is in the dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    assert.equal(await page.evaluate(() => document.getElementById('first')?.shadowRoot?.activeElement?.className), 'control-embed');
  }));

  test('the host page’s CSS does not restyle the lab, and the lab’s CSS does not reach the host page', () => onHostPage(async (page, first) => {
    await first.locator('#step-list button[data-step="softmax"]').click();
    const style = (locator, ...properties) => locator.evaluate((node, names) =>
      Object.fromEntries(names.map((name) => [name, getComputedStyle(node).getPropertyValue(name)])), properties);

    const cell = first.locator('figure[data-panel="weights"] td[data-row="0"][data-col="0"]');
    const inside = await style(cell, 'color', 'padding-top', 'font-style', 'letter-spacing');
    assert.notEqual(inside.color, 'rgb(139, 0, 0)');
    assert.equal(inside['padding-top'], '3.2px'); // ours: 0.2rem
    assert.equal(inside['font-style'], 'normal');
    assert.equal(inside['letter-spacing'], 'normal');
    const title = await style(first.locator('#step-title'), 'color', 'font-family', 'text-transform', 'margin-top');
    assert.deepEqual(title, { color: 'rgb(28, 28, 36)', 'font-family': 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif', 'text-transform': 'none', 'margin-top': '1.6px' });
    assert.equal((await style(first.locator('.control-next'), 'background-color'))['background-color'], 'rgb(255, 255, 255)');
    assert.ok(await first.locator('#explain').isHidden(), 'the host’s [hidden] rule does not show our hidden parts');
    assert.equal((await style(first.locator('.export-body'), 'display')).display, 'flex', 'the export menu’s own sheet is in the shadow root too');

    // The host's table and paragraph with our class names keep the host's look.
    const hostCell = await style(page.locator('#host-table td'), 'text-align', 'min-width', 'white-space');
    assert.equal(hostCell['text-align'], 'start');
    assert.notEqual(hostCell['min-width'], '46.4px'); // ours: 2.9rem
    assert.equal(hostCell['white-space'], 'normal');
    assert.equal((await style(page.locator('#host-table'), 'border-collapse'))['border-collapse'], 'separate');
    assert.equal((await style(page.locator('#host-notice'), 'display'))['display'], 'block');
    // The component adds nothing to the document: its formulas are MathML, which needs no fonts.
    const added = await page.evaluate(() => ({
      sheets: [...document.styleSheets].map((sheet) => sheet.href?.split('/').at(-1)),
      adopted: document.adoptedStyleSheets.length,
    }));
    assert.deepEqual(added, { sheets: ['host.css'], adopted: 0 });
    // Each part of the step's formula (two side by side at this step) is MathML.
    const parts = await first.locator('#formula > .katex').count();
    assert.ok(parts > 0);
    assert.equal(await first.locator('#formula > .katex > math[display="block"]').count(), parts);
  }));

  test('it speaks the language of the page around it (lang="es"): Spanish words and decimal commas, axe clean', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}spanish.html`, { ready: '#second #step-title:text("Softmax")' });
    const second = page.locator('#second');
    assert.match(await second.locator('#progress').innerText(), /^Paso \d+ de \d+$/);
    assert.ok((await cells(second, 'weights')).some((cell) => /^0,\d{3}/.test(cell)), 'a weight with a decimal comma');
    assert.equal(await second.locator('.attention-lab').getAttribute('lang'), 'es');
    await page.locator('#first').locator('.control-embed').click();
    assert.match(await page.locator('#first dialog textarea').inputValue(), / lang="es"><\/attention-lab>/);
    await page.keyboard.press('Escape');
    const axe = await runAxe(page);
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' > ')).join('; ')})`), []);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('in exam mode its step attribute opens no step after an unanswered question, nor its walkthrough attribute another walkthrough', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}exam.html`, { ready: '#second #step-title:text("Softmax")' });
    const first = page.locator('#first');
    await first.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    await first.evaluate((lab) => lab.setAttribute('step', 'output'));
    await first.locator('#notices', { hasText: 'This is an exam: answer “Your turn: a score” before the steps after it open.' }).waitFor();
    assert.equal(await first.locator('#step-title').textContent(), 'Your turn: a score');
    await first.locator('.exercise-answer').fill('3');
    await first.locator('.exercise-answer').press('Enter');
    await first.locator('.exercise-feedback[data-result="recorded"]').waitFor();
    await first.evaluate((lab) => lab.setAttribute('step', 'scores'));
    await first.locator('#step-title', { hasText: 'Scores' }).waitFor();
    await first.evaluate((lab) => lab.setAttribute('walkthrough', 'worked-example'));
    await first.locator('#notices', { hasText: 'before opening another walkthrough' }).waitFor();
    assert.equal(await first.locator('#walkthrough-title').textContent(), 'Practice: one query, three keys');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('its seed attribute draws a practice’s numbers for that learner, as lab.drawNumbers does', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}seed.html`, { ready: '#second #step-title:text("Softmax")' });
    const first = page.locator('#first');
    await first.locator('#own-numbers').waitFor();
    assert.equal(await first.locator('#own-numbers').textContent(), 'Your own numbers, drawn for “ana”: other learners have other ones.');
    const query = await first.locator('figure[data-panel="query"] td[data-row]').allTextContents();
    assert.deepEqual(query.map((x) => Number(x.replace('−', '-'))), drawnFor(lab, 'ana').query.flat());
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('an engine that cannot be loaded is reported in each lab, not thrown', async () => {
    const { page, problems } = await openPage(browser.context, `${server.url}wrong-wasm.html`, { ready: '#second .loading.error' });
    for (const id of ['first', 'second']) {
      assert.match(await page.locator(`#${id} .loading`).textContent(), /^The attention engine could not start: wasmUrl: expected .* got HTTP 404$/);
    }
    // The failed request itself is the one console message.
    assert.deepEqual(problems.map((problem) => problem.replace(/\(.*\)/, '(…)')), ['error: Failed to load resource: the server responded with a status of 404 (…)']);
    await page.close();
  });

  test('the host page keeps its address, runs under a strict CSP without violations, and axe finds no violations', () => onHostPage(async (page, first) => {
    const response = await page.request.get(server.url);
    assert.equal(response.headers()['content-security-policy'], CSP);
    const history = await page.evaluate(() => history.length);
    await first.locator('.lesson-link[data-lesson="masks"]').click();
    await first.locator('#step-list button[data-step="softmax"]').click();
    await first.locator('figure[data-panel="weights"] td[data-row="0"][data-col="1"]').click();
    await first.locator('#explain .arithmetic').first().waitFor();
    await page.locator('#second').evaluate((lab) => lab.setAttribute('step', 'output'));
    assert.equal(page.url(), server.url);
    // Both show the causal mask now: the label tells them apart.
    assert.deepEqual(await page.locator('attention-lab [role="region"]').evaluateAll((regions) => regions.map((r) => r.getAttribute('aria-label'))),
      ['Exercise 1: attention by hand', 'Attention Lab: Causal mask: no peeking ahead']);
    assert.equal(await page.evaluate(() => history.length), history);
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      await page.emulateMedia({ colorScheme });
      const { violations } = await runAxe(page);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.help} e.g. ${v.nodes[0]?.target}`), [], colorScheme);
    }
    assert.deepEqual(await page.evaluate(() => window.cspViolations), []);
  }));
});
