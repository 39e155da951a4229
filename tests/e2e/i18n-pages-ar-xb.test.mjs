// The page in ar-XB, every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { checkPagesIn, pagesChecked } from './locale-pages.mjs';

const { open } = usePage();

describe('the page in ar-XB', () => {
  test(pagesChecked('ar-XB'), { timeout: 600_000 }, () => checkPagesIn(open, 'ar-XB', 'rtl'));
});
