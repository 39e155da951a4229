// The page in es, every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { checkPagesIn, PAGES_CHECKED } from './locale-pages.mjs';

const { open } = usePage();

describe('the page in es', () => {
  test(PAGES_CHECKED, { timeout: 600_000 }, () => checkPagesIn(open, 'es', 'ltr'));
});
