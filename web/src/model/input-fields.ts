// The fields a kind's inputs are declared with (kinds/<kind>/kind.ts): each says what it holds
// (a whole number in a range, words, a choice, a matrix …) and from that follow the field's
// TypeScript type (InputsOf), its checks, loose for the edited inputs a link carries and strict
// for a walkthrough file, the parameters panels' ranges (an integer field is a Range), and the
// JSON Schema and format doc (scripts/walkthrough-schema.mjs reads `type` and the rest).
import { type Check, expected, firstProblem, item, list, matrix, nullOr, number, oneOf, problem, sizedMatrix, string, texts, wholeNumber } from './json-checks.js';
import { SEED, TOKENS, type Range } from './limits.js';

/** The value's TypeScript type, carried by the field's type only. */
declare const valueType: unique symbol;

interface Checks {
  /** What the page needs to run: a link's inputs pass this (the engine judges the values). */
  readonly loose: Check;
  /** What a walkthrough file must meet; it implies `loose`. */
  readonly strict: Check;
}

/** What a field holds, as data: the schema and the format doc are written from it. */
export type FieldShape =
  /** `doubling`: only the powers of two from `min` (64, 128, …). */
  | { readonly type: 'integer'; readonly min: number; readonly max: number; readonly doubling?: true }
  | { readonly type: 'choice'; readonly values: readonly (string | number | null)[] }
  | { readonly type: 'words'; readonly count: Range; readonly bytes: Range }
  /** One text, spaces and all, as the tokenizers read it: `bytes` bytes of UTF-8. */
  | { readonly type: 'text'; readonly bytes: Range }
  | { readonly type: 'matrix'; readonly rows: Range; readonly rowsName: string; readonly cols: Range; readonly colsName: string }
  /** Whole numbers below `below` (positions, columns); a panel's typed text until read. */
  | { readonly type: 'positions'; readonly count: Range; readonly below: number; readonly what: string }
  | { readonly type: 'number-or-null' }
  /** A number from `min` to `max`, each bound left out where it says so (a rate above 0, a probability below 1). */
  | { readonly type: 'number'; readonly min: number; readonly max: number; readonly aboveMin?: true; readonly belowMax?: true }
  /** Attention's mask: null, "causal", {"keyLength": L} with L up to `keys`, or a 0/1 matrix of at most queries × keys. */
  | { readonly type: 'mask'; readonly queries: number; readonly keys: number };

export type InputField<T = unknown, O extends boolean = boolean, S extends FieldShape = FieldShape> = S & Checks & {
  /** May be left out. */
  readonly optional: O;
  /** What leaving it out means, when that is a value (the schema's `default`). */
  readonly default?: T;
  readonly [valueType]?: T;
};

/** The value type of a field. */
export type ValueOf<F> = F extends InputField<infer T> ? T : never;

/** A kind's fields, by input name. */
export type InputFields = { readonly [name: string]: InputField };

type OptionalNames<F extends InputFields> = { [K in keyof F]: F[K] extends { optional: true } ? K : never }[keyof F];

/** The inputs a kind's fields declare, e.g. `{ length: number; seed: number; mask?: … }`. */
export type InputsOf<F extends InputFields> = {
  -readonly [K in Exclude<keyof F, OptionalNames<F>>]: ValueOf<F[K]>;
} & {
  -readonly [K in OptionalNames<F>]?: ValueOf<F[K]>;
} extends infer I ? { [K in keyof I]: I[K] } : never;

const field = <T, S extends FieldShape = FieldShape>(shape: S, loose: Check, strict: Check): InputField<T, false, S> =>
  ({ ...shape, loose, strict, optional: false }) as unknown as InputField<T, false, S>;

/** A whole number from `min` to `max`: a size, a count, a width. A parameters panel's control takes it as its range. */
export const integer = (min: number, max: number): InputField<number, false, Extract<FieldShape, { type: 'integer' }>> =>
  field({ type: 'integer', min, max }, number, wholeNumber({ min, max }));

/** A power of two from `min` (itself one) to `max`: sizes that double from the smallest. */
export const doubling = (min: number, max: number): InputField<number, false, Extract<FieldShape, { type: 'integer' }>> => {
  const inRange = wholeNumber({ min, max });
  return field({ type: 'integer', min, max, doubling: true }, number, (value, path) => inRange(value, path)
    ?? (Number.isInteger(Math.log2((value as number) / min)) ? undefined : problem(path, `a power of two from ${min} to ${max} (the sizes double from ${min})`, String(value))));
};

/** The seed of the engine's random numbers (32 bits). */
export const seed = () => integer(SEED.min, SEED.max);

const UTF8 = new TextEncoder();

/** A token as the engine takes it, without spaces: the page's words field splits on them. */
const word: Check = (value, path) => {
  const wanted = `a word of ${TOKENS.bytes.min} to ${TOKENS.bytes.max} bytes of UTF-8 with no spaces`;
  if (typeof value !== 'string' || value === '' || /\s/u.test(value)) return expected(path, wanted, value);
  const bytes = UTF8.encode(value).length;
  return bytes > TOKENS.bytes.max ? problem(path, wanted, `${bytes} bytes`) : undefined;
};

