// The teaching page end to end, in headless Chromium against the production build served as
// `npm start` serves it. Screenshots of every walkthrough state go to build/screenshots/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import { launchBrowser, SCREENSHOT_DIR, servePage } from './browser.mjs';

const WALKTHROUGH_DIR = fileURLToPath(new URL('../../web/src/walkthroughs/', import.meta.url));
const WALKTHROUGHS = fs.readdirSync(WALKTHROUGH_DIR)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(fs.readFileSync(path.join(WALKTHROUGH_DIR, file), 'utf8')));

/** @type {Awaited<ReturnType<typeof servePage>>} */
let server;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */
let browser;

before(async () => {
  server = await servePage();
  browser = await launchBrowser();
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

/**
 * Opens the page and records every console error, warning and page error.
 * @param {string} search e.g. "?w=causal-mask"
 * @param {{ width?: number, colorScheme?: 'light' | 'dark' }} [options]
 */
async function open(search = '', { width = 1280, colorScheme = 'light' } = {}) {
  const page = await browser.context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.setViewportSize({ width, height: 900 });
  await page.emulateMedia({ colorScheme });
  await page.goto(server.url + search);
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  return { page, problems };
}

/** The printed numbers of one matrix panel of the current step. */
const cells = (page, panel) => page.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents();
const goToStep = (page, id) => page.locator(`#step-list button[data-step="${id}"]`).click();

describe('the worked example', () => {
  test('shows the tutorial’s weights and output, computed by the engine', async () => {
    const { page, problems } = await open();
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'One query, three keys');
    await goToStep(page, 'scores');
    assert.deepEqual(await cells(page, 'scores'), ['1', '2', '3']);
    await goToStep(page, 'scale');
    assert.deepEqual(await cells(page, 'scaled'), ['0.707', '1.414', '2.121']);
    await goToStep(page, 'softmax');
    assert.deepEqual(await cells(page, 'weights'), ['0.140', '0.284', '0.576']);
    // Σ is the engine's sum of the rounded-for-display weights' exact values: 1 to 3 decimals.
    assert.deepEqual(await page.locator('figure[data-panel="weights"] td.row-sum').allTextContents(), ['1.000']);
    await goToStep(page, 'output');
    assert.deepEqual(await cells(page, 'output'), ['0.355', '0.617']);
    const exact = await page.locator('figure[data-panel="weights"] td[data-row="0"][data-col="2"]').getAttribute('title');
    assert.equal(exact, 'exact: 0.5759753452153619');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('explains every kind of number with its exact arithmetic', async () => {
    const { page } = await open();
    const explain = async (step, panel, row, col) => {
      await goToStep(page, step);
      await page.locator(`figure[data-panel="${panel}"] td[data-row="${row}"][data-col="${col}"]`).click();
      return (await page.locator('#explain .arithmetic').allTextContents()).join('\n');
    };
    assert.equal(await explain('scores', 'scores', 0, 2), 'score₀₂ = 1·1 + 2·1 = 3');
    assert.equal(await explain('scale', 'scaled', 0, 2), 'scaled₀₂ = score₀₂ / √d_k = 3 / √2 = 3 / 1.414 = 2.121');
    assert.equal(
      await explain('softmax', 'weights', 0, 2),
      'weight₀₂ = e^(2.121 − 2.121) / (e^(0.707 − 2.121) + e^(1.414 − 2.121) + e^(2.121 − 2.121))\n' +
        '= 1 / (0.243 + 0.493 + 1) = 1 / 1.736 = 0.576',
    );
    assert.equal(await explain('output', 'output', 0, 0), 'output₀₀ = 0.140·0.5 + 0.284·0.8 + 0.576·0.1 = 0.355');
    // The cells the number came from are marked.
    assert.equal(await page.locator('figure[data-panel="weights"] td.related').count(), 3);
    assert.equal(await page.locator('figure[data-panel="value"] td.related').count(), 3);
    await page.close();
  });

  test('an edited input updates every value downstream, and the URL keeps it', async () => {
    const { page, problems } = await open();
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
    await page.locator('figure[data-panel="query"] input').fill('2');
    await page.keyboard.press('Enter');
    assert.deepEqual(await cells(page, 'query'), ['2', '2']);
    await goToStep(page, 'scores');
    assert.deepEqual(await cells(page, 'scores'), ['2', '2', '4']);
    const url = page.url();
    assert.match(url, /in=/);

    const { page: again } = await open(new URL(url).search);
    assert.deepEqual(await cells(again, 'scores'), ['2', '2', '4']);
    assert.equal(await again.locator('#progress').textContent(), 'Step 2 of 5');
    await again.close();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a value that is not a number is refused with a message, and the old value stays', async () => {
    const { page } = await open();
    await page.locator('figure[data-panel="key"] td[data-row="1"][data-col="1"]').click();
    await page.locator('figure[data-panel="key"] input').fill('abc');
    await page.keyboard.press('Enter');
    await page.locator('.notice').first().waitFor();
    assert.match(await page.locator('.notice').first().textContent(), /not a finite number/);
    await page.keyboard.press('Escape');
    assert.deepEqual(await cells(page, 'key'), ['1', '0', '0', '1', '1', '1']);
    await page.close();
  });

  test('can be followed with the keyboard alone', async () => {
    const { page } = await open();
    await page.locator('body').press('ArrowRight');
    assert.equal(await page.locator('#progress').textContent(), 'Step 2 of 5');
    await page.locator('body').press('End');
    assert.equal(await page.locator('#progress').textContent(), 'Step 5 of 5');
    assert.match(await page.locator('#announcer').textContent(), /Step 5 of 5/);
    await page.locator('body').press('Home');
    assert.equal(await page.locator('#progress').textContent(), 'Step 1 of 5');
    await page.locator('body').press('ArrowRight');
    // Tab into the scores matrix, move with arrows, explain with Enter.
    const first = page.locator('figure[data-panel="scores"] td[tabindex="0"]');
    await first.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    assert.equal(await page.locator('#explain .arithmetic').first().textContent(), 'score₀₂ = 1·1 + 2·1 = 3');
    const focused = await page.evaluate(() => {
      const style = getComputedStyle(document.activeElement);
      return style.outlineStyle !== 'none' && style.outlineWidth !== '0px';
    });
    assert.ok(focused, 'the focused cell shows a visible focus ring');
    await page.close();
  });
});

describe('page state in the URL', () => {
  test('a link opens the walkthrough and step it names, and survives a reload', async () => {
    const { page } = await open('?w=causal-mask&step=softmax');
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'Causal mask: no peeking ahead');
    assert.match(await page.locator('#step-title').textContent(), /^Softmax/);
    const weights = await cells(page, 'weights');
    assert.equal(weights[1], '0'); // query 0 may not see key 1: exactly zero
    await page.reload();
    await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    assert.match(await page.locator('#step-title').textContent(), /^Softmax/);
    await page.close();
  });

  test('a bad or outdated link falls back to defaults with a visible notice', async () => {
    for (const search of ['?w=no-such-lesson', '?w=worked-example&in=%7Bbroken', '?w=worked-example&step=nowhere', '?w=worked-example&in=' + encodeURIComponent(JSON.stringify({ query: [[1, 2]], key: [[1, 0, 0]], value: [[1]] }))]) {
      const { page, problems } = await open(search);
      await page.locator('.notice').first().waitFor();
      assert.ok((await page.locator('.notice').count()) > 0, search);
      assert.ok((await page.locator('figure[data-panel]').count()) > 0, `${search} still shows a walkthrough`);
      assert.deepEqual(problems, [], search);
      await page.close();
    }
  });
});

describe('every walkthrough', () => {
  for (const walkthrough of WALKTHROUGHS) {
    test(`${walkthrough.id}: steps from first to last with no console errors (screenshots)`, async () => {
      const { page, problems } = await open(`?w=${walkthrough.id}`);
      const total = await page.locator('#step-list li').count();
      assert.ok(total >= 3);
      for (let i = 0; i < total; i += 1) {
        assert.equal(await page.locator('#progress').textContent(), `Step ${i + 1} of ${total}`);
        const id = await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step');
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${walkthrough.id}-${String(i + 1).padStart(2, '0')}-${id}.png`), fullPage: true });
        if (i < total - 1) await page.locator('.control-next').click();
      }
      assert.ok(await page.locator('.control-next').isDisabled());
      assert.deepEqual(problems, []);
      await page.close();
    });

    test(`${walkthrough.id}: readable at 375 px in dark mode`, async () => {
      const { page, problems } = await open(`?w=${walkthrough.id}`, { width: 375, colorScheme: 'dark' });
      await page.locator('body').press('End');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${walkthrough.id}-phone-dark.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
      assert.deepEqual(problems, []);
      await page.close();
    });

    test(`${walkthrough.id}: axe finds no accessibility violations`, async () => {
      for (const colorScheme of ['light', 'dark']) {
        const { page } = await open(`?w=${walkthrough.id}`, { colorScheme });
        await page.locator('body').press('End');
        const results = await new AxeBuilder({ page }).analyze();
        const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target}`);
        assert.deepEqual(summary, [], colorScheme);
        await page.close();
      }
    });
  }
});
