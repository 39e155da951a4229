// The language model is not an engine operation, so types-match-descriptions.test.mjs leaves it
// out; this test holds its hand-written types (web/lib/index.d.ts) to what the façade reads and
// what a real model returns: every option is declared and nothing else, and every result's
// fields are exactly the declared ones.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';
import { CONFIG_FIELDS, OPTIONS } from '../../web/lib/language-model.js';
import { declaredFields, keys } from '../support/declared-fields.mjs';

test('LanguageModelOptions and LanguageModelConfig declare exactly the options the façade reads', () => {
  assert.deepEqual(declaredFields('LanguageModelOptions'), [...OPTIONS].sort());
  assert.deepEqual(declaredFields('LanguageModelConfig'), [...CONFIG_FIELDS].sort());
  assert.deepEqual(declaredFields('LanguageModelSettings'), [...CONFIG_FIELDS, 'vocab'].sort());
});

test('every result of a language model has exactly the fields its type declares', async () => {
  const lab = await loadAttentionLab();
  const model = lab.createLanguageModel({ model: { dModel: 8, heads: 2, layers: 1, dFF: 8, context: 16 } });
  try {
    assert.deepEqual(keys(model.config()), declaredFields('LanguageModelSettings'));
    assert.deepEqual(keys(model.tokenize('hi')), declaredFields('LanguageModelTokens'));
    const generation = model.generate({ prompt: 'hi', tokens: 2 });
    assert.deepEqual(keys(generation), declaredFields('Generation'));
    assert.deepEqual(keys(generation.steps[0]), declaredFields('GenerationStep'));
    assert.deepEqual(keys(model.tokenLosses({ text: 'hi' })), declaredFields('TokenLosses'));
    assert.deepEqual(keys(model.attention({ text: 'hi' })), declaredFields('LanguageModelAttention'));
    const lens = model.logitLens({ text: 'hi' });
    assert.deepEqual(keys(lens), declaredFields('LogitLens'));
    assert.deepEqual(keys(lens.layers[0]), declaredFields('LogitLensLayer'));
    assert.deepEqual(keys(model.headScores({ pattern: 'previous-token' })), declaredFields('LanguageModelHeadScores'));
    assert.deepEqual(keys(model.tokenizer()), declaredFields('LanguageModelTokenizer'));
    const ablated = model.ablate({ layer: 0, head: 1 });
    assert.deepEqual(keys(ablated), declaredFields('LanguageModel'));
    ablated.dispose();
    assert.deepEqual(keys(model), declaredFields('LanguageModel'));
  } finally {
    model.dispose();
  }
});
