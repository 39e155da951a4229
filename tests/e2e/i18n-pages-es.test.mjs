// The page in es: every walkthrough's first step and the training lesson as every locale's are
// checked (locale-pages.mjs), and, in the same visit, each step of every walkthrough searched for
// English left (english-left.mjs): there must be none. The glossary, the cost lab's controls and
// the training lesson are searched by i18n-english-left.test.mjs.
import { describe, test } from 'node:test';
import { settled, usePage } from './browser.mjs';
import { englishLeft, PROBE } from './english-left.mjs';
import { localeTests } from './locale-pages.mjs';

const { open } = usePage();

const tests = localeTests(open, 'es', 'ltr', {
  everyStep: {
    says: 'no English left',
    async check(page, walkthrough, step) {
      await page.locator('#progress').filter({ hasText: new RegExp(`^Paso ${step} de`) }).waitFor();
      await settled(page);
      const tokens = [...PROBE, ...Object.values(walkthrough.inputs ?? {}).flat().filter((x) => typeof x === 'string')];
      return (await englishLeft(page, tokens)).map((f) => `${f.place} | ${f.text}`);
    },
  },
});

describe('the page in es', () => {
  for (const [name, body] of tests) test(name, body);
});
