// The limits of the scale operations through the wasm build and the façade: a matrix
// argument's caps come from the engine's argument table (4096 rows for the sequences of the
// scale operations, 1024 for everything else), and the engine's limits are on the lab object.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { readArguments } from '../../web/lib/arguments.js';
import { loadCore } from '../../web/lib/load-core.js';
import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const core = await loadCore();

/** @param {number} rows @param {number} cols */
const zeros = (rows, cols) => Array.from({ length: rows }, () => new Array(cols).fill(0));

describe('the limits of long sequences', () => {
  test('the lab says its caps: 1024 per dimension, 4096 per sequence, 2^24 cells per intermediate', () => {
    assert.equal(lab.maxDimension, 1024);
    assert.equal(lab.maxSequence, 4096);
    assert.equal(lab.maxPeakCells, 2 ** 24);
  });

  test('the engine describes every matrix, list of matrices, mask and vector argument with its caps', () => {
    /** @type {{ name: string, arguments: { name: string, kind: string, rows?: number, cols?: number }[] }[]} */
    const operations = core.describeOperations();
    let matrices = 0;
    for (const op of operations) {
      // A matrixLists argument caps each of its matrices as a matrix argument does.
      for (const a of op.arguments.filter((x) => x.kind === 'matrix' || x.kind === 'mask' || x.kind === 'matrixLists')) {
        matrices += 1;
        assert.ok(a.rows === 1024 || a.rows === 4096, `${op.name}.${a.name}: rows ${a.rows}`);
        assert.ok(a.cols === 1024 || (a.kind === 'mask' && a.cols === 4096), `${op.name}.${a.name}: cols ${a.cols}`);
      }
      for (const a of op.arguments.filter((x) => x.kind === 'vector' || x.kind === 'indices')) {
        assert.ok(a.rows === 1024 || a.rows === 4096, `${op.name}.${a.name}: length ${a.rows}`);
        assert.equal(a.cols, undefined, `${op.name}.${a.name} is a vector`);
      }
      for (const a of op.arguments.filter((x) => !['matrix', 'mask', 'matrixLists', 'vector', 'indices'].includes(x.kind))) {
        assert.equal(a.rows, undefined, `${op.name}.${a.name} is no matrix or vector`);
      }
    }
    assert.ok(matrices > 20, `${matrices} matrix arguments`);
    const attention = operations.find((op) => op.name === 'attention');
    assert.deepEqual(attention?.arguments.slice(0, 3).map((a) => [a.name, a.rows, a.cols]), [['query', 1024, 1024], ['key', 1024, 1024], ['value', 1024, 1024]]);
    const sparse = operations.find((op) => op.name === 'sparseAttention');
    assert.equal(sparse?.arguments.find((a) => a.name === 'globalTokens')?.rows, 4096, 'as many global tokens as tokens');
  });

  test("the façade takes a matrix's row cap from the argument table, not from one constant", () => {
    const spec = {
      query: { kind: 'matrix', rows: 4096, cols: 1024 },
      key: { kind: 'matrix', rows: 1024, cols: 1024 },
      mask: { kind: 'mask?', rows: 4096, cols: 4096 },
    };
    const request = readArguments('longOperation', spec, { query: zeros(4096, 2), key: zeros(2, 2), mask: zeros(1500, 1200) });
    assert.deepEqual([request.query.rows, request.query.cols], [4096, 2]);
    assert.deepEqual([request.mask.matrix.rows, request.mask.matrix.cols], [1500, 1200]);
    expectAttentionError(() => readArguments('longOperation', spec, { query: zeros(4097, 2), key: zeros(2, 2) }), 'query', 'query: expected at most 4096 rows, got an array of length 4097');
    expectAttentionError(() => readArguments('longOperation', spec, { query: zeros(2, 1025), key: zeros(2, 2) }), 'query[0]', 'query[0]: expected at most 1024 numbers, got an array of length 1025');
    expectAttentionError(() => readArguments('longOperation', spec, { query: zeros(2, 2), key: zeros(1025, 2) }), 'key', 'key: expected at most 1024 rows, got an array of length 1025');
    expectAttentionError(() => readArguments('longOperation', spec, { query: zeros(2, 2), key: zeros(2, 2), mask: zeros(2, 4097) }), 'mask[0]', 'mask[0]: expected at most 4096 numbers, got an array of length 4097');
  });

  test('every other operation keeps the cap of 1024 rows', () => {
    expectAttentionError(() => lab.attention({ query: zeros(1025, 2), key: zeros(2, 2), value: zeros(2, 2) }), 'query', 'query: expected at most 1024 rows, got an array of length 1025');
    expectAttentionError(() => lab.attention({ query: zeros(2, 2), key: zeros(2, 2), value: zeros(2, 2), mask: zeros(1025, 2) }), 'mask', 'mask: expected at most 1024 rows, got an array of length 1025');
  });
});

