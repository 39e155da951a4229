/**
 * Reading a caller's argument object into the request the bindings take. Callers may pass
 * anything (getters that throw, Proxies, inherited properties, holes, huge lengths), so every
 * property is read at most once, lists are copied with their length capped before any loop,
 * and whatever reading throws becomes an AttentionError naming the argument. Nothing that
 * Embind could refuse (and leak a handle over) ever reaches the bindings.
 */
import { AttentionError, fail, showKey, unreadable } from './errors.js';
import { checkWellFormed, flattenMatrix, flattenMatrixLists, flattenVector, readStrings } from './matrix-io.js';
import { own } from './own.js';

/**
 * The own enumerable properties of `record`, string and symbol keys (never inherited ones),
 * each read once. A key not in `names` is handed to `refuse`, which throws.
 * @param {string} where what `record` is, named when listing its keys throws
 * @param {object} record
 * @param {readonly string[]} names
 * @param {(key: string | symbol) => never} refuse
 * @param {string} [prefix] put before a key to name it in a message, e.g. "mask."
 * @returns {Map<string, unknown>}
 */
export function readOwn(where, record, names, refuse, prefix = '') {
  /** @type {Array<string | symbol>} */
  let keys;
  try {
    const symbols = Object.getOwnPropertySymbols(record).filter((s) => Object.prototype.propertyIsEnumerable.call(record, s));
    keys = [...Object.keys(record), ...symbols];
  } catch (error) {
    throw unreadable(where, error);
  }
  for (const key of keys) if (typeof key !== 'string' || !names.includes(key)) refuse(key);
  const values = new Map();
  for (const key of /** @type {string[]} */ (keys)) {
    try {
      values.set(key, /** @type {Record<string, unknown>} */ (record)[key]);
    } catch (error) {
      throw unreadable(`${prefix}${key}`, error);
    }
  }
  return values;
}

/**
 * An object other than an array or typed array; false (not a throw) for a revoked Proxy,
 * which readOwn then reports.
 * @param {unknown} value
 * @returns {value is object}
 */
export function isRecord(value) {
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  try {
    return !Array.isArray(value);
  } catch {
    return true;
  }
}

const MASK = "'causal', { keyLength: L } or a queries × keys matrix of 0/1";

/**
 * The mask argument in the form the bindings read.
 * @param {string} name
 * @param {unknown} mask undefined | 'causal' | { keyLength } | (0|1|boolean)[][]
 * @param {ArgumentSpec} spec its caps
 */
function encodeMask(name, mask, spec) {
  if (mask === undefined || mask === null) return { kind: 'none' };
  if (mask === 'causal') return { kind: 'causal' };
  if (isRecord(mask)) {
    const fields = readOwn(name, mask, ['keyLength'], () => fail(name, MASK, mask), `${name}.`);
    if (!fields.has('keyLength')) fail(name, MASK, mask);
    const keyLength = fields.get('keyLength');
    if (typeof keyLength !== 'number') fail(`${name}.keyLength`, 'a whole number of keys', keyLength);
    return { kind: 'keyLength', keyLength };
  }
  let isArray;
  try {
    isArray = Array.isArray(mask);
  } catch (error) {
    throw unreadable(name, error);
  }
  return isArray ? { kind: 'matrix', matrix: flattenMatrix(name, mask, { booleans: true, rows: spec.rows, cols: spec.cols }) } : fail(name, MASK, mask);
}

/** @param {string} expected @returns {Encoder} */
const optional = (expected) => (name, v, spec) => (v == null ? undefined : ENCODERS[expected](name, v, spec));

/**
 * How each kind of argument is checked and encoded for the bindings. A kind ending in '?' is
 * optional: given as undefined or null it counts as omitted (or takes its default). The kinds
 * of choice arguments ('activation?', 'stage', …) are added by specOf from the engine's
 * descriptions. No prototype, so that nothing another script put on Object.prototype under a
 * kind's name is taken for its encoder.
 * @typedef {(name: string, value: unknown, spec: ArgumentSpec) => unknown} Encoder
 * @type {Record<string, Encoder>}
 */
