// Flash (tiled) and chunked attention through the wasm build: attention's output for every block
// and chunk size, masks and fully masked rows, the lean result at n = 4096, and float32 against
// PyTorch's float32 attention.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { grid } from '../support/arrays.mjs';

const lab = await loadAttentionLab();

/** Largest |a − b| over two equal-shaped matrices (Infinity if the shapes differ). */
function maxDiff(/** @type {number[][]} */ a, /** @type {number[][]} */ b) {
  if (a.length !== b.length) return Infinity;
  return Math.max(...a.map((row, i) => (row.length === b[i].length ? Math.max(...row.map((x, j) => Math.abs(x - b[i][j]))) : Infinity)));
}

const n = 6;
const m = 5;
const query = grid(n, 3, 1);
const key = grid(m, 3, 2);
const value = grid(m, 2, 3);
const scattered = Array.from({ length: n }, (_, i) => Array.from({ length: m }, (_, j) => (i === 4 || (i + 2 * j) % 4 === 0 ? 0 : 1)));
/** @type {[string, import('attention-lab').MaskingArgs][]} */
const MASKS = [
  ['no mask', {}],
  ['causal', { mask: 'causal' }],
  ['key padding', { mask: { keyLength: 3 } }],
  ['a 0/1 matrix with a fully masked row', { mask: scattered }],
  ['the same under a fill of -1e9', { mask: scattered, maskFill: -1e9 }],
];

describe('flashAttention', () => {
  for (const [name, masking] of MASKS) {
    test(`equals attention within 1e-12 for every block size, ${name}`, () => {
      const expected = lab.attention({ query, key, value, ...masking }).output;
      for (let blockRows = 1; blockRows <= n; blockRows += 1) {
        for (let blockCols = 1; blockCols <= m; blockCols += 1) {
          const t = lab.flashAttention({ query, key, value, ...masking, blockRows, blockCols });
          assert.ok(maxDiff(t.output, expected) <= 1e-12, `blocks ${blockRows} × ${blockCols}: ${maxDiff(t.output, expected)}`);
          assert.equal(t.tiles?.length, Math.ceil(n / blockRows) * Math.ceil(m / blockCols));
        }
      }
    });
  }

  test('a fully masked row keeps rowMax -Infinity, rowSum 0 and a zero output, never NaN', () => {
    const t = lab.flashAttention({ query, key, value, mask: scattered, blockRows: 2, blockCols: 2 });
    assert.equal(t.rowMax[4], -Infinity);
    assert.equal(t.rowSum[4], 0);
    assert.deepEqual(t.output[4], [0, 0]);
    const first = t.tiles?.find((tile) => tile.rowStart === 4 && tile.colStart === 0);
    assert.deepEqual([first?.maxBefore[0], first?.rescale[0]], [-Infinity, 0]);
  });

  test('trace: false returns only the lean fields, and the same output', () => {
    const traced = lab.flashAttention({ query, key, value, mask: 'causal', blockRows: 4, blockCols: 2 });
    const lean = lab.flashAttention({ query, key, value, mask: 'causal', blockRows: 4, blockCols: 2, trace: false });
    assert.deepEqual(Object.keys(lean).sort(), ['blockCols', 'blockRows', 'output', 'peakCells', 'rowMax', 'rowSum', 'valueScale']);
    assert.deepEqual(lean.output, traced.output);
    // The largest buffer: 4 × 2 scores (as large as the 4 × 2 running output; the key block is 3 × 2).
    assert.equal(lean.peakCells, 4 * 2);
  });

  test('n = 4096 on the lean path: tile buffers only, and agreeing across block sizes', () => {
    const long = grid(4096, 8, 5);
    const a = lab.flashAttention({ query: long, key: long, value: long, mask: 'causal', blockRows: 64, blockCols: 64, trace: false });
    const b = lab.flashAttention({ query: long, key: long, value: long, mask: 'causal', blockRows: 256, blockCols: 32, trace: false });
    assert.equal(a.output.length, 4096);
    assert.equal(a.peakCells, 64 * 64);
    assert.ok(maxDiff(a.output, b.output) <= 1e-12);
    assert.ok(a.rowSum.every((s) => s >= 1));
  });
});

