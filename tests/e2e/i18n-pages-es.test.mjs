// The page in es: every walkthrough's first step and the training lesson as every locale's are
// checked (locale-pages.mjs), and, in the same visit, each step of every walkthrough searched for
// English left (english-left.mjs): there must be none. The glossary, the cost lab's controls and
// the training lesson are searched by i18n-english-left.test.mjs.
import { englishLeft, PROBE } from './english-left.mjs';
import { describePagesIn } from './locale-pages.mjs';

describePagesIn('es', 'ltr', {
  everyStep: {
    says: 'no English left',
    async check(page, walkthrough, step) {
      await page.locator('#progress').filter({ hasText: new RegExp(`^Paso ${step} de`) }).waitFor();
      await page.locator('.panel-loading').first().waitFor({ state: 'detached' }).catch(() => {});
      const tokens = [...PROBE, ...Object.values(walkthrough.inputs ?? {}).flat().filter((x) => typeof x === 'string')];
      return (await englishLeft(page, tokens)).map((f) => `${f.place} | ${f.text}`);
    },
  },
});
