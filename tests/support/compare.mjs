/**
 * Comparing an engine trace with a golden fixture's `expected` object.
 *
 * Every field of `expected` is checked, recursively; a field the trace lacks is a failure, so
 * nothing in a fixture can go unchecked. Numbers agree when |a − b| ≤ 1e-9·max(1, |b|); the
 * string "-Infinity" stands for −∞ and must meet −∞ exactly; arrays must have equal lengths.
 * A numeric array (vector, matrix, h×n×m stack) is reported as one problem naming its path, its
 * shape and the largest difference.
 */

export const RELATIVE_TOLERANCE = 1e-9;

/** The fixtures' spelling of −∞. */
const NEG_INF = '-Infinity';

/** @param {unknown} x */
const isLeafNumber = (x) => typeof x === 'number' || x === NEG_INF;

/**
 * The shape of a rectangular nested array of numbers, e.g. [3, 5]; null if `value` is not one.
 * An empty array has shape [0].
 * @param {unknown} value
 * @returns {number[] | null}
 */
export function numericShape(value) {
  if (isLeafNumber(value)) return [];
  if (!Array.isArray(value)) return null;
  if (value.length === 0) return [0];
  const inner = numericShape(value[0]);
  if (inner === null) return null;
  for (let i = 1; i < value.length; i += 1) {
    const s = numericShape(value[i]);
    if (s === null || s.length !== inner.length || s.some((d, k) => d !== inner[k])) return null;
  }
  return [value.length, ...inner];
}

/** @param {number[] | null} shape */
const showShape = (shape) => (shape === null ? 'not a rectangular array of numbers' : shape.length === 0 ? 'a number' : shape.join('×'));

/** @param {unknown} x */
function show(x) {
  if (x === undefined) return 'undefined';
  if (typeof x === 'number') return Object.is(x, -0) ? '-0' : String(x);
  if (Array.isArray(x)) return `an array of length ${x.length}`;
  return JSON.stringify(x);
}

/** @param {unknown} expected @param {unknown} actual */
function leafDifference(actual, expected) {
  if (expected === NEG_INF) return actual === -Infinity ? 0 : Infinity;
  if (typeof actual !== 'number' || Number.isNaN(actual)) return Infinity;
  const b = /** @type {number} */ (expected);
  if (!Number.isFinite(actual)) return Infinity;
  return Math.abs(actual - b);
}

/** @param {unknown} actual @param {unknown} expected */
function leafAgrees(actual, expected) {
  if (expected === NEG_INF) return actual === -Infinity;
  const b = /** @type {number} */ (expected);
  return typeof actual === 'number' && Math.abs(actual - b) <= RELATIVE_TOLERANCE * Math.max(1, Math.abs(b));
}

/**
 * Walks two numeric arrays of the same shape; returns how many leaves were compared and the
 * disagreements.
 * @param {unknown} actual @param {unknown} expected @param {string} path
 * @param {{ checked: number, wrong: number, worst: null | { path: string, actual: unknown, expected: unknown, diff: number } }} acc
 */
function walkNumbers(actual, expected, path, acc) {
  if (Array.isArray(expected)) {
    const a = /** @type {unknown[]} */ (actual);
    for (let i = 0; i < expected.length; i += 1) walkNumbers(a[i], expected[i], `${path}[${i}]`, acc);
    return;
  }
  acc.checked += 1;
  if (!leafAgrees(actual, expected)) {
    acc.wrong += 1;
    const diff = leafDifference(actual, expected);
    if (acc.worst === null || diff > acc.worst.diff) acc.worst = { path, actual, expected, diff };
  }
}

/**
 * Compares `actual` with every field of `expected`.
 * @param {unknown} actual the trace (or part of it)
 * @param {unknown} expected the fixture's expected object (or part of it)
 * @param {string} [path] where we are, for messages
 * @returns {{ problems: string[], checked: number }} checked = how many leaf values were compared
 */
