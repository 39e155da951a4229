// The teaching page end to end, in headless Chromium against the production build served as
// `npm start` serves it. Every walkthrough stepped through, with screenshots of every state, is
// walkthrough-screens.test.mjs; their accessibility, walkthrough-axe.test.mjs.
import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, test } from 'node:test';
import { runAxe, SCREENSHOT_DIR, settledUrl, usePage } from './browser.mjs';

const { open } = usePage();

/** The printed numbers of one matrix panel of the current step. */
const cells = (page, panel) => page.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents();
const goToStep = (page, id) => page.locator(`#step-list button[data-step="${id}"]`).click();
const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';
/** A number as the page writes it (minus sign "−", 6.2×10⁻¹⁶ for small ones), read back. */
const number = (text) => Number(String(text).replaceAll('−', '-')
  .replace(/×10([⁻⁰¹²³⁴⁵⁶⁷⁸⁹]+)$/, (_, power) => `e${[...power].map((c) => (c === '⁻' ? '-' : SUPERSCRIPT_DIGITS.indexOf(c))).join('')}`));

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
    assert.equal(await page.locator('#explain .explain-note').textContent(), 'The exponents are row 0\'s scaled scores q·k/√d_k, each less the row\'s largest, 2.121, so that no exponential overflows.');
    assert.equal(await explain('output', 'output', 0, 0), 'output₀₀ = 0.140·0.5 + 0.284·0.8 + 0.576·0.1 = 0.355');
    // The cells the number came from are marked.
    assert.equal(await page.locator('figure[data-panel="weights"] td.related').count(), 3);
    assert.equal(await page.locator('figure[data-panel="value"] td.related').count(), 3);
    await page.close();
  });

  test('explains the numbers around attention: a projection and a LayerNorm cell, at 1280 px in light and 375 px in dark', async () => {
    for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
      const { page, problems } = await open('?w=sentence-self-attention&step=project&weights=random', { width, colorScheme });
      const lines = async () => page.locator('#explain .arithmetic').allTextContents();
      const projection = page.locator('figure[data-panel="projected-query"] td[data-row="1"][data-col="2"]');
      await projection.click();
      const q = await lines();
      assert.equal(q[0], 'Q₁₂ = row 1 of X · column 2 of W_Q: 8 products added up');
      assert.match(q[1], /^= (\(?−?\d\.\d{3}\)?·\(?−?\d\.\d{3}\)? \+ ){7}/);
      assert.ok(q.at(-1).endsWith(`= ${await projection.textContent()}`), q.at(-1));
      assert.equal(await page.locator('#explain .exact').textContent(), `Exact value: ${(await projection.getAttribute('title')).replace(/^exact: /, '')}`);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `explain-projection-${width}-${colorScheme}.png`), fullPage: true });

      await page.goto(page.url().replace(/\?.*$/, '?w=encoder-layer&step=add-norm-1'));
      const norm = page.locator('figure[data-panel="norm1"] td[data-row="0"][data-col="3"]');
      await norm.click();
      const n = await lines();
      assert.match(n[0], /^norm₀₃ = \(x − μ\) \/ √\(σ² \+ ε\) · γ \+ β, where x is row 0 of residual 1 \(8 numbers\)/);
      assert.match(n[1], /^μ = \(.*\) \/ 8 = /);
      assert.match(n[2], /^σ² = /);
      assert.ok(n.at(-1).startsWith('· γ₃ + β₃ = ') && n.at(-1).endsWith(`= ${await norm.textContent()}`), n.at(-1));
      // The row of residual 1 it normalised is marked.
      assert.equal(await page.locator('figure[data-panel="residual1"] td.related').count(), 8);
      assert.deepEqual(await runAxe(page, '#explain').then((r) => r.violations.map((v) => v.id)), []);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `explain-layernorm-${width}-${colorScheme}.png`), fullPage: true });
      assert.deepEqual(problems, []);
      await page.close();
    }
  });

  test('an edited input updates every value downstream, and the URL keeps it', async () => {
    const { page, problems } = await open();
    await page.locator('figure[data-panel="query"] td[data-row="0"][data-col="0"]').click();
    await page.locator('figure[data-panel="query"] input').fill('2');
    await page.keyboard.press('Enter');
    assert.deepEqual(await cells(page, 'query'), ['2', '2']);
    await goToStep(page, 'scores');
    assert.deepEqual(await cells(page, 'scores'), ['2', '2', '4']);
    const url = (await settledUrl(page));
    assert.match(url, /in=/);

    const { page: again } = await open(new URL(url).search + new URL(url).hash);
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

  test('a refused value’s notice goes away once a later value is accepted, while a bad link’s notice stays', async () => {
    const { page } = await open('?nope=1');
    const notices = page.locator('#notices .notice');
    await notices.filter({ hasText: 'nope' }).waitFor();
    await page.locator('figure[data-panel="key"] td[data-row="1"][data-col="1"]').click();
    await page.locator('figure[data-panel="key"] input').fill('abc');
    await page.keyboard.press('Enter');
    await notices.filter({ hasText: /not a finite number/ }).waitFor();
    await page.keyboard.press('Escape');
    assert.equal(await notices.count(), 2);
    await page.locator('figure[data-panel="key"] td[data-row="1"][data-col="1"]').click();
    await page.locator('figure[data-panel="key"] input').fill('2');
    await page.keyboard.press('Enter');
    await notices.filter({ hasText: /not a finite number/ }).waitFor({ state: 'detached' });
    assert.deepEqual(await cells(page, 'key'), ['1', '0', '0', '2', '1', '1']);
    assert.equal(await notices.count(), 1, 'the link’s notice is still there');
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

describe('why-scale and entropy-heads: engine numbers and parameters', () => {
  /** Every label → value of the facts panels of the current step, numbers with "−" read as "-". */
  const facts = (page) => page.evaluate(() => Object.fromEntries(
    [...document.querySelectorAll('.facts-panel dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ''])));
  /** Types a value into a parameters field and commits it (change fires on leaving the field). */
  const setParameter = async (page, name, value) => {
    const input = page.locator(`fieldset[data-panel="settings"] [name="${name}"]`);
    await input.fill(String(value));
    await input.press('Tab');
  };

  test('why-scale: the measured variances, peaks and sharpness table are the engine’s, and d_k can be changed', async () => {
    const { page, problems } = await open('?w=why-scale');
    assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'variance');
    let shown = await facts(page);
    assert.match(await page.locator('.facts-panel figcaption').textContent(), /d_k = 64 \(200 queries × 5 keys, seed 0\)/);
    assert.equal(shown['√d_k'], '8');
    const scaled = number(shown['variance of q·k / √d_k']);
    const raw = number(shown['variance of q·k']);
    assert.ok(scaled > 0.7 && scaled < 1.3, `scaled variance ${scaled}`);
    assert.ok(raw > 0.7 * 64 && raw < 1.3 * 64, `unscaled variance ${raw}`);
    // The variance charts are linear on both axes: Var(q·k) = d_k is the straight line it is, with
    // evenly spaced ticks (a log x would bend it into a curve that looks explosive).
    // The x axis is the chart's first group (widgets/chart.ts).
    const xTicks = (await page.locator('figure[data-panel="variance-unscaled"] svg > g:first-of-type .tick text').allTextContents()).map((v) => number(v.replace(/,/g, '')));
    assert.ok(xTicks.length >= 3 && xTicks.every((v, i) => i < 2 || v - xTicks[i - 1] === xTicks[1] - xTicks[0]), `linear d_k ticks: ${xTicks.join(' ')}`);

    await setParameter(page, 'dK', 256);
    await page.locator('.facts-panel figcaption', { hasText: 'd_k = 256' }).waitFor();
    shown = await facts(page);
    assert.equal(shown['√d_k'], '16');
    const raw256 = number(shown['variance of q·k']);
    assert.ok(raw256 > 0.7 * 256 && raw256 < 1.3 * 256, `unscaled variance at 256: ${raw256}`);
    assert.ok(number(shown['variance of q·k / √d_k']) > 0.7 && number(shown['variance of q·k / √d_k']) < 1.3);
    assert.match((await settledUrl(page)), /in=/);

    // Saturation: at d_k 256 the unscaled softmax gives its top key most of the weight, the scaled one does not.
    await goToStep(page, 'peak');
    // The peak, entropy and gradient charts sweep d_k = 4 … 1024 on a log axis that says so.
    const logTicks = await page.locator('figure[data-panel="peak"] svg .tick text').allTextContents();
    assert.ok(logTicks.includes('4') && logTicks.includes('1024'), logTicks.join(' '));
    assert.match(await page.locator('figure[data-panel="peak"] svg').textContent(), /log scale/);
    shown = await facts(page);
    assert.ok(number(shown['mean largest weight, unscaled']) > 0.85, shown['mean largest weight, unscaled']);
    assert.ok(number(shown['mean largest weight, scaled']) < 0.5, shown['mean largest weight, scaled']);
    await goToStep(page, 'entropy');
    assert.equal((await facts(page))['largest possible, ln 5'], '1.609');

    // The seed's sharpness table, computed: 5 widths × (unscaled, scaled), scaled peaks flat near 0.45.
    await goToStep(page, 'sharpness');
    const table = (await cells(page, 'sharpness')).map(number);
    assert.equal(table.length, 10);
    const unscaledPeaks = table.filter((_, i) => i % 2 === 0);
    const scaledPeaks = table.filter((_, i) => i % 2 === 1);
    assert.ok(unscaledPeaks.every((p, i) => i === 0 || p > unscaledPeaks[i - 1]), `unscaled peaks rise: ${unscaledPeaks}`);
    assert.ok(unscaledPeaks[4] > 0.95, `unscaled peak at 1024: ${unscaledPeaks[4]}`);
    assert.ok(scaledPeaks.every((p) => p > 0.38 && p < 0.52), `scaled peaks stay put: ${scaledPeaks}`);

    // The first draw's scaled scores are attention's own: the engine explains them.
    await goToStep(page, 'example');
    await page.locator('figure[data-panel="scaled"] td[data-row="0"][data-col="0"]').click();
    assert.match(await page.locator('#explain .arithmetic').first().textContent(), /^scaled₀₀ = score₀₀ \/ √d_k = .* \/ √256 = .* \/ 16 = /);

    // The link keeps the changed d_k.
    const settled = new URL(await settledUrl(page));
    const { page: again } = await open(settled.search + settled.hash);
    assert.equal(await again.locator('.notice').count(), 0);
    await goToStep(again, 'variance');
    assert.equal((await facts(again))['√d_k'], '16');
    await again.close();
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('why-scale: a d_k or sample count out of range shows a notice and keeps the previous numbers', async () => {
    const { page, problems } = await open('?w=why-scale');
    const before = await facts(page);
    for (const [name, value, message] of [['dK', 0, /at least 4/], ['dK', 5000, /at most 1024/], ['samples', 10000, /engine refused.*samples/]]) {
      await setParameter(page, name, value);
      await page.locator('.notice', { hasText: message }).waitFor();
      assert.deepEqual(await facts(page), before, `${name} = ${value}`);
      assert.equal(await page.locator(`fieldset[data-panel="settings"] [name="${name}"]`).inputValue(), name === 'dK' ? '64' : '200');
    }
    assert.doesNotMatch((await settledUrl(page)), /in=/);
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('entropy-heads: entropies per head are the engine’s, below ln n, and follow the heads parameter', async () => {
    const { page, problems } = await open('?w=entropy-heads');
    await goToStep(page, 'single-head');
    const single = await facts(page);
    assert.equal(single['largest possible, ln n'], '2.079');
    const mean = number(single['mean entropy over the rows']);
    assert.ok(number(single['lowest row (sharpest query)']) <= mean && mean <= number(single['highest row (flattest query)']));
    assert.ok(number(single['highest row (flattest query)']) <= 2.0795);
    assert.ok(await page.locator('figure[data-panel="single-entropy"] .reference-label', { hasText: 'ln 8 = 2.079' }).count() === 1);

    await goToStep(page, 'compare');
    let summary = (await cells(page, 'entropy-summary')).map(number);
    assert.equal(summary.length, 5 * 3); // single head + 4 heads × (mean, lowest, highest)
    assert.equal(summary[0], mean);
    assert.ok(summary.every((h) => h >= 0 && h <= 2.0795), summary.join(' '));
    assert.equal(await page.locator('figure[data-panel="compare-entropy"] .chart-legend li').count(), 5);

    await goToStep(page, 'inputs');
    await setParameter(page, 'heads', 2);
    await goToStep(page, 'compare');
    summary = (await cells(page, 'entropy-summary')).map(number);
    assert.equal(summary.length, 3 * 3);
    assert.equal(summary[0], mean); // the single head does not depend on h
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('entropy-heads: heads that do not divide d_model, or d_model 0, show a notice and keep the previous state', async () => {
    const { page, problems } = await open('?w=entropy-heads');
    const before = await cells(page, 'input');
    await setParameter(page, 'heads', 3);
    await page.locator('.notice', { hasText: /engine refused.*heads/ }).waitFor();
    await setParameter(page, 'dModel', 0);
    await page.locator('.notice', { hasText: /at least 1/ }).waitFor();
    assert.deepEqual(await cells(page, 'input'), before);
    assert.equal(await page.locator('fieldset[data-panel="settings"] [name="heads"]').inputValue(), '4');
    await goToStep(page, 'compare');
    assert.equal((await cells(page, 'entropy-summary')).length, 5 * 3);
    assert.deepEqual(problems, []);
    await page.close();
  });
});

describe('positional-encoding and encoder-layer: engine numbers and parameters', () => {
  /** The label/value pairs of the facts panel whose caption contains `caption`, in order. */
  const factsOf = (page, caption) => page.locator('.facts-panel', { hasText: caption }).first().evaluate((figure) =>
    [...figure.querySelectorAll('dt')].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? '']));
  const factMap = async (page, caption) => Object.fromEntries(await factsOf(page, caption));
  /** Types a value into a field of the named parameters panel and commits it (change fires on leaving it). */
  const setField = async (page, panel, name, value) => {
    const input = page.locator(`fieldset[data-panel="${panel}"] [name="${name}"]`);
    await input.fill(String(value));
    await input.press('Tab');
  };
  const legend = (page) => page.locator('.chart-legend li').allTextContents();

  test('positional-encoding: the encoding, its waves, similarities and the permutation test are the engine’s', async () => {
    const { page, problems } = await open('?w=positional-encoding');
    assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'encoding');
    // The heatmap's numbers are a table built when its disclosure is opened.
    await page.locator('figure[data-panel="encoding"] details summary').click();
    await page.locator('figure[data-panel="encoding"] tbody tr').first().waitFor();
    const rows = page.locator('figure[data-panel="encoding"] tbody tr');
    assert.equal(await rows.count(), 50);
    const first = await rows.first().locator('td').allTextContents();
    assert.equal(first.length, 128);
    assert.deepEqual(first.slice(0, 4), ['0', '1.000', '0', '1.000']); // PE(0, ·): sin 0, cos 0, … (an exact 0 stays 0)
    assert.deepEqual((await cells(page, 'encoding-corner')).slice(0, 4), ['0', '1.000', '0', '1.000']);
    // PE(1, 0) = sin 1 and PE(1, 1) = cos 1, as the engine computed them.
    const exact = (row, col) => page.locator(`figure[data-panel="encoding-corner"] td[data-row="${row}"][data-col="${col}"]`).getAttribute('title');
    assert.equal(await exact(1, 0), 'exact: 0.8414709848078965');
    assert.equal(await exact(1, 1), 'exact: 0.5403023058681398');

    await goToStep(page, 'waves');
    assert.equal(await page.locator('figure.chart-panel').count(), 3);
    assert.deepEqual(await legend(page), ['dim 0 (sin)', 'dim 1 (cos)', 'dim 4 (sin)', 'dim 8 (sin)', 'dim 32 (sin)', 'dim 64 (sin)']);
    assert.match(await page.locator('#step-text').textContent(), /low dimensions oscillate fast and high dimensions slowly/);
    const firstWaveRow = await page.locator('figure[data-panel="waves-0"] .chart-table tbody tr').first().locator('td').allTextContents();
    assert.deepEqual(firstWaveRow, ['0', '1.000']);

    await goToStep(page, 'similarity');
    await page.locator('figure[data-panel="cosine"] details summary').click();
    await page.locator('figure[data-panel="cosine"] tbody tr').first().waitFor();
    assert.equal(await page.locator('figure[data-panel="cosine"] tbody tr').count(), 50);
    const similarity = await factMap(page, 'From the engine');
    assert.equal(similarity['PE(0)·PE(0), the dot product with itself'], '64');
    assert.equal(similarity['length of PE(0)'], '8');
    assert.equal(similarity['cosine of positions 0 and 1'], '0.970');
    assert.ok(number(similarity['cosine of positions 0 and 1']) > number(similarity['cosine of positions 0 and 49']));

    await goToStep(page, 'permutation');
    const without = number((await factMap(page, 'Largest difference'))['without positional encoding']);
    assert.ok(without < 1e-12, `without PE the realigned output differs by ${without}`);
    assert.deepEqual(await cells(page, 'realigned'), await cells(page, 'output'));
    assert.deepEqual(await page.locator('figure[data-panel="permuted-output"] tbody th').allTextContents(), ['mat', 'the', 'on', 'sat', 'cat', 'the']);

    await goToStep(page, 'permutation-pe');
    const both = await factMap(page, 'Largest difference');
    assert.ok(number(both['without positional encoding']) < 1e-12);
    assert.ok(number(both['with positional encoding']) > 1e-3, `with PE the difference is only ${both['with positional encoding']}`);
    assert.notDeepEqual(await cells(page, 'realigned-pe'), await cells(page, 'output-pe'));
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('positional-encoding: sizes and columns recompute; a bad value shows a notice and keeps the previous state', async () => {
    const { page, problems } = await open('?w=positional-encoding');
    await setField(page, 'encoding-size', 'length', 20);
    await page.locator('figure[data-panel="encoding"] figcaption', { hasText: '20 positions' }).waitFor();
    await page.locator('figure[data-panel="encoding"] details summary').click();
    await page.locator('figure[data-panel="encoding"] tbody tr').first().waitFor();
    assert.equal(await page.locator('figure[data-panel="encoding"] tbody tr').count(), 20);

    await goToStep(page, 'waves');
    await setField(page, 'wave-columns', 'dimensions', '0 127');
    await page.locator('.chart-legend li', { hasText: 'dim 127 (cos)' }).waitFor();
    assert.deepEqual(await legend(page), ['dim 0 (sin)', 'dim 127 (cos)']);
    await setField(page, 'wave-columns', 'dimensions', 'two');
    await page.locator('.notice', { hasText: /dimensions\[0\]: expected a column number/ }).waitFor();
    assert.deepEqual(await legend(page), ['dim 0 (sin)', 'dim 127 (cos)']);
    assert.equal(await page.locator('fieldset[data-panel="wave-columns"] [name="dimensions"]').inputValue(), '0 127');

    await goToStep(page, 'permutation');
    const before = await cells(page, 'output');
    await setField(page, 'sentence', 'heads', 3);
    await page.locator('.notice', { hasText: 'heads: expected a divisor of d_model = 8, got 3' }).waitFor();
    assert.deepEqual(await cells(page, 'output'), before);
    assert.equal(await page.locator('fieldset[data-panel="sentence"] [name="heads"]').inputValue(), '2');
    assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'permutation');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('encoder-layer: every pass is the engine’s, and a small standard layer counts 49,728 without and 49,984 with attention biases', async () => {
    const { page, problems } = await open('?w=encoder-layer');
    assert.deepEqual((await cells(page, 'encoding')).slice(0, 4), ['0', '1.000', '0', '1.000']);
    const embeddings = await cells(page, 'embeddings');
    assert.deepEqual(embeddings.slice(0, 8), embeddings.slice(32, 40)); // both “the” rows of E (d_model 8)
    assert.notDeepEqual((await cells(page, 'input')).slice(0, 8), (await cells(page, 'input')).slice(32, 40));

    await goToStep(page, 'attention');
    assert.equal(await page.locator('figure[data-panel^="head-"]').count(), 2);
    const sums = await page.locator('figure[data-panel="head-0-weights"] td.row-sum').allTextContents();
    assert.deepEqual(sums, Array(6).fill('1.000'));

    await goToStep(page, 'add-norm-1');
    const statistics = await factsOf(page, 'Each row of residual 1');
    assert.deepEqual(statistics.map(([token]) => token), ['the', 'cat', 'sat', 'on', 'the', 'mat']);
    assert.ok(statistics.every(([, text]) => /^mean −?\d\.\d+, variance \d+\.\d+$/.test(text)), JSON.stringify(statistics));

    await goToStep(page, 'feed-forward');
    assert.equal((await cells(page, 'hidden')).length, 6 * 32);
    assert.equal((await cells(page, 'ffn-output')).length, 6 * 8);

    await goToStep(page, 'parameters');
    const tutorial = await factMap(page, 'A small standard layer');
    assert.equal(tutorial['attention without biases'], '16,384');
    assert.equal(tutorial['attention with biases'], '16,640');
    assert.equal(tutorial['feed-forward'], '33,088');
    assert.equal(tutorial['two LayerNorms'], '256');
    assert.equal(tutorial['total, bias-free attention'], '49,728');
    assert.equal(tutorial['total, as nn.TransformerEncoderLayer'], '49,984');
    const layer = await factMap(page, 'This layer');
    assert.equal(layer['attention: W_Q, W_K, W_V, W_O'], '256');
    assert.equal(layer.total, '840');
    const ledger = await factMap(page, 'Dimension ledger');
    assert.equal(ledger['W₁'], '8×32');
    assert.equal(ledger['b_Q, b_K, b_V, b_O'], 'none');

    // Attention biases on: the four bias vectors are counted, and the ledger shows them.
    await page.locator('fieldset[data-panel="settings"] select[name="attentionBias"]').selectOption('on');
    await page.locator('.facts-panel', { hasText: 'attention biases on' }).waitFor();
    const withBias = await factMap(page, 'This layer');
    assert.equal(withBias['attention: W_Q, W_K, W_V, W_O and biases'], '288');
    assert.equal(withBias.total, '872');
    assert.equal((await factMap(page, 'Dimension ledger'))['b_Q, b_K, b_V, b_O'], '8 each');
    assert.deepEqual(problems, []);
    await page.close();
  });

  test('encoder-layer: heads that do not divide d_model show a notice and keep the previous state', async () => {
    const { page, problems } = await open('?w=encoder-layer');
    const before = await cells(page, 'input');
    await setField(page, 'settings', 'heads', 3);
    await page.locator('.notice', { hasText: 'heads: expected a divisor of d_model = 8, got 3' }).waitFor();
    assert.deepEqual(await cells(page, 'input'), before);
    assert.equal(await page.locator('fieldset[data-panel="settings"] [name="heads"]').inputValue(), '2');
    await goToStep(page, 'attention');
    assert.equal(await page.locator('figure[data-panel^="head-"]').count(), 2);

    // A good change still goes through: ReLU leaves no negative activation.
    await goToStep(page, 'input');
    await page.locator('fieldset[data-panel="settings"] select[name="activation"]').selectOption('relu');
    await goToStep(page, 'feed-forward');
    assert.match(await page.locator('figure[data-panel="activated"] figcaption').textContent(), /^ReLU\(hidden\)/);
    const activated = await cells(page, 'activated');
    assert.equal(activated.length, 6 * 32);
    assert.ok(activated.every((text) => !text.startsWith('−')), 'ReLU output has no negative values');
    assert.ok((await cells(page, 'hidden')).some((text) => text.startsWith('−')));
    assert.deepEqual(problems, []);
    await page.close();
  });
});
