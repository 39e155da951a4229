// The H5P package in two real H5P players, made as an instructor makes it: from an `npm pack`
// install with no toolchain, `npx attention-lab export --walkthrough my.json --format h5p` of
// their own copy of the practice (numbers drawn per learner). It is played by h5p-standalone
// (tests/e2e/h5p-standalone.mjs) and uploaded to and played by Lumi's H5P server
// (@lumieducation/h5p-server; tests/e2e/h5p-lumi.mjs), each in Chromium, each for a learner of
// its own: the lab shows that learner's numbers as the engine draws them in Node, grades and
// diagnoses the learner's answers, and says so through H5P's dispatcher as xAPI statements (the
// answers under the content's activity, the result once every exercise is answered), which Lumi
// records as the content's finished score.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { strFromU8, unzipSync } from 'fflate';
import { loadAttentionLab } from 'attention-lab';
import { launchBrowser, runAxe, screenshot, SCREENSHOT_DIR } from './browser.mjs';
import { packAndInstall, ROOT, run } from './pack.mjs';
import { playInStandalone } from './h5p-standalone.mjs';
import { serveLumi } from './h5p-lumi.mjs';

let tmp = '';
/** The package's bytes, as the installed command wrote it. */
let h5p = new Uint8Array();
/** @type {Awaited<ReturnType<typeof launchBrowser>> | undefined} */
let browser;
/** A shipped walkthrough without exercises, as the command packs it. */
let withoutExercises = new Uint8Array();
/** What H5P would save of the first visit to h5p-standalone (the content's getCurrentState, as JSON). */
let state = '';
const lab = await loadAttentionLab();

/** The instructor's copy of the practice: another id and title, the same numbers drawn per learner. */
const PRACTICE = JSON.parse(fs.readFileSync(path.join(ROOT, 'web/src/walkthroughs/worked-example-practice.json'), 'utf8'));
const MINE = { ...PRACTICE, id: 'my-practice', title: 'My practice' };
delete MINE.lesson;

before(async () => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-h5p-'));
  const app = path.join(tmp, 'course');
  fs.mkdirSync(app);
  fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'course', private: true, type: 'module' }));
  await packAndInstall(tmp, app);
  fs.writeFileSync(path.join(app, 'my.json'), JSON.stringify(MINE, null, 2));
  await run('npx', ['--offline', 'attention-lab', 'export', '--walkthrough', 'my.json', '--format', 'h5p', '--mastery', '75'], app);
  h5p = new Uint8Array(fs.readFileSync(path.join(app, 'attention-lab-my-practice.h5p')));
  await run('npx', ['--offline', 'attention-lab', 'export', '--walkthrough', 'worked-example', '--format', 'h5p'], app);
  withoutExercises = new Uint8Array(fs.readFileSync(path.join(app, 'attention-lab-worked-example.h5p')));
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

/** What the engine draws for `learner` in the instructor's walkthrough, and the right answers on those numbers. */
function expectedFor(learner) {
  const drawn = Object.fromEntries(Object.entries(MINE.perLearner).map(([input, { from, to, step }]) => {
    const shape = MINE.inputs[input];
    return [input, lab.drawNumbers({ learner, draw: `my-practice/${input}`, rows: shape.length, columns: shape[0].length, from, to, step }).numbers];
  }));
  const trace = lab.attention(drawn);
  // The scaled score asked for is then not the score itself: answering the score is a mistake.
  assert.notEqual(trace.scores[0][2], 0, `${learner}'s score of k₂`);
  return { drawn, trace };
}

/**
 * Plays the practice in `frame` (the lab's document, inside the player): checks the numbers
 * shown are the learner's, then answers every exercise — the scaled score first without the
 * division (a mistake the engine names), then right; the others right at once.
 * @param {import('playwright-core').Frame | import('playwright-core').Page} frame @param {string} learner
 */
