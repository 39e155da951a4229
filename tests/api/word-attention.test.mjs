// lab.wordAttention through the wasm build: a head's weights between a model's tokens read between
// words, the words found from the tokens' own spaces, every refusal naming its argument. Its
// golden cases (PyTorch) run in golden.test.mjs; the lesson that uses it in
// tests/page/model-sentence-lesson.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);
const causal = [[1, 0, 0], [0.5, 0.5, 0], [0.2, 0.3, 0.5]];

describe('wordAttention', () => {
  test('a space joins the word after it; a word’s row is the mean of its tokens’ sums over each word', () => {
    const t = lab.wordAttention({ tokens: ['a', ' ', 'b'], weights: causal });
    assert.deepEqual(t.words, ['a', 'b']);
    assert.deepEqual(t.wordOf, [0, 1, 1]);
    assert.deepEqual(t.toWords, [[1, 0], [0.5, 0.5], [0.2, 0.8]]);
    assert.deepEqual(t.weights, [[1, 0], [(0.5 + 0.2) / 2, (0.5 + 0.8) / 2]]);
  });

  test('the characters of a sentence read by the shipped model make its words, and each row sums to 1', async () => {
    const model = await lab.loadLanguageModel();
    try {
      const text = 'To be, or not to be.';
      const { pieces, weights } = model.attention({ text });
      const t = lab.wordAttention({ tokens: /** @type {string[]} */ (pieces), weights: weights[1][0] });
      assert.deepEqual(t.words, ['To', 'be,', 'or', 'not', 'to', 'be.']);
      for (const row of t.weights) assert.ok(Math.abs(row.reduce((a, b) => a + b, 0) - 1) < 1e-12);
      t.weights.forEach((row, a) => row.forEach((x, b) => { if (b > a) assert.equal(x, 0, 'a causal head stays causal between words'); }));
    } finally {
      model.dispose();
    }
  });

  test('tokens that do not fit the weights, or have no word, are refused naming tokens', () => {
    expectAttentionError(() => lab.wordAttention({ tokens: ['a', 'b'], weights: causal }), 'tokens', 'tokens: expected one token per row of weights (3), got 2 tokens');
    expectAttentionError(() => lab.wordAttention({ tokens: [' ', '\n', ' '], weights: causal }), 'tokens',
      'tokens: expected at least one token with a character that is not whitespace, got 3 tokens of whitespace only');
    expectAttentionError(() => untyped.wordAttention({ tokens: 'a b', weights: causal }), 'tokens', /^tokens: expected/);
  });

  test('weights that are not a head’s are refused naming the row or cell', () => {
    expectAttentionError(() => lab.wordAttention({ tokens: ['a', 'b'], weights: [[1, 0], [0.5, 0.4]] }), 'weights[1]',
      'weights[1]: expected a row of attention weights summing to 1 (within 1e-6), got a sum of 0.9');
    expectAttentionError(() => lab.wordAttention({ tokens: ['a', 'b'], weights: [[1, 0], [1.5, -0.5]] }), 'weights[1][1]',
      'weights[1][1]: expected a non-negative attention weight, got -0.5');
    expectAttentionError(() => lab.wordAttention({ tokens: ['a', 'b'], weights: [[1, 0, 0], [0, 1, 0]] }), 'weights', /^weights: expected a square matrix/);
    expectAttentionError(() => lab.wordAttention({ tokens: ['a'], weights: [[NaN]] }), 'weights[0][0]', 'weights[0][0]: expected a finite number, got NaN');
  });
});
