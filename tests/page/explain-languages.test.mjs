// "Explain this number" in Spanish: every computed matrix of every shipped
// walkthrough (tests/support/explained-cells.mjs) explains its cells with Spanish words around
// the arithmetic and a decimal comma, and English reads as before once the page speaks it again.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';
import { cellsOf, computedMatrices } from '../support/explained-cells.mjs';

const { setLanguage } = await importCompiled('i18n/messages');
const { setPageLocale } = await importCompiled('model/format');

/** English words that the explanations' lines and notes use; none may be left in Spanish. */
const ENGLISH_WORDS = [' row ', ' column ', ' columns ', ' of the ', ' of ', ' products', 'passes', 'the engine', ' the ', ' is ',
  ' before', ' after', ' every ', 'blocked', ' terms)', 'where ', ' head ', ' number', ' and ', ' so ', ' from ', 'input', 'tile'];

/** Each explanation of the walk, as one text: where it is, its lines and its note. */
async function explanations() {
  const found = [];
  for await (const { s, id, step, panel } of computedMatrices()) {
    for (const [r, c] of cellsOf(panel)) {
      const e = s.explain(panel, r, c);
      if (e) found.push({ where: `${id}${s.trained ? ' (trained)' : ''} › ${step} › ${panel.name} (${r}, ${c})`, text: [...e.lines, e.note ?? ''].join('\n') });
    }
  }
  return found;
}

test('the word list finds the English explanations (the Spanish test below is not vacuous)', async () => {
  const found = await explanations();
  for (const word of [' row ', ' column ', ' products', 'passes', 'the engine', ' before', 'blocked']) {
    assert.ok(found.some(({ text }) => text.includes(word)), word);
  }
});

test('every explanation of every walkthrough is in Spanish: no English words, numbers with a decimal comma', async () => {
  await setLanguage('es');
  setPageLocale('es');
  try {
    const found = await explanations();
    assert.ok(found.length > 1000, String(found.length));
    const english = found.flatMap(({ where, text }) => ENGLISH_WORDS.filter((word) => ` ${text} `.includes(word)).map((word) => `${where}: “${word}” in ${text}`));
    assert.deepEqual(english.slice(0, 20), [], `${english.length} explanations with English words`);
    // A number with decimals is written with a comma, as everywhere else on a Spanish page.
    assert.ok(found.some(({ text }) => /\d,\d{2,}/.test(text)));
    assert.ok(!found.some(({ text }) => /\d\.\d{3}\b/.test(text) && !/\d,\d/.test(text)), 'a decimal point in a Spanish explanation');
  } finally {
    await setLanguage('en');
    setPageLocale(undefined);
  }
});
