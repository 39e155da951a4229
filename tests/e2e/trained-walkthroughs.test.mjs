// The multi-head and encoder walkthroughs on trained weights, in Chromium: reverse trained in the
// page's Web Worker, paused, and opened in the multi-head walkthrough, where a weight and an
// attention weight on screen are the engine's trainer's own (the same run, retrained in Node:
// same options and seed give the same numbers, bit for bit), "explain this number" works on it,
// and the link (?w=…&train=…&steps=…&layer=…) retrains in the worker, with progress, and opens
// on the same numbers; the lessons open on words with random weights, and the header's choice
// shows the toy task's trained layer, labelled as digits; axe; screenshots at 1280 and 375 px for
// a person to look at.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { runAxe, SCREENSHOT_DIR, settledUrl, usePage } from './browser.mjs';

const { open } = usePage();
const lab = await loadAttentionLab();

/** Generous: the machine is shared. */
const TRAINING_MS = 240_000;

const goToStep = (page, id) => page.locator(`#step-list button[data-step="${id}"]`).click();
const cell = (page, panel, row, col) => page.locator(`figure[data-panel="${panel}"] td[data-row="${row}"][data-col="${col}"]`);
/** The exact value a cell holds (its title, "exact: …", is the engine's double written in full). */
const exact = async (page, panel, row, col) => Number((await cell(page, panel, row, col).getAttribute('title')).replace(/^exact: /, ''));
const stepOf = async (page) => Number((await page.locator('#training-status').textContent()).match(/^Step (\d+)/)[1]);
/** The steps of QUICK_TRAINING (web/src/model/trained-layer.ts), the run the lessons' trained choice shows. */
const SHIPPED_STEPS = 300;

/**
 * Trains (or resumes) until the status passes `min` steps, then pauses; the step it paused at.
 * The pause is pressed in the page in the frame the status first passes `min`: pressed from the
 * test process, some round trips later, it could come after a quick run has finished.
 */
async function pauseAfter(page, min) {
  await page.locator('#train-button').click();
  await page.waitForFunction((least) => {
    if (!(Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1]) >= least)) return false;
    document.getElementById('train-button')?.click();
    return true;
  }, min, { timeout: TRAINING_MS });
  await page.locator('#training-status[data-state="paused"]').waitFor({ timeout: TRAINING_MS });
  return stepOf(page);
}

/** The engine's trainer with the lesson's options, trained `steps` steps in Node. */
function trainerAt(options, steps) {
  const trainer = lab.createTrainer(options);
  trainer.step(steps);
  const numbers = { parameters: trainer.parameters(), attention: trainer.attention() };
  trainer.dispose();
  return numbers;
}

/** Checks the multi-head walkthrough on screen against the trainer's numbers at `steps`, within 1e-12. */
async function checkAgainstTrainer(page, steps) {
  const { parameters, attention } = trainerAt({ task: 'reverse' }, steps);
  await goToStep(page, 'project');
  for (const [row, col] of [[0, 0], [3, 5], [15, 15]]) {
    const shown = await exact(page, 'weight-query', row, col);
    assert.ok(Math.abs(shown - parameters['layer0.attention.wQ'][row][col]) <= 1e-12, `W_Q[${row}][${col}]: ${shown}`);
  }
  await goToStep(page, 'heads');
  for (const [head, row, col] of [[0, 0, 5], [1, 2, 3], [1, 5, 0]]) {
    const shown = await exact(page, `head-${head}-weights`, row, col);
    const trainer = attention.weights[0][head][row][col];
    assert.ok(Math.abs(shown - trainer) <= 1e-12, `head ${head + 1} weight ${row},${col}: ${shown} on screen, ${trainer} from the trainer`);
  }
  return attention;
}