test('values within a factor m of the largest double are scaled by a power of two, never overflowing', () => {
  const big = [[1.7e308, -1.7e308], [1.7e308, 1e308], [-1.7e308, 1.7e308]];
  const q = [[1, 0], [0.5, 2]];
  const k = [[0, 0], [0, 0], [0, 0]];
  const expected = lab.attention({ query: q, key: k, value: big }).output;
  const flash = lab.flashAttention({ query: q, key: k, value: big, blockCols: 2 });
  const chunked = lab.chunkedAttention({ query: q, key: k, value: big, chunkSize: 1 });
  assert.equal(flash.valueScale, 2 ** -2);
  assert.equal(chunked.valueScale, 2 ** -2);
  /** Within 1e-12 relative, as attention's own normalised weights round differently. */
  const close = (/** @type {number[][]} */ actual) => actual.every((row, i) => row.every((x, j) => Math.abs(x - expected[i][j]) <= 1e-12 * Math.abs(expected[i][j])));
  assert.ok(close(flash.output), JSON.stringify(flash.output));
  assert.ok(close(chunked.output), JSON.stringify(chunked.output));
});

describe('chunkedAttention', () => {
  for (const [name, masking] of MASKS) {
    test(`equals attention within 1e-12 for every chunk size, ${name}`, () => {
      const expected = lab.attention({ query, key, value, ...masking }).output;
      for (let chunkSize = 1; chunkSize <= n; chunkSize += 1) {
        const t = lab.chunkedAttention({ query, key, value, ...masking, chunkSize });
        assert.ok(maxDiff(t.output, expected) <= 1e-12, `chunks of ${chunkSize}: ${maxDiff(t.output, expected)}`);
        assert.equal(t.chunks?.length, Math.ceil(n / chunkSize) * Math.ceil(m / chunkSize));
        assert.equal(t.combinations?.length, Math.ceil(n / chunkSize));
      }
    });
  }

  test('trace: false returns only output, chunkSize and peakCells', () => {
    const lean = lab.chunkedAttention({ query, key, value, chunkSize: 2, trace: false });
    assert.deepEqual(Object.keys(lean).sort(), ['chunkSize', 'output', 'peakCells', 'valueScale']);
  });
});

describe("precision: 'float32'", () => {
  const FIXTURE = JSON.parse(readFileSync(new URL('../fixtures/precision/float32.json', import.meta.url), 'utf8'));

  for (const c of FIXTURE.cases) {
    test(`attention equals PyTorch's float32 attention within float tolerance: ${c.name}`, () => {
      const t = lab.attention(c.input);
      assert.ok(maxDiff(t.weights, c.expected.weights) <= 2e-7, `weights ${maxDiff(t.weights, c.expected.weights)}`);
      assert.ok(maxDiff(t.output, c.expected.output) <= 2e-7, `output ${maxDiff(t.output, c.expected.output)}`);
      const tiled = lab.flashAttention({ ...c.input, blockRows: 1, blockCols: 2 });
      assert.ok(maxDiff(tiled.output, c.expected.output) <= 1e-6, `flash output ${maxDiff(tiled.output, c.expected.output)}`);
    });
  }

  test('differs from float64 by a plausible amount on the worked example, every number a float', () => {
    const args = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
    const single = lab.attention({ ...args, precision: 'float32' }).output[0];
    const exact = lab.attention(args).output[0];
    const relative = Math.max(...single.map((x, i) => Math.abs(x - exact[i]) / Math.abs(exact[i])));
    assert.ok(relative > 0 && relative <= 1e-6, `relative difference ${relative}`);
    assert.ok(single.every((x) => Math.fround(x) === x));
  });
});
