// The tokenizers through the npm API: what the golden fixtures do not pin down case by case.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

const lab = await loadAttentionLab();

test('tokenizing a training text with its own merges gives the training tokens, merge by merge', () => {
  for (const text of ['el niño añora la montaña, la niña sueña', '🙂🙂 hola 🙂 adiós 🙂🙂', 'the cat the cat the hat']) {
    const trained = lab.trainTokenizer({ text, merges: 20 });
    const merges = trained.merges.map((m) => m.pair);
    const applied = lab.tokenize({ text, merges });
    assert.deepEqual(applied.tokens, trained.tokens, text);
    assert.deepEqual(applied.steps.map((s) => s.merge), merges.map((_, k) => k), text);
    assert.deepEqual(applied.steps.map((s) => s.tokens.length), trained.merges.map((m) => m.length), text);
  }
});

test('each piece spells its bytes as UTF-8, or null when it holds part of a character', () => {
  const { pieces } = lab.tokenize({ text: 'añ🙂', merges: [[0xc3, 0xb1], [0xf0, 0x9f]] });
  assert.deepEqual(pieces.map((p) => p.text), ['a', 'ñ', null, null, null]);
  assert.deepEqual(pieces[1].bytes, [...new TextEncoder().encode('ñ')]);
  const joined = pieces.flatMap((p) => p.bytes);
  assert.equal(new TextDecoder().decode(Uint8Array.from(joined)), 'añ🙂');
});

test('training stops early when no pair occurs twice, and says so', () => {
  const t = lab.trainTokenizer({ text: 'abcabc', merges: 10 });
  assert.equal(t.stoppedEarly, true);
  assert.equal(t.vocabularySize, 256 + t.merges.length);
  assert.deepEqual(lab.trainTokenizer({ text: 'abcabc', merges: 0 }).tokens, [97, 98, 99, 97, 98, 99]);
});

test('a character outside the Basic Multilingual Plane is one character, not two UTF-16 units', () => {
  const t = lab.characterTokenizer({ text: 'a🙂a' });
  assert.deepEqual(t.characters, ['a', '🙂', 'a']);
  assert.deepEqual(t.vocabulary, ['a', '🙂']);
  assert.deepEqual(t.codePoints, [0x61, 0x1f642]);
  assert.deepEqual(t.ids, [0, 1, 0]);
});
