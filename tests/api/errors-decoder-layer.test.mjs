// The refusals of decoderLayer, decoderLayerBackward and decoderLayerDecode through the wasm build: each an AttentionError whose message names
// the argument, asserted on its real text.
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);

// d_model 4, d_ff 3, two positions.
const input = [[1, 0, -1, 2], [0.5, 1, 0, -0.5]];
const wGate = [[1, 0, 1], [0, 1, 1], [1, 1, 0], [0, 0, 1]];
const layer = { input, heads: 2, wGate, wUp: wGate, wDown: [[1, 0, 0, 1], [0, 1, 0, 0], [0, 0, 1, 1]] };

describe('decoderLayer', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.decoderLayer(null), 'decoderLayer', 'decoderLayer: expected one object argument with input, heads, wGate, wUp, wDown, got null');
  });

  test('heads must divide d_model and leave RoPE an even d_k; kvHeads must divide heads', () => {
    expectAttentionError(() => lab.decoderLayer({ ...layer, heads: 3 }), 'heads', 'heads: expected a divisor of d_model = 4, got 3');
    expectAttentionError(() => lab.decoderLayer({ ...layer, heads: 4 }), 'heads', 'heads: expected a divisor of d_model = 4 leaving an even d_k = d_model / heads (RoPE rotates pairs of columns), got 4 (d_k = 1)');
    expectAttentionError(() => lab.decoderLayer({ ...layer, heads: 2, kvHeads: 4 }), 'kvHeads', 'kvHeads: expected a divisor of heads = 2, got 4');
  });

  test('grouped key and value projections are kvHeads·d_k wide', () => {
    expectAttentionError(() => lab.decoderLayer({ ...layer, kvHeads: 1, wK: [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]] }), 'wK', /^wK: expected a matrix of shape 4×2 /);
  });

  test('SwiGLU weights whose shapes do not chain name the weight', () => {
    expectAttentionError(() => lab.decoderLayer({ ...layer, wGate: [[1, 0, 1]] }), 'wGate', 'wGate: expected a matrix of shape 4×3 (d_model rows, one per input column), got 1×3');
    expectAttentionError(() => lab.decoderLayer({ ...layer, wUp: [[1, 0], [0, 1], [1, 1], [0, 0]] }), 'wUp', 'wUp: expected a matrix of shape 4×3 (the shape of wGate, d_model × d_ff), got 4×2');
    expectAttentionError(() => lab.decoderLayer({ ...layer, wDown: wGate }), 'wDown', 'wDown: expected a matrix of shape 3×4 (d_ff × d_model), got 4×3');
  });

  test('each γ has one number per column of input', () => {
    expectAttentionError(() => lab.decoderLayer({ ...layer, gamma1: [1, 1, 1] }), 'gamma1', 'gamma1: expected 4 numbers (d_model, one per column of input), got 3');
    expectAttentionError(() => lab.decoderLayer({ ...layer, gamma2: [1, 1, 1, 1, 1] }), 'gamma2', 'gamma2: expected 4 numbers (d_model, one per column of input), got 5');
    expectAttentionError(() => lab.decoderLayer({ ...layer, gamma2: [1, NaN, 1, 1] }), 'gamma2[1]', 'gamma2[1]: expected a finite number, got NaN');
  });

  test('eps, ropeBase and ropeConvention are refused as rmsNorm and multiHeadAttention refuse them', () => {
    expectAttentionError(() => lab.decoderLayer({ ...layer, eps: 0 }), 'eps', 'eps: expected a small positive number (at most 1) such as 1e-6, got 0');
    expectAttentionError(() => lab.decoderLayer({ ...layer, ropeBase: -1 }), 'ropeBase', /^ropeBase: expected .*, got -1$/);
    expectAttentionError(() => untyped.decoderLayer({ ...layer, ropeConvention: 'complex' }), 'ropeConvention', "ropeConvention: expected 'half' or 'interleaved', got 'complex'");
  });

  test('an input too large for its mean square names input; a non-finite one its cell', () => {
    expectAttentionError(() => lab.decoderLayer({ ...layer, input: [[1e200, 0, 0, 0]] }), 'input', 'input: expected values small enough for the mean square to stay within double range, got meanSquare[0] = Infinity');
    expectAttentionError(() => lab.decoderLayer({ ...layer, input: [[1, Infinity, 0, 0]] }), 'input[0][1]', 'input[0][1]: expected a finite number, got Infinity');
  });

  test('an argument it does not take, such as an attention bias or a mask, is refused by name', () => {
    expectAttentionError(() => untyped.decoderLayer({ ...layer, bQ: [0, 0, 0, 0] }), 'bQ', /^bQ: /);
    expectAttentionError(() => untyped.decoderLayer({ ...layer, mask: 'causal' }), 'mask', /^mask: /);
  });
});

