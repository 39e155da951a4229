// The page's core flows in the two other browser engines learners use: Firefox (Gecko, Debian's
// Firefox ESR over WebDriver BiDi) and WebKit (WebKitGTK's MiniBrowser over WebDriver, the
// engine of Safari). Chromium runs the whole e2e suite; here each engine runs what must never
// differ between browsers: the engine's numbers in the worked example, an edit and a refusal, a
// learner's own numbers drawn from `?seed=` (the same in every browser),
// a walkthrough of every kind from first to last step, the training lesson in its Web Worker, and the
// trainer's losses equal to Node's bit for bit (the same loss at every
// step, in Node and in every browser). The page scripts run through the DOM, as a learner's
// clicks and keys would, so one script serves both drivers (scripts/lib/other-browsers.mjs).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { JOBS } from '../../scripts/bench/train/jobs.mjs';
import { launchOther, unavailable } from '../../scripts/lib/other-browsers.mjs';
import { serveTrainerWorkerPage } from '../../scripts/lib/trainer-worker.mjs';
import { servePage } from './browser.mjs';
import { ONE_PER_KIND } from '../support/shipped-walkthroughs.mjs';
import { drawnFor } from '../support/drawn-numbers.mjs';

/**
 * A walkthrough of each kind shown step by step (the training lesson: its own test below): what
 * could differ between engines is a kind's views, which every walkthrough of the kind shows;
 * Chromium steps through all of them (walkthrough-screens.test.mjs).
 */
const WALKTHROUGH_IDS = [...ONE_PER_KIND.keys()];

/** Waits in the page until `condition` (an expression) is truthy; fails with `what` after `ms`. */
const waitFor = (condition, what, ms = 60_000) => `{
  const until = Date.now() + ${ms};
  for (;;) {
    if ((() => ${condition})()) break;
    if (Date.now() > until) throw new Error('timed out waiting for ' + ${JSON.stringify(what)});
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}`;

/** The page is up and showing a step (the engine loaded and the first step was built). */
const STEP_SHOWN = waitFor("document.querySelector('#step-title')?.textContent.trim()", 'the first step');

/** The printed numbers of one matrix panel of the current step. */
const CELLS = `const cells = (panel) => [...document.querySelectorAll('figure[data-panel="' + panel + '"] td[data-row]')].map((td) => td.textContent);`;
const GO_TO = `const goTo = (id) => document.querySelector('#step-list button[data-step="' + id + '"]').click();`;
/** Types `value` into cell (row, col) of an editable panel through its cell editor, and presses Enter. */
const EDIT = `
  const edit = async (panel, row, col, value) => {
    document.querySelector('figure[data-panel="' + panel + '"] td[data-row="' + row + '"][data-col="' + col + '"]').click();
    const input = document.querySelector('figure[data-panel="' + panel + '"] input');
    input.value = value;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
    await new Promise((resolve) => setTimeout(resolve, 50));
  };`;
const frame = 'await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));';

/** The same runs as the Chromium worker test (tests/e2e/trainer-worker.test.mjs), shorter. */
const RUNS = [
  { options: { task: 'reverse', seed: 5 }, steps: 40 },
  { options: { task: 'induction', seed: 1, dropout: 0.1 }, steps: 20 },
  { options: { task: 'iris', seed: 2 }, steps: 20 },
];

const lab = await loadAttentionLab();

