// The glossary (web/src/model/glossary.ts): how terms are found in lesson text (first appearance,
// whole words, the longest form), and that the glossary and the lessons agree: every entry is
// used somewhere a learner reads, built with the real engine as the page builds it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';

const { GLOSSARY, markTerms, translateGlossary } = await importCompiled('model/glossary');

/** The marked terms of a text, as [text, id]. */
const marked = (text, seen) => markTerms(text, seen).filter((p) => typeof p !== 'string').map((p) => [p.text, p.entry.id]);

test('a term is marked at its first appearance only, case-insensitively, and the text around it is kept', () => {
  const parts = markTerms('The Softmax of scores; a softmax again.');
  assert.deepEqual(parts.map((p) => (typeof p === 'string' ? p : `[${p.text}]`)).join(''), 'The [Softmax] of scores; a softmax again.');
  assert.deepEqual(marked('Softmax, then softmax'), [['Softmax', 'softmax']]);
});

test('only whole words are marked, and the longest form wins', () => {
  assert.deepEqual(marked('the heading of an unmasked row'), []);
  assert.deepEqual(marked('a positional encoding is added'), [['positional encoding', 'positional-encoding']]);
  assert.deepEqual(marked('its Frobenius norm'), [['Frobenius norm', 'frobenius']]);
  assert.deepEqual(marked('divide by √d_k = 1.414'), [['d_k', 'd-k']]);
  assert.deepEqual(marked('two heads, one head'), [['heads', 'head']]);
});

test('terms already marked elsewhere in the step are not marked again', () => {
  const seen = new Set();
  assert.deepEqual(marked('the mask', seen), [['mask', 'mask']]);
  assert.deepEqual(marked('a masked score and its entropy', seen), [['entropy', 'entropy']]);
});

test('every glossary entry has an id of its own, a definition and forms that find it', () => {
  assert.equal(new Set(GLOSSARY.map((e) => e.id)).size, GLOSSARY.length);
  for (const entry of GLOSSARY) {
    assert.ok(entry.definition.length > 40, entry.id);
    for (const form of entry.forms) assert.deepEqual(marked(`x ${form} y`), [[form, entry.id]], `${entry.id}: ${form}`);
    if (entry.source) assert.match(entry.source.url, /^https:\/\//, entry.id);
  }
});

test('every glossary entry is used in the text of some shipped lesson', async () => {
  const lab = await loadAttentionLab();
  const { Session } = await importCompiled('session/session');
  const folder = new URL('../../web/src/walkthroughs/', import.meta.url);
  const shipped = new Map(readdirSync(folder).filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(new URL(f, folder), 'utf8'))).map((w) => [w.id, w]));
  const used = new Set();
  for (const [id, walkthrough] of shipped) {
    const session = new Session(lab, { find: (name) => shipped.get(name), fallback: 'worked-example' });
    assert.equal(await session.open({ walkthrough: id, step: 'inputs' }), true, id);
    for (const step of session.steps) for (const [, entryId] of marked(step.text)) used.add(entryId);
    for (const [, entryId] of marked(walkthrough.intro)) used.add(entryId);
  }
  assert.deepEqual(GLOSSARY.map((e) => e.id).filter((id) => !used.has(id)), []);
});

// The glossary in Spanish (i18n/lessons/es.json, "glossary"): every entry, in our own words, with
// forms that find it in Spanish lesson text. Last in this file: it puts the glossary into Spanish.
test('every glossary entry is in Spanish, with forms that find it, and is used in the Spanish lessons', () => {
  const spanish = JSON.parse(readFileSync(new URL('../../web/src/i18n/lessons/es.json', import.meta.url), 'utf8'));
  assert.deepEqual(Object.keys(spanish.glossary).sort(), GLOSSARY.map((e) => e.id).sort());
  const english = new Map(GLOSSARY.map((e) => [e.id, { ...e }]));
  translateGlossary(spanish.glossary);
  for (const entry of GLOSSARY) {
    assert.notEqual(entry.definition, english.get(entry.id).definition, entry.id);
    assert.ok(entry.definition.length > 40, entry.id);
    assert.equal(entry.source, english.get(entry.id).source, entry.id);
    for (const form of entry.forms) assert.deepEqual(marked(`x ${form} y`), [[form, entry.id]], `${entry.id}: ${form}`);
  }
  assert.deepEqual(marked('la máscara de las cabezas y su entropía'), [['máscara', 'mask'], ['cabezas', 'head'], ['entropía', 'entropy']]);
  const texts = Object.values(spanish.walkthroughs)
    .flatMap((w) => [w.intro ?? '', ...Object.values(w.stepTexts ?? {}).map((s) => s.text ?? '')]).join('\n');
  const used = new Set(marked(texts).map(([, id]) => id));
  assert.deepEqual(GLOSSARY.map((e) => e.id).filter((id) => !used.has(id)), []);
});