export function compareWithExpected(actual, expected, path = 'trace') {
  /** @type {string[]} */
  const problems = [];
  let checked = 0;

  const expectedShape = numericShape(expected);
  if (expectedShape !== null && Array.isArray(expected)) {
    // A vector, matrix or stack of matrices: compared as one block.
    const actualShape = numericShape(actual);
    const sameShape = actualShape !== null && actualShape.length === expectedShape.length && actualShape.every((d, k) => d === expectedShape[k]);
    if (!sameShape) {
      problems.push(`${path}: expected shape ${showShape(expectedShape)}, got ${actual === undefined ? 'nothing' : showShape(actualShape)}`);
      return { problems, checked };
    }
    /** @type {Parameters<typeof walkNumbers>[3]} */
    const acc = { checked: 0, wrong: 0, worst: null };
    walkNumbers(actual, expected, path, acc);
    checked += acc.checked;
    if (acc.wrong > 0 && acc.worst) {
      const { worst } = acc;
      problems.push(
        `${path} (shape ${showShape(expectedShape)}): ${acc.wrong} of ${acc.checked} numbers differ, ` +
          `max |a−b| = ${worst.diff} at ${worst.path}: got ${show(worst.actual)}, expected ${show(worst.expected)}`,
      );
    }
    return { problems, checked };
  }

  if (isLeafNumber(expected)) {
    checked += 1;
    if (!leafAgrees(actual, expected)) {
      problems.push(`${path} (a number): got ${show(actual)}, expected ${show(expected)}, |a−b| = ${leafDifference(actual, expected)}`);
    }
    return { problems, checked };
  }

  if (Array.isArray(expected)) {
    // An array of objects, e.g. the heads of multi-head attention.
    if (!Array.isArray(actual)) {
      problems.push(`${path}: expected an array of length ${expected.length}, got ${show(actual)}`);
      return { problems, checked };
    }
    if (actual.length !== expected.length) {
      problems.push(`${path}: expected length ${expected.length}, got length ${actual.length}`);
      return { problems, checked };
    }
    expected.forEach((e, i) => {
      const r = compareWithExpected(actual[i], e, `${path}[${i}]`);
      problems.push(...r.problems);
      checked += r.checked;
    });
    return { problems, checked };
  }

  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      problems.push(`${path}: expected an object with ${Object.keys(expected).join(', ')}, got ${show(actual)}`);
      return { problems, checked };
    }
    const record = /** @type {Record<string, unknown>} */ (actual);
    for (const [key, e] of Object.entries(expected)) {
      if (!Object.prototype.hasOwnProperty.call(record, key)) {
        problems.push(`${path}.${key}: missing from the trace (expected ${numericShape(e) ? `shape ${showShape(numericShape(e))}` : show(e)})`);
        continue;
      }
      const r = compareWithExpected(record[key], e, `${path}.${key}`);
      problems.push(...r.problems);
      checked += r.checked;
    }
    return { problems, checked };
  }

  // Strings other than "-Infinity", booleans, null: exactly equal.
  checked += 1;
  if (actual !== expected) problems.push(`${path}: got ${show(actual)}, expected ${show(expected)}`);
  return { problems, checked };
}

/**
 * How many leaf values `expected` holds (numbers, "-Infinity", other scalars): what a complete
 * comparison must have checked.
 * @param {unknown} expected
 * @returns {number}
 */
export function countLeaves(expected) {
  if (Array.isArray(expected)) return expected.reduce((n, e) => n + countLeaves(e), 0);
  if (expected !== null && typeof expected === 'object') return Object.values(expected).reduce((n, e) => n + countLeaves(e), 0);
  return 1;
}

/**
 * The fixture's `input` as the API wants it: the string "-Infinity" becomes −∞.
 * @param {unknown} value
 * @returns {any}
 */
export function reviveInput(value) {
  if (value === NEG_INF) return -Infinity;
  if (Array.isArray(value)) return value.map(reviveInput);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, reviveInput(v)]));
  }
  return value;
}