test('paused training opens in the multi-head walkthrough on its trained weights: the trainer’s numbers, explained, and a link that retrains to them', { timeout: 3 * TRAINING_MS }, async () => {
  const { page, problems } = await open('?train=reverse&speed=max', { ready: '#training-status[data-state="ready"]' });
  assert.equal(await page.locator('#open-multi-head').isDisabled(), true, 'nothing to open before training');
  let steps = await pauseAfter(page, 200);
  // Paused at the shipped run's 300 steps, its link would open the shipped layer without
  // retraining (the one below must retrain): train on a little and pause again.
  if (steps === SHIPPED_STEPS) steps = await pauseAfter(page, SHIPPED_STEPS + 1);
  assert.notEqual(steps, SHIPPED_STEPS);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trained-open-buttons.png') });

  // From the keyboard: focus the button, press Enter.
  await page.locator('#open-multi-head').focus();
  await page.keyboard.press('Enter');
  await page.locator('#weights-source').waitFor();
  assert.equal(await page.locator('#weights-source').textContent(), `Trained weights: the toy task “reverse” on digits, seed 0, ${steps} steps, layer 1 of 1`);
  assert.equal(await page.locator('#weights-trained').getAttribute('aria-pressed'), 'true');
  const attention = await checkAgainstTrainer(page, steps);

  // Explain an attention weight: the softmax of the trained scores, ending in the weight shown.
  await cell(page, 'head-1-weights', 2, 3).click();
  const arithmetic = (await page.locator('#explain .arithmetic').allTextContents()).join('\n');
  assert.match(arithmetic, /^weight₂₃ = e\^\(/);
  assert.equal(await page.locator('#explain .exact').textContent(), `Exact value: ${attention.weights[0][1][2][3]}`);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'trained-multi-head-1280.png'), fullPage: true });
  const { violations } = await runAxe(page);
  assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), []);

  const url = new URL(await settledUrl(page));
  assert.equal(url.search, `?w=multi-head&step=heads&train=reverse&steps=${steps}&layer=0`);
  assert.deepEqual(problems, []);
  await page.close();

  // The link, opened afresh: retrained in the worker (progress shown), then the same numbers.
  const again = await open(url.search, { ready: '#retrain-progress, #weights-source' });
  await again.page.locator('#weights-source').waitFor({ timeout: TRAINING_MS });
  assert.equal(await again.page.locator('#step').getAttribute('aria-labelledby'), 'step-title');
  await checkAgainstTrainer(again.page, steps);
  assert.deepEqual(again.problems, []);
  await again.page.close();
});

