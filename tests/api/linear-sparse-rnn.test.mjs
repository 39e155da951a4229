// Linear attention, sparse attention and recurrent network through the wasm build:
// the properties the lessons rely on, and every bad argument as an AttentionError naming it.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const untyped = /** @type {any} */ (lab);

/** A deterministic n × d matrix with both signs, so both branches of φ = elu + 1 are taken. */
const sample = (/** @type {number} */ n, /** @type {number} */ d, salt = 0) =>
  Array.from({ length: n }, (_, i) => Array.from({ length: d }, (_, j) => Math.sin(1.3 * i + 0.7 * j + salt) * 1.5));

const x = sample(9, 3);
const qkv = { query: x, key: sample(9, 3, 1), value: sample(9, 2, 2) };

/** @param {number[][]} a @param {number[][]} b */
const maxDifference = (a, b) => Math.max(...a.flatMap((row, i) => row.map((v, j) => Math.abs(v - b[i][j]))));

describe('linearAttention', () => {
  test('the causal output at row i is the non-causal output over rows 0 … i', () => {
    const causal = lab.linearAttention({ ...qkv, causal: true });
    for (let i = 0; i < 9; i++) {
      const rows = { query: qkv.query.slice(0, i + 1), key: qkv.key.slice(0, i + 1), value: qkv.value.slice(0, i + 1) };
      const prefix = lab.linearAttention(rows);
      assert.ok(maxDifference([causal.output[i]], [prefix.output[i]]) < 1e-14, `row ${i}`);
    }
    assert.equal(causal.prefixStates?.length, 9);
  });

  test('trace: false returns only state, normalizer, output and peakCells, the same numbers', () => {
    const traced = lab.linearAttention({ ...qkv, causal: true });
    const lean = lab.linearAttention({ ...qkv, causal: true, trace: false });
    assert.deepEqual(Object.keys(lean).sort(), ['normalizer', 'output', 'peakCells', 'state']);
    assert.deepEqual(lean.output, traced.output);
    assert.equal(lean.peakCells, 3 * 2 + 9 * 2);
  });

  test('bad arguments name causal, trace, key or query', () => {
    expectAttentionError(() => untyped.linearAttention({ ...qkv, causal: 'yes' }), 'causal', 'causal: expected true or false, got');
    expectAttentionError(() => untyped.linearAttention({ ...qkv, trace: 1 }), 'trace', 'trace: expected true or false, got');
    expectAttentionError(() => lab.linearAttention({ ...qkv, key: sample(9, 4) }), 'key', 'key: expected 3 columns (d_k, the width of query), got 4');
    expectAttentionError(
      () => lab.linearAttention({ query: x, key: sample(5, 3), value: sample(5, 2), causal: true }),
      'key',
      "key: expected 9 rows (causal: key i is the i-th query's own token), got 5",
    );
    expectAttentionError(() => lab.linearAttention({ ...qkv, query: [[-800, -800, -800]] }), 'query', /got φ\(query\[0\]\)·normalizer = 0$/);
  });
});

describe('sparseAttention', () => {
  test('traced, it is exactly attention with its mask', () => {
    const sparse = lab.sparseAttention({ ...qkv, window: 1, globalTokens: [4], randomPerRow: 2, seed: 5 });
    const mask = /** @type {number[][]} */ (sparse.mask);
    const dense = lab.attention({ ...qkv, mask });
    assert.deepEqual(sparse.weights, dense.weights);
    assert.deepEqual(sparse.output, dense.output);
    assert.deepEqual(sparse.keysPerRow, mask.map((row) => row.reduce((a, b) => a + b, 0)));
    assert.equal(sparse.peakCells, sparse.keysPerRow.reduce((a, b) => a + b, 0));
  });

  test('trace: false keeps only output, keysPerRow and peakCells, with the traced numbers', () => {
    const args = { ...qkv, window: 2, globalTokens: [0], randomPerRow: 1, seed: 2 };
    const traced = lab.sparseAttention(args);
    const lean = lab.sparseAttention({ ...args, trace: false });
    assert.deepEqual(Object.keys(lean).sort(), ['keysPerRow', 'output', 'peakCells']);
    assert.deepEqual(lean.output, traced.output);
    assert.deepEqual(lean.keysPerRow, traced.keysPerRow);
  });

  test('a negative or fractional window, a bad global token or too many random keys is named', () => {
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: -1 }), 'window', /^window: expected a whole number from 0 to \d+, got -1$/);
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: 1.5 }), 'window', /got 1\.5$/);
    expectAttentionError(() => untyped.sparseAttention({ ...qkv }), 'window', 'window: expected a number, got undefined');
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: 1, globalTokens: [9] }), 'globalTokens[0]', 'globalTokens[0]: expected a whole number from 0 to 8, got 9');
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: 1, globalTokens: [-1] }), 'globalTokens[0]', /got -1$/);
    expectAttentionError(
      () => lab.sparseAttention({ ...qkv, window: 1, globalTokens: [3, 3] }),
      'globalTokens[1]',
      'globalTokens[1]: expected a token not listed before, got 3 (also globalTokens[0])',
    );
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: 1, randomPerRow: 10 }), 'randomPerRow', 'randomPerRow: expected a whole number from 0 to 9 (the keys there are), got 10');
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: 1, randomPerRow: -2 }), 'randomPerRow', /got -2$/);
    expectAttentionError(() => lab.sparseAttention({ ...qkv, window: 1, seed: 0.5 }), 'seed', /got 0\.5$/);
  });
});

