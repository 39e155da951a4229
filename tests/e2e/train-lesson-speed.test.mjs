// The lesson "Watch attention learn" as it opens, in Chromium: its own task (compare), watched at
// a speed the learner sets from the keyboard (one step per press, or so many steps a second;
// announced; kept in the link), Pause and Resume at a set speed, the two heads' roles and the
// question "which head looks at the first position?" graded from the engine's numbers (the same
// run trained in Node), and a head switched off, whose button then offers to switch it on.
// Screenshots at 1280 and 375 px while training, after and with a head off, for a person to look at.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { runAxe, SCREENSHOT_DIR, settledUrl, usePage } from './browser.mjs';

const { open } = usePage();
const lab = await loadAttentionLab();

/** Generous: the machine is shared. */
const TRAINING_MS = 240_000;
/** The lesson's steps for compare (DEFAULT_STEPS in web/src/session/training/training-session.ts). */
const STEPS = 1000;

const status = (page) => page.locator('#training-status');
const stepOf = async (page) => Number((await status(page).textContent()).match(/^Step (\d+)/)[1]);
const waitForState = (page, state) => page.locator(`#training-status[data-state="${state}"]`).waitFor({ timeout: TRAINING_MS });
const waitForStep = (page, least) => page.waitForFunction((min) => Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1]) >= min, least, { timeout: TRAINING_MS });
const announced = (page) => page.locator('#announcer').textContent();

/** Chooses `value` in the speed control with the arrow keys, as a keyboard user would. */
async function chooseSpeed(page, value) {
  const speed = page.locator('#train-speed');
  await speed.focus();
  const values = await speed.locator('option').evaluateAll((options) => options.map((o) => o.value));
  const from = values.indexOf(await speed.inputValue());
  const to = values.indexOf(value);
  for (let i = 0; i < Math.abs(to - from); i += 1) await page.keyboard.press(to > from ? 'ArrowDown' : 'ArrowUp');
  assert.equal(await speed.inputValue(), value);
}

/** The engine's own numbers for the lesson's run at `steps`: which head holds each role, accuracy with and without it. */
function engineRun(steps) {
  const trainer = lab.createTrainer({ task: 'compare' });
  try {
    trainer.step(steps);
    const holders = Object.fromEntries(trainer.headScores().patterns.map((p) => {
      const head = p.scores[0][0] >= p.scores[0][1] ? 0 : 1;
      return [p.name, { head, score: p.scores[0][head] }];
    }));
    return { holders, accuracy: trainer.evaluate().accuracy, without: [0, 1].map((head) => trainer.ablate({ layer: 0, head }).accuracy) };
  } finally {
    trainer.dispose();
  }
}

const percent = (x) => `${(100 * x).toFixed(1)} %`;

test('the lesson opens on compare at a watchable speed; step by step takes one step per key press, announced, and the link keeps the speed', { timeout: TRAINING_MS }, async () => {
  const { page, problems } = await open('?w=watch-attention-learn', { ready: '#training-status[data-state="ready"]' });
  assert.equal(await page.locator('#train-task').inputValue(), 'compare');
  assert.equal(await page.locator('#train-speed').inputValue(), '25');
  assert.equal(await page.locator('label.training-speed').evaluate((l) => l.textContent.startsWith('Speed')), true, 'the control is labelled');

  await chooseSpeed(page, 'step');
  await page.locator('#announcer').filter({ hasText: 'Speed: One step per press.' }).waitFor();
  assert.equal(await page.locator('#train-button').textContent(), 'One step');
  assert.equal(new URL(await settledUrl(page)).searchParams.get('speed'), 'step');

  await page.locator('#train-button').focus();
  for (const expected of [1, 2, 3]) {
    await page.keyboard.press('Enter');
    await page.locator('#announcer').filter({ hasText: new RegExp(`^Step ${expected}: training loss `) }).waitFor({ timeout: TRAINING_MS });
    // The status line is redrawn on the next frame (RedrawScheduler), the announcement at once.
    await waitForStep(page, expected);
    assert.equal(await stepOf(page), expected, 'one step per press, no more');
  }
  await waitForState(page, 'paused');
  assert.match(await page.locator('.probe dt').last().textContent(), /^Predicted at step 3$/, 'the heads are shown at the step taken');
  assert.equal(await page.locator('#train-button').textContent(), 'One step');
  const url = new URL(await settledUrl(page));
  assert.equal(url.searchParams.get('speed'), 'step');
  assert.equal(url.searchParams.get('steps'), '3');

  // The link opens at that speed (and retrains to its step).
  const again = await open(url.search, { ready: '#training-status[data-state="paused"], #training-status[data-state="finished"]' });
  assert.equal(await again.page.locator('#train-speed').inputValue(), 'step');
  assert.equal(await stepOf(again.page), 3);
  assert.deepEqual(again.problems, []);
  await again.page.close();
  assert.deepEqual(problems, []);
  await page.close();
});

