// "Explain this number" around attention, through the WebAssembly build (whose matrix product
// runs two rows at a time in SIMD): explainLinear gives every cell of a multi-head layer's
// projections and W_O, and explainPositionalEncoding every cell of the encoding, bit for bit.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { grid } from '../support/arrays.mjs';
import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const lite = await loadAttentionLab({ training: false });

test('every cell of a multi-head layer’s Q, K, V and output is its explainLinear value, on both engines', () => {
  const x = grid(5, 8, 1);
  const biases = { bQ: grid(1, 8, 2)[0], bO: grid(1, 8, 3)[0] };
  for (const engine of [lab, lite]) {
    const t = engine.multiHeadAttention({ query: x, key: x, value: x, heads: 2, seed: 4, ...biases });
    const layers = [
      [t.projectedQuery, x, t.params.wQ, t.params.bQ],
      [t.projectedKey, x, t.params.wK, undefined],
      [t.projectedValue, x, t.params.wV, undefined],
      [t.output, t.concat, t.params.wO, t.params.bO],
    ];
    for (const [y, input, weight, bias] of layers) {
      for (let i = 0; i < y.length; i += 1) {
        for (let j = 0; j < y[0].length; j += 1) {
          const e = engine.explainLinear({ input, weight, bias, row: i, column: j });
          assert.ok(Object.is(e.value, y[i][j]), `cell (${i}, ${j}): ${e.value} against ${y[i][j]}`);
          assert.equal(e.terms.length, 8);
          assert.equal(e.terms[3].left, input[i][3]);
          assert.equal(e.terms[3].right, weight[3][j]);
          assert.equal('bias' in e, bias !== undefined);
        }
      }
    }
  }
});

test('every cell of the positional encoding is its explainPositionalEncoding value: sin in even columns, cos in odd ones', () => {
  for (const dModel of [1, 7, 16]) {
    const pe = lite.positionalEncoding({ length: 20, dModel });
    for (let pos = 0; pos < 20; pos += 1) {
      for (let c = 0; c < dModel; c += 1) {
        const e = lite.explainPositionalEncoding({ position: pos, column: c, dModel });
        assert.ok(Object.is(e.value, pe[pos][c]), `PE(${pos}, ${c}) with d = ${dModel}`);
        assert.equal(e.cosine, c % 2 === 1);
        assert.equal(e.pair, Math.floor(c / 2));
        assert.equal(e.angle, pos / e.divisor);
      }
    }
  }
});

test('the explanations name the argument they refuse', () => {
  expectAttentionError(() => lab.explainLinear({ input: grid(2, 3, 1), weight: grid(2, 2, 1), row: 0, column: 0 }), 'weight', '3 rows (the columns of input), got 2');
  expectAttentionError(() => lab.explainLinear({ input: grid(2, 3, 1), weight: grid(3, 2, 1), row: 2, column: 0 }), 'row');
  expectAttentionError(() => lab.explainLinear({ input: grid(2, 3, 1), weight: grid(3, 2, 1), bias: [1], row: 0, column: 0 }), 'bias');
  expectAttentionError(() => lab.explainPositionalEncoding({ position: 0, column: 4, dModel: 4 }), 'column');
  expectAttentionError(() => lab.explainPositionalEncoding({ position: 1024, column: 0, dModel: 4 }), 'position');
});
