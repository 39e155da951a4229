// lab.decoderLayerDecode through the wasm build: decoderLayer's request decoded one row at a time
// gives decoderLayer's output, each step attends over every position so far and states the cache
// it leaves. The maths: tests/cpp/decoder_layer_decode.test.cpp; golden numbers:
// tests/fixtures/decoder_layer_decode.json.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { assertClose, assertMatrix, assertPlainData, assertRowsSumToOne, assertVector, grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

// d_model 8 (4 heads of d_k 2), d_ff 6, seven positions; the attention weights from the seed.
const input = grid(7, 8, 3);
const feedForward = { wGate: grid(8, 6, 4), wUp: grid(8, 6, 5), wDown: grid(6, 8, 6) };

describe('decoderLayerDecode', () => {
  for (const kvHeads of [4, 2, 1]) {
    test(`with ${kvHeads} key/value heads its output is decoderLayer's within 1e-12, row for row`, () => {
      const request = { input, heads: 4, kvHeads, ...feedForward, seed: 5, ropeBase: 100 };
      const decoded = lab.decoderLayerDecode(request);
      const full = lab.decoderLayer(request);
      assertClose(decoded.output, full.output, 1e-12, 'output');
      assert.deepEqual(decoded.parameterCount, full.parameterCount);
      assert.equal(decoded.steps.length, 7);
      decoded.steps.forEach((step, t) => {
        assert.equal(step.position, t);
        assertVector(step.key, kvHeads * 2, `steps[${t}].key`);
        assertMatrix(step.weights, 4, t + 1, `steps[${t}].weights`);
        assertRowsSumToOne(step.weights, `steps[${t}].weights`);
        assertClose(step.output, full.output[t], 1e-12, `steps[${t}].output`);
        assert.equal(step.cache.numbers, 2 * kvHeads * 2 * (t + 1));
        assert.equal(step.cache.bytes, 8 * step.cache.numbers);
      });
      assertPlainData(decoded);
    });
  }

  test('step t\'s weights are row t of each head of decoderLayer\'s attention, up to the diagonal', () => {
    const request = { input, heads: 4, kvHeads: 2, ...feedForward, seed: 9 };
    const decoded = lab.decoderLayerDecode(request);
    const full = lab.decoderLayer(request);
    decoded.steps.forEach((step, t) => {
      full.attention.weights.forEach((head, h) => {
        assertClose(step.weights[h], head[t].slice(0, t + 1), 1e-12, `steps[${t}].weights[${h}]`);
      });
    });
  });
});
