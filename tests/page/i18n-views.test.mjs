// The words of the views loaded on demand (the cost lab, the training lesson), in catalogues of
// their own so that the landing page does not carry them: every English id in Spanish with the
// same arguments, one-line English (formatted without Fluent, as Fluent would), no id shared with
// another catalogue, en-XA at least 40 % longer, and Spanish once the page speaks it.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { FluentBundle, FluentResource } from '@fluent/bundle';

import { importCompiled } from '../support/compiled.mjs';

const { t, setLanguage, loadCatalogues, messageLines } = await importCompiled('i18n/messages');
const { ENGLISH: CHROME } = await importCompiled('i18n/catalogue-en');
const CATALOGUES = [
  { name: 'cost lab', english: (await importCompiled('views/cost-lab-words-en')).ENGLISH, spanish: (await importCompiled('views/cost-lab-words-es')).SPANISH },
  { name: 'training', english: (await importCompiled('session/training/words-en')).ENGLISH, spanish: (await importCompiled('session/training/words-es')).SPANISH },
];

/** Each message's arguments, by id. */
const argumentsById = (source) => new Map([...messageLines(source)].map(([id, text]) => [id, [...text.matchAll(/\{ \$([a-zA-Z]+) \}/g)].map((m) => m[1]).sort().join(',')]));

test('every English message of the views’ catalogues is in Spanish, with the same arguments, and no other', () => {
  for (const { name, english, spanish } of CATALOGUES) {
    const en = argumentsById(english);
    const es = argumentsById(spanish);
    assert.deepEqual(new FluentResource(english).body.map((m) => m.id).sort(), [...en.keys()].sort(), `${name}: every message is one line`);
    assert.deepEqual(new FluentResource(spanish).body.map((m) => m.id).sort(), [...en.keys()].sort(), `${name}: Spanish parses as Fluent`);
    for (const [id, args] of en) assert.equal(es.get(id), args, `${name}: ${id}`);
  }
});

test('no id is in two catalogues', () => {
  const seen = new Map([...messageLines(CHROME).keys()].map((id) => [id, 'chrome']));
  for (const { name, english } of CATALOGUES) {
    for (const id of messageLines(english).keys()) {
      assert.ok(!seen.has(id), `${id} is in ${seen.get(id)} and ${name}`);
      seen.set(id, name);
    }
  }
});

test('English formatted without Fluent reads as Fluent formats it', () => {
  const bundle = new FluentBundle('en', { useIsolating: false });
  for (const { english } of CATALOGUES) bundle.addResource(new FluentResource(english));
  for (const { english } of CATALOGUES) {
    for (const [id, names] of argumentsById(english)) {
      const args = Object.fromEntries(names.split(',').filter(Boolean).map((n) => [n, `<${n}>`]));
      assert.equal(t(id, args), bundle.formatPattern(bundle.getMessage(id).value, args), id);
    }
  }
});

test('in Spanish the views speak Spanish, en-XA is 40 % longer, and English comes back unchanged', async () => {
  const ids = CATALOGUES.flatMap(({ english }) => [...argumentsById(english)]);
  const argsOf = (names) => Object.fromEntries(names.split(',').filter(Boolean).map((n) => [n, '']));
  const inEnglish = new Map(ids.map(([id, names]) => [id, t(id, argsOf(names))]));
  try {
    await setLanguage('es');
    await loadCatalogues();
    assert.equal(t('cost-start'), 'Empezar a medir');
    assert.equal(t('train-status-step', { step: '3', target: '300' }), 'Paso 3 de 300');
    await setLanguage('en-XA');
    await loadCatalogues();
    for (const [id, names] of ids) assert.ok(t(id, argsOf(names)).length >= 1.4 * inEnglish.get(id).length, `${id}: ${t(id, argsOf(names))}`);
  } finally {
    await setLanguage('en');
  }
  for (const [id, names] of ids) assert.equal(t(id, argsOf(names)), inEnglish.get(id), id);
  assert.equal(t('cost-start'), 'Start measuring');
});

test('the training words say what the engine says a head’s score measures, for every task', async () => {
  const { loadAttentionLab } = await import('attention-lab');
  const lab = await loadAttentionLab();
  for (const task of ['reverse', 'sort', 'induction', 'iris']) {
    const trainer = lab.createTrainer({ task });
    try {
      assert.equal(t(`train-measure-${task}`), trainer.headScores().measure, task);
    } finally {
      trainer.dispose();
    }
  }
});
