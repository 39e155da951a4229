// The page in en-XA (every word stretched), the first step of one walkthrough of each kind and the training lesson (locale-pages.mjs).
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { localeTests } from './locale-pages.mjs';

const { open } = usePage();

describe('the page in en-XA', () => {
  for (const [name, body] of localeTests(open, 'en-XA', 'ltr')) test(name, body);
});
