// The printed handout (views/print-handout.ts) words lesson text for paper: nothing asks the
// reader to select, click, focus or hover. Checked on the intro and every step text of every
// shipped walkthrough, as the session builds them (random and trained weights).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { forPaper } = await importCompiled('model/paper-text');
const { t } = await importCompiled('i18n/messages');
const { withoutLessonLinks } = await importCompiled('model/format');
const { shippedLayer } = await importCompiled('model/shipped-trained');

/** The trained layer the page ships, which the walkthroughs that can show one offer. */
const SHIPPED_LAYER = shippedLayer(JSON.parse(readFileSync(new URL('../../web/src/model/trained-reverse.json', import.meta.url), 'utf8')));

const ON_SCREEN = /\b(select|click|hover)\b|\bfocus (a|an|any|the)\b/i;

test('sentences and clauses that ask to select, focus or hover are left out, the rest kept as written', () => {
  assert.equal(forPaper('Each score is a dot product. Select a score to see its sum.'), 'Each score is a dot product.');
  assert.equal(forPaper('Rows sum to 1 (Σ), and you can select a weight to see its softmax. Next.'), 'Rows sum to 1 (Σ). Next.');
  assert.equal(forPaper('It keeps a running max; select any of them to see its arithmetic. It ends.'), 'It keeps a running max. It ends.');
  assert.equal(forPaper('Shown with every digit (hover a cell).'), 'Shown with every digit.');
  assert.equal(forPaper('Focus a word to see where its attention goes.'), '');
  assert.equal(forPaper('Which heads focus more, e.g. head 2? None.'), 'Which heads focus more, e.g. head 2? None.');
  assert.doesNotMatch(t('handout-note'), /\bselect (a|an|any) \w+ to\b/i, 'the note says what the page does, not what to do');
});

test('no shipped walkthrough’s intro or step text asks a reader of the handout to select, focus or hover', async () => {
  const s = new Session(lab, { find: (id) => SHIPPED.get(id), fallback: 'worked-example' });
  for (const [id, walkthrough] of SHIPPED) {
    for (const trained of [undefined, SHIPPED_LAYER]) {
      assert.equal(await s.open({ walkthrough: id, step: 'inputs' }, trained), true, id);
      assert.doesNotMatch(forPaper(withoutLessonLinks(walkthrough.intro)), ON_SCREEN, `${id}: intro`);
      for (const step of s.steps) assert.doesNotMatch(forPaper(withoutLessonLinks(step.text)), ON_SCREEN, `${id}: ${step.id}`);
    }
  }
});

test('the Spanish lessons are worded for paper too: no sentence or aside asks to select, focus or hover', () => {
  const spanish = JSON.parse(readFileSync(new URL('../../web/src/i18n/lessons/es.json', import.meta.url), 'utf8'));
  assert.equal(forPaper('Cada fila suma 1 (Σ), y puedes seleccionar un peso para ver su softmax. Sigue.'), 'Cada fila suma 1 (Σ). Sigue.');
  assert.equal(forPaper('Se muestran con todas sus cifras (pasa el puntero sobre una celda).'), 'Se muestran con todas sus cifras.');
  assert.equal(forPaper('Guarda un máximo; selecciona cualquiera para ver su aritmética. Fin.'), 'Guarda un máximo. Fin.');
  const texts = Object.values(spanish.walkthroughs).flatMap((w) => [w.intro ?? '', ...Object.values(w.stepTexts ?? {}).map((s) => s.text ?? '')]);
  for (const text of texts) assert.doesNotMatch(forPaper(withoutLessonLinks(text)), /\b(selecciona|seleccionar|haz clic|pasa el puntero|enfoca)\b/i, text);
});
