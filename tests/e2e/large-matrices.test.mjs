// Large matrices and in-place updates: a long sentence's matrices are drawn on canvases that can
// be read cell by cell with the keyboard, explained, and opened as tables; edits update what is
// on screen in place (same nodes, same focus) instead of rebuilding it.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { runAxe, SCREENSHOT_DIR, settledUrl, usePage } from './browser.mjs';

const { open } = usePage();

const WORDS = ('a learner reads every number of attention on one page and edits any of them to see what '
  + 'changes downstream while the engine recomputes each step exactly from the inputs they typed').split(' ');
const longSentence = (seed = 3) => `?w=multi-head&in=${encodeURIComponent(JSON.stringify({ tokens: WORDS, dModel: 64, heads: 8, seed }))}`;

/** The readout under a canvas grid: "row …, column …: 0.123 (exact …)". */
const readout = (page, panel) => page.locator(`figure[data-panel="${panel}"] .grid-readout`).textContent();

describe('large matrices', () => {
  test('a 32-word sentence draws its 32×64 embeddings and eight 32×32 heads on canvases, not tables', async () => {
    assert.equal(WORDS.length, 32);
    const { page, problems } = await open(longSentence());
    assert.equal(await page.locator('#panels figure.large .canvas-grid canvas').count(), 1);
    assert.equal(await page.locator('#panels td[data-row]').count(), 0);
    await page.locator('#step-list button[data-step="heads"]').click();
    assert.equal(await page.locator('#panels figure.large .canvas-grid').count(), 8);
    const size = await page.locator('figure[data-panel="head-0-weights"] canvas').evaluate((c) => [c.width, c.height]);
    assert.equal(size[0], size[1]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-heads.png') });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the arrow keys read any cell, with its exact value, and it matches the table behind the disclosure', async () => {
    const { page, problems } = await open(longSentence());
    const grid = page.locator('figure[data-panel="embeddings"] .canvas-grid');
    await grid.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    const text = await readout(page, 'embeddings');
    const match = /^row reads, column d₁: (−?\d\.\d{3}) \(exact (-?\d\.\d+(e-?\d+)?)\)$/.exec(text ?? '');
    assert.ok(match, text ?? '');
    // The step did not change: arrows inside the grid move the cell, not the walkthrough.
    assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'embed');

    await page.locator('figure[data-panel="embeddings"] summary').click();
    const cell = page.locator('figure[data-panel="embeddings"] td[data-row="2"][data-col="1"]');
    assert.equal(await cell.textContent(), match[1]);
    assert.equal(await cell.getAttribute('title'), `exact: ${match[2]}`);
    assert.equal(await page.locator('figure[data-panel="embeddings"] td[data-row]').count(), 32 * 64);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('Enter on a head’s weight explains it with the engine’s arithmetic and outlines the related cells', async () => {
    const { page, problems } = await open(`${longSentence()}&step=heads`);
    const grid = page.locator('figure[data-panel="head-1-weights"] .canvas-grid');
    await grid.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    const explain = page.locator('#explain');
    await explain.waitFor();
    const heading = await explain.locator('h4').textContent();
    assert.match(heading ?? '', /^Explain this number: head 2 weights.*row a, column learner$/);
    const lines = await explain.locator('.arithmetic').allTextContents();
    assert.match(lines.join('\n'), /^weight₀₁ = e\^\(/m);
    const shown = /: (\S+) \(exact/.exec((await readout(page, 'head-1-weights')) ?? '')?.[1];
    assert.ok(lines.at(-1)?.endsWith(`= ${shown}`), `${lines.at(-1)} should end with ${shown}`);
    assert.equal(await page.locator('figure[data-panel="head-1-weights"] .grid-related').count(), 1);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-heads-explained.png') });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a new seed redraws in place: the same canvas, new numbers, and the seed control keeps the focus', async () => {
    const { page, problems } = await open(longSentence(3));
    await page.locator('figure[data-panel="embeddings"] .canvas-grid').focus();
    await page.keyboard.press('ArrowRight');
    const before = await readout(page, 'embeddings');
    await page.locator('figure[data-panel="embeddings"] canvas').evaluate((c) => { c.dataset.marked = 'yes'; });
    const seed = page.locator('fieldset.parameters [name="seed"]');
    await seed.fill('4');
    await seed.press('Enter');
    await seed.evaluate((e) => e.dispatchEvent(new Event('change', { bubbles: true })));
    await page.waitForFunction((old) => document.querySelector('figure[data-panel="embeddings"] .grid-readout')?.textContent !== old, before);
    assert.equal(await page.locator('figure[data-panel="embeddings"] canvas[data-marked="yes"]').count(), 1);
    assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('name')), 'seed');
    assert.match((await settledUrl(page)), /%22seed%22%3A4|"seed":4/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('back and forward between two seeds update the open step in place', async () => {
    const { page, problems } = await open(`${longSentence(3)}&step=heads`);
    // Head 2's grid is visited: its current cell's words (what a screen reader reads) are the readout.
    await page.locator('figure[data-panel="head-1-weights"] .canvas-grid').focus();
    await page.keyboard.press('ArrowRight');
    const cellWords = (panel) => page.locator(`figure[data-panel="${panel}"] [role="gridcell"]`).textContent();
    const visitedBefore = await readout(page, 'head-1-weights');
    assert.equal(await cellWords('head-1-weights'), visitedBefore);
    const first = await page.locator('figure[data-panel="head-0-weights"] canvas').evaluate((c) => c.toDataURL());
    await page.locator('figure[data-panel="head-0-weights"] canvas').evaluate((c) => { c.dataset.marked = 'yes'; });
    await page.evaluate((url) => {
      history.pushState(null, '', url);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `${longSentence(4)}&step=heads`);
    const second = await page.locator('figure[data-panel="head-0-weights"] canvas').evaluate((c) => c.toDataURL());
    assert.notEqual(second, first);
    assert.equal(await page.locator('figure[data-panel="head-0-weights"] canvas[data-marked="yes"]').count(), 1);
    // The visited grid's cell follows the new numbers; a grid nobody visited keeps its hint, and
    // its redraw writes no words for a cell no element refers to.
    const visitedAfter = await readout(page, 'head-1-weights');
    assert.notEqual(visitedAfter, visitedBefore);
    assert.equal(await cellWords('head-1-weights'), visitedAfter);
    assert.equal(await cellWords('head-0-weights'), '');
    assert.equal(await page.locator('figure[data-panel="head-0-weights"] .canvas-grid').getAttribute('aria-activedescendant'), null);
    assert.match(await readout(page, 'head-0-weights') ?? '', /arrow keys|point/i);
    await page.goBack();
    await page.waitForFunction((old) => document.querySelector('figure[data-panel="head-0-weights"] canvas')?.toDataURL() === old, first);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('axe finds no violations with canvases on screen, in light and dark', async () => {
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      const { page } = await open(`${longSentence()}&step=heads`, { colorScheme });
      await page.locator('figure[data-panel="head-0-weights"] .canvas-grid').focus();
      await page.keyboard.press('ArrowDown');
      const { violations } = await runAxe(page);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
      await page.close();
    }
  });

  test('at 375 px the canvases fit the screen', async () => {
    const { page, problems } = await open(`${longSentence()}&step=heads`, { width: 375, colorScheme: 'dark' });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.equal(overflow, 0);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-heads-375-dark.png') });
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('large inputs', () => {
  /** The worked example with 32×64 query, key and value (whole numbers, so they read back as typed), in a link. */
  const bigInputs = () => {
    const m = (k) => Array.from({ length: 32 }, (_, i) => Array.from({ length: 64 }, (_, j) => ((i * 7 + j * 3 + k) % 9) - 4));
    return `?step=inputs#in=${encodeURIComponent(JSON.stringify({ query: m(0), key: m(1), value: m(2) }))}`;
  };

  test('a 32×64 query from a link is an editable canvas grid: keys move, Enter edits, Escape cancels, a bad value is refused', async () => {
    const { page, problems } = await open(bigInputs());
    assert.equal(await page.locator('#panels td[data-row]').count(), 0);
    const figure = page.locator('figure[data-panel="query"]');
    const grid = figure.locator('.canvas-grid');
    assert.equal(await grid.getAttribute('role'), 'grid');
    assert.equal(await grid.getAttribute('aria-rowcount'), '32');
    assert.equal(await grid.getAttribute('aria-colcount'), '64');
    await grid.focus();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowRight');
    const active = await grid.getAttribute('aria-activedescendant');
    assert.equal(await page.locator(`#${active}`).textContent(), 'row q₁, column d₁: −3 (exact -3)');
    assert.equal(await page.locator(`#${active}`).getAttribute('aria-colindex'), '2');

    // Escape puts the number back; a word is refused with the reason, and the field stays.
    await page.keyboard.press('Enter');
    const field = figure.locator('input.grid-editor');
    assert.equal(await field.inputValue(), '-3');
    await page.keyboard.press('Escape');
    assert.equal(await field.count(), 0);
    assert.equal(await page.evaluate(() => document.activeElement?.classList.contains('canvas-grid')), true);
    await page.keyboard.press('Enter');
    await field.fill('lots');
    await page.keyboard.press('Enter');
    assert.equal(await field.getAttribute('aria-invalid'), 'true');
    assert.match(await figure.locator('.grid-editor-error').textContent() ?? '', /not a finite number/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-inputs-refused.png') });

    // A number is taken: the same canvas redraws, the readout shows it, and the scores follow.
    await figure.locator('canvas').evaluate((c) => { c.dataset.marked = 'yes'; });
    await field.fill('2.5');
    await page.keyboard.press('Enter');
    assert.equal(await field.count(), 0);
    assert.match(await figure.locator('.grid-readout').textContent() ?? '', /: 2\.5 \(exact 2\.5\)$/);
    assert.equal(await figure.locator('canvas[data-marked="yes"]').count(), 1);
    assert.equal(await page.evaluate(() => document.activeElement?.closest('figure')?.dataset.panel), 'query');
    assert.match(await settledUrl(page), /#in=z\./);
    assert.deepEqual(problems.filter((p) => !/not a finite number/.test(p)), []);
    await page.close();
  });

  test('axe finds no violations on the editable canvas, with its editor open, in light and dark', async () => {
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      const { page } = await open(bigInputs(), { colorScheme });
      await page.locator('figure[data-panel="key"] .canvas-grid').focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      const { violations } = await runAxe(page);
      assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
      if (colorScheme === 'dark') await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'large-inputs-editing-dark.png') });
      await page.close();
    }
  });
});

describe('in-place updates of tables', () => {
  test('an edited input cell keeps its node and the focus, and the numbers downstream change', async () => {
    const { page, problems } = await open('');
    const cell = page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]');
    await cell.evaluate((td) => { td.dataset.marked = 'yes'; });
    await cell.click();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    assert.equal(await cell.textContent(), '3');
    assert.equal(await page.locator('figure[data-panel="query"] td[data-marked="yes"]').count(), 1);
    assert.equal(await page.evaluate(() => document.activeElement?.closest('figure')?.dataset.panel), 'query');
    await page.locator('#step-list button[data-step="scores"]').click();
    assert.deepEqual(await page.locator('figure[data-panel="scores"] td[data-row]').allTextContents(), ['3', '2', '5']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a cell of the positional encodings’ heatmap is explained by the engine: its sine or cosine, at 1280 and 375 px', async () => {
    for (const width of [1280, 375]) {
      const { page, problems } = await open('?w=positional-encoding&step=encoding');
      await page.setViewportSize({ width, height: 900 });
      const grid = page.locator('figure[data-panel="encoding"] .canvas-grid');
      await grid.focus();
      await page.keyboard.press('ArrowDown');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      const explain = page.locator('#explain');
      await explain.locator('.arithmetic').first().waitFor();
      assert.match((await explain.locator('h4').textContent()) ?? '', /^Explain this number: PE: .*, row position 1, column dimension 2$/);
      const lines = (await explain.locator('.arithmetic').allTextContents()).join('\n');
      assert.match(lines, /^PE₁₂ = sin\(pos \/ 10000\^\(2i\/d\)\): position 1, column 2 is the sine of pair i = 1/m);
      const shown = /: (\S+) \(exact/.exec((await readout(page, 'encoding')) ?? '')?.[1];
      assert.ok(lines.endsWith(`= ${shown}`), `${lines} should end with ${shown}`);
      await explain.scrollIntoViewIfNeeded();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `heatmap-explained-${width}.png`) });
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
});
