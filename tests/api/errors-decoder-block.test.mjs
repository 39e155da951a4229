// The refusals of today's decoder block (rmsNorm, swiGlu, their backward passes and RoPE's)
// through the wasm build: each an AttentionError whose message names the argument, asserted on its real text.
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);
const EPS = 'eps: expected a small positive number (at most 1) such as 1e-6';

const input = [[1, 2, 3], [4, 5, 7]];
const gradOutput = [[1, 0, -1], [0.5, 0.5, 0]];
// SwiGLU with d_model 2 and d_ff 3.
const swi = { input: [[1, 2]], wGate: [[1, 0, 1], [0, 1, 1]], wUp: [[1, 1, 0], [0, 1, 1]], wDown: [[1, 0], [0, 1], [1, 1]] };

describe('rmsNorm and rmsNormBackward', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.rmsNorm(null), 'rmsNorm', 'rmsNorm: expected one object argument with input, got null');
    expectAttentionError(() => untyped.rmsNormBackward(null), 'rmsNormBackward', 'rmsNormBackward: expected one object argument with input, gradOutput, got null');
  });

  test('eps at or below 0, above 1 or not finite names eps', () => {
    for (const [operation, extra] of [['rmsNorm', {}], ['rmsNormBackward', { gradOutput }]]) {
      expectAttentionError(() => untyped[operation]({ input, eps: 0, ...extra }), 'eps', `${EPS}, got 0`);
      expectAttentionError(() => untyped[operation]({ input, eps: -1e-6, ...extra }), 'eps', `${EPS}, got -1e-06`);
      expectAttentionError(() => untyped[operation]({ input, eps: 2, ...extra }), 'eps', `${EPS}, got 2`);
    }
    expectAttentionError(() => lab.rmsNorm({ input, eps: Infinity }), 'eps', `${EPS}, got Infinity`);
    expectAttentionError(() => lab.rmsNorm({ input, eps: NaN }), 'eps', `${EPS}, got NaN`);
  });

  test('a gamma of the wrong length or with a number that is not finite names gamma', () => {
    expectAttentionError(() => lab.rmsNorm({ input, gamma: [1, 2] }), 'gamma', 'gamma: expected 3 numbers (one per column of input), got 2');
    expectAttentionError(() => lab.rmsNormBackward({ input, gamma: [1, 2, 3, 4], gradOutput }), 'gamma', 'gamma: expected 3 numbers (one per column of input), got 4');
    expectAttentionError(() => lab.rmsNorm({ input, gamma: [1, NaN, 1] }), 'gamma[1]', 'gamma[1]: expected a finite number, got NaN');
  });

  test('an input that is not finite, or so large that its mean square overflows, names input', () => {
    expectAttentionError(() => lab.rmsNorm({ input: [[1, Infinity]] }), 'input[0][1]', 'input[0][1]: expected a finite number, got Infinity');
    expectAttentionError(() => lab.rmsNorm({ input: [[1, 2], [1e200, 0]] }), 'input', 'input: expected values small enough for the mean square to stay within double range, got meanSquare[1] = Infinity');
  });

  test('a gamma so large that the output overflows names gamma', () => {
    expectAttentionError(() => lab.rmsNorm({ input: [[0, 0, 0, 4]], gamma: [1, 1, 1, 1e308] }), 'gamma', 'gamma: expected values small enough for output to stay within double range, got output[0][3] = Infinity');
  });

  test('a gradOutput of another shape, not finite, or so large that gradGamma overflows names gradOutput', () => {
    expectAttentionError(() => lab.rmsNormBackward({ input, gradOutput: [[1, 2, 3]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 2×3 (the shape of input, n × d), got 1×3');
    expectAttentionError(() => lab.rmsNormBackward({ input, gradOutput: [[1, 0, -1], [NaN, 0.5, 0]] }), 'gradOutput[1][0]', 'gradOutput[1][0]: expected a finite number, got NaN');
    expectAttentionError(
      () => lab.rmsNormBackward({ input: [[1, 1, 1], [1, 1, 1]], gradOutput: [[1e308, 0, 0], [1e308, 0, 0]] }),
      'gradOutput',
      'gradOutput: expected values small enough for gradGamma to stay within double range, got gradGamma[0] = Infinity',
    );
  });
});

describe('swiGlu and swiGluBackward', () => {
  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.swiGlu(null), 'swiGlu', 'swiGlu: expected one object argument with input, wGate, wUp, wDown, got null');
    expectAttentionError(() => untyped.swiGluBackward(null), 'swiGluBackward', 'swiGluBackward: expected one object argument with input, wGate, wUp, wDown, gradOutput, got null');
  });

  test('weights whose shapes do not chain name the weight', () => {
    expectAttentionError(() => lab.swiGlu({ ...swi, wGate: [[1, 0, 1]] }), 'wGate', 'wGate: expected a matrix of shape 2×3 (d_model rows, one per input column), got 1×3');
    expectAttentionError(() => lab.swiGlu({ ...swi, wUp: [[1, 1], [0, 1]] }), 'wUp', 'wUp: expected a matrix of shape 2×3 (the shape of wGate, d_model × d_ff), got 2×2');
    expectAttentionError(() => lab.swiGluBackward({ ...swi, wDown: [[1, 0, 1], [0, 1, 1]], gradOutput: [[1, 1]] }), 'wDown', 'wDown: expected a matrix of shape 3×2 (d_ff × d_model), got 2×3');
  });

  test('a number that is not finite names its cell', () => {
    expectAttentionError(() => lab.swiGlu({ ...swi, wUp: [[1, 1, 0], [0, -Infinity, 1]] }), 'wUp[1][1]', 'wUp[1][1]: expected a finite number, got -Infinity');
    expectAttentionError(() => lab.swiGlu({ ...swi, input: [[NaN, 2]] }), 'input[0][0]', 'input[0][0]: expected a finite number, got NaN');
  });

  test('products that overflow name the argument that scales them', () => {
    expectAttentionError(() => lab.swiGlu({ input: [[1, 1]], wGate: [[1e308], [1e308]], wUp: [[1], [1]], wDown: [[1, 1]] }), 'input', 'input: expected values small enough for gate to stay within double range, got gate[0][0] = Infinity');
    expectAttentionError(() => lab.swiGlu({ input: [[1e200]], wGate: [[1]], wUp: [[1]], wDown: [[1]] }), 'input', 'got hidden[0][0] = Infinity');
    expectAttentionError(() => lab.swiGlu({ input: [[10]], wGate: [[10]], wUp: [[10]], wDown: [[1e306]] }), 'wDown', 'wDown: expected values small enough for output to stay within double range, got output[0][0] = Infinity');
  });

  test('a gradOutput of another shape, not finite, or so large that a gradient overflows names gradOutput', () => {
    expectAttentionError(() => lab.swiGluBackward({ ...swi, gradOutput: [[1, 2, 3]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 1×2 (the shape of output, n × d_model), got 1×3');
    expectAttentionError(() => lab.swiGluBackward({ ...swi, gradOutput: [[1, Infinity]] }), 'gradOutput[0][1]', 'gradOutput[0][1]: expected a finite number, got Infinity');
    expectAttentionError(
      () => lab.swiGluBackward({ input: [[1]], wGate: [[10]], wUp: [[10]], wDown: [[10]], gradOutput: [[1e307]] }),
      'gradOutput',
      'gradOutput: expected values small enough for gradWDown to stay within double range, got gradWDown[0][0] = Infinity',
    );
  });
});

describe('ropeBackward', () => {
  const at = { input: [[1, 2, 3, 4], [5, 6, 7, 8]], positions: [0, 1] };

  test('a call without an argument object names the operation and what it needs', () => {
    expectAttentionError(() => untyped.ropeBackward(null), 'ropeBackward', 'ropeBackward: expected one object argument with input, gradOutput, got null');
  });

  test("the forward's arguments keep rope's checks and names", () => {
    expectAttentionError(() => lab.ropeBackward({ input: [[1, 2, 3]], gradOutput: [[1, 2, 3]] }), 'input', 'input: expected an even number of columns (RoPE rotates pairs), got 3');
    expectAttentionError(() => lab.ropeBackward({ ...at, positions: [0], gradOutput: at.input }), 'positions', 'positions: expected 2 numbers (one per row of input), got 1');
    expectAttentionError(() => lab.ropeBackward({ ...at, base: 0, gradOutput: at.input }), 'base', 'base: expected a finite number > 0, got 0');
    expectAttentionError(() => untyped.ropeBackward({ ...at, convention: 'pairs', gradOutput: at.input }), 'convention', "expected 'half' or 'interleaved'");
  });

  test('a gradOutput of another shape, not finite, or so large that turning it overflows names gradOutput', () => {
    expectAttentionError(() => lab.ropeBackward({ ...at, gradOutput: [[1, 2, 3, 4]] }), 'gradOutput', 'gradOutput: expected a matrix of shape 2×4 (the shape of input, n × d), got 1×4');
    expectAttentionError(() => lab.ropeBackward({ ...at, gradOutput: [[1, 0, -1, NaN], [0, 0, 0, 0]] }), 'gradOutput[0][3]', 'gradOutput[0][3]: expected a finite number, got NaN');
    expectAttentionError(
      () => lab.ropeBackward({ input: [[1, 1], [1, 1]], positions: [0, 1], gradOutput: [[0, 0], [1.7e308, 1.7e308]] }),
      'gradOutput',
      'gradOutput: expected values small enough for gradInput to stay within double range, got gradInput[1][0] = Infinity',
    );
  });
});
