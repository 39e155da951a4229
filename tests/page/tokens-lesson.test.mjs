// The lesson "From text to tokens" without a browser: the characters, bytes, pair counts,
// merges and the new sentence's tokens are the engine's (characterTokenizer, trainTokenizer,
// countPairs, tokenize); explanations end in the cell's value; the sentence is editable and its
// refusal the engine's; the exercises are graded by diagnoseTokenizer, which names each mistake.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');
const { readLink, writeLink } = await importCompiled('state/url-state');

const TOKENS = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/text-to-tokens.json', import.meta.url), 'utf8'));
const { text, merges, newText } = TOKENS.inputs;

const { opened, panelOf, fieldOf } = lessonSession(lab, TOKENS, 'text');

const trained = lab.trainTokenizer({ text, merges });
const pairs = trained.merges.map((m) => m.pair);

describe('from text to tokens', () => {
  test('its steps, in the order of the lesson, exercises among them', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id), [
      'text', 'exercise-how-many-bytes', 'bytes', 'exercise-pair-count', 'exercise-pair-position', 'pairs', 'merge', 'exercise-length-after-two',
      'merges', 'exercise-new-sentence', 'tokenize', 'characters',
    ]);
  });

  test('characters and bytes are the engine’s: é is two bytes, 🙂 four, and the labels say whose byte each is', async () => {
    const { s } = await opened('bytes');
    const characters = lab.characterTokenizer({ text });
    assert.deepEqual(panelOf(s, 'text', 'code-points').data, [characters.ids.map((id) => characters.codePoints[id])]);
    assert.deepEqual(panelOf(s, 'text', 'code-points').colLabels.slice(0, 5), ['O', 'l', 'é', '!', '␣']);
    const bytes = panelOf(s, 'bytes', 'bytes');
    assert.deepEqual(bytes.data, [trained.bytes]);
    assert.equal(trained.bytes.length, characters.characters.length + 1 + 3, 'é one byte more, 🙂 three more');
    assert.deepEqual(bytes.colLabels.slice(0, 4), ['O', 'l', 'é1', 'é2']);
    assert.deepEqual(bytes.colLabels.slice(-4), ['🙂1', '🙂2', '🙂3', '🙂4']);
    const facts = Object.fromEntries(panelOf(s, 'bytes', 'byte-facts').facts);
    assert.equal(facts['bytes of é'], 'C3 A9');
    assert.equal(facts['bytes of 🙂'], 'F0 9F 99 82');
  });

  test('the pair table is countPairs on the bytes: mm 4 times counted overlapping, 2 without, tied with an and first', async () => {
    const { s } = await opened('pairs');
    const counted = lab.countPairs({ tokens: trained.bytes }).pairs;
    const table = panelOf(s, 'pairs', 'pair-counts');
    assert.deepEqual(table.data, counted.slice(0, 12).map((p) => [p.count, p.withoutOverlap, p.first]));
    assert.deepEqual(table.rowLabels.slice(0, 2), ['m·m', 'a·n']);
    assert.deepEqual(table.data.slice(0, 2), [[4, 2, 6], [4, 4, 18]]);
    assert.deepEqual(table.focus, [[0, 0], [1, 0], [0, 2]], 'the tied counts and the position that wins');
    assert.match(s.steps.find((/** @type {any} */ step) => step.id === 'pairs').text, /The top count, 4, is shared by 2 pairs\. .*here m·m at position 6/);
  });

  test('the merges are trainTokenizer’s, the chart trades length for vocabulary, and training stops when no pair occurs twice', async () => {
    const { s } = await opened('merges');
    const table = panelOf(s, 'merges', 'merge-table');
    assert.deepEqual(table.data, trained.merges.map((m) => [m.pair[0], m.pair[1], m.count, m.replaced, m.token, m.length]));
    assert.deepEqual(table.rowLabels.slice(0, 3), ['mm', 'an', 'mmm']);
    assert.deepEqual(panelOf(s, 'merges', 'final-tokens').data, [trained.tokens]);
    const chart = panelOf(s, 'merges', 'length-against-vocabulary');
    assert.deepEqual(chart.series[0].points, [[256, trained.bytes.length], ...trained.merges.map((m) => [m.token + 1, m.length])]);
    assert.equal(trained.stoppedEarly, true);
    assert.match(s.steps.find((/** @type {any} */ step) => step.id === 'merges').text, /You asked for 10 merges; after 6 no pair occurs twice/);
    const after = panelOf(s, 'merge', 'after-merge');
    assert.deepEqual(after.data, [lab.trainTokenizer({ text, merges: 1 }).tokens]);
  });

  test('the new sentence is tokenize’s with the learned merges, and the longest match gives another count', async () => {
    const { s } = await opened('tokenize');
    const applied = lab.tokenize({ text: newText, merges: pairs });
    assert.deepEqual(panelOf(s, 'tokenize', 'new-tokens').data, [applied.tokens]);
    assert.deepEqual(panelOf(s, 'tokenize', 'tokenize-steps').data, applied.steps.map((step) => [step.merge, step.token, step.replaced, step.tokens.length]));
    const longest = lab.diagnoseTokenizer({ text, merges, question: 'tokens', newText, answer: 0 }).candidates.find((c) => c.misconception === 'longestMatch');
    assert.notEqual(longest?.value, applied.tokens.length);
    assert.match(s.steps.find((/** @type {any} */ step) => step.id === 'tokenize').text, new RegExp(`gives ${longest?.value} tokens instead`));
  });

  test('bytes, BPE and characters side by side: vocabulary against length, each from its engine call', async () => {
    const { s } = await opened('characters');
    const characters = lab.characterTokenizer({ text });
    assert.deepEqual(panelOf(s, 'characters', 'compare').data, [
      [256, trained.bytes.length], [trained.vocabularySize, trained.tokens.length], [characters.vocabulary.length, characters.characters.length],
    ]);
    assert.deepEqual(panelOf(s, 'characters', 'character-ids').data, [characters.ids]);
  });

  test('explain this number: a byte of é, a pair’s counts, a merge’s token and length, each ending in the engine’s value', async () => {
    const { s } = await opened('merges');
    const bytes = panelOf(s, 'bytes', 'bytes');
    const byte = s.explain(bytes, 0, 3);
    assert.deepEqual(byte.lines, ['b₀₃ = 0xA9 = 169']);
    assert.match(byte.note, /byte 2 of the 2 bytes UTF-8 writes “é” with/);
    const counts = panelOf(s, 'pairs', 'pair-counts');
    assert.match(s.explain(counts, 0, 0).note, /every position where m·m occurs, overlapping occurrences included/);
    assert.match(s.explain(counts, 0, 1).note, /what a merge replaces/);
    const table = panelOf(s, 'merges', 'merge-table');
    assert.deepEqual(s.explain(table, 1, 4).lines, ['token₁ = 256 + 1 = 257']);
    assert.deepEqual(s.explain(table, 1, 5).lines, [`n₂ = n₁ − replaced₁ = ${trained.merges[0].length} − ${trained.merges[1].replaced} = ${trained.merges[1].length}`]);
    const after = panelOf(s, 'merge', 'after-merge');
    const at = after.data[0].indexOf(256);
    assert.equal(at, 6, 'the first mm of “mmm” at byte 6');
    assert.deepEqual(after.focus, after.data[0].flatMap((/** @type {number} */ t, /** @type {number} */ i) => (t === 256 ? [[0, i]] : [])), 'the new token highlighted');
    assert.equal(after.focus.length, trained.merges[0].replaced);
    assert.deepEqual(s.explain(after, 0, at).lines, ['t₀₆ = 256', '= mm = 6D 6D']);
    assert.match(s.explain(after, 0, at).note, /token 256 stands for the bytes 6D 6D/);
  });

  test('the sentence is editable: a new one retrains at once; an empty one is refused by the page, a long one by the engine on screen', async () => {
    const { s, notices } = await opened('merges');
    s.changeParameter(fieldOf(s, 'text'), 'aaaa bbbb aaaa');
    assert.equal(s.inputs.text, 'aaaa bbbb aaaa');
    assert.deepEqual(panelOf(s, 'merges', 'final-tokens').data, [lab.trainTokenizer({ text: 'aaaa bbbb aaaa', merges }).tokens]);
    const before = s.inputs;
    s.changeParameter(fieldOf(s, 'text'), '');
    assert.equal(s.inputs, before);
    assert.equal(notices.at(-1), 'your sentence: type some text.');
    s.goTo(s.steps.findIndex((/** @type {any} */ step) => step.id === 'tokenize'));
    s.changeParameter(fieldOf(s, 'newText'), 'x'.repeat(2049));
    assert.equal(s.inputs, before);
    assert.equal(notices.at(-1), 'The engine refused these inputs: text: expected a text of 1 to 2048 bytes of UTF-8, got 2049 bytes');
    assert.equal(parseWalkthrough({ ...TOKENS, id: 'mine', inputs: { ...TOKENS.inputs, text: 'é'.repeat(61) } }).error, 'inputs.text: expected a text of 1 to 120 bytes of UTF-8, got 122 bytes');
    assert.match(parseWalkthrough({ ...TOKENS, id: 'mine', inputs: { ...TOKENS.inputs, newText: '' } }).error, /^inputs\.newText: expected a text of 1 to 60 bytes of UTF-8/);
  });

  test('a link keeps the edited sentences, emoji and spaces included, and opens on them', async () => {
    const inputs = { text: 'añá  añá 🙂🙂 "quoted" #hash', merges: 5, newText: 'añá 🙂' };
    const url = new URL(writeLink({ walkthrough: 'text-to-tokens', step: 'merges', inputs }), 'http://lab.test/');
    const { state, notices } = readLink({ search: url.search, hash: url.hash });
    assert.deepEqual(notices, []);
    assert.deepEqual(state, { walkthrough: 'text-to-tokens', step: 'merges', inputs });
    const { s } = await opened('merges', state.inputs);
    assert.deepEqual(panelOf(s, 'merges', 'final-tokens').data, [lab.trainTokenizer({ text: inputs.text, merges: 5 }).tokens]);
    assert.deepEqual(panelOf(s, 'tokenize', 'new-tokens').data[0].length, lab.tokenize({ text: inputs.newText, merges: lab.trainTokenizer({ text: inputs.text, merges: 5 }).merges.map((m) => m.pair) }).tokens.length);
  });

  test('one byte has no pair: no merge step, and the pairs step says why', async () => {
    const { s } = await opened('text', { text: 'x', merges: 4, newText: 'xx' });
    assert.deepEqual(s.steps.filter((/** @type {any} */ step) => !step.id.startsWith('exercise-')).map((/** @type {any} */ step) => step.id),
      ['text', 'bytes', 'pairs', 'merges', 'tokenize', 'characters']);
    assert.match(s.steps.find((/** @type {any} */ step) => step.id === 'pairs').text, /One byte has no neighbour/);
  });

  test('the exercises are graded by diagnoseTokenizer, which names characters, overlaps, ties, first occurrences and the longest match', async () => {
    const { s } = await opened('text');
    const exercise = (/** @type {string} */ id) => TOKENS.exercises.find((/** @type {any} */ e) => e.id === id);
    const characters = lab.characterTokenizer({ text }).characters.length;

    const bytes = exercise('how-many-bytes');
    assert.equal(s.answer(bytes, String(trained.bytes.length)).correct, true);
    const asCharacters = s.answer(bytes, String(characters));
    assert.equal(asCharacters.misconception, 'characters');
    assert.match(asCharacters.message, /counting characters/);

    const count = exercise('pair-count');
    assert.equal(s.answer(count, '4').correct, true);
    assert.equal(s.answer(count, '2').misconception, 'noOverlap');

    const position = exercise('pair-position');
    assert.equal(s.answer(position, '6').correct, true);
    assert.equal(s.answer(position, '5').misconception, 'characters', 'é is one character and two bytes');
    const tie = s.answer(position, '18');
    assert.equal(tie.misconception, 'wrongTie');
    assert.match(tie.message, /the one that occurs first is merged/);

    const length = exercise('length-after-two');
    assert.equal(s.answer(length, String(trained.merges[1].length)).correct, true);
    assert.equal(s.answer(length, String(trained.merges[0].length - 1)).misconception, 'firstOccurrenceOnly');

    const sentence = exercise('new-sentence');
    const right = lab.tokenize({ text: newText, merges: pairs }).tokens.length;
    assert.equal(s.answer(sentence, String(right)).correct, true);
    const longest = lab.diagnoseTokenizer({ text, merges, question: 'tokens', newText, answer: 0 }).candidates.find((c) => c.misconception === 'longestMatch');
    const graded = s.answer(sentence, String(longest?.value));
    assert.equal(graded.misconception, 'longestMatch');
    assert.match(graded.message, /longest token that fits/);
    assert.match(s.answer(sentence, '2.5').error, /^answer: expected a whole number from 0 to 16384, got 2\.5/);
  });
});