/** A sentence, one token per item, as the engine's embedTokens takes it. */
export const words = (): InputField<string[], false> =>
  field({ type: 'words', count: TOKENS.count, bytes: TOKENS.bytes }, texts, list(word, TOKENS.count, 'words'));

/**
 * A learner's text of `bytes` bytes of UTF-8, as the engine's tokenizers take it. A link's may be
 * any text: the engine refuses a bad one in its own words, naming the argument.
 */
export const text = (bytes: Range): InputField<string, false> => field({ type: 'text', bytes }, string, (value, path) => {
  const wanted = `a text of ${bytes.min} to ${bytes.max} bytes of UTF-8`;
  if (typeof value !== 'string' || value === '') return expected(path, wanted, value);
  const length = UTF8.encode(value).length;
  return length > bytes.max ? problem(path, wanted, `${length} bytes`) : undefined;
});

/**
 * One of `values`. Numbers come from a panel's choice as texts and are read by the kind; `what`
 * names them in a file's message ("one of 4, 2, 1 (bytes per number)").
 */
export function choice<const V extends string | null>(values: readonly V[]): InputField<V, false>;
export function choice(values: readonly number[], what: string): InputField<number, false>;
export function choice(values: readonly (string | number | null)[], what?: string): InputField {
  if (values.every((v) => typeof v !== 'number')) {
    const check = oneOf(values as (string | null)[]);
    return field({ type: 'choice', values }, check, check);
  }
  const strict: Check = (value, path) => (values.includes(value as number) ? undefined : expected(path, `one of ${values.join(', ')} (${what})`, value));
  return field({ type: 'choice', values }, number, strict);
}

/** A matrix of `rows` rows (named e.g. "queries") of `cols` finite numbers (named e.g. "d_k"). */
export const numbers = (rows: Range, rowsName: string, cols: Range, colsName: string): InputField<number[][], false> =>
  field({ type: 'matrix', rows, rowsName, cols, colsName }, matrix, sizedMatrix(rows, rowsName, cols, colsName));

/**
 * `count` whole numbers below `below` (named `what`, e.g. "column numbers"). A parameters panel
 * keeps them as typed (texts) until the steps read them; a file gives numbers.
 */
export const positions = (count: Range, below: number, what: string): InputField<(number | string)[], false> => field(
  { type: 'positions', count, below, what },
  (value, path) => (Array.isArray(value)
    ? firstProblem(value, (x: unknown, i) => (typeof x === 'string' ? undefined : number(x, item(path, i))))
    : expected(path, `a list of ${what}`, value)),
  list(wholeNumber({ min: 0, max: below - 1 }), count, what),
);

/**
 * A number from `min` to `max` (a rate, a probability); `bounds` leaves either out ("above 0",
 * "below 1"). A link's value is any number: the engine that takes it says what is wrong with it.
 */
export function decimal(min: number, max: number, bounds: { aboveMin?: true; belowMax?: true } = {}): InputField<number, false, Extract<FieldShape, { type: 'number' }>> {
  const wanted = `a number ${numberRangeWords({ min, max, ...bounds })}`;
  const strict: Check = (value, path) => {
    if (!Number.isFinite(value)) return expected(path, wanted, value);
    const x = value as number;
    const low = bounds.aboveMin ? x > min : x >= min;
    const high = bounds.belowMax ? x < max : x <= max;
    return low && high ? undefined : problem(path, wanted, String(x));
  };
  return field({ type: 'number', min, max, ...bounds }, number, strict);
}

/** A number field's range in words: "from 0 to 1", "above 0, up to 10", "from 0, below 1". */
export function numberRangeWords(shape: { min: number; max: number; aboveMin?: true; belowMax?: true }): string {
  const low = shape.aboveMin ? `above ${shape.min}` : `from ${shape.min}`;
  if (!shape.aboveMin && !shape.belowMax) return `${low} to ${shape.max}`;
  return `${low}, ${shape.belowMax ? `below ${shape.max}` : `up to ${shape.max}`}`;
}

/** A number, or null for none. */
export const numberOrNull = (): InputField<number | null, false> => field({ type: 'number-or-null' }, nullOr(number), nullOr(number));

/** A field of a shape no constructor above covers (attention's mask), with its own checks. */
export const custom = <T>(shape: FieldShape, loose: Check, strict: Check): InputField<T, false> => field<T>(shape, loose, strict);

/** The field, which may be left out; `value` is what that means, when it is a value. */
export const optional = <T, S extends FieldShape>(f: InputField<T, false, S>, value?: T): InputField<T, true, S> =>
  ({ ...f, optional: true, ...(value === undefined ? {} : { default: value }) }) as InputField<T, true, S>;

/**
 * The field, with a link's value checked by `loose` instead (`anything`: a link's value was never
 * checked and goes to the engine as it is, which refuses a bad one in its own words).
 */
export const inLinks = <F extends InputField>(f: F, loose: Check): F => ({ ...f, loose });

/** The first problem among `fields` of `value` (loose: a link's; strict: a file's), in their order. */
export function fieldsProblem(fields: InputFields, value: Record<string, unknown>, path: string, strict: boolean): string | undefined {
  return firstProblem(Object.entries(fields), ([name, f]) => {
    const given = value[name];
    if (given === undefined && f.optional) return undefined;
    return (strict ? f.strict : f.loose)(given, path ? `${path}.${name}` : name);
  });
}