test('the encoder walkthrough opens on a trained layer from its link: the trainer’s attention weights, with LayerNorm’s learned γ and β said so', { timeout: TRAINING_MS }, async () => {
  const { page, problems } = await open('?w=encoder-layer&step=attention&train=sort&seed=2&steps=120&layer=1', { ready: '#retrain-progress, #weights-source' });
  await page.locator('#weights-source').waitFor({ timeout: TRAINING_MS });
  assert.equal(await page.locator('#weights-source').textContent(), 'Trained weights: the toy task “sort” on digits, seed 2, 120 steps, layer 2 of 2');
  const { attention } = trainerAt({ task: 'sort', seed: 2 }, 120);
  for (const [head, row, col] of [[0, 1, 4], [1, 5, 5]]) {
    assert.ok(Math.abs(await exact(page, `head-${head}-weights`, row, col) - attention.weights[1][head][row][col]) <= 1e-12);
  }
  await goToStep(page, 'add-norm-1');
  assert.match(await page.locator('#step-text').textContent(), /learned in training/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('the sentence and multi-head lessons’ seeded walkthroughs show words with random weights, said so on every step, and offer the toy task’s trained layer labelled as digits, at 1280 and 375 px with axe clean', { timeout: 2 * TRAINING_MS }, async () => {
  const randomNote = 'These weights are random (untrained): the pattern is exact arithmetic, but it means nothing yet. See weights trained on a toy task (digits)';
  const trainedNote = 'These weights were trained on the toy task “reverse” on digits for 300 steps (held-out accuracy 100 %): the pattern is what the model learned there, not anything about words. Compare with random weights';
  const violationsOf = async (page) => (await runAxe(page)).violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
  for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
    const { page, problems } = await open('?w=multi-head', { width, colorScheme });
    assert.equal(await page.locator('#weights-source').textContent(), 'Random, untrained weights (seed 3): nothing learned');
    assert.equal(await page.locator('#weights-random').getAttribute('aria-pressed'), 'true');
    assert.equal(await page.locator('#weights-trained').textContent(), 'Trained on the toy task “reverse” on digits');
    assert.equal(await page.locator('#weights-note').textContent(), randomNote);
    await goToStep(page, 'heads');
    assert.equal(await page.locator('#weights-note').textContent(), randomNote, 'on every step');
    assert.deepEqual(await page.locator('figure[data-panel="head-0-weights"] th[scope="row"]').allTextContents(), ['the', 'cat', 'sat', 'on', 'the', 'mat']);
    assert.match(await page.locator('#step-text').textContent(), /not learned meaning/);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `words-random-${width}-${colorScheme}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (${overflow} px too wide)`);
    assert.deepEqual(await violationsOf(page), []);
    assert.equal(new URL(await settledUrl(page)).search, '?w=multi-head&step=heads');
    // To the trained layer from the step's own note: the toy task's digits, the trainer's own numbers.
    await page.locator('#weights-note-switch').click();
    await page.locator('#weights-source').filter({ hasText: /^Trained weights: the toy task “reverse” on digits/ }).waitFor();
    assert.equal(await page.locator('#weights-note').textContent(), trainedNote);
    assert.equal(await page.evaluate(() => document.activeElement?.id), 'weights-trained');
    assert.equal(new URL(await settledUrl(page)).search, '?w=multi-head&step=heads&train=reverse&steps=300&layer=0');
    await checkAgainstTrainer(page, 300);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `words-trained-${width}-${colorScheme}.png`), fullPage: true });
    assert.deepEqual(await violationsOf(page), []);
    // The link opens the trained layer again (shipped, not retrained); the header's choice goes back to the words.
    await page.reload();
    await page.locator('#weights-source').filter({ hasText: /^Trained weights/ }).waitFor();
    await page.locator('#weights-random').click();
    await page.locator('#weights-source').filter({ hasText: /^Random, untrained weights/ }).waitFor();
    assert.equal(new URL(await settledUrl(page)).search, '?w=multi-head&step=heads');
    assert.deepEqual(problems, []);
    await page.close();
  }
  // Neither the landing page nor the sentence lesson fetches the trained weights; choosing them does.
  const { page, problems } = await open('');
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  await page.waitForLoadState('networkidle');
  /** Every resource the page has fetched since it was opened. */
  const trainedFetches = () => page.evaluate(() => performance.getEntriesByType('resource').filter((e) => e.name.includes('trained-reverse')).length);
  assert.equal(await trainedFetches(), 0, 'not on landing');
  await page.locator('.lesson-link[data-lesson="self-attention"]').click();
  // The lesson opens on the language model; its walkthrough of words with seeded weights is the next tab.
  await page.locator('.walkthrough-tabs a[aria-current="true"]', { hasText: 'A trained model reads a sentence' }).waitFor();
  await page.locator('.walkthrough-tabs a', { hasText: 'the cat sat on the mat' }).click();
  await page.locator('#step-list button[data-step="heads"]').click();
  await page.locator('#weights-note:not(.trained)').waitFor();
  assert.deepEqual(await page.locator('figure[data-panel="head-0-weights"] th[scope="row"]').allTextContents(), ['the', 'cat', 'sat', 'on', 'the', 'mat']);
  await page.waitForLoadState('networkidle');
  assert.equal(await trainedFetches(), 0, 'not with the lesson');
  await page.locator('#weights-trained').click();
  await page.locator('#weights-note.trained').waitFor();
  assert.equal(await trainedFetches(), 1, 'fetched when chosen');
  assert.deepEqual(await page.locator('figure[data-panel="head-0-weights"] th[scope="row"]').allTextContents(), ['2', '0', '2', '3', '1', '1']);
  assert.deepEqual(problems, []);
  await page.close();
});

test('“Use random weights instead” while a link’s run retrains opens the random weights', { timeout: TRAINING_MS }, async () => {
  const { page, problems } = await open('?w=multi-head&train=reverse&seed=5&steps=20000', { ready: '#retrain-progress, #weights-source' });
  await page.locator('#retrain-cancel').click();
  await page.locator('#weights-source').filter({ hasText: /^Random, untrained weights/ }).waitFor();
  assert.equal(await page.locator('#weights-note').textContent(), 'These weights are random (untrained): the pattern is exact arithmetic, but it means nothing yet. See weights trained on a toy task (digits)');
  assert.equal(new URL(await settledUrl(page)).search, '?w=multi-head&step=embed');
  assert.deepEqual(problems, []);
  await page.close();
});