describe('the scale operations refuse bad sizes by name', () => {
  const query = zeros(3, 2);
  const key = zeros(4, 2);
  const value = zeros(4, 2);
  const untyped = /** @type {any} */ (lab);

  test('a block size of 0, 2.5, or more than n or m', () => {
    expectAttentionError(() => lab.flashAttention({ query, key, value, blockRows: 0 }), 'blockRows', 'blockRows: expected a whole number from 1 to 4096, got 0');
    expectAttentionError(() => lab.flashAttention({ query, key, value, blockCols: 2.5 }), 'blockCols', 'blockCols: expected a whole number from 1 to 4096, got 2.5');
    expectAttentionError(() => lab.flashAttention({ query, key, value, blockRows: 4 }), 'blockRows', 'blockRows: expected a whole number from 1 to 3 (n, the queries), got 4');
    expectAttentionError(() => lab.flashAttention({ query, key, value, blockCols: 5 }), 'blockCols', 'blockCols: expected a whole number from 1 to 4 (m, the keys), got 5');
    expectAttentionError(() => untyped.flashAttention({ query, key, value, blockRows: '2' }), 'blockRows', 'blockRows: expected a number, got the string "2"');
  });

  test('a chunk size of 0, 2.5, more than n, or none', () => {
    expectAttentionError(() => lab.chunkedAttention({ query, key, value, chunkSize: 0 }), 'chunkSize', 'chunkSize: expected a whole number from 1 to 4096, got 0');
    expectAttentionError(() => lab.chunkedAttention({ query, key, value, chunkSize: 2.5 }), 'chunkSize', 'chunkSize: expected a whole number from 1 to 4096, got 2.5');
    expectAttentionError(() => lab.chunkedAttention({ query, key, value, chunkSize: 4 }), 'chunkSize', 'chunkSize: expected a whole number from 1 to 3 (n, the queries), got 4');
    expectAttentionError(() => untyped.chunkedAttention({ query, key, value }), 'chunkSize', 'chunkSize: expected a number, got undefined');
  });

  test('an unknown precision, and a fill or values a float cannot hold', () => {
    expectAttentionError(() => untyped.attention({ query, key, value, precision: 'float16' }), 'precision', "precision: expected 'float64' or 'float32', got 'float16'");
    expectAttentionError(() => untyped.flashAttention({ query, key, value, precision: 'double' }), 'precision', "precision: expected 'float64' or 'float32', got 'double'");
    expectAttentionError(() => lab.flashAttention({ query, key, value, precision: 'float32', maskFill: -1e300, mask: 'causal' }), 'maskFill', 'float32 range');
    expectAttentionError(() => lab.attention({ query: [[1e39, 0]], key, value, precision: 'float32' }), 'query[0][0]', 'got 1e+39');
  });

  test('4096 rows are accepted, 4097 refused before anything is copied to the engine', () => {
    const long = zeros(4096, 1);
    assert.equal(lab.flashAttention({ query: long, key: long, value: long, trace: false }).output.length, 4096);
    const longer = zeros(4097, 1);
    expectAttentionError(() => lab.flashAttention({ query: longer, key: long, value: long }), 'query', 'query: expected at most 4096 rows, got an array of length 4097');
    expectAttentionError(() => lab.chunkedAttention({ query: long, key: longer, value: long, chunkSize: 64 }), 'key', 'key: expected at most 4096 rows, got an array of length 4097');
  });

  test('a traced call too large to return says to pass trace: false', () => {
    const long = zeros(2048, 2);
    expectAttentionError(() => lab.flashAttention({ query: long, key: long, value: long }), 'trace', 'pass trace: false for the lean result');
    expectAttentionError(() => lab.chunkedAttention({ query: long, key: long, value: long, chunkSize: 4 }), 'trace', 'pass trace: false for the lean result');
  });
});
