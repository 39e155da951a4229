/** Inputs and shape assertions shared by the operation tests. */
import assert from 'node:assert/strict';

/**
 * A rows × cols matrix of varied, reproducible numbers in [−1, 1] (no randomness: a test that
 * fails fails the same way every time).
 * @param {number} rows @param {number} cols @param {number} [salt]
 * @returns {number[][]}
 */
export function grid(rows, cols, salt = 1) {
  return Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => Math.sin(salt * 12.9898 + (i * cols + j) * 78.233)));
}

/**
 * Asserts `m` is a plain number[][] (not typed arrays) of the given shape.
 * @param {unknown} m @param {number} rows @param {number} cols @param {string} [what]
 */
export function assertMatrix(m, rows, cols, what = 'matrix') {
  assert.ok(Array.isArray(m), `${what}: expected a plain array, got ${Object.prototype.toString.call(m)}`);
  assert.equal(m.length, rows, `${what}: rows`);
  m.forEach((row, i) => {
    assert.ok(Array.isArray(row), `${what}[${i}]: expected a plain array, got ${Object.prototype.toString.call(row)}`);
    assert.equal(row.length, cols, `${what}[${i}]: columns`);
    row.forEach((x, j) => assert.equal(typeof x, 'number', `${what}[${i}][${j}] is a number`));
  });
}

/**
 * Asserts `v` is a plain number[] of the given length.
 * @param {unknown} v @param {number} length @param {string} [what]
 */
export function assertVector(v, length, what = 'vector') {
  assert.ok(Array.isArray(v), `${what}: expected a plain array, got ${Object.prototype.toString.call(v)}`);
  assert.equal(v.length, length, `${what}: length`);
  v.forEach((x, i) => assert.equal(typeof x, 'number', `${what}[${i}] is a number`));
}

/**
 * Every number anywhere in `value`, with its path.
 * @param {unknown} value @param {string} [path]
 * @returns {Array<[string, number]>}
 */
export function allNumbers(value, path = 'trace') {
  if (typeof value === 'number') return [[path, value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => allNumbers(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => allNumbers(v, `${path}.${k}`));
  }
  return [];
}

/**
 * Asserts no NaN appears anywhere in `value`.
 * @param {unknown} value
 */
export function assertNoNaN(value) {
  const nan = allNumbers(value).filter(([, x]) => Number.isNaN(x));
  assert.deepEqual(nan.map(([p]) => p), [], 'no NaN anywhere');
}

/**
 * Asserts every array in `value` is a plain Array (no typed arrays, no array-likes) and every
 * leaf is a number, string or boolean: what a course author can JSON.stringify and compare.
 * @param {unknown} value @param {string} [path]
 */
export function assertPlainData(value, path = 'trace') {
  if (ArrayBuffer.isView(value)) assert.fail(`${path} is a ${value.constructor.name}, not a plain array`);
  if (Array.isArray(value)) {
    value.forEach((v, i) => assertPlainData(v, `${path}[${i}]`));
    return;
  }
  if (value !== null && typeof value === 'object') {
    assert.equal(Object.getPrototypeOf(value), Object.prototype, `${path} is a plain object`);
    for (const [k, v] of Object.entries(value)) assertPlainData(v, `${path}.${k}`);
    return;
  }
  assert.ok(['number', 'string', 'boolean'].includes(typeof value), `${path} is ${typeof value}`);
}

/**
 * Asserts each row of `m` sums to 1 within 1e-12.
 * @param {number[][]} m @param {string} [what]
 */
export function assertRowsSumToOne(m, what = 'weights') {
  m.forEach((row, i) => {
    const sum = row.reduce((a, b) => a + b, 0);
    assert.ok(Math.abs(sum - 1) <= 1e-12, `${what}[${i}] sums to ${sum}`);
  });
}

/** Matrix product, for checking a few identities independently of the engine. */
export function matmul(/** @type {number[][]} */ a, /** @type {number[][]} */ b) {
  return a.map((row) => b[0].map((_, j) => row.reduce((s, x, k) => s + x * b[k][j], 0)));
}

/**
 * Asserts two nested number arrays agree within `tol` (absolute), with the same shape.
 * @param {unknown} actual @param {unknown} expected @param {number} [tol] @param {string} [path]
 */
export function assertClose(actual, expected, tol = 1e-12, path = 'value') {
  if (Array.isArray(expected)) {
    assert.ok(Array.isArray(actual), `${path}: expected an array`);
    assert.equal(actual.length, expected.length, `${path}: length`);
    expected.forEach((e, i) => assertClose(actual[i], e, tol, `${path}[${i}]`));
    return;
  }
  assert.equal(typeof actual, 'number', `${path}: a number`);
  assert.ok(Math.abs(/** @type {number} */ (actual) - /** @type {number} */ (expected)) <= tol, `${path}: got ${actual}, expected ${expected}`);
}
