// Export from the page itself: what the learner downloads is checked file by file (the builders'
// own tests are in tests/page/export.test.mjs).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { loadAttentionLab } from 'attention-lab';

const { open } = usePage();
const lab = await loadAttentionLab();
const worked = lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });

/** Clicks a button and returns the downloaded file's name and bytes. */
async function downloadFrom(page, button) {
  const waiting = page.waitForEvent('download');
  await button.click();
  const download = await waiting;
  return { name: download.suggestedFilename(), bytes: fs.readFileSync(await download.path()) };
}

describe('export from the page', () => {
  test('the softmax step’s weights download as CSV with every digit, and as SVG and PNG pictures', async () => {
    const { page, problems } = await open('?step=softmax');
    await page.locator('.export-menu summary').click();
    await page.locator('.export-menu select').first().selectOption({ label: 'weights = softmax (1×3)' });
    const csv = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    assert.equal(csv.name, 'worked-example-softmax-weights.csv');
    assert.deepEqual([...csv.bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'a UTF-8 byte-order mark, so spreadsheets read k₀ as k₀');
    assert.equal(csv.bytes.subarray(3).toString('utf8'), `,k₀,k₁,k₂\r\nq,${worked.weights[0].map(String).join(',')}\r\n`);
    const svg = await downloadFrom(page, page.getByRole('button', { name: 'Download SVG' }));
    assert.match(svg.bytes.toString('utf8'), /^<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    assert.match(svg.bytes.toString('utf8'), /<title id="title">weights = softmax \(1×3\)<\/title>/);
    const png = await downloadFrom(page, page.getByRole('button', { name: 'Download PNG' }));
    assert.deepEqual([...png.bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the example downloads as LaTeX with the page’s numbers and as a PyTorch script with the exact inputs', async () => {
    const { page, problems } = await open('?step=output');
    await page.locator('.export-menu summary').click();
    const format = page.locator('.export-menu select').last();
    await format.selectOption('latex');
    const tex = (await downloadFrom(page, page.getByRole('button', { name: 'Download', exact: true }))).bytes.toString('utf8');
    assert.ok(tex.includes('0.140 & 0.284 & 0.576'), 'weights as shown');
    assert.ok(tex.includes('0.355 & 0.617'), 'output as shown');
    await format.selectOption('torch');
    const script = await downloadFrom(page, page.getByRole('button', { name: 'Download', exact: true }));
    assert.equal(script.name, 'worked_example_torch.py');
    assert.match(script.bytes.toString('utf8'), /import torch/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('an edited input is what the export contains', async () => {
    const { page } = await open('');
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
    await page.keyboard.type('3');
    await page.keyboard.press('Enter');
    // The same step, updated in place: the menu exports what is on screen now.
    await page.locator('.export-menu summary').click();
    const inputs = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    assert.match(inputs.bytes.toString('utf8'), /^\uFEFF,d₀,d₁\r\nq,3,2\r\n$/);
    await page.locator('#step-list button[data-step="scores"]').click();
    const csv = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    assert.match(csv.bytes.toString('utf8'), /^\uFEFF,d₀,d₁\r\nq,3,2\r\n$/);
    await page.locator('.export-menu select').first().selectOption({ label: 'scores = QKᵀ (1×3)' });
    const scores = await downloadFrom(page, page.getByRole('button', { name: 'Download CSV' }));
    assert.equal(scores.bytes.toString('utf8'), '\uFEFF,k₀,k₁,k₂\r\nq,3,2,5\r\n');
    await page.close();
  });
});
