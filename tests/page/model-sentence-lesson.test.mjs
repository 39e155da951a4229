// A sentence read by the lessons' language model, without a browser (the opening walkthroughs of
// lessons 4 and 7): the characters and the words they make, one head between characters, the
// same head between words and every head of the layer by word are the engine's (the model's
// attention, lab.wordAttention); explanations end in the cell's value and name their operands;
// the sentence, layer and head are editable, a link keeps them, and what the engine or the model
// cannot read is refused with the previous state kept.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { readLink, writeLink } = await importCompiled('state/url-state');
const { loadLessonModel } = await importCompiled('session/language-model-source');
const { LESSONS } = await importCompiled('model/walkthroughs');
const { formatNumber } = await importCompiled('model/format');

const read = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/src/walkthroughs/${id}.json`, import.meta.url), 'utf8'));
const SENTENCE = read('model-reads-a-sentence');
const HEADS = read('model-heads-on-a-sentence');
const { text } = SENTENCE.inputs;
// The lesson counts layers and heads from 1, the engine from 0.
const layer = SENTENCE.inputs.layer - 1, head = SENTENCE.inputs.head - 1;

const { opened, panelOf, fieldOf } = lessonSession(lab, SENTENCE, 'characters');
const model = await loadLessonModel(lab);
const { heads } = model.config();
const attention = model.attention({ text });
const byWord = (/** @type {number} */ l, /** @type {number} */ h, /** @type {string} */ on = text) => {
  const a = model.attention({ text: on });
  return lab.wordAttention({ tokens: a.pieces, weights: a.weights[l][h] });
};

describe('a sentence read by the model', () => {
  test('opens lessons 4 and 7, before their walkthroughs of seeded weights', () => {
    const lesson = (/** @type {string} */ id) => LESSONS.find((/** @type {any} */ l) => l.id === id);
    assert.equal(lesson('self-attention').walkthroughs[0].id, 'model-reads-a-sentence');
    assert.equal(lesson('multi-head').walkthroughs[0].id, 'model-heads-on-a-sentence');
  });

  test('its steps in order: the characters, one head between them, each character’s weight on each word, the head between words, every head by word', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id).filter((/** @type {string} */ id) => !id.startsWith('exercise-')),
      ['characters', 'head', 'to-words', 'words', 'heads']);
  });

  test('each word lists its characters, a space drawn as ␣ with the word after it, and the model’s token ids', async () => {
    const { s } = await opened();
    const words = panelOf(s, 'characters', 'words').facts;
    const expected = byWord(layer, head);
    assert.deepEqual(words.map((/** @type {string[]} */ f) => f[0]), expected.words);
    assert.deepEqual(expected.words, ['Ask', 'Valdomir', 'if', 'Valdomir', 'will', 'come.']);
    assert.equal(words[1][1], `␣ V a l d o m i r · ids ${attention.tokens.slice(3, 12).join(' ')}`);
    assert.match(s.steps[0].text, new RegExp(`as ${attention.tokens.length} tokens, one per character`));
  });

  test('the head between characters is the model’s attention; between words it is wordAttention of it, words as labels', async () => {
    const { s } = await opened('words');
    const chars = panelOf(s, 'head', 'head-weights');
    assert.deepEqual(chars.data, attention.weights[layer][head]);
    assert.equal(chars.rowLabels[3], '␣');
    const expected = byWord(layer, head);
    assert.deepEqual(panelOf(s, 'to-words', 'to-words').data, expected.toWords);
    const words = panelOf(s, 'words', `head-${head + 1}-words`);
    assert.deepEqual(words.data, expected.weights);
    assert.deepEqual(words.rowLabels, expected.words);
    assert.deepEqual(words.colLabels, expected.words);
    const others = expected.weights.flatMap((/** @type {number[]} */ row, /** @type {number} */ a) => row.flatMap((x, b) => (a === b ? [] : [{ a, b, x }])));
    const top = others.reduce((best, cell) => (cell.x > best.x ? cell : best));
    const said = s.steps.find((/** @type {any} */ step) => step.id === 'words').text;
    assert.ok(said.includes(`the largest weight one word gives another is ${formatNumber(top.x, 3)}, from “${expected.words[top.a]}” to “${expected.words[top.b]}”`), said);
  });

  test('every head of the layer by word, one table per head', async () => {
    const { s } = await opened('heads');
    const step = s.steps.find((/** @type {any} */ st) => st.id === 'heads');
    const tables = step.panels.filter((/** @type {any} */ p) => p.type === 'matrix');
    assert.equal(tables.length, heads);
    tables.forEach((/** @type {any} */ table, /** @type {number} */ h) => assert.deepEqual(table.data, byWord(layer, h).weights, `head ${h + 1}`));
    assert.notDeepEqual(tables[0].data, tables[1].data, 'heads differ');
  });

  test('explain this number: a weight, a character’s sum over a word, a word’s mean over its characters, each ending in the engine’s value', async () => {
    const { s } = await opened('words');
    const endsIn = (/** @type {any} */ panel, /** @type {number} */ i, /** @type {number} */ j) => {
      const e = s.explain(panel, i, j);
      assert.ok(e, `${panel.name} explains (${i}, ${j})`);
      assert.equal(Number(e.exact), panel.data[i][j]);
      return e;
    };
    const future = endsIn(panelOf(s, 'head', 'head-weights'), 1, 4);
    assert.match(future.note, /the causal mask blocks it/);
    // "if" (word 2) is characters 12 … 14: its space, i and f.
    const toWord = endsIn(panelOf(s, 'to-words', 'to-words'), 14, 2);
    assert.equal(toWord.lines[0], 'S₁₄,₂ = Σⱼ A₂,₁[14, j] (j = 12, 13, 14)');
    assert.equal(toWord.lines[1].split(' + ').length, 3);
    assert.deepEqual(toWord.related, [12, 13, 14].map((col) => ({ panel: 'head-weights', row: 14, col })));
    const word = endsIn(panelOf(s, 'words', `head-${head + 1}-words`), 2, 1);
    assert.equal(word.lines[0], 'W₂₁ = (1/3) · Σᵢ S[i, 1] (i = 12, 13, 14)');
    assert.match(word.note, /the mean of the rows of the 3 characters of “if”/);
    assert.deepEqual(word.related, [12, 13, 14].map((row) => ({ panel: 'to-words', row, col: 1 })));
  });

  test('the sentence, the layer and the head are editable; what the model cannot read is refused and the sentence kept', async () => {
    const { s, notices } = await opened('words');
    s.changeParameter(fieldOf(s, 'text'), 'O Romeo, Romeo!');
    assert.deepEqual(panelOf(s, 'words', `head-${head + 1}-words`).rowLabels, ['O', 'Romeo,', 'Romeo!']);
    const before = s.inputs;
    s.changeParameter(fieldOf(s, 'text'), '     ');
    assert.equal(s.inputs, before);
    assert.match(notices.at(-1), /text: expected at least one word/);
    s.changeParameter(fieldOf(s, 'text'), 'a ☃ b');
    assert.equal(s.inputs, before);
    assert.match(notices.at(-1), /refused these inputs: text: /, 'a character outside the vocabulary is refused naming the text');
    s.changeParameter(fieldOf(s, 'head'), '3');
    assert.deepEqual(panelOf(s, 'words', 'head-3-words').data, byWord(layer, 2, 'O Romeo, Romeo!').weights);
    const { layers } = model.config();
    assert.equal(fieldOf(s, 'layer').max, layers);
  });

  test('a link keeps the sentence, the layer and the head, and opens on them', async () => {
    const inputs = { text: 'Now is the winter of our discontent', layer: 1, head: 4 };
    const url = new URL(writeLink({ walkthrough: HEADS.id, step: 'heads', inputs }), 'http://lab.test/');
    const { state, notices } = readLink({ search: url.search, hash: url.hash });
    assert.deepEqual(notices, []);
    assert.deepEqual(state, { walkthrough: HEADS.id, step: 'heads', inputs });
    const { s } = await lessonSession(lab, HEADS, 'heads').opened('heads', state.inputs);
    assert.deepEqual(panelOf(s, 'words', 'head-4-words').data, byWord(0, 3, inputs.text).weights);
  });

  test('the exercises are graded on the engine’s word weights: “if” on the first “Valdomir”, and where “if” looks in head 1', async () => {
    const { s } = await opened();
    const value = SENTENCE.exercises.find((/** @type {any} */ e) => e.id === 'if-on-valdomir');
    const weight = byWord(layer, head).weights[2][1];
    assert.equal(s.answer(value, weight.toFixed(3)).correct, true);
    // The mean of the three characters' rows, rounded each to two decimals, is still within the tolerance.
    const rows = byWord(layer, head).toWords.slice(12, 15).map((/** @type {number[]} */ r) => Number(r[1].toFixed(2)));
    assert.equal(s.answer(value, String(rows.reduce((a, b) => a + b, 0) / 3)).correct, true);
    assert.equal(s.answer(value, String(weight * 3)).correct, false, 'the sum, not the mean, is wrong');

    const heads = lessonSession(lab, HEADS, 'characters');
    const { s: other } = await heads.opened();
    const pick = HEADS.exercises.find((/** @type {any} */ e) => e.id === 'short-word-looks-back');
    const row = byWord(0, 0).weights[2];
    const best = row.indexOf(Math.max(...row));
    assert.equal(best, 1, 'head 1 of layer 1: “if” looks most at the word before it');
    assert.equal(other.answer(pick, `r2c${best}`).correct, true);
    assert.equal(other.answer(pick, 'r2c2').correct, false);
  });
});