async function playPractice(frame, learner) {
  const { drawn, trace } = expectedFor(learner);
  await frame.locator('#step-title').filter({ hasText: 'The inputs' }).waitFor();
  const header = await frame.locator('#own-numbers').textContent();
  assert.match(header ?? '', new RegExp(`drawn for “${learner}”`));
  for (const [panel, rows] of Object.entries(drawn)) {
    const cells = (await frame.locator(`figure[data-panel="${panel}"] td[data-row]`).allTextContents()).map((text) => Number(text.replace('−', '-')));
    assert.deepEqual(cells, rows.flat(), `${panel}: the numbers drawn for ${learner}`);
  }
  const answers = [
    ['score-k2', String(trace.scores[0][2])],
    ['scaled-k2', String(trace.scores[0][2])],
    ['scaled-k2', trace.scaled[0][2].toFixed(6)],
    ['weight-k2', trace.weights[0][2].toFixed(6)],
    ['output-0', trace.output[0][0].toFixed(6)],
  ];
  for (const [exercise, text] of answers) {
    await frame.locator(`#step-list button[data-step="exercise-${exercise}"]`).click();
    await frame.locator('.exercise-answer').fill(text);
    await frame.locator('.exercise-answer').press('Enter');
    await frame.locator('.exercise-feedback').filter({ hasText: /\S/ }).waitFor();
  }
}

/** The statements a player's page recorded from H5P's dispatcher (once the completion has come). */
async function statementsOf(page) {
  await page.waitForFunction(() => window.statements.some((s) => s.verb.id.endsWith('/completed')));
  return page.evaluate(() => window.statements);
}

/** The statements' verbs, and what each answer said: checks that hold in any H5P player. */
function checkStatements(statements, learner) {
  const verbs = statements.map((s) => s.verb.id.replace('http://adlnet.gov/expapi/verbs/', ''));
  assert.deepEqual(verbs, ['attempted', 'answered', 'answered', 'answered', 'answered', 'answered', 'completed']);
  const answered = statements.filter((s) => s.verb.id.endsWith('/answered'));
  const completed = statements.at(-1);
  const content = completed.object.id;
  for (const s of answered) {
    // Under the content's activity: hosts do not store an answer as the content's result.
    assert.deepEqual(s.context.contextActivities.parent, [{ id: content, objectType: 'Activity' }]);
    assert.match(s.object.id, /subContentId=my-practice\./);
  }
  assert.deepEqual(answered.map((s) => [
    s.object.definition.extensions['urn:attention-lab:xapi:exercise'].exercise, s.result.success,
    s.result.extensions['urn:attention-lab:xapi:attempt'], s.result.extensions['urn:attention-lab:xapi:misconception'],
  ]), [
    ['score-k2', true, 1, null],
    ['scaled-k2', false, 1, 'unscaled'],
    ['scaled-k2', true, 2, null],
    ['weight-k2', true, 1, null],
    ['output-0', true, 1, null],
  ]);
  // Three of four right at the first try: 75 %, the pass mark given to the command.
  assert.deepEqual(completed.result.score, { min: 0, max: 4, raw: 3, scaled: 0.75 });
  assert.equal(completed.result.success, true);
  assert.equal(completed.result.completion, true);
  assert.equal(completed.context?.contextActivities?.parent, undefined);
  for (const s of statements) assert.ok(JSON.stringify(s.actor).includes(learner), `the actor is ${learner}'s`);
}

