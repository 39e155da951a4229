// Instructors' own walkthroughs: loaded from the link's hash, from a same-origin file (?src=) or
// from a file picked on the page; refused with a message naming the field when wrong; and their
// text shown as text, never run as HTML.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { SCREENSHOT_DIR, usePage, settledUrl } from './browser.mjs';

const { open, server } = usePage();

const HOSTILE = {
  title: '<img src=x onerror="window.__xss = 1">Attention, my way',
  intro: '<script>window.__xss = 2</script> Our own numbers.',
  query: '<img src=x onerror="window.__xss = 3">',
  key: '<svg onload="window.__xss = 4">',
};

const mine = {
  $schema: '../docs/walkthrough.schema.json',
  id: 'my-example',
  kind: 'attention',
  title: HOSTILE.title,
  intro: HOSTILE.intro,
  inputs: { query: [[2, 0]], key: [[1, 0], [0, 1]], value: [[1, 2], [3, 4]] },
  queryLabels: [HOSTILE.query],
  keyLabels: [HOSTILE.key, 'k₁'],
};

const hashOf = (json) => `#walkthrough=${encodeURIComponent(JSON.stringify(json))}`;

/** Whether any markup from the walkthrough became elements or ran. */
const injected = (page) => page.evaluate(() => ({
  ran: /** @type {any} */ (window).__xss ?? null,
  elements: document.querySelectorAll('#attention-lab img, #attention-lab script, #attention-lab svg[onload]').length,
}));

describe('instructors’ walkthroughs', () => {
  test('one carried in the link’s hash opens, and its markup-like text is shown as text and never runs', async () => {
    const { page, problems } = await open(`?step=scores${hashOf(mine)}`);
    assert.equal(await page.locator('#walkthrough-title').textContent(), HOSTILE.title);
    assert.equal(await page.locator('.intro').textContent(), HOSTILE.intro);
    assert.equal(await page.locator('.lesson-label').textContent(), 'Written for this course');
    assert.deepEqual(await page.locator('figure[data-panel="scores"] tbody th').allTextContents(), [HOSTILE.query]);
    assert.deepEqual(await page.locator('figure[data-panel="scores"] thead th').allTextContents(), [HOSTILE.key, 'k₁']);
    assert.deepEqual(await page.locator('figure[data-panel="scores"] td[data-row]').allTextContents(), ['2', '0']);
    assert.equal(await page.locator('.lesson-link.custom[aria-current="page"]').textContent(), HOSTILE.title);
    await page.locator('figure[data-panel="scores"] td[data-row="0"][data-col="0"]').click();
    assert.match((await page.locator('#explain h4').textContent()) ?? '', /row <img src=x onerror="window.__xss = 3">/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'authoring-hash.png') });
    assert.deepEqual(await injected(page), { ran: null, elements: 0 });
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('words of a multi-head walkthrough with markup in them stay words', async () => {
    const words = { id: 'my-words', kind: 'multi-head', title: 'Words', intro: 'Words.', inputs: { tokens: ['<b>bold</b>', '<i>x</i>', 'plain'], dModel: 8, heads: 1, seed: 1 } };
    const { page, problems } = await open(`?step=heads${hashOf(words)}`);
    assert.deepEqual(await page.locator('.token-row .token').allTextContents(), ['<b>bold</b>', '<i>x</i>', 'plain']);
    assert.equal(await page.locator('#attention-lab b, #attention-lab i').count(), 0);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a file on the same site opens from ?src=, and the link keeps it', async () => {
    server().serveFile('/my-walkthrough.json', JSON.stringify({ ...mine, title: 'From a file' }));
    const { page, problems } = await open('?src=my-walkthrough.json');
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'From a file');
    await page.locator('#step-list button[data-step="softmax"]').click();
    assert.match((await settledUrl(page)), /src=my-walkthrough\.json/);
    assert.match((await settledUrl(page)), /step=softmax/);
    await page.reload();
    await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
    assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'softmax');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('a file on another site, or one that is missing, is refused with a notice naming src', async () => {
    const { page } = await open('?src=https://example.com/evil.json');
    await page.locator('.notice', { hasText: /src: expected an address on this site \(http:\/\/127\.0\.0\.1:\d+\), got https:\/\/example\.com/ }).waitFor();
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'One query, three keys');
    await page.close();
    const missing = await open('?src=nowhere.json');
    // vite preview, like many servers, answers an unknown address with the home page.
    await missing.page.locator('.notice', { hasText: 'src: expected a walkthrough JSON file at /nowhere.json, got a web page' }).waitFor();
    await missing.page.close();
  });

  test('a walkthrough with a wrong value is refused with a notice naming the field, and the worked example is shown', async () => {
    const bad = { ...mine, inputs: { ...mine.inputs, key: [[1, 0], [0, 1, 2]] } };
    const { page } = await open(hashOf(bad));
    const notice = await page.locator('.notice').first().textContent();
    assert.match(notice ?? '', /^Your walkthrough \(#walkthrough\): inputs\.key\[1\]: expected 2 numbers/);
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'One query, three keys');
    await page.close();
    const broken = await open('#walkthrough=%7Bnot%20json');
    assert.match((await broken.page.locator('.notice').first().textContent()) ?? '', /^Your walkthrough \(#walkthrough\): /);
    await broken.page.close();
  });

  test('a file picked with “Open your own…” opens, and the link then carries it', async () => {
    const { page, problems } = await open('');
    const chooser = page.waitForEvent('filechooser');
    await page.locator('button.open-file').click();
    await (await chooser).setFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify({ ...mine, title: 'Picked' })) });
    await page.locator('#walkthrough-title', { hasText: 'Picked' }).waitFor();
    assert.match((await settledUrl(page)), /#walkthrough=/);
    const again = await open(new URL((await settledUrl(page))).search + new URL((await settledUrl(page))).hash);
    assert.equal(await again.page.locator('#walkthrough-title').textContent(), 'Picked');
    assert.deepEqual(problems, []);
    await again.page.close();
    await page.close();
  });
});
