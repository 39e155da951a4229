// Another language: which language a link and a browser ask for, the
// catalogues (every English message in Spanish, with the same arguments), the pseudo-locales
// generated from English (en-XA ≥ 40 % longer, ar-XB right to left), and numbers in the
// page's locale (a decimal comma in Spanish).
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { test } from 'node:test';
import { FluentResource } from '@fluent/bundle';

import { importCompiled } from '../support/compiled.mjs';

const { resolveLanguage, matchLanguage, directionOf, refusedLanguageArgs } = await importCompiled('i18n/languages');
const { t, setLanguage, currentLanguage, messageLines } = await importCompiled('i18n/messages');
const { ENGLISH } = await importCompiled('i18n/catalogue-en');
const { SPANISH } = await importCompiled('i18n/catalogue-es');
const { formatNumber, setPageLocale } = await importCompiled('model/format');

/** The kinds' own words (web/src/kinds/<kind>/words-en.ts and words-es.ts, or <name>-words-…), by file. */
const KINDS = new URL('../../web/src/kinds/', import.meta.url);
const KIND_FILES = readdirSync(KINDS, { withFileTypes: true }).filter((entry) => entry.isDirectory())
  .flatMap((entry) => readdirSync(new URL(`${entry.name}/`, KINDS)).filter((file) => file.endsWith('words-en.ts')).map((file) => `${entry.name}/${file.slice(0, -'-en.ts'.length)}`));
const KIND_FOLDERS = KIND_FILES.map((file) => file.split('/')[0]);
const KIND_CATALOGUES = await Promise.all(KIND_FILES.map(async (file) => ({
  folder: file,
  english: (await importCompiled(`kinds/${file}-en`)).ENGLISH,
  spanish: (await importCompiled(`kinds/${file}-es`)).SPANISH,
})));
/** The words of the views loaded on demand (the cost lab, the training lesson), each in its chunk. */
const VIEW_CATALOGUES = await Promise.all(['views/cost-lab-words', 'session/training/words'].map(async (file) => ({
  folder: file,
  english: (await importCompiled(`${file}-en`)).ENGLISH,
  spanish: (await importCompiled(`${file}-es`)).SPANISH,
})));
/** Every catalogue: the chrome's, then each kind's, then each view's. */
const CATALOGUE_PAIRS = [{ folder: 'chrome', english: ENGLISH, spanish: SPANISH }, ...KIND_CATALOGUES, ...VIEW_CATALOGUES];
const ALL_ENGLISH = CATALOGUE_PAIRS.map((c) => c.english).join('\n');

/** Each message's arguments ({ $name }), by id, from Fluent source of single-line messages. */
function argumentsById(source) {
  const found = new Map();
  for (const line of source.split('\n')) {
    const match = /^([a-z][a-z0-9-]*) = (.*)$/.exec(line);
    if (match) found.set(match[1], [...match[2].matchAll(/\{ \$([a-z]+) \}/g)].map((m) => m[1]).sort().join(','));
  }
  return found;
}

test('?lang= names the language; else the browser’s first offered; else English', () => {
  assert.deepEqual(resolveLanguage('es', ['en-US']), { language: 'es', fromLink: true });
  assert.deepEqual(resolveLanguage('ES-mx', []), { language: 'es', fromLink: true });
  assert.deepEqual(resolveLanguage(null, ['de-DE', 'es-AR', 'en']), { language: 'es', fromLink: false });
  assert.deepEqual(resolveLanguage(null, ['de']), { language: 'en', fromLink: false });
  assert.deepEqual(resolveLanguage('en-xa', ['es']), { language: 'en-XA', fromLink: true });
  assert.deepEqual(resolveLanguage('fr', ['es']), { language: 'es', fromLink: false, refused: 'fr' });
  // A browser never turns on a pseudo-locale.
  assert.equal(resolveLanguage(null, ['ar-XB']).language, 'en');
  assert.equal(matchLanguage('klingon'), undefined);
  assert.equal(directionOf('ar-XB'), 'rtl');
  assert.equal(directionOf('es'), 'ltr');
});

test('a refused ?lang= is named in the notice with the languages offered', () => {
  const args = { ...refusedLanguageArgs('fr'), shown: 'English' };
  assert.equal(t('notice-lang-refused', args),
    'The language “fr” is not one this page offers (en (English), es (Español)), so it is shown in English.');
});

