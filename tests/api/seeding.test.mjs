// Seeded Xavier initialisation of omitted weights: reproducible, seed-dependent, per-parameter.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();
const x = grid(3, 8);
const mha = (/** @type {Partial<import('attention-lab').MultiHeadAttentionArgs>} */ extra = {}) =>
  lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, ...extra });

test('the same seed gives identical weights and outputs', () => {
  assert.deepEqual(mha({ seed: 7 }), mha({ seed: 7 }));
});

test('the same seed gives identical numbers in a second, independently loaded lab', async () => {
  const other = await loadAttentionLab();
  assert.deepEqual(other.multiHeadAttention({ query: x, key: x, value: x, heads: 2, seed: 7 }), mha({ seed: 7 }));
});

test('a different seed gives different weights and a different output', () => {
  const a = mha({ seed: 1 });
  const b = mha({ seed: 2 });
  for (const name of /** @type {const} */ (['wQ', 'wK', 'wV', 'wO'])) assert.notDeepEqual(a.params[name], b.params[name], name);
  assert.notDeepEqual(a.output, b.output);
});

test('an omitted seed is seed 0', () => {
  assert.deepEqual(mha(), mha({ seed: 0 }));
});

test('the seeded weights are returned in params, d_model × d_model, within ±√(6 / (2·d_model))', () => {
  const t = mha({ seed: 3 });
  const bound = Math.sqrt(6 / 16);
  for (const name of /** @type {const} */ (['wQ', 'wK', 'wV', 'wO'])) {
    const w = t.params[name];
    assert.equal(w.length, 8);
    for (const row of w) {
      assert.equal(row.length, 8);
      for (const v of row) assert.ok(Math.abs(v) < bound, `${name}: ${v} within ±${bound}`);
    }
  }
  assert.notDeepEqual(t.params.wQ, t.params.wK, 'each parameter has its own stream');
  assert.equal(t.parameterCount, 4 * 64);
});

test('supplying one weight never changes the seeded numbers of the others', () => {
  const seeded = mha({ seed: 5 });
  const withWq = mha({ seed: 5, wQ: grid(8, 8, 9) });
  assert.deepEqual(withWq.params.wQ, grid(8, 8, 9));
  assert.deepEqual(withWq.params.wK, seeded.params.wK);
  assert.deepEqual(withWq.params.wV, seeded.params.wV);
  assert.deepEqual(withWq.params.wO, seeded.params.wO);
});

test('the encoder layer seeds its attention exactly as multi-head attention does, and w1, w2 from their own streams', () => {
  const enc = lab.encoderLayer({ input: x, heads: 2, dFF: 16, seed: 5 });
  const alone = mha({ seed: 5 });
  for (const name of /** @type {const} */ (['wQ', 'wK', 'wV', 'wO'])) assert.deepEqual(enc.attention.params[name], alone.params[name], name);
  assert.deepEqual(lab.encoderLayer({ input: x, heads: 2, dFF: 16, seed: 5 }), enc);
  const bound = Math.sqrt(6 / (8 + 16));
  for (const v of [...enc.params.w1.flat(), ...enc.params.w2.flat()]) assert.ok(Math.abs(v) < bound);
  assert.notDeepEqual(lab.encoderLayer({ input: x, heads: 2, dFF: 16, seed: 6 }).params.w1, enc.params.w1);
});

test('the largest seed, 2³² − 1, is accepted', () => {
  assert.equal(mha({ seed: 2 ** 32 - 1 }).params.wQ.length, 8);
});
