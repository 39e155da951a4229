// Glossary terms in the page: a marked term opens its definition with the
// keyboard, Escape closes it and gives the focus back, one is open at a time, the footer lists
// every term, and the page stays axe-clean with a definition open, at 1280 and 375 px, light and dark.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

/** The worked example's softmax step, whose text has "softmax" and "logits". */
async function softmaxStep(options) {
  const opened = await open('?w=worked-example', options);
  await opened.page.locator('#step-list button[data-step="softmax"]').click();
  await opened.page.locator('#step-title').filter({ hasText: 'Softmax' }).waitFor();
  return opened;
}

test('a marked term opens its definition from the keyboard; Escape closes it and returns the focus', async () => {
  const { page, problems } = await softmaxStep();
  const terms = page.locator('#step-text button.term');
  assert.deepEqual(await terms.allTextContents(), ['softmax', 'logits']);
  const softmax = terms.first();
  const popup = page.locator(`#${await softmax.getAttribute('aria-controls')}`);
  assert.equal(await popup.isVisible(), false);
  await softmax.focus();
  await page.keyboard.press('Enter');
  assert.equal(await softmax.getAttribute('aria-expanded'), 'true');
  assert.match(await popup.innerText(), /^softmax: Turns a row of numbers into positive weights/);
  // Opening the next term closes the first.
  await terms.nth(1).click();
  assert.equal(await softmax.getAttribute('aria-expanded'), 'false');
  assert.equal(await popup.isVisible(), false);
  await page.keyboard.press('Escape');
  assert.equal(await terms.nth(1).getAttribute('aria-expanded'), 'false');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'logits');
  assert.deepEqual(problems, []);
  await page.close();
});

test('the footer lists every glossary term with its definition', async () => {
  const { page } = await open('');
  const summary = page.locator('.glossary > summary');
  const count = Number((await summary.textContent())?.match(/\((\d+) terms\)/)?.[1]);
  assert.ok(count >= 20, `${count} terms`);
  await summary.click();
  assert.equal(await page.locator('.glossary-list dt').count(), count);
  assert.ok(await page.locator('.glossary-list dt', { hasText: 'Frobenius norm' }).isVisible());
  await page.close();
});

for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
  test(`with a definition open the page passes axe at ${width} px in ${colorScheme} mode`, async () => {
    const { page } = await softmaxStep({ width, colorScheme });
    await page.locator('#step-text button.term').first().click();
    await page.locator('.glossary > summary').click();
    const axe = await runAxe(page);
    assert.deepEqual(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`), []);
    const popup = await page.locator('.term-popup:not([hidden])').boundingBox();
    assert.ok(popup && popup.x >= 0 && popup.x + popup.width <= width, 'the definition fits the width');
    await page.locator('#step').screenshot({ path: path.join(SCREENSHOT_DIR, `glossary-term-${width}-${colorScheme}.png`) });
    await page.close();
  });
}
