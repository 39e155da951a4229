// Progress between visits: the last step of a walkthrough links to what comes next in
// the course, a walkthrough seen to the end marks its lesson done in the menu (in words for a
// screen reader, not only a sign), across a reload, and stored progress that cannot be read
// starts afresh with a notice.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { usePage } from './browser.mjs';

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
  await page.close();
});