test('every English message is in the Spanish catalogue, with the same arguments, and no other', () => {
  for (const { folder, english: englishSource, spanish: spanishSource } of CATALOGUE_PAIRS) {
    const english = argumentsById(englishSource);
    const spanish = argumentsById(spanishSource);
    // English is formatted without Fluent (i18n/messages.ts): every message one line, as Fluent reads it too.
    const fluent = new FluentResource(englishSource).body;
    assert.deepEqual(fluent.map((m) => m.id).sort(), [...messageLines(englishSource).keys()].sort(), `${folder}: every message is one line`);
    assert.deepEqual(new FluentResource(spanishSource).body.map((m) => m.id).sort(), [...english.keys()].sort(), `${folder}: Spanish parses as Fluent`);
    assert.deepEqual([...spanish.keys()].sort(), [...english.keys()].sort(), folder);
    for (const [id, args] of english) assert.equal(spanish.get(id), args, `${folder}: ${id}`);
  }
});

test('the kinds’ words have ids of their own: no id in two catalogues', () => {
  assert.ok(KIND_FOLDERS.includes('attention') && KIND_FOLDERS.includes('shared'), KIND_FOLDERS.join(', '));
  // "Explain this number"'s words: the attention call's and the layers' (shared), flash attention's.
  for (const file of ['shared/explain-words', 'shared/explain-layer-words', 'flash/explain-words']) assert.ok(KIND_FILES.includes(file), file);
  const seen = new Map();
  for (const { folder, english } of CATALOGUE_PAIRS) {
    for (const id of messageLines(english).keys()) {
      assert.ok(!seen.has(id), `${id} is in ${seen.get(id)} and ${folder}`);
      seen.set(id, folder);
    }
  }
});

test('English formatted without Fluent reads as Fluent formats it', async () => {
  const { FluentBundle } = await import('@fluent/bundle');
  const bundle = new FluentBundle('en', { useIsolating: false });
  for (const { english } of CATALOGUE_PAIRS) bundle.addResource(new FluentResource(english));
  for (const [id, names] of argumentsById(ALL_ENGLISH)) {
    const args = Object.fromEntries(names.split(',').filter(Boolean).map((name) => [name, `<${name}>`]));
    assert.equal(t(id, args), bundle.formatPattern(bundle.getMessage(id).value, args), id);
  }
});

test('the catalogues switch, and English comes back unchanged', async () => {
  assert.equal(t('step-progress', { number: '2', total: '6' }), 'Step 2 of 6');
  await setLanguage('es');
  assert.equal(currentLanguage(), 'es');
  assert.equal(t('step-progress', { number: '2', total: '6' }), 'Paso 2 de 6');
  // A kind's words registered before the switch are fetched with it.
  assert.equal(t('attention-scale-title', { sqrtdk: '1,414' }), 'Escalar: dividir entre √d_k = 1,414');
  await setLanguage('en-XA');
  assert.equal(t('player-next'), '[Ñééxţ šţéép]');
  await setLanguage('ar-XB');
  // Arguments isolated (FSI … PDI) in the right-to-left pseudo-locale, the text overridden.
  assert.equal(t('step-progress', { number: '2', total: '6' }), '\u202eStep\u202c \u20682\u2069 \u202eof\u202c \u20686\u2069');
  await setLanguage('en');
  assert.equal(t('step-progress', { number: '2', total: '6' }), 'Step 2 of 6');
});

// Arguments are data (a title, a number), not the message's words: they are left empty here.
test('en-XA is at least 40 % longer than English for every message, and ar-XB keeps its letters', async () => {
  const english = argumentsById(ALL_ENGLISH);
  const argsOf = (id) => Object.fromEntries(english.get(id).split(',').filter(Boolean).map((name) => [name, '']));
  const inEnglish = new Map([...english.keys()].map((id) => [id, t(id, argsOf(id))]));
  try {
    await setLanguage('en-XA');
    for (const [id, text] of inEnglish) assert.ok(t(id, argsOf(id)).length >= 1.4 * text.length, `${id}: ${t(id, argsOf(id))}`);
    await setLanguage('ar-XB');
    for (const [id, text] of inEnglish) assert.equal(t(id, argsOf(id)).replace(/[\u202e\u202c\u2068\u2069]/g, ''), text, id);
  } finally {
    await setLanguage('en');
  }
});

test('numbers follow the page’s locale: a decimal comma in Spanish, English by default', () => {
  assert.equal(formatNumber(0.14004), '0.140');
  setPageLocale('es');
  try {
    assert.equal(formatNumber(0.14004), '0,140');
    assert.equal(formatNumber(-2.5), '−2,5');
    assert.equal(formatNumber(0.14004, 3, 'en'), '0.140');
  } finally {
    setPageLocale(undefined);
  }
  assert.equal(formatNumber(0.14004), '0.140');
});
