// The trainer is not an engine operation, so types-match-descriptions.test.mjs leaves it out;
// this test holds its hand-written types (web/lib/index.d.ts) to what the façade reads and what
// a real trainer returns: every option the façade accepts is declared and nothing else, and
// every result's fields are exactly the declared ones, with optionality.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';
import { MODEL_OPTIONS, OPTIONS } from '../../web/lib/trainer.js';
import { declaredFields, keys } from '../support/declared-fields.mjs';

test('TrainerOptions and TrainerModelOptions declare exactly the options the façade reads', () => {
  assert.deepEqual(declaredFields('TrainerOptions'), [...OPTIONS].sort());
  assert.deepEqual(declaredFields('TrainerModelOptions'), [...MODEL_OPTIONS].sort());
  assert.deepEqual(declaredFields('TrainerConfig'), [...OPTIONS].sort(), 'status().options has every option, resolved');
});

test('every result of a trainer has exactly the fields its type declares', async () => {
  const lab = await loadAttentionLab();
  const trainer = lab.createTrainer({ task: 'reverse', model: { dModel: 8, heads: 2, layers: 1, dFF: 8 } });
  try {
    const status = trainer.status();
    assert.deepEqual(keys(trainer.step(2)), declaredFields('TrainerStep'));
    assert.deepEqual(keys(status), declaredFields('TrainerStatus'));
    assert.deepEqual(keys(status.options), declaredFields('TrainerConfig'));
    assert.deepEqual(keys(status.options.model), declaredFields('TrainerConfig', ['model']));
    assert.deepEqual(keys(status.estimate), declaredFields('TrainerEstimate'));
    assert.deepEqual(keys(trainer.evaluate()), declaredFields('TrainerEvaluation'));
    assert.deepEqual(keys(trainer.ablate({ layer: 0, head: 0 })), declaredFields('TrainerEvaluation'));
    assert.deepEqual(keys(trainer.attention()), declaredFields('TrainerAttention'));
    assert.deepEqual(keys(trainer.headScores()), declaredFields('TrainerHeadScores'));
    assert.deepEqual(keys(trainer), declaredFields('Trainer'));
  } finally {
    trainer.dispose();
  }
});
