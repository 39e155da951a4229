// "Explain this number" in Spanish in the browser: the worked example's
// softmax weight (its words are in the page's chunk) and a feed-forward cell of the encoder layer
// (explain-more.ts and its words, fetched with the encoder's code) explain themselves in Spanish,
// with a decimal comma; screenshots at 1280 and 375 px, light and dark, in build/screenshots/i18n/.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';

import { SCREENSHOT_DIR, usePage } from './browser.mjs';

const { open } = usePage();

/** English words the explanations use; none may be left in a Spanish one. */
const ENGLISH_WORDS = [' row ', ' column ', ' of the ', ' products', 'passes', 'the engine', ' before', ' every ', ' is '];

const CASES = [
  { search: '?lang=es&step=softmax', cell: 'figure[data-panel="weights"] td[data-row]', spanish: 'Los exponentes son las puntuaciones escaladas' },
  { search: '?lang=es&w=encoder-layer&step=feed-forward', cell: 'figure[data-panel="ffn-output"] td[data-row]', spanish: 'productos sumados' },
];

describe('Explain this number in Spanish', () => {
  test('the worked example and the encoder layer explain a cell in Spanish, with a decimal comma', async () => {
    const dir = path.join(SCREENSHOT_DIR, 'i18n');
    fs.mkdirSync(dir, { recursive: true });
    for (const { search, cell, spanish } of CASES) {
      for (const [width, colorScheme] of [[1280, 'light'], [375, 'dark']]) {
        const { page, problems } = await open(search, { width, colorScheme });
        await page.locator(cell).first().click();
        const explain = page.locator('#explain');
        await explain.locator('.arithmetic').first().waitFor();
        const text = (await explain.innerText()).replace(/\s+/g, ' ');
        assert.ok(text.includes(spanish), `${search}: ${text}`);
        assert.deepEqual(ENGLISH_WORDS.filter((word) => ` ${text} `.includes(word)), [], `${search}: ${text}`);
        assert.match(text, /\d,\d{2,}/, `${search}: no decimal comma in ${text}`);
        await explain.screenshot({ path: path.join(dir, `explain-${search.includes('encoder') ? 'encoder' : 'worked'}-es-${width}-${colorScheme}.png`) });
        assert.deepEqual(problems, []);
        await page.close();
      }
    }
  });
});
