// What every kind's input rules are made of (kinds/<kind>/rules.ts): a rule per field, loose for
// a link's edited inputs and strict for a walkthrough file, and the checks several kinds share
// (words, seeds, sizes, heads that divide the width, the engine's cap on one trace).
import type { Walkthrough } from '../../model/types.js';
import { type Check, expected, field, list, number, problem, type Problem, texts, wholeNumber } from '../../model/json-checks.js';
import { MAX_ATTENTION_CELLS, type Range, SEED, TOKENS } from '../../model/limits.js';

export type Kind = Walkthrough['kind'];
export type InputsOf<K extends Kind> = Extract<Walkthrough, { kind: K }>['inputs'];

export interface FieldRule {
  /** What the page needs to run: a link's inputs pass this. */
  loose: Check;
  /** What a walkthrough file must meet; it implies `loose`. The same as `loose` when omitted. */
  strict?: Check;
  /** May be left out (undefined); null is up to the checks. */
  optional?: true;
}

export interface InputsRules<I> {
  /** Every field of the inputs type, in the order they are checked. */
  fields: { [F in keyof Required<I>]: FieldRule };
  /** Rules between fields for a file, checked once every field has passed. */
  together?: (inputs: I, path: string) => Problem;
}

const UTF8 = new TextEncoder();

/** A token as the engine takes it, without spaces: the page's words field splits on them. */
const word: Check = (value, path) => {
  const wanted = `a word of ${TOKENS.bytes.min} to ${TOKENS.bytes.max} bytes of UTF-8 with no spaces`;
  if (typeof value !== 'string' || value === '' || /\s/u.test(value)) return expected(path, wanted, value);
  const bytes = UTF8.encode(value).length;
  return bytes > TOKENS.bytes.max ? problem(path, wanted, `${bytes} bytes`) : undefined;
};

const words = list(word, TOKENS.count, 'words');
export const tokens: FieldRule = { loose: texts, strict: words };
export const seed: FieldRule = { loose: number, strict: wholeNumber(SEED) };
export const size = (r: Range): FieldRule => ({ loose: number, strict: wholeNumber(r) });

export const headsDivide = (heads: number, width: number, widthName: string, path: string): Problem =>
  width % heads === 0 ? undefined : problem(field(path, 'heads'), `a divisor of ${widthName} = ${width}`, String(heads));

/** Multi-head attention keeps heads × queries × keys within the engine's cap on one trace. */
export function cellsFit(heads: number, queries: number, keys: number, path: string): Problem {
  const cells = heads * queries * keys;
  return cells <= MAX_ATTENTION_CELLS
    ? undefined
    : problem(field(path, 'tokens'), `heads × queries × keys of at most ${MAX_ATTENTION_CELLS} (the engine's cap)`, `${heads} × ${queries} × ${keys} = ${cells}`);
}
