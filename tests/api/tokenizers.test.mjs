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

test('countPairs ranks the pairs as a training picks them: its first pair is the next merge, at every merge', () => {
  const text = 'Olé! mmm, hmmm: banana, bandana 🙂';
  const trained = lab.trainTokenizer({ text, merges: 10 });
  trained.merges.forEach((merge, k) => {
    const before = k === 0 ? trained.bytes : lab.trainTokenizer({ text, merges: k }).tokens;
    const [top] = lab.countPairs({ tokens: before }).pairs;
    assert.deepEqual(top.pair, merge.pair, `merge ${k}`);
    assert.equal(top.count, merge.count, `merge ${k}`);
    assert.equal(top.withoutOverlap, merge.replaced, `merge ${k}`);
  });
  const total = lab.countPairs({ tokens: trained.bytes }).pairs.reduce((sum, p) => sum + p.count, 0);
  assert.equal(total, trained.bytes.length - 1, 'every adjacent pair once');
});

test('diagnoseTokenizer expects what trainTokenizer and tokenize give, and names each mistake on the lesson’s sentence', () => {
  const text = 'Olé! mmm, hmmm: banana, bandana 🙂';
  const trained = lab.trainTokenizer({ text, merges: 10 });
  const ask = (/** @type {Omit<import('attention-lab').DiagnoseTokenizerArgs, 'text' | 'merges'>} */ rest) => lab.diagnoseTokenizer({ text, merges: 10, ...rest });
  assert.equal(ask({ question: 'bytes', answer: 0 }).expected, trained.bytes.length);
  assert.equal(ask({ question: 'bytes', answer: lab.characterTokenizer({ text }).characters.length }).misconception, 'characters');
  assert.equal(ask({ question: 'count', merge: 0, answer: trained.merges[0].replaced }).misconception, 'noOverlap');
  assert.equal(ask({ question: 'length', merge: 1, answer: trained.merges[0].length - 1 }).misconception, 'firstOccurrenceOnly');
  assert.equal(ask({ question: 'length', merge: 1, answer: trained.merges[1].length }).correct, true);
  const merges = trained.merges.map((m) => m.pair);
  const tokens = ask({ question: 'tokens', newText: 'an ananas', answer: lab.tokenize({ text: 'an ananas', merges }).tokens.length });
  assert.equal(tokens.correct, true);
  const longest = tokens.candidates.find((c) => c.misconception === 'longestMatch');
  assert.ok(longest && longest.value !== tokens.expected, 'the longest match differs here');
  assert.equal(ask({ question: 'tokens', newText: 'an ananas', answer: /** @type {number} */ (longest?.value) }).misconception, 'longestMatch');
});