test('at a set speed Train, Pause and Resume work; trained, the heads divide the work as the engine says, the question is graded from its numbers, and a head switched off offers Switch on', { timeout: 3 * TRAINING_MS }, async () => {
  const engine = engineRun(STEPS);
  assert.notEqual(engine.holders.previous.head, engine.holders.first.head, 'the engine’s run divides the work');
  for (const width of [1280, 375]) {
    const { page, problems } = await open('?w=watch-attention-learn', { width, ready: '#training-status[data-state="ready"]' });
    await chooseSpeed(page, '10');
    await page.locator('#train-button').click();
    await waitForStep(page, 10);
    assert.equal(await status(page).getAttribute('data-state'), 'training');
    assert.equal(await page.locator('#train-button').textContent(), 'Pause');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `train-lesson-compare-training-${width}.png`), fullPage: true });
    await page.locator('#train-button').click();
    await waitForState(page, 'paused');
    const pausedAt = await stepOf(page);
    assert.ok(pausedAt < STEPS);
    await page.waitForTimeout(500);
    assert.equal(await stepOf(page), pausedAt, 'paused means paused');
    assert.equal(await page.locator('#train-button').textContent(), 'Resume');

    // Resume, then as fast as it can to the end.
    await page.locator('#train-button').click();
    await waitForState(page, 'training');
    await chooseSpeed(page, 'max');
    await waitForState(page, 'finished');
    assert.equal(await stepOf(page), STEPS);

    const name = (head) => `layer 1 · head ${head + 1}`;
    const { previous, first } = engine.holders;
    const summary = await page.locator('.head-summary').textContent();
    assert.ok(summary.includes(`At step ${STEPS} the heads divide the work: the previous position: ${name(previous.head)} (${previous.score.toFixed(2)}); the first position: ${name(first.head)} (${first.score.toFixed(2)}).`), summary);

    // The question, graded from the engine's numbers: the head holding "first" is right, the other wrong.
    assert.equal(await page.locator('.head-question legend').textContent(), 'Which head looks at the first position?');
    await page.locator('.head-answer').nth(previous.head).click();
    assert.match(await page.locator('.head-question .exercise-feedback').textContent(), new RegExp(`^Not ${name(previous.head)}: at step ${STEPS} the head that looks at the first position is ${name(first.head)}`));
    assert.equal(await page.locator('.head-question .exercise-feedback').getAttribute('data-result'), 'wrong');
    await page.locator('.head-answer').nth(first.head).click();
    assert.match(await page.locator('.head-question .exercise-feedback').textContent(), new RegExp(`^Right: at step ${STEPS} ${name(first.head)} puts `));
    assert.equal(await page.locator('.head-question .exercise-feedback').getAttribute('data-result'), 'correct');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `train-lesson-compare-trained-${width}.png`), fullPage: true });

    // Switch the first-position head off from the keyboard: the engine's accuracy without it, and its button now offers Switch on.
    const button = page.locator(`.head[data-head="${first.head}"] .ablate`);
    assert.equal(await button.textContent(), 'Switch off');
    await button.focus();
    await page.keyboard.press('Enter');
    await page.locator('.ablation-result').filter({ hasText: /switched off/ }).waitFor();
    assert.equal(await page.locator('.ablation-result').textContent(),
      `At step ${STEPS}, held-out accuracy with every head: ${percent(engine.accuracy)}; with ${name(first.head)} switched off: ${percent(engine.without[first.head])}.`);
    assert.equal(await button.textContent(), 'Switch on');
    assert.equal(await button.getAttribute('aria-label'), `Switch on ${name(first.head)}`);
    assert.equal(await page.locator(`.head[data-head="${previous.head}"] .ablate`).textContent(), 'Switch off', 'the other head stays on');
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `train-lesson-compare-head-off-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at ${width} px (${overflow} px too wide)`);
    const { violations } = await runAxe(page);
    assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`), []);
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.querySelector('.ablation-result')?.textContent === '');
    assert.equal(await button.textContent(), 'Switch off');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

test('in Spanish the speed control, its announcement and the question speak Spanish', { timeout: TRAINING_MS }, async () => {
  const { page, problems } = await open('?w=watch-attention-learn&lang=es', { ready: '#training-status[data-state="ready"]' });
  assert.match(await page.locator('label.training-speed').textContent(), /^Velocidad/);
  await chooseSpeed(page, 'step');
  await page.locator('#announcer').filter({ hasText: 'Velocidad: Un paso por pulsación.' }).waitFor();
  assert.equal(await page.locator('#train-button').textContent(), 'Un paso');
  assert.equal(await page.locator('.head-question legend').textContent(), '¿Qué cabeza mira la primera posición?');
  assert.deepEqual(problems, []);
  await page.close();
});
