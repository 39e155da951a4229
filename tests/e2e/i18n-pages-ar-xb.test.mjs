// The page in ar-XB (right to left), the first step of one walkthrough of each kind and the training lesson (locale-pages.mjs).
import { describe, test } from 'node:test';
import { usePage } from './browser.mjs';
import { localeTests } from './locale-pages.mjs';

const { open } = usePage();

describe('the page in ar-XB', () => {
  for (const [name, body] of localeTests(open, 'ar-XB', 'rtl')) test(name, body);
});
