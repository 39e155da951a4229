// Checks of values read from JSON: a walkthrough file, or the inputs a link carries. A check
// returns its problem as one sentence in the form of the engine's errors (docs/engine.md): the
// field's JSON path, what was expected and what came, e.g.
// `inputs.key[2]: expected 2 numbers like the other rows, got 3`. No problem is undefined, so a
// caller can stop at the first problem, or only ask whether there is one.
import type { Range } from './limits.js';

/** One sentence naming the field, what was expected and what came; undefined when all is well. */
export type Problem = string | undefined;

/** Checks the value found at `path`. */
export type Check = (value: unknown, path: string) => Problem;

/** "inputs" + "key" → "inputs.key"; a top-level field is its own name. */
export const field = (path: string, name: string): string => (path ? `${path}.${name}` : name);

/** "inputs.key" + 2 → "inputs.key[2]". */
export const item = (path: string, index: number): string => `${path}[${index}]`;

/** What came, in a few words: texts are quoted (and cut when long), lists and objects are named. */
export function describe(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (Array.isArray(value)) return value.length === 0 ? 'an empty list' : `a list of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return String(value);
}

/** "1 row", "3 rows". */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** The problem at `path`, with what came already put into words. */
export const problem = (path: string, expected: string, got: string): string => `${path}: expected ${expected}, got ${got}`;

/** The problem at `path`, describing the value that came. */
export const expected = (path: string, what: string, value: unknown): string => problem(path, what, describe(value));

/** The first problem `check` finds among `items`, in order. */
export function firstProblem<T>(items: readonly T[], check: (x: T, index: number) => Problem): Problem {
  for (let i = 0; i < items.length; i += 1) {
    const found = check(items[i], i);
    if (found !== undefined) return found;
  }
  return undefined;
}

export const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x);
const isNumber = (x: unknown): x is number => typeof x === 'number';
const isFiniteNumber = (x: unknown): x is number => Number.isFinite(x);

/** "a", "b" and "c" as `"a", "b", "c"` (null unquoted), for lists of allowed values. */
export const quoted = (values: readonly (string | null)[]): string => values.map((v) => (v === null ? 'null' : `"${v}"`)).join(', ');

const fromTo = (r: Range): string => (r.min === r.max ? String(r.min) : `${r.min} to ${r.max}`);

/** Accepts whatever came: for fields a link was never checked on. */
export const anything: Check = () => undefined;

export const number: Check = (value, path) => (isNumber(value) ? undefined : expected(path, 'a number', value));

export const string: Check = (value, path) => (typeof value === 'string' ? undefined : expected(path, 'a text', value));

/** A whole number in `r`. JSON numbers only: "8" is a text. */
export const wholeNumber = (r: Range): Check => (value, path) =>
  Number.isInteger(value) && (value as number) >= r.min && (value as number) <= r.max
    ? undefined
    : expected(path, `a whole number from ${r.min} to ${r.max}`, value);

export const oneOf = (values: readonly (string | null)[]): Check => (value, path) =>
  values.includes(value as string | null) ? undefined : expected(path, `one of ${quoted(values)}`, value);

/** null, or what `check` accepts. */
export const nullOr = (check: Check): Check => (value, path) => (value === null ? undefined : check(value, path));

/** What a matrix's cells must be, in words for the messages. */
interface Cells {
  accepts: (x: unknown) => boolean;
  /** One cell, e.g. "a number". */
  one: string;
  /** Several, e.g. "numbers". */
  many: string;
}

const NUMBERS: Cells = { accepts: isNumber, one: 'a number', many: 'numbers' };
const FINITE_NUMBERS: Cells = { accepts: isFiniteNumber, one: 'a finite number', many: 'numbers' };
const ZEROS_AND_ONES: Cells = { accepts: (x) => x === 0 || x === 1, one: '0 or 1', many: '0 and 1' };

/** A non-empty list of rows, all as long as the first, of cells `cells` accepts. */
function matrixOf(cells: Cells): Check {
  return (value, path) => {
    if (!Array.isArray(value) || value.length === 0) return expected(path, `a non-empty matrix (rows of ${cells.many})`, value);
    const width = Array.isArray(value[0]) ? value[0].length : 0;
    return firstProblem(value, (row: unknown, i) => {
      if (!Array.isArray(row)) return expected(item(path, i), `a row (a list of ${cells.many})`, row);
      if (row.length !== width) return problem(item(path, i), `${width} numbers like the other rows`, String(row.length));
      return firstProblem(row, (x: unknown, j) => (cells.accepts(x) ? undefined : expected(item(item(path, i), j), cells.one, x)));
    });
  };
}

/** Any rows of numbers: what a link's matrices must be. */
export const matrix = matrixOf(NUMBERS);

const finiteMatrix = matrixOf(FINITE_NUMBERS);

/** An attention mask as a matrix: 1 = attend, 0 = blocked. */
export const maskMatrix = matrixOf(ZEROS_AND_ONES);

/** A matrix of `rows` rows (named e.g. "queries") of `width` finite numbers (named e.g. "d_k"). */
export const sizedMatrix = (rows: Range, rowsName: string, width: Range, widthName: string): Check => (value, path) => {
  const found = finiteMatrix(value, path);
  if (found !== undefined) return found;
  const m = value as number[][];
  if (m.length < rows.min || m.length > rows.max) return problem(path, `${fromTo(rows)} rows (${rowsName})`, String(m.length));
  const w = m[0].length;
  return w < width.min || w > width.max ? problem(path, `rows of ${fromTo(width)} numbers (${widthName})`, `rows of ${w}`) : undefined;
};

/**
 * A list of `length` items (e.g. "words"), each passing `each`. A list that came is counted in the
 * message; anything else is described.
 */
export const list = (each: Check, length: Range, what: string): Check => (value, path) => {
  if (!Array.isArray(value) || value.length < length.min || value.length > length.max) {
    const got = Array.isArray(value) && value.length > 0 ? String(value.length) : describe(value);
    return problem(path, `${fromTo(length)} ${what}`, got);
  }
  return firstProblem(value, (x: unknown, i) => each(x, item(path, i)));
};

/** A non-empty list of texts: what a link's token lists must be. */
export const texts: Check = (value, path) =>
  Array.isArray(value) && value.length > 0 ? firstProblem(value, (x: unknown, i) => string(x, item(path, i))) : expected(path, 'a non-empty list of texts', value);

/**
 * Plain text of 1 … `max` characters that is not only spaces. Characters are counted as Unicode
 * code points, as JSON Schema's maxLength counts them.
 */
export const text = (max: number, what = 'a text'): Check => (value, path) => {
  const wanted = `${what} of 1 to ${max} characters`;
  if (typeof value !== 'string' || value.trim() === '') return expected(path, wanted, value);
  const length = [...value].length;
  return length > max ? problem(path, wanted, `${length} characters`) : undefined;
};

/** The fields of `value` are all among `allowed`; else names the first that is not. */
export function onlyFields(value: Record<string, unknown>, allowed: readonly string[], path: string): Problem {
  const unknown = Object.keys(value).find((name) => !allowed.includes(name));
  return unknown === undefined ? undefined : problem(field(path, unknown), `one of the fields ${quoted(allowed)}`, 'an unknown field');
}
