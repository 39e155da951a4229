// The golden comparison itself: it must catch what it claims to catch, or golden.test.mjs
// proves nothing.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { compareWithExpected, countLeaves, numericShape, reviveInput } from '../support/compare.mjs';

const problemsOf = (/** @type {unknown} */ actual, /** @type {unknown} */ expected) => compareWithExpected(actual, expected).problems;

test('identical traces have no problems and every leaf is counted as checked', () => {
  const expected = { a: [[1, 2], [3, '-Infinity']], b: 2, c: { d: [1], e: [] }, f: [{ g: 1 }, { g: [2, 3] }] };
  const actual = { a: [[1, 2], [3, -Infinity]], b: 2, c: { d: [1], e: [] }, f: [{ g: 1 }, { g: [2, 3] }], extra: 9 };
  const { problems, checked } = compareWithExpected(actual, expected);
  assert.deepEqual(problems, []);
  assert.equal(checked, countLeaves(expected));
  assert.equal(checked, 9);
});

test('a field of expected that the trace lacks is a failure', () => {
  assert.match(problemsOf({ a: 1 }, { a: 1, b: [[1]] }).join(), /trace\.b: missing from the trace \(expected shape 1×1\)/);
  assert.match(problemsOf({ c: {} }, { c: { d: 2 } }).join(), /trace\.c\.d: missing/);
});

test('numbers agree within 1e-9 relative to max(1, |expected|), and not beyond', () => {
  assert.deepEqual(problemsOf([1 + 0.9e-9], [1]), []);
  assert.equal(problemsOf([1 + 1.1e-9], [1]).length, 1);
  assert.deepEqual(problemsOf([1e6 + 0.9e-3], [1e6]), []);
  assert.equal(problemsOf([1e6 + 1.1e-3], [1e6]).length, 1);
  assert.deepEqual(problemsOf([0.5e-9], [0]), []);
});

test('"-Infinity" only matches −∞ exactly, and −∞ only matches "-Infinity"', () => {
  assert.equal(problemsOf([-1e308], ['-Infinity']).length, 1);
  assert.equal(problemsOf([-Infinity], [-1e308]).length, 1);
  assert.equal(problemsOf([NaN], [0]).length, 1);
  assert.equal(problemsOf(['-Infinity'], ['-Infinity']).length, 1, 'the string itself is not −∞');
});

test('arrays must have equal lengths and shapes', () => {
  assert.match(problemsOf([[1, 2]], [[1, 2, 3]]).join(), /expected shape 1×3, got 1×2/);
  assert.match(problemsOf([[1], [2]], [[1]]).join(), /expected shape 1×1, got 2×1/);
  assert.match(problemsOf([1], []).join(), /expected shape 0, got 1/);
  assert.match(problemsOf([[1, 2], [3]], [[1, 2], [3, 4]]).join(), /not a rectangular array/);
  assert.match(problemsOf([{ a: 1 }], [{ a: 1 }, { a: 2 }]).join(), /expected length 2, got length 1/);
});

test('a mismatch message gives the path, the shape and the max abs diff', () => {
  const [message] = problemsOf({ scores: [[1, 2, 3], [4, 5, 6]] }, { scores: [[1, 2, 3], [4, 5.5, 6.01]] });
  assert.match(message, /^trace\.scores \(shape 2×3\): 2 of 6 numbers differ, max \|a−b\| = 0\.5 at trace\.scores\[1\]\[1\]: got 5, expected 5\.5$/);
});

test('numericShape describes vectors, matrices and stacks', () => {
  assert.deepEqual(numericShape([1, 2]), [2]);
  assert.deepEqual(numericShape([[1], [2]]), [2, 1]);
  assert.deepEqual(numericShape([[[1, 2]], [[3, 4]]]), [2, 1, 2]);
  assert.equal(numericShape([{ a: 1 }]), null);
});

test('reviveInput turns the fixtures\' "-Infinity" into −∞ and leaves other strings alone', () => {
  assert.deepEqual(reviveInput({ maskFill: '-Infinity', mask: 'causal', q: [[1, '-Infinity']] }), {
    maskFill: -Infinity,
    mask: 'causal',
    q: [[1, -Infinity]],
  });
});
