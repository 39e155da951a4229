// The lesson "One backward pass" in headless Chromium: reached from the menu, its gradients are
// the engine's (attentionBackward, run here in Node on the same inputs), a gradient is explained
// by keyboard, an edited g recomputes every gradient, axe finds nothing, and every step is
// photographed at 1280 and 375 px (build/screenshots/backward-*.png) for a person to look at.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { loadAttentionLab } from 'attention-lab';
import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();
const lab = await loadAttentionLab();

const INPUTS = {
  query: [[1, 2]],
  key: [[1, 0], [0, 1], [1, 1]],
  value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]],
};

const goToStep = (page, id) => page.locator(`#step-list button[data-step="${id}"]`).click();
/** The exact values of a matrix panel, read from its cells' titles ("exact: …"), row by row. */
async function exactValues(page, panel) {
  const cells = page.locator(`figure[data-panel="${panel}"] td[data-row]`);
  const found = await cells.evaluateAll((tds) => tds.map((td) => [Number(td.dataset.row), Number(td.dataset.col), td.title.replace(/^exact: /, '')]));
  const rows = [];
  for (const [row, col, text] of found) (rows[row] ??= [])[col] = Number(text);
  return rows;
}

describe('one backward pass, cell by cell', () => {
  test('its lesson in the menu opens it, numbered as the menu counts, and every gradient on screen is attentionBackward’s, to the last digit', async () => {
    const { page, problems } = await open();
    await page.locator('.lesson-link[data-lesson="backward-pass"]').click();
    await page.locator('#walkthrough-title', { hasText: 'One backward pass, cell by cell' }).waitFor();
    const position = await page.locator('.lesson-link').evaluateAll((links) => links.findIndex((a) => a.dataset.lesson === 'backward-pass'));
    assert.equal(await page.locator('.lesson-link[data-lesson="backward-pass"] .lesson-number').textContent(), String(position + 1));

    const expected = lab.attentionBackward({ ...INPUTS, gradOutput: [[1, -1]] });
    const shown = [
      ['grad-value', 'gradValue', expected.gradValue],
      ['grad-weights', 'gradWeights', expected.gradWeights],
      ['grad-scaled', 'gradScaled', expected.gradScaled],
      ['grad-scores', 'gradScores', expected.gradScores],
      ['grad-query', 'gradQuery', expected.gradQuery],
      ['grad-key', 'gradKey', expected.gradKey],
    ];
    for (const [panel, field, values] of shown) {
      await goToStep(page, panel);
      assert.deepEqual(await exactValues(page, panel), values, field);
    }
    // The softmax backward's Σₖ wₖ·gₖ is its own number, and the row of ∂L/∂scaled favours k₂.
    await goToStep(page, 'grad-scaled');
    const [[rowDot]] = await exactValues(page, 'row-dot');
    assert.equal(rowDot, lab.explainAttentionBackward({ ...INPUTS, gradOutput: [[1, -1]], row: 0, column: 0, stage: 'gradScaled' }).rowDot);
    assert.deepEqual(await page.locator('figure[data-panel="grad-scaled"] td[data-row]').allTextContents(), ['0.065', '0.245', '−0.310']);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('Enter on a cell of ∂L/∂scaled explains the softmax backward with the engine’s numbers', async () => {
    const { page, problems } = await open('?w=attention-backward&step=grad-scaled');
    await page.locator('figure[data-panel="grad-scaled"] td[data-row="0"][data-col="2"]').focus();
    await page.keyboard.press('Enter');
    const explain = page.locator('#explain');
    await explain.waitFor();
    assert.match(await explain.locator('h4').textContent() ?? '', /^Explain this number: ∂L\/∂scaled, row q, column k₂$/);
    const lines = await explain.locator('.arithmetic').allTextContents();
    assert.equal(lines[0], '∂L/∂s₀₂ = w·(g − Σₖ wₖ·gₖ) = 0.576·((−0.8) − (−0.262))');
    assert.equal(lines[1], '= 0.576·(−0.538) = −0.310');
    assert.equal(lines[2], 'where Σₖ wₖ·gₖ = 0.140·0.2 + 0.284·0.600 + 0.576·(−0.8)');
    // The cells it came from are marked: w₀₂, the row of ∂L/∂w and the row's Σ.
    assert.equal(await page.locator('figure[data-panel="weights"] td.related').count(), 1);
    assert.equal(await page.locator('figure[data-panel="grad-weights"] td.related').count(), 3);
    assert.equal(await page.locator('figure[data-panel="row-dot"] td.related').count(), 1);

    // Arrow keys move to ∂L/∂s₀₁ and Enter explains that one.
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');
    await explain.locator('.arithmetic', { hasText: '∂L/∂s₀₁' }).waitFor();
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'backward-explained.png'), fullPage: true });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('an edited g = ∂L/∂output recomputes every gradient from the engine', async () => {
    const { page, problems } = await open('?w=attention-backward&step=grad-output');
    await page.locator('figure[data-panel="grad-output"] td[data-row="0"][data-col="1"]').click();
    await page.locator('figure[data-panel="grad-output"] input').fill('0');
    await page.keyboard.press('Enter');
    await page.locator('figure[data-panel="grad-output"] td[data-row="0"][data-col="1"]', { hasText: /^0$/ }).waitFor();
    const expected = lab.attentionBackward({ ...INPUTS, gradOutput: [[1, 0]] });
    await goToStep(page, 'grad-value');
    assert.deepEqual(await exactValues(page, 'grad-value'), expected.gradValue);
    await goToStep(page, 'grad-query');
    assert.deepEqual(await exactValues(page, 'grad-query'), expected.gradQuery);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('axe finds no violations with a gradient explained, in light and dark', async () => {
    for (const colorScheme of /** @type {const} */ (['light', 'dark'])) {
      const { page } = await open('?w=attention-backward&step=grad-scaled', { colorScheme });
      await page.locator('figure[data-panel="grad-scaled"] td[data-row="0"][data-col="0"]').click();
      await page.locator('#explain .arithmetic').first().waitFor();
      const { violations } = await runAxe(page);
      const summary = violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target}`);
      assert.deepEqual(summary, [], colorScheme);
      await page.close();
    }
  });

  test('every step at 1280 and 375 px, with no sideways scrolling on a phone (screenshots)', async () => {
    for (const width of [1280, 375]) {
      const { page, problems } = await open('?w=attention-backward', { width });
      const steps = await page.locator('#step-list button[data-step]').evaluateAll((buttons) => buttons.map((b) => b.dataset.step));
      assert.equal(steps.length, 11, 'nine steps and two exercises');
      for (const [i, id] of steps.entries()) {
        await goToStep(page, id);
        await page.locator(`#step-list button[data-step="${id}"][aria-current="step"]`).waitFor();
        await page.screenshot({ path: path.join(SCREENSHOT_DIR, `backward-${width}-${String(i + 1).padStart(2, '0')}-${id}.png`), fullPage: true });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(overflow <= 0, `${id} at ${width}px scrolls sideways by ${overflow}px`);
      }
      assert.deepEqual(problems, []);
      await page.close();
    }
  });
});
