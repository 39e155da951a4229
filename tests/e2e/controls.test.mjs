// The page's controls: sizes and seeds, sentence and heads, and the focus-a-word view.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usePage, settledUrl } from './browser.mjs';

const { open } = usePage();


const cells = (page, panel) => page.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents();
const rows = (page, panel) => page.locator(`figure[data-panel="${panel}"] tbody tr`).count();

/** Sets a parameters-panel control and lets the page apply it. */
async function setParameter(page, name, value) {
  const control = page.locator(`fieldset.parameters [name="${name}"]`);
  if ((await control.evaluate((e) => e.tagName)) === 'SELECT') await control.selectOption(value);
  else {
    await control.fill(value);
    await control.press('Enter');
    // Enter commits the value in Chromium; the change event is for engines where it does not. A
    // refused value has been put back by then: sending the old one again would be a change the
    // learner never made (and an accepted one clears the refusal's notice).
    await control.evaluate((e, typed) => {
      if (/** @type {HTMLInputElement} */ (e).value === typed) e.dispatchEvent(new Event('change', { bubbles: true }));
    }, value);
  }
}

test('changing sizes grows the matrices, keeps edited numbers, and the link reproduces it', async () => {
  const { page, problems } = await open();
  await setParameter(page, 'queries', '3');
  assert.equal(await rows(page, 'query'), 3);
  assert.deepEqual((await cells(page, 'query')).slice(0, 2), ['1.00', '2.00']); // the tutorial's query kept, in the decimals of the numbers beside it
  await setParameter(page, 'dV', '4');
  assert.equal((await cells(page, 'value')).length, 12);
  const url = (await settledUrl(page));
  await page.locator('#step-list button[data-step="output"]').click();
  const output = await cells(page, 'output');
  assert.equal(output.length, 12);

  const again = await open(new URL(url).search + new URL(url).hash);
  await again.page.locator('#step-list button[data-step="output"]').click();
  assert.deepEqual(await cells(again.page, 'output'), output);
  assert.deepEqual(problems, []);
  await again.page.close();
  await page.close();
});

test('a new seed draws new inputs from the engine, and the same seed draws the same ones', async () => {
  const { page } = await open();
  await setParameter(page, 'seed', '42');
  const first = await cells(page, 'key');
  assert.notDeepEqual(first, ['1', '0', '0', '1', '1', '1']);
  await setParameter(page, 'seed', '7');
  await setParameter(page, 'seed', '42');
  assert.deepEqual(await cells(page, 'key'), first);
  await page.close();
});

test('a size outside the limits is refused with a notice and nothing changes', async () => {
  const { page } = await open();
  await setParameter(page, 'keys', '99');
  await page.locator('.notice').first().waitFor();
  assert.match(await page.locator('.notice').first().textContent(), /keys m: expected at most 12/);
  assert.equal(await rows(page, 'key'), 3);
  await page.close();
});

test('heads that do not divide d_model are refused by the engine with a notice; the view stays', async () => {
  const { page, problems } = await open('?w=multi-head&weights=random');
  await setParameter(page, 'heads', '3');
  await page.locator('.notice').first().waitFor();
  assert.match(await page.locator('.notice').first().textContent(), /heads: expected a divisor of d_model = 16, got 3/);
  assert.equal(await page.locator('fieldset.parameters [name="heads"]').inputValue(), '4');
  await setParameter(page, 'heads', '2');
  await page.locator('#step-list button[data-step="heads"]').click();
  assert.equal(await page.locator('figure[data-panel^="head-"]').count(), 2);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a new sentence and a causal mask recompute every step', async () => {
  const { page } = await open('?w=sentence-self-attention&weights=random');
  await setParameter(page, 'tokens', 'a dog ran home');
  await setParameter(page, 'mask', 'causal');
  await page.locator('#step-list button[data-step="heads"]').click();
  const weights = await cells(page, 'head-0-weights');
  assert.equal(weights.length, 16);
  assert.deepEqual([weights[1], weights[2], weights[3]], ['0', '0', '0']); // "a" sees only itself
  await page.close();
});

test('focusing a word shows its attention over every word, as the engine computed it', async () => {
  const { page } = await open('?w=sentence-self-attention&step=heads&weights=random');
  await page.locator('.token-row .token').nth(1).focus();
  assert.match(await page.locator('.token-bars-heading').textContent(), /“cat” \(word 2\)/);
  const shown = await page.locator('.token-bars .weight').allTextContents();
  const row = (await cells(page, 'head-0-weights')).slice(6, 12);
  assert.deepEqual(shown, row);
  await page.close();
});

test('every button of the player bar has an accessible name that contains its visible label', async () => {
  // Speech-input users say what they see ("click Reset inputs"); a name that does not contain the
  // label (Lighthouse's label-content-name-mismatch) leaves them stuck.
  const { page, problems } = await open();
  const buttons = await page.locator('.player button').evaluateAll((list) =>
    list.map((b) => ({ label: (b.textContent ?? '').replace(/\s+/g, ' ').trim(), name: b.getAttribute('aria-label') ?? '' })));
  assert.ok(buttons.some((b) => b.label === 'Reset inputs'), 'the Reset button is on the bar');
  for (const { label, name } of buttons) {
    if (label === '' || name === '') continue; // an icon button, or one named by its text alone
    assert.ok(name.toLowerCase().includes(label.toLowerCase()), `“${name}” does not contain the visible label “${label}”`);
  }
  assert.deepEqual(problems, []);
  await page.close();
});
