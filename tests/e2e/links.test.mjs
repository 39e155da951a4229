// Links in the browser: large edited inputs travel in the hash (the preview server refused them
// in the query with HTTP 431), a malformed or repeated parameter gives a notice and the page
// still opens, and the site answers /robots.txt with a robots file rather than the page.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { usePage, settledUrl } from './browser.mjs';

const { open, server } = usePage();

/** Full-precision doubles in (−1, 1), every digit significant. */
function matrix(rows, cols, seed) {
  let s = seed;
  return Array.from({ length: rows }, () => Array.from({ length: cols }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return (s / 2147483648) * 2 - 1 + s * 1e-17;
  }));
}

/** The inputs a link carries in its hash (`#in=` JSON, or `#in=z.` + base64url of raw deflate). */
function inputsOf(url) {
  const value = new URLSearchParams(new URL(url).hash.slice(1)).get('in') ?? '';
  const json = value.startsWith('z.') ? inflateRawSync(Buffer.from(value.slice(2), 'base64url')).toString('utf8') : value;
  return JSON.parse(json);
}

describe('links', () => {
  test('a 32×64 edited attention opens from a link, and the link the page writes after an edit keeps every digit', async () => {
    const inputs = { query: matrix(32, 64, 1), key: matrix(32, 64, 2), value: matrix(32, 64, 3) };
    // The page writes such a link itself after an edit; here it is made by hand in the same form.
    const json = Buffer.from(JSON.stringify(inputs));
    const hash = `#in=z.${deflateRawSync(json, { level: 9 }).toString('base64url')}`;
    const { page, problems } = await open(`?step=scores${hash}`);
    assert.equal(await page.locator('#progress').textContent(), 'Step 2 of 5');
    assert.equal(await page.locator('.notice').count(), 0);

    // Edit query[0][0] on the inputs step (a canvas grid at this size), then read back the link the page writes.
    await page.locator('#step-list button[data-step="inputs"]').click();
    await page.locator('figure[data-panel="query"] .canvas-grid').focus();
    await page.keyboard.press('Enter');
    await page.locator('figure[data-panel="query"] input.grid-editor').fill('0.123456789012345678');
    await page.keyboard.press('Enter');
    await page.locator('figure[data-panel="query"] .grid-readout', { hasText: '(exact 0.12345678901234568)' }).waitFor();
    const written = await settledUrl(page);
    assert.ok(new URL(written).search.length < 100, `query of ${new URL(written).search.length} characters`);
    const expected = structuredClone(inputs);
    expected.query[0][0] = 0.123456789012345678;
    assert.deepEqual(inputsOf(written), expected);

    // That link opens again, as it is, in a new page, with the same inputs.
    const again = await open(new URL(written).search + new URL(written).hash);
    assert.equal(await again.page.locator('.notice').count(), 0);
    assert.deepEqual(inputsOf(await settledUrl(again.page)), expected);
    assert.deepEqual([...problems, ...again.problems], []);
    await again.page.close();
    await page.close();
  });

  test('?src=% opens the page with a notice that the link is malformed, and fetches nothing for it', async () => {
    const { page, problems } = await open('?src=%');
    await page.locator('.notice', { hasText: /link is malformed: “src” has a “%”/ }).waitFor();
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'One query, three keys');
    const requested = await page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname));
    assert.ok(!requested.includes('/%'), requested.join(' '));
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('bad percent-encoding, a repeated parameter and a very long value each give a short notice', async () => {
    const long = 'q'.repeat(3000);
    const { page, problems } = await open(`?w=causal-mask&w=padding-mask&step=%E0%A4%A&lesson=${long}`);
    await page.locator('.notice').nth(2).waitFor();
    const notices = await page.locator('.notice').allTextContents();
    assert.ok(notices.some((n) => /gives “w” more than once/.test(n)), notices.join('\n'));
    assert.ok(notices.some((n) => /malformed: “step”/.test(n)), notices.join('\n'));
    // Short but for the list of lesson names a bad lesson's notice gives, which grows with the course.
    const short = notices.map((n) => n.replace(/ or one of [^)]*\)/, ')'));
    assert.ok(short.every((n) => n.length < 400), short.map((n) => n.length).join(' '));
    assert.ok(notices.some((n) => /There is no lesson called “q+…”/.test(n)), notices.join('\n'));
    assert.equal(await page.locator('#walkthrough-title').textContent(), 'Causal mask: no peeking ahead');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('the skip link (#step) keeps edited inputs, which live in the hash it replaces', async () => {
    const { page, problems } = await open();
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
    await page.locator('figure[data-panel="query"] input').fill('7');
    await page.keyboard.press('Enter');
    assert.match(await settledUrl(page), /#in=/);
    await page.keyboard.press('Shift+Tab'); // anywhere; the skip link is the first stop of the page
    await page.locator('.skip-link').focus();
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => window.location.hash === '#step' || /#in=/.test(window.location.hash));
    assert.deepEqual(await page.locator('figure[data-panel="query"] td[data-row]').allTextContents(), ['7', '2']);
    assert.match(await settledUrl(page), /#in=/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('/robots.txt is a robots file that lets everything be indexed', async () => {
    const response = await fetch(new URL('robots.txt', server().url));
    assert.equal(response.status, 200);
    assert.match(response.headers.get('content-type') ?? '', /^text\/plain/);
    const body = await response.text();
    assert.match(body, /^User-agent: \*$/m);
    assert.match(body, /^Allow: \/$/m);
    assert.doesNotMatch(body, /<html/i);
  });
});
