// One number format in everything a lesson says: every shipped walkthrough's steps, built by the
// session as the page builds them (English and Spanish), are scanned for numbers written another
// way than model/format.ts writes them: "e" notation (6.2e−4, 1e-1) instead of 6.2×10⁻⁴, or a
// hyphen-minus (-0.5) instead of the minus sign U+2212. Formulas are LaTeX, and are left out.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { WALKTHROUGHS } = await importCompiled('model/walkthroughs');
const { Session } = await importCompiled('session/session');
const { setLanguage } = await importCompiled('i18n/messages');
const { setPageLocale } = await importCompiled('model/format');
const { OWN_VIEW_KINDS } = await import('../support/shipped-walkthroughs.mjs');

/** Numbers written another way than the page's one format. */
const OTHER_FORMATS = [
  [/\d(?:[.,]\d+)?[eE][+−-]?\d/, '"e" notation, where the page writes ×10ⁿ'],
  [/(?:^|[\s(=:;,[|])-\d/, 'a hyphen-minus, where the page writes − (U+2212)'],
];

/** Every string of a step but its LaTeX (formula) and identifiers, with where it is. */
function* stringsOf(value, where) {
  if (typeof value === 'string') yield [value, where];
  else if (Array.isArray(value)) for (const [k, v] of value.entries()) yield* stringsOf(v, `${where}[${k}]`);
  else if (value && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) {
      if (['formula', 'id', 'name', 'kind', 'colour', 'xScale', 'yScale', 'type', 'stage', 'latex'].includes(key)) continue;
      yield* stringsOf(v, `${where}.${key}`);
    }
  }
}

/** Where a text writes a number another way than the page's format, as messages. */
function otherFormatsIn(text, where) {
  const problems = [];
  for (const [pattern, why] of OTHER_FORMATS) {
    const found = pattern.exec(text);
    if (found) problems.push(`${where}: ${why}: …${text.slice(Math.max(0, found.index - 20), found.index + 20)}…`);
  }
  return problems;
}

async function problemsIn(language) {
  const problems = [];
  for (const walkthrough of WALKTHROUGHS.values()) {
    if (OWN_VIEW_KINDS.has(walkthrough.kind)) continue;
    const session = new Session(lab, { find: (id) => WALKTHROUGHS.get(id), fallback: 'worked-example' });
    await session.open({ walkthrough: walkthrough.id, step: 'inputs' });
    for (const step of session.steps) {
      for (const [text, where] of stringsOf(step, `${language} ${walkthrough.id}.${step.id}`)) problems.push(...otherFormatsIn(text, where));
    }
  }
  return problems;
}

test('every step of every lesson writes its numbers one way (English)', async () => {
  assert.deepEqual(await problemsIn('en'), []);
});

test('every step of every lesson writes its numbers one way (Spanish)', async () => {
  setPageLocale('es');
  await setLanguage('es');
  try {
    assert.deepEqual(await problemsIn('es'), []);
  } finally {
    setPageLocale(undefined);
    await setLanguage('en');
  }
});

test('the lessons’ words in Spanish (i18n/lessons/es.json), numbers written into them included, write numbers one way', () => {
  const spanish = JSON.parse(readFileSync(new URL('../../web/src/i18n/lessons/es.json', import.meta.url), 'utf8'));
  assert.deepEqual([...stringsOf(spanish, 'es.json')].flatMap(([text, where]) => otherFormatsIn(text, where)), []);
});
