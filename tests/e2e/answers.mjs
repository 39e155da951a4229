// Shared by the end-to-end tests of kept progress and exams (progress, exam-mode): answering the
// question on screen, and a page whose stored progress is cleared first.

/**
 * Answers the question on screen with `text` (Enter), once its feedback is there.
 * @param {import('playwright-core').Page} page @param {string} text
 */
export async function answerHere(page, text) {
  await page.locator('.exercise-answer').fill(text);
  await page.locator('.exercise-answer').press('Enter');
  await page.locator('.exercise-feedback').filter({ hasText: /\S/ }).waitFor();
}

/**
 * Clears the stored progress and loads the page again: the tests of a file share the browser's
 * storage, so a test of kept answers starts from none.
 * @param {import('playwright-core').Page} page
 */
export async function withoutStoredProgress(page) {
  await page.evaluate(() => localStorage.clear());
  await page.reload();
  await page.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
}