const ENCODERS = Object.assign(Object.create(null), {
  matrix: (name, v, spec) => flattenMatrix(name, v, { booleans: false, rows: spec.rows, cols: spec.cols }),
  'matrix?': optional('matrix'),
  vector: (name, v, spec) => flattenVector(name, v, spec.rows),
  'vector?': optional('vector'),
  indices: (name, v, spec) => flattenVector(name, v, spec.rows),
  strings: (name, v) => readStrings(name, v),
  text: (name, v) => (typeof v === 'string' ? checkWellFormed(name, v) : fail(name, 'a string', v)),
  'text?': optional('text'),
  matrixLists: (name, v, spec) => flattenMatrixLists(name, v, { rows: spec.rows, cols: spec.cols }),
  'mask?': encodeMask,
  number: (name, v) => (typeof v === 'number' ? v : fail(name, 'a number', v)),
  'number?': optional('number'),
  boolean: (name, v) => (typeof v === 'boolean' ? v : fail(name, 'true or false', v)),
  'boolean?': optional('boolean'),
});

/**
 * @typedef {{ name: string, kind: string, optional: boolean, rows?: number, cols?: number, choices?: string, choiceKind?: string }} ArgumentDescription
 * @typedef {{ name: string, arguments: ArgumentDescription[] }} OperationDescription
 * @typedef {{ kind: string, rows?: number, cols?: number }} ArgumentSpec how the façade reads
 *   one argument: its kind (a key of ENCODERS) and, for a matrix or mask, its caps (rows: a vector's length)
 */

/**
 * A string among the choices; omitted, the first. The engine's parser then maps it.
 * @param {string[]} choices
 * @param {boolean} optional
 */
function choiceEncoder(choices, optional) {
  const listed = choices.map((c) => `'${c}'`);
  const expected = `${listed.slice(0, -1).join(', ')} or ${listed[listed.length - 1]}`;
  return (/** @type {string} */ name, /** @type {unknown} */ v) =>
    optional && v == null ? choices[0] : typeof v === 'string' ? checkWellFormed(name, v) : fail(name, expected, v);
}

/**
 * How the façade reads a described argument: its kind (integers are numbers here, the engine
 * checking they are whole and in range; choices are named by their set) and a matrix's or
 * mask's caps as the engine describes them.
 * @param {ArgumentDescription} a
 * @returns {ArgumentSpec}
 */
export function specOf(a) {
  const base = a.kind === 'choice' ? /** @type {string} */ (own(a, 'choiceKind')) : a.kind === 'integer' ? 'number' : a.kind;
  const kind = a.optional ? `${base}?` : base;
  if (a.kind === 'choice') ENCODERS[kind] ??= choiceEncoder(/** @type {string} */ (own(a, 'choices')).split('|'), a.optional);
  if (!(kind in ENCODERS)) throw new Error(`the engine describes ${a.name} as ${kind}, which the façade cannot encode`);
  return { kind, rows: /** @type {number | undefined} */ (own(a, 'rows')), cols: /** @type {number | undefined} */ (own(a, 'cols')) };
}

/**
 * Reads the one argument object of `operation` and encodes it for the bindings.
 * @param {string} operation its name, used in messages
 * @param {Record<string, ArgumentSpec>} spec each argument's name, kind and caps
 * @param {unknown} args what the caller passed
 * @returns {Record<string, unknown>} the request, one entry per argument of spec
 * @throws {AttentionError} naming the argument that is wrong, missing, unknown or unreadable
 */
export function readArguments(operation, spec, args) {
  const names = Object.keys(spec);
  if (!isRecord(args)) {
    fail(operation, `one object argument with ${names.filter((n) => !spec[n].kind.endsWith('?')).join(', ')}`, args);
  }
  const given = readOwn(operation, args, names, (key) => {
    throw new AttentionError(`${showKey(key)}: expected one of the arguments of ${operation} (${names.join(', ')}), got an unknown argument`);
  });
  /** @type {Record<string, unknown>} */
  const request = {};
  for (const name of names) request[name] = ENCODERS[spec[name].kind](name, given.get(name), spec[name]);
  return request;
}