describe('the H5P package from `npx attention-lab export --format h5p`', () => {
  test('is a zip of h5p.json, the content and the lab’s library, its lesson the instructor’s walkthrough', () => {
    const files = unzipSync(h5p);
    assert.ok(files['h5p.json'] && files['content/content.json'] && files['H5P.AttentionLab-1.0/library.json']);
    const content = JSON.parse(strFromU8(files['content/content.json']));
    assert.equal(content.passPercentage, 75);
    const link = Buffer.from(content.lesson, 'base64').toString('utf8');
    assert.deepEqual(JSON.parse(new URLSearchParams(link.slice(link.indexOf('#') + 1)).get('walkthrough')), MINE);
  });

  test('h5p-standalone plays it: the learner’s own numbers, graded and diagnosed by the engine, as xAPI statements', async () => {
    assert.ok(browser);
    const played = await playInStandalone(browser.context, h5p, { id: 'ana', name: 'Ana', mail: 'ana@example.test' });
    try {
      await playPractice(played.frame, 'ana');
      checkStatements(await statementsOf(played.page), 'ana@example.test');
      await look(played.page, 'standalone', ['iframe.h5p-iframe', '.h5p-attention-lab']);
      assert.deepEqual(played.problems(), []);
      state = await played.frame.evaluate(() => JSON.stringify(H5P.instances[0].getCurrentState()));
    } finally {
      await played.close();
    }
  });

  test('what H5P saved of a visit brings the learner back to their step with their answers, and their score is not sent again', async () => {
    assert.ok(browser && state);
    const played = await playInStandalone(browser.context, h5p, { id: 'ana', name: 'Ana', mail: 'ana@example.test' }, { state });
    try {
      const { frame } = played;
      const { trace } = expectedFor('ana');
      await frame.locator('#step-list button[aria-current="step"][data-step="exercise-output-0"]').waitFor();
      await frame.locator('.exercise-feedback[data-result="correct"]').waitFor();
      assert.equal(await frame.getByLabel('Your answer').inputValue(), trace.output[0][0].toFixed(6));
      // The last answer is shown; the first, wrong one still counts for the score.
      await frame.locator('#step-list button[data-step="exercise-scaled-k2"]').click();
      await frame.locator('.exercise-feedback[data-result="correct"]').waitFor();
      assert.equal(await frame.getByLabel('Your answer').inputValue(), trace.scaled[0][2].toFixed(6));
      assert.deepEqual(await frame.evaluate(() => [H5P.instances[0].getScore(), H5P.instances[0].getMaxScore(), H5P.instances[0].getAnswerGiven()]), [3, 4, true]);
      assert.deepEqual((await played.page.evaluate(() => window.statements)).map((s) => s.verb.id.replace(/.*\//, '')), ['attempted']);
      assert.deepEqual(played.problems(), []);
    } finally {
      await played.close();
    }
  });

  test('a walkthrough without exercises is completed, unscored, once every step is seen', async () => {
    assert.ok(browser);
    const played = await playInStandalone(browser.context, withoutExercises, { id: 'ana', name: 'Ana', mail: 'ana@example.test' });
    try {
      const steps = await played.frame.locator('#step-list button').all();
      for (const step of steps.slice(0, -1)) await step.click();
      assert.deepEqual((await played.page.evaluate(() => window.statements)).map((s) => s.verb.id.replace(/.*\//, '')), ['attempted']);
      await steps.at(-1)?.click();
      const [completed] = await statementsOf(played.page).then((all) => all.filter((s) => s.verb.id.endsWith('/completed')));
      assert.deepEqual([completed.result.score.raw, completed.result.score.max, completed.result.completion, completed.result.success], [0, 0, true, true]);
      assert.deepEqual(played.problems(), []);
    } finally {
      await played.close();
    }
  });

  test('Lumi’s H5P server takes the upload and plays it for its user, and records the score', async () => {
    assert.ok(browser);
    const dir = fs.mkdtempSync(path.join(tmp, 'lumi-'));
    const user = { id: 'bo', name: 'Bo', email: 'bo@example.test' };
    const lumi = await serveLumi({ h5p, user, dir });
    const page = await browser.context.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    try {
      await page.goto(`${lumi.url}play`);
      await playPractice(page, 'bo');
      checkStatements(await statementsOf(page), 'bo@example.test');
      await look(page, 'lumi', '.h5p-attention-lab');
      // Lumi keeps the result H5P's core posts once the completion comes.
      const finished = await waitFor(() => lumi.finished(), (rows) => rows.length > 0);
      assert.deepEqual(finished.map((row) => [row.score, row.maxScore]), [[3, 4]]);
      assert.deepEqual(lumi.missing, []);
      assert.deepEqual(problems, []);
    } finally {
      await page.close();
      await lumi.close();
    }
  });
});

/**
 * Pictures of the player's page at 1280 px light and 375 px dark (build/screenshots/h5p-*.png),
 * and axe's check of the lab (`lab`: its container, in the player's frame if it has one) at 375
 * px dark; the page around it is the player's.
 * @param {import('playwright-core').Page} page @param {string} name @param {string | string[]} lab
 */
async function look(page, name, lab) {
  for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
    await page.setViewportSize({ width, height: 900 });
    await page.emulateMedia({ colorScheme });
    await screenshot(page, path.join(SCREENSHOT_DIR, `h5p-${name}-${width}-${colorScheme}.png`), { fullPage: true });
  }
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  assert.ok(overflow <= 0, `${name} at 375 px: the page is ${overflow} px wider than the window`);
  const { violations } = await runAxe(page, lab);
  assert.deepEqual(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`), []);
}

/** Polls `read` until `done` says its value will do (H5P posts the result after the statement). */
async function waitFor(read, done) {
  for (let tries = 0; ; tries += 1) {
    const value = await read();
    if (done(value) || tries === 50) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
