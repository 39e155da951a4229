// lab.sample through the wasm build: the same seed draws the same token, temperature 0 is
// greedy, and every refusal names its argument. Its golden cases run in golden.test.mjs.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);
const logits = [2, 1, 0.5, -1, 0, 3];

describe('sample', () => {
  test('the same seed draws the same token; the chosen token is always a kept one', () => {
    const first = lab.sample({ logits, temperature: 1.2, topK: 4, topP: 0.9, seed: 31 });
    const again = lab.sample({ logits, temperature: 1.2, topK: 4, topP: 0.9, seed: 31 });
    assert.equal(again.chosen, first.chosen);
    assert.equal(again.uniform, first.uniform);
    const drawn = new Set();
    for (let seed = 0; seed < 200; seed += 1) {
      const { chosen, kept, probabilities } = lab.sample({ logits, temperature: 1.2, topK: 4, topP: 0.9, seed });
      assert.ok(kept.includes(chosen));
      assert.ok(probabilities[chosen] > 0);
      drawn.add(chosen);
    }
    assert.ok(drawn.size > 1, 'different seeds draw different tokens');
  });

  test('temperature 0 puts probability 1 on the first largest logit, whatever the seed', () => {
    for (const seed of [0, 7, 4294967295]) {
      const t = lab.sample({ logits: [1, 3, 3, 0], temperature: 0, seed });
      assert.equal(t.chosen, 1);
      assert.deepEqual(t.kept, [1]);
      assert.deepEqual(t.probabilities, [0, 1, 0, 0]);
    }
  });

  test('the defaults are temperature 1, no top-k, no top-p and seed 0', () => {
    assert.deepEqual(lab.sample({ logits }), lab.sample({ logits, temperature: 1, topK: 0, topP: 1, seed: 0 }));
    assert.deepEqual(lab.sample({ logits }).kept, [0, 1, 2, 3, 4, 5]);
  });

  test('empty or non-finite logits are refused naming logits', () => {
    expectAttentionError(() => lab.sample({ logits: [] }), 'logits', 'logits: expected an array with at least one number, got an empty array');
    expectAttentionError(() => lab.sample({ logits: [0, 1, NaN] }), 'logits[2]', 'logits[2]: expected a finite number, got NaN');
    expectAttentionError(() => lab.sample({ logits: [Infinity] }), 'logits[0]', 'logits[0]: expected a finite number, got Infinity');
    expectAttentionError(() => untyped.sample({}), 'logits', /^logits: expected .*got undefined$/);
  });

  test('a negative, non-finite or overflowing temperature is refused naming temperature', () => {
    expectAttentionError(() => lab.sample({ logits, temperature: -0.5 }), 'temperature', 'temperature: expected a finite number ≥ 0 (0 is greedy), got -0.5');
    expectAttentionError(() => lab.sample({ logits, temperature: Infinity }), 'temperature', 'temperature: expected a finite number ≥ 0 (0 is greedy), got Infinity');
    expectAttentionError(
      () => lab.sample({ logits: [1e300, 0], temperature: 1e-10 }),
      'temperature',
      'temperature: expected a temperature large enough for logits / temperature to stay within double range, got 1e-10 (logits[0] / temperature = Infinity)',
    );
  });

  test('topK that is not a whole number from 0 is refused naming topK', () => {
    expectAttentionError(() => lab.sample({ logits, topK: 1.5 }), 'topK', 'topK: expected a whole number from 0 to 4294967295, got 1.5');
    expectAttentionError(() => lab.sample({ logits, topK: -1 }), 'topK', 'topK: expected a whole number from 0 to 4294967295, got -1');
  });

  test('topP outside (0, 1] is refused naming topP', () => {
    for (const [topP, got] of [[0, '0'], [1.5, '1.5'], [NaN, 'NaN']]) {
      expectAttentionError(() => lab.sample({ logits, topP: /** @type {number} */ (topP) }), 'topP', `topP: expected a number in (0, 1] (1 keeps every token), got ${got}`);
    }
  });

  test('a seed outside 0 … 2³² − 1 is refused naming seed', () => {
    expectAttentionError(() => lab.sample({ logits, seed: 2 ** 32 }), 'seed', 'seed: expected a whole number from 0 to 4294967295, got 4294967296');
  });
});
