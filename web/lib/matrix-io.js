/**
 * Nested JavaScript arrays → the flat { rows, cols, data: Float64Array } the bindings copy in
 * one piece (results come back as plain arrays, built by cpp/bindings/convert.cpp). Only
 * structure is checked here (arrays, numbers, strings, rectangular rows, the size cap); values
 * (NaN, ±Infinity, 0/1 masks, token lengths) and shapes between arguments are the C++ engine's
 * to check, so each rule lives in one place.
 */
import { AttentionError, fail, unreadable } from './errors.js';
import { own } from './own.js';

/**
 * The engine's cap on every dimension (attn::max_dimension), and on every list this module
 * reads unless told another: a matrix's caps come from the engine's argument table (the
 * sequences of the scale operations take up to attn::max_sequence rows).
 */
export const MAX_DIMENSION = 1024;

const MATRIX = 'a matrix (an array of rows of numbers)';

/**
 * An array (a Proxy of one included) or a typed array other than a DataView. May throw: a
 * revoked Proxy throws from Array.isArray.
 * @param {unknown} value
 */
function isList(value) {
  return Array.isArray(value) || (ArrayBuffer.isView(value) && !(value instanceof DataView));
}

/**
 * A list's length, read once and checked against the cap before anything walks it: a Proxy or
 * a doctored length could otherwise make a loop run for ever.
 * @param {string} name @param {ArrayLike<unknown>} list @param {string} noun "numbers", "rows", …
 * @param {number} [cap]
 */
function cappedLength(name, list, noun, cap = MAX_DIMENSION) {
  const length = list.length;
  if (typeof length === 'number' && Number.isInteger(length) && length >= 0 && length <= cap) return length;
  const got = typeof length === 'number' ? `an array of length ${length}` : 'an array with no numeric length';
  throw new AttentionError(`${name}: expected at most ${cap} ${noun}, got ${got}`);
}

/**
 * A caller's array or typed array copied into a plain array, its length and each element read
 * once, so a getter or Proxy is consulted once and the checks that follow see fixed values. A
 * hole is read as undefined, never as what Array.prototype or Object.prototype holds at that
 * index. What reading throws becomes an AttentionError about the element (or the list).
 * @param {string} name @param {unknown} value
 * @param {string} expected what to ask for when value is no list @param {string} noun
 * @param {number} [cap] the most elements accepted
 * @returns {unknown[]}
 */
export function readList(name, value, expected, noun, cap = MAX_DIMENSION) {
  let i = -1;
  try {
    if (!isList(value)) fail(name, expected, value);
    const list = /** @type {ArrayLike<unknown>} */ (value);
    const out = new Array(cappedLength(name, list, noun, cap));
    for (i = 0; i < out.length; i += 1) out[i] = own(list, i);
    return out;
  } catch (error) {
    throw unreadable(i < 0 ? name : `${name}[${i}]`, error);
  }
}

/**
 * @param {string} name the argument's name, used in messages
 * @param {unknown} value a number[][] (rows may also be typed arrays)
 * @param {{ booleans: boolean, rows: number | undefined, cols: number | undefined }} options
 *   booleans: accept true/false as 1/0 (masks); rows, cols: the caps the engine describes for
 *   this argument (undefined: MAX_DIMENSION)
 * @returns {{ rows: number, cols: number, data: Float64Array }}
 */
export function flattenMatrix(name, value, options) {
  // Rows may be typed arrays; the matrix itself is an array of them.
  if (ArrayBuffer.isView(value)) fail(name, MATRIX, value);
  const list = readList(name, value, MATRIX, 'rows', options.rows);
  const rows = list.length;
  if (rows === 0) throw new AttentionError(`${name}: expected ${MATRIX} with at least one row, got an empty array`);
  if (typeof list[0] === 'number') {
    throw new AttentionError(`${name}: expected ${MATRIX}, got an array of numbers (write one row as [[…]])`);
  }
  let cols = 0;
  let data = new Float64Array(0);
  for (let i = 0; i < rows; i += 1) {
    const row = /** @type {ArrayLike<unknown>} */ (list[i]);
    let j = -1;
    try {
      if (!isList(row)) fail(`${name}[${i}]`, 'a row (an array of numbers)', row);
      const length = cappedLength(`${name}[${i}]`, row, 'numbers', options.cols);
      if (i === 0) {
        if (length === 0) throw new AttentionError(`${name}[0]: expected a row with at least one number, got an empty array`);
        cols = length;
        data = new Float64Array(rows * cols);
      } else if (length !== cols) {
        throw new AttentionError(`${name}[${i}]: expected ${cols} numbers like row 0, got an array of length ${length}`);
      }
      for (j = 0; j < cols; j += 1) {
        const x = own(row, j);
        if (typeof x === 'number') {
          data[i * cols + j] = x;
        } else if (options.booleans && typeof x === 'boolean') {
          data[i * cols + j] = x ? 1 : 0;
        } else {
          fail(`${name}[${i}][${j}]`, options.booleans ? '0, 1, true or false' : 'a number', x);
        }
      }
    } catch (error) {
      throw unreadable(j < 0 ? `${name}[${i}]` : `${name}[${i}][${j}]`, error);
    }
  }
  return { rows, cols, data };
}

/**
 * A list of lists of matrices (every head of every layer), each matrix flattened and named by
 * its place: "layers[1][0]". The engine checks how many there are and their shapes.
 * @param {string} name
 * @param {unknown} value a number[][][][]
 * @param {{ rows: number | undefined, cols: number | undefined }} caps each matrix's caps
 * @returns {Array<Array<{ rows: number, cols: number, data: Float64Array }>>}
 */
export function flattenMatrixLists(name, value, caps) {
  return readList(name, value, 'an array of arrays of matrices', 'lists').map((list, l) =>
    readList(`${name}[${l}]`, list, 'an array of matrices', 'matrices').map((m, h) => flattenMatrix(`${name}[${l}][${h}]`, m, { booleans: false, ...caps })),
  );
}

/**
 * @param {string} name
 * @param {unknown} value a number[] (or a typed array)
 * @param {number} [cap] the most numbers accepted, as the engine describes the argument
 * @returns {Float64Array}
 */
export function flattenVector(name, value, cap = MAX_DIMENSION) {
  const list = readList(name, value, 'an array of numbers', 'numbers', cap);
  if (list.length === 0) throw new AttentionError(`${name}: expected an array with at least one number, got an empty array`);
  return Float64Array.from(list, (x, i) => (typeof x === 'number' ? x : fail(`${name}[${i}]`, 'a number', x)));
}

/** A lone half of a UTF-16 surrogate pair (the u flag reads a whole pair as one code point). */
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * A string that crosses to C++ as UTF-8: a lone surrogate would silently become U+FFFD there,
 * so two different strings would arrive as the same one.
 * @param {string} name @param {unknown} value
 * @returns {string}
 */
export function checkWellFormed(name, value) {
  if (typeof value === 'string' && LONE_SURROGATE.test(value)) {
    fail(name, 'a well-formed string (no lone UTF-16 surrogate)', value);
  }
  return /** @type {string} */ (value);
}

/**
 * An array of strings (tokens), copied. The engine checks how many there are and how long
 * each one is.
 * @param {string} name
 * @param {unknown} value
 * @returns {string[]}
 */
export function readStrings(name, value) {
  const list = readList(name, value, 'an array of strings', 'strings');
  list.forEach((s, i) => (typeof s === 'string' ? checkWellFormed(`${name}[${i}]`, s) : fail(`${name}[${i}]`, 'a string', s)));
  return /** @type {string[]} */ (list);
}
