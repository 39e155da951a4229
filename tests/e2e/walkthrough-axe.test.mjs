// axe-core finds no accessibility violation in any walkthrough shown step by step, at its last
// step, in light and dark mode (the page as learners see it after stepping through).
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { runAxe, usePage } from './browser.mjs';
import { STEPPED } from '../support/shipped-walkthroughs.mjs';

const { open } = usePage();

describe('every walkthrough', () => {
  for (const walkthrough of STEPPED.values()) {
    test(`${walkthrough.id}: axe finds no accessibility violations`, async () => {
      for (const colorScheme of ['light', 'dark']) {
        const { page } = await open(`?w=${walkthrough.id}`, { colorScheme });
        await page.locator('body').press('End');
        const results = await runAxe(page);
        const summary = results.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length}) e.g. ${v.nodes[0]?.target}`);
        assert.deepEqual(summary, [], colorScheme);
        await page.close();
      }
    });
  }
});