describe('rnnForward', () => {
  test('each state is tanh(x_t·W_x + h_{t−1}·W_h + b) and multiplyAdds is n·(d·h + h²)', () => {
    const t = lab.rnnForward({ input: x, hidden: 4, seed: 3, b: [0.1, -0.1, 0.2, 0] });
    let h = [0, 0, 0, 0];
    x.forEach((row, step) => {
      h = h.map((_, j) => Math.tanh(0 + [0.1, -0.1, 0.2, 0][j] + row.reduce((s, v, c) => s + v * t.wX[c][j], 0) + h.reduce((s, v, c) => s + v * t.wH[c][j], 0)));
      assert.ok(maxDifference([t.states[step]], [h]) < 1e-14, `step ${step}`);
    });
    assert.equal(t.multiplyAdds, 9 * (3 * 4 + 4 * 4));
    assert.equal(t.peakCells, 9 * 4);
  });

  test('hidden 0 and weights of the wrong shape are named', () => {
    expectAttentionError(() => lab.rnnForward({ input: x, hidden: 0 }), 'hidden', /^hidden: expected a whole number from 1 to \d+, got 0$/);
    expectAttentionError(() => lab.rnnForward({ input: x, wX: sample(3, 2) }), 'wX', 'wX: expected a matrix of shape 3×3 (d × hidden), got 3×2');
    expectAttentionError(() => lab.rnnForward({ input: x, hidden: 2, wH: sample(3, 3) }), 'wH', 'wH: expected a matrix of shape 2×2 (hidden × hidden), got 3×3');
    expectAttentionError(() => lab.rnnForward({ input: x, b: [1] }), 'b', /^b: expected 3 numbers \(hidden, one per column of wX\), got 1$/);
  });
});

describe('long sequences', () => {
  const long = sample(4096, 4);
  test('all three run over 4096 tokens lean, and a 4097th row is refused naming its argument', () => {
    const sparse = lab.sparseAttention({ query: long, key: long, value: long, window: 2, trace: false });
    assert.equal(sparse.peakCells, 4096 * 5 - 2 * (2 + 1));
    const linear = lab.linearAttention({ query: long, key: long, value: long, causal: true, trace: false });
    assert.equal(linear.peakCells, 4 * 4 + 4096 * 4);
    assert.equal(lab.rnnForward({ input: long }).states.length, 4096);
    const tooLong = sample(4097, 4);
    expectAttentionError(() => lab.sparseAttention({ query: tooLong, key: tooLong, value: tooLong, window: 1, trace: false }), 'query', /^query: expected at most 4096 rows/);
    expectAttentionError(() => lab.rnnForward({ input: tooLong }), 'input', /^input: expected at most 4096 rows/);
  });

  test('a traced call that would return more than 2^21 numbers says to pass trace: false', () => {
    expectAttentionError(() => lab.sparseAttention({ query: long, key: long, value: long, window: 2 }), 'trace', /pass trace: false for the lean result\), got \d+$/);
    // 4096 prefix states of 32 × 32 are 4 M numbers; 4096 of 4 × 4 would be allowed.
    const wide = sample(4096, 32);
    expectAttentionError(() => lab.linearAttention({ query: wide, key: wide, value: wide, causal: true }), 'trace', /prefix states and output; pass trace: false/);
  });
});

test('repeated calls, failing and not, leave the heap, the handles and the memory where they were', () => {
  const calls = [
    () => lab.linearAttention({ ...qkv, causal: true }),
    () => lab.linearAttention({ ...qkv, trace: false }),
    () => lab.sparseAttention({ ...qkv, window: 1, globalTokens: [2], randomPerRow: 2, seed: 1 }),
    () => lab.sparseAttention({ ...qkv, window: 2, maskFill: -4, trace: false }),
    () => lab.rnnForward({ input: x, hidden: 5, seed: 2 }),
    () => lab.sparseAttention({ ...qkv, window: 1, globalTokens: [1, 1] }),
    () => lab.linearAttention({ ...qkv, query: [[-800, -800, -800]] }),
    () => lab.rnnForward({ input: x, wH: sample(2, 2) }),
  ];
  const runAll = (/** @type {number} */ times) => {
    let failed = 0;
    for (let i = 0; i < times; i++) {
      for (const call of calls) {
        try {
          call();
        } catch {
          failed += 1;
        }
      }
    }
    return failed;
  };
  runAll(20); // warm-up, so the allocator reaches its working size
  const before = lab.memory();
  assert.equal(runAll(200), 3 * 200, 'the three bad calls fail every time, the others never');
  const after = lab.memory();
  assert.equal(after.heapBytesInUse, before.heapBytesInUse, 'heap bytes in use');
  assert.equal(after.liveHandles, before.liveHandles, 'live Embind handles');
  assert.equal(after.wasmMemoryBytes, before.wasmMemoryBytes, 'WebAssembly memory did not grow');
});
