// The limits of the scale operations through the wasm build and the façade (issue 11): a matrix
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

  test('the engine describes every matrix and mask argument with its caps', () => {
    /** @type {{ name: string, arguments: { name: string, kind: string, rows?: number, cols?: number }[] }[]} */
    const operations = core.describeOperations();
    let matrices = 0;
    for (const op of operations) {
      for (const a of op.arguments.filter((x) => x.kind === 'matrix' || x.kind === 'mask')) {
        matrices += 1;
        assert.ok(a.rows === 1024 || a.rows === 4096, `${op.name}.${a.name}: rows ${a.rows}`);
        assert.ok(a.cols === 1024 || (a.kind === 'mask' && a.cols === 4096), `${op.name}.${a.name}: cols ${a.cols}`);
      }
      for (const a of op.arguments.filter((x) => x.kind !== 'matrix' && x.kind !== 'mask')) {
        assert.equal(a.rows, undefined, `${op.name}.${a.name} is no matrix`);
      }
    }
    assert.ok(matrices > 20, `${matrices} matrix arguments`);
    const attention = operations.find((op) => op.name === 'attention');
    assert.deepEqual(attention?.arguments.slice(0, 3).map((a) => [a.name, a.rows, a.cols]), [['query', 1024, 1024], ['key', 1024, 1024], ['value', 1024, 1024]]);
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
