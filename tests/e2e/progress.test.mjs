// Progress between visits: the last step of a walkthrough links to what comes next in
// the course, a walkthrough seen to the end marks its lesson done in the menu (in words for a
// screen reader, not only a sign), across a reload; answers are a record that only grows (a
// question answered again later shows the earlier answer and cannot lower the score); and stored
// progress that cannot be read starts afresh with a notice, kept aside rather than erased.
import assert from 'node:assert/strict';
import path from 'node:path';
import { test } from 'node:test';
import { answerHere, withoutStoredProgress } from './answers.mjs';
import { runAxe, SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

test('the last step links to the next walkthrough, and a walkthrough seen to the end marks its lesson done after a reload', async () => {
  const { page, problems } = await open('?w=worked-example');
  const next = page.locator('#next-lesson');
  assert.equal(await next.isVisible(), false, 'no link before the last step');
  const steps = page.locator('#step-list button');
  for (let i = 0; i < (await steps.count()); i += 1) await steps.nth(i).click();
  assert.equal(await next.locator('a').textContent(), 'Next in this lesson: Practice: one query, three keys →');
  await page.reload();
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  const lesson = page.locator('.lesson-link[data-lesson="worked-example"]');
  assert.match(await lesson.innerText(), /A worked example ✓/);
  assert.match(await lesson.textContent() ?? '', /, done/);
  await page.locator('#step-list button').last().click();
  await next.locator('a').click();
  await page.locator('#walkthrough-title', { hasText: 'Practice' }).waitFor();
  assert.deepEqual(problems, []);
  await page.close();
});

test('the last lesson’s last walkthrough leads to the training lesson', async () => {
  const { page } = await open('?lesson=attention-cost');
  await page.locator('#step-list button').last().click();
  assert.match(await page.locator('#next-lesson a').textContent() ?? '', /^Next: Lesson \d+ · Watch attention learn →$/);
  await page.close();
});

test('stored progress that cannot be read gives a notice and the page works as new', async () => {
  const { page } = await open('');
  await page.evaluate(() => localStorage.setItem('attention-lab:progress', '{broken'));
  await page.reload();
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  assert.match(await page.locator('#notices').innerText(), /saved progress could not be read/);
  assert.equal(await page.locator('.lesson-status').count(), 0);
  // Kept aside under a key of its own, which the notice names.
  const aside = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('attention-lab:progress:unreadable:')).map((key) => [key, localStorage.getItem(key)]));
  assert.deepEqual(aside.map(([, text]) => text), ['{broken']);
  assert.ok((await page.locator('#notices').innerText()).includes(aside[0][0]));
  await page.close();
});

test('four right answers, then a link to one question answered wrong: the question shows the earlier answer and the menu keeps 4/4', async () => {
  const { page, problems } = await open('?w=worked-example-practice');
  await withoutStoredProgress(page);
  // Before any answer the last step has nothing to review.
  await page.locator('.control-last').click();
  assert.equal(await page.locator('#review').isHidden(), true);
  const right = [['score-k2', '3'], ['scaled-k2', '2.121'], ['weight-k2', '0.576'], ['output-0', '0.355']];
  for (const [id, text] of right) {
    await page.locator(`#step-list button[data-step="exercise-${id}"]`).click();
    await answerHere(page, text);
    assert.equal(await page.locator('.exercise-feedback').getAttribute('data-result'), 'correct', id);
  }
  const lesson = page.locator('.lesson-link[data-lesson="worked-example"] .lesson-status');
  assert.match(await lesson.innerText(), /4\/4/);

  // Later, through a link to the first question.
  await page.goto(`${page.url().split('?')[0]}?w=worked-example-practice&step=exercise-score-k2`);
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  assert.equal(await page.locator('.exercise-answer').inputValue(), '3', 'the earlier answer is in the field');
  assert.equal(await page.locator('.exercise-feedback').getAttribute('data-result'), 'correct');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'revisit-earlier-answer.png') });
  await answerHere(page, '2');
  assert.equal(await page.locator('.exercise-feedback').getAttribute('data-result'), 'wrong');
  assert.match(await lesson.innerText(), /4\/4/);
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('attention-lab:progress')).walkthroughs['worked-example-practice'].attempts);
  assert.deepEqual(stored.map((a) => `${a.exercise} ${a.response} ${a.correct}`),
    ['score-k2 3 true', 'scaled-k2 2.121 true', 'weight-k2 0.576 true', 'output-0 0.355 true', 'score-k2 2 false']);
  // The last step: the score from the record, and each answer that was scored.
  await page.locator('.control-last').click();
  assert.equal(await page.locator('#review .review-score').textContent(), 'Score: 4 of 4 right.');
  assert.equal(await page.locator('#review li[data-result="correct"]').count(), 4);
  assert.deepEqual((await runAxe(page, '#step')).violations.map((v) => v.id), []);
  assert.deepEqual(problems, []);
  await page.close();
});