describe('decoderLayerBackward', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.decoderLayerBackward(null), 'decoderLayerBackward', 'decoderLayerBackward: expected one object argument with input, heads, wGate, wUp, wDown, gradOutput, got null');
  });

  test('the forward\'s arguments are refused as decoderLayer refuses them', () => {
    expectAttentionError(() => lab.decoderLayerBackward({ ...layer, heads: 3, gradOutput: input }), 'heads', 'heads: expected a divisor of d_model = 4, got 3');
  });

  test('a gradOutput of another shape than input, or not finite, names gradOutput', () => {
    expectAttentionError(() => lab.decoderLayerBackward({ ...layer, gradOutput: [[1, 0, 0, 1]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 2×4 (the shape of input, n × d_model), got 1×4');
    expectAttentionError(() => lab.decoderLayerBackward({ ...layer, gradOutput: [[1, 0, 0, 1], [0, NaN, 0, 0]] }), 'gradOutput[1][1]', 'gradOutput[1][1]: expected a finite number, got NaN');
  });

  test('a gradOutput so large its gradients overflow names gradOutput', () => {
    expectAttentionError(() => lab.decoderLayerBackward({ ...layer, gradOutput: [[1e308, 1e308, 1e308, 1e308], [1e308, 1e308, 1e308, 1e308]] }), 'gradOutput', /^gradOutput: expected values small enough for grad\w+ to stay within double range/);
  });
});

describe('decoderLayerDecode', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.decoderLayerDecode(null), 'decoderLayerDecode', 'decoderLayerDecode: expected one object argument with input, heads, wGate, wUp, wDown, got null');
  });

  test('decoderLayer\'s arguments are refused as decoderLayer refuses them', () => {
    expectAttentionError(() => lab.decoderLayerDecode({ ...layer, heads: 3 }), 'heads', 'heads: expected a divisor of d_model = 4, got 3');
    expectAttentionError(() => lab.decoderLayerDecode({ ...layer, wDown: wGate }), 'wDown', 'wDown: expected a matrix of shape 3×4 (d_ff × d_model), got 4×3');
    expectAttentionError(() => lab.decoderLayerDecode({ ...layer, eps: 2 }), 'eps', 'eps: expected a small positive number (at most 1) such as 1e-6, got 2');
    expectAttentionError(() => untyped.decoderLayerDecode({ ...layer, bV: [0, 0, 0, 0] }), 'bV', /^bV: /);
  });

  test('more steps than the weights every step returns may hold names heads', () => {
    // d_model 8 in 4 heads over 1024 positions: 4 × 1024 × 1024 weights.
    const rows = Array.from({ length: 1024 }, (_, i) => [i % 3, 1, -1, 0.5, 0, 1, 2, -2]);
    const wide = [[1, 0], [0, 1], [1, 1], [0, 0], [1, 0], [0, 1], [1, 1], [0, 0]];
    const down = [[1, 0, 0, 1, 0, 0, 1, 0], [0, 1, 0, 0, 1, 0, 0, 1]];
    expectAttentionError(() => lab.decoderLayerDecode({ input: rows, heads: 4, wGate: wide, wUp: wide, wDown: down }), 'heads', 'heads: expected heads × queries × keys of at most 2097152 attention weights, got 4 × 1024 × 1024');
  });
});
