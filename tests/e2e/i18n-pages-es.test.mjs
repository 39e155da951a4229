// The page in es, every walkthrough's first step and the training lesson (locale-pages.mjs).
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { checkPagesIn, pagesChecked } from './locale-pages.mjs';

const { open } = usePage();

describe('the page in es', () => {
  test(pagesChecked('es'), { timeout: 600_000 }, () => checkPagesIn(open, 'es', 'ltr'));
});
