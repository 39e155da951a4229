// The page in en-XA, every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { checkPagesIn, pagesChecked } from './locale-pages.mjs';

const { open } = usePage();

describe('the page in en-XA', () => {
  test(pagesChecked('en-XA'), { timeout: 600_000 }, () => checkPagesIn(open, 'en-XA', 'ltr'));
});
