// The words of the views loaded on demand (the cost lab, the training lesson), in catalogues of
// their own so that the landing page does not carry them (their ids and arguments are checked
// with every other catalogue's in tests/page/i18n.test.mjs): Spanish once the page speaks it and
// its catalogues are loaded, English back unchanged, and the words
// for what a head's score measures are the engine's.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { t, setLanguage, loadCatalogues, messageLines } = await importCompiled('i18n/messages');
/** The views' English catalogues (importing one registers it). */
const CATALOGUES = [(await importCompiled('views/cost-lab-words-en')).ENGLISH, (await importCompiled('session/training/words-en')).ENGLISH];

/** Each message's arguments, by id. */
const argumentsById = (source) => new Map([...messageLines(source)].map(([id, text]) => [id, [...text.matchAll(/\{ \$([a-zA-Z]+) \}/g)].map((m) => m[1]).sort().join(',')]));

test('in Spanish the views speak Spanish once their catalogues are loaded, and English comes back unchanged', async () => {
  const ids = CATALOGUES.flatMap((english) => [...argumentsById(english)]);
  const argsOf = (names) => Object.fromEntries(names.split(',').filter(Boolean).map((n) => [n, '']));
  const inEnglish = new Map(ids.map(([id, names]) => [id, t(id, argsOf(names))]));
  try {
    await setLanguage('es');
    await loadCatalogues();
    assert.equal(t('cost-start'), 'Empezar a medir');
    assert.equal(t('train-status-step', { step: '3', target: '300' }), 'Paso 3 de 300');
  } finally {
    await setLanguage('en');
  }
  for (const [id, names] of ids) assert.equal(t(id, argsOf(names)), inEnglish.get(id), id);
  assert.equal(t('cost-start'), 'Start measuring');
});

test('the training words say what the engine says a head’s score measures, for every task', async () => {
  const { loadAttentionLab } = await import('attention-lab');
  const lab = await loadAttentionLab();
  for (const task of ['reverse', 'sort', 'induction', 'iris', 'compare']) {
    const trainer = lab.createTrainer({ task });
    try {
      const scores = trainer.headScores();
      assert.equal(t(`train-measure-${task}`), scores.measure, task);
      for (const pattern of scores.patterns) assert.equal(t(`train-measure-${task}-${pattern.name}`), pattern.measure, `${task}: ${pattern.name}`);
    } finally {
      trainer.dispose();
    }
  }
});