for (const name of /** @type {const} */ (['firefox', 'webkit'])) {
  describe(`in ${name === 'firefox' ? 'Firefox ESR' : 'WebKit (WebKitGTK MiniBrowser)'}`, { skip: unavailable(name) }, () => {
    /** @type {Awaited<ReturnType<typeof launchOther>>} */
    let browser;
    /** @type {Awaited<ReturnType<typeof servePage>>} */
    let site;
    before(async () => {
      [site, browser] = await Promise.all([servePage(), launchOther(name)]);
    });
    after(async () => {
      await browser?.close();
      await site?.close();
    });

    test('the worked example shows the engine’s scores, scaled scores, weights and output, step by step', async () => {
      await browser.goto(site.url);
      const seen = await browser.run(`${STEP_SHOWN}; ${CELLS}; ${GO_TO}
        const out = { title: document.querySelector('#walkthrough-title').textContent };
        for (const [step, panel] of [['scores', 'scores'], ['scale', 'scaled'], ['softmax', 'weights'], ['output', 'output']]) {
          goTo(step); ${frame}
          out[panel] = cells(panel);
        }
        goTo('softmax'); ${frame}
        out.exact = document.querySelector('figure[data-panel="weights"] td[data-row="0"][data-col="2"]').getAttribute('title');
        return out;`);
      assert.deepEqual(seen, {
        title: 'One query, three keys',
        scores: ['1', '2', '3'],
        scaled: ['0.707', '1.414', '2.121'],
        weights: ['0.140', '0.284', '0.576'],
        output: ['0.355', '0.617'],
        // Every digit of the engine's double, as in Chromium and Node.
        exact: 'exact: 0.5759753452153619',
      });
    });

    test('an edited input updates the numbers downstream; a value that is not a number is refused with a notice and the old value stays', async () => {
      await browser.goto(site.url);
      const seen = await browser.run(`${STEP_SHOWN}; ${CELLS}; ${GO_TO}; ${EDIT}
        await edit('query', 0, 0, '2'); ${frame}
        const query = cells('query');
        await edit('key', 1, 1, 'abc'); ${frame}
        ${waitFor("document.querySelector('.notice')", 'the notice')}
        const notice = document.querySelector('.notice').textContent;
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
        ${frame}
        const key = cells('key');
        goTo('scores'); ${frame}
        return { query, key, notice, scores: cells('scores') };`);
      assert.deepEqual(seen.query, ['2', '2']);
      assert.deepEqual(seen.scores, ['2', '2', '4']);
      assert.deepEqual(seen.key, ['1', '0', '0', '1', '1', '1']);
      assert.match(seen.notice, /not a finite number/);
    });

    test('?seed= draws the practice’s numbers for that learner as in Node and Chromium', async () => {
      await browser.goto(`${site.url}?w=worked-example-practice&seed=ana`);
      const seen = await browser.run(`${STEP_SHOWN}; ${CELLS}
        return { note: document.querySelector('#own-numbers')?.textContent, query: cells('query'), key: cells('key'), value: cells('value') };`);
      const drawn = drawnFor(lab, 'ana');
      const asShown = (/** @type {number[][]} */ m) => m.flat().map((x) => String(x).replace('-', '−'));
      assert.deepEqual(seen, { note: 'Your own numbers, drawn for “ana”: other learners have other ones.', query: asShown(drawn.query), key: asShown(drawn.key), value: asShown(drawn.value) });
    });

    test('a walkthrough of every kind steps from its first step to its last', { timeout: 600_000 }, async () => {
      for (const id of WALKTHROUGH_IDS) {
        await browser.goto(`${site.url}?w=${id}`);
        const seen = await browser.run(`${STEP_SHOWN}
          const total = document.querySelectorAll('#step-list li').length;
          const progress = [];
          for (let i = 0; i < total; i += 1) {
            progress.push(document.querySelector('#progress').textContent);
            if (i < total - 1) { document.querySelector('.control-next').click(); ${frame} }
          }
          return { total, progress, last: document.querySelector('.control-next').disabled, notices: [...document.querySelectorAll('.notice')].map((n) => n.textContent) };`);
        assert.ok(seen.total >= 3, `${id}: ${seen.total} steps`);
        assert.deepEqual(seen.progress, Array.from({ length: seen.total }, (_, i) => `Step ${i + 1} of ${seen.total}`), id);
        assert.equal(seen.last, true, `${id}: Next is disabled on the last step`);
        assert.deepEqual(seen.notices, [], `${id}: no notice`);
      }
    });

    test('the training lesson trains reverse in its Web Worker and pauses', { timeout: 300_000 }, async () => {
      await browser.goto(`${site.url}?train=reverse`);
      const seen = await browser.run(`
        ${waitFor("document.querySelector('#training-status[data-state=\"ready\"]')", 'the lesson', 120_000)}
        const status = () => document.querySelector('#training-status');
        const stepOf = () => Number(status().textContent.match(/^Step (\\d+)/)?.[1] ?? 0);
        document.querySelector('#train-button').click();
        ${waitFor('stepOf() >= 50', 'step 50', 240_000)}
        document.querySelector('#train-button').click();
        ${waitFor("status().dataset.state === 'paused'", 'the pause', 30_000)}
        const pausedAt = stepOf();
        await new Promise((resolve) => setTimeout(resolve, 500));
        return { pausedAt, later: stepOf(), state: status().dataset.state, heads: document.querySelectorAll('.head').length };`);
      assert.ok(seen.pausedAt >= 50, JSON.stringify(seen));
      assert.equal(seen.later, seen.pausedAt, 'no step is taken while paused');
      assert.ok(seen.heads >= 1);
    });

    test('the trainer in a Web Worker gives the same loss at every step as Node, bit for bit', { timeout: 300_000 }, async () => {
      const server = await serveTrainerWorkerPage();
      try {
        await browser.goto(server.url);
        for (const { options, steps } of RUNS) {
          const inNode = JOBS.losses(lab, { options, steps });
          const inBrowser = await browser.run(`return await window.runJob('losses', ${JSON.stringify({ options, steps })});`);
          assert.equal(inBrowser.length, steps);
          const at = inNode.findIndex((x, i) => !Object.is(x, inBrowser[i]));
          assert.equal(at, -1, `${JSON.stringify(options)} step ${at + 1}: Node ${inNode[at]} vs ${name} ${inBrowser[at]}`);
        }
      } finally {
        await server.close();
      }
    });
  });
}
