// The inputs of each kind of walkthrough, field by field, in one table, and the two ways they
// are checked. Loosely, for the edited inputs a link carries (state/url-state.ts): the structure
// the page needs to run, leaving values to the engine, which refuses a bad one with a message.
// Strictly, for a walkthrough file (validate-walkthrough.ts): every field also within the range of
// the page's controls (limits.ts), no unknown fields, and the rules between fields (shapes that
// agree, heads that divide d_model, the engine's caps), so an authored walkthrough always opens.
import type { Walkthrough } from './types.js';
import {
  anything, type Check, count, expected, field, firstProblem, isRecord, item, list, maskMatrix, matrix, nullOr, number,
  oneOf, onlyFields, problem, type Problem, sizedMatrix, string, texts, wholeNumber,
} from './json-checks.js';
import { LIMITS, MAX_ATTENTION_CELLS, MAX_SCALING_DRAWS, type Range, SEED, TOKENS } from './limits.js';

export type Kind = Walkthrough['kind'];
type InputsOf<K extends Kind> = Extract<Walkthrough, { kind: K }>['inputs'];

interface FieldRule {
  /** What the page needs to run: a link's inputs pass this. */
  loose: Check;
  /** What a walkthrough file must meet; it implies `loose`. The same as `loose` when omitted. */
  strict?: Check;
  /** May be left out (undefined); null is up to the checks. */
  optional?: true;
}

interface InputsRules<I> {
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
const tokens: FieldRule = { loose: texts, strict: words };
const seed: FieldRule = { loose: number, strict: wholeNumber(SEED) };
const size = (r: Range): FieldRule => ({ loose: number, strict: wholeNumber(r) });

/** The forms of an attention mask; the engine also takes booleans, a file takes 0 and 1. */
const MASK_FORMS = 'null, "causal", {"keyLength": L} or a matrix of 0 and 1';

const maskShape: Check = (value, path) =>
  value === null || value === 'causal' || matrix(value, path) === undefined || (isRecord(value) && typeof value.keyLength === 'number')
    ? undefined
    : expected(path, MASK_FORMS, value);

const mask: Check = (value, path) => {
  if (value === null || value === 'causal') return undefined;
  if (Array.isArray(value)) return maskMatrix(value, path);
  if (isRecord(value)) {
    return onlyFields(value, ['keyLength'], path) ?? wholeNumber({ min: 0, max: LIMITS.attention.keys.max })(value.keyLength, field(path, 'keyLength'));
  }
  return expected(path, MASK_FORMS, value);
};

const headsDivide = (heads: number, width: number, widthName: string, path: string): Problem =>
  width % heads === 0 ? undefined : problem(field(path, 'heads'), `a divisor of ${widthName} = ${width}`, String(heads));

/** Multi-head attention keeps heads × queries × keys within the engine's cap on one trace. */
function cellsFit(heads: number, queries: number, keys: number, path: string): Problem {
  const cells = heads * queries * keys;
  return cells <= MAX_ATTENTION_CELLS
    ? undefined
    : problem(field(path, 'tokens'), `heads × queries × keys of at most ${MAX_ATTENTION_CELLS} (the engine's cap)`, `${heads} × ${queries} × ${keys} = ${cells}`);
}

/** Shapes that must agree between Q, K, V, the mask and its padding length. */
function attentionShapesAgree(inputs: InputsOf<'attention'>, path: string): Problem {
  const n = inputs.query.length;
  const m = inputs.key.length;
  const dK = inputs.query[0].length;
  if (inputs.key[0].length !== dK) {
    return problem(field(path, 'key'), `rows of ${dK} numbers (d_k, the width of query)`, `rows of ${inputs.key[0].length}`);
  }
  if (inputs.value.length !== m) return problem(field(path, 'value'), `${count(m, 'row')} (one per key)`, String(inputs.value.length));
  const given = inputs.mask;
  if (Array.isArray(given)) {
    const rows = given as readonly (readonly unknown[])[];
    if (rows.length !== n) return problem(field(path, 'mask'), `${count(n, 'row')} (one per query)`, String(rows.length));
    if (rows[0].length !== m) return problem(field(path, 'mask'), `rows of ${m} numbers (one per key)`, `rows of ${rows[0].length}`);
  } else if (isRecord(given) && (given.keyLength as number) > m) {
    return problem(field(field(path, 'mask'), 'keyLength'), `a whole number from 0 to ${m} (the number of keys)`, String(given.keyLength));
  }
  return undefined;
}

const A = LIMITS.attention;
const MH = LIMITS['multi-head'];
const P = LIMITS.positional;
const E = LIMITS.encoder;
const S = LIMITS.scaling;
const H = LIMITS.entropy;

const RULES: { [K in Kind]: InputsRules<InputsOf<K>> } = {
  attention: {
    fields: {
      query: { loose: matrix, strict: sizedMatrix(A.queries, 'queries', A.dK, 'd_k') },
      key: { loose: matrix, strict: sizedMatrix(A.keys, 'keys', A.dK, 'd_k') },
      value: { loose: matrix, strict: sizedMatrix(A.keys, 'keys', A.dV, 'd_v') },
      mask: { loose: maskShape, strict: mask, optional: true },
      maskFill: { loose: nullOr(number), optional: true },
      // A link's seed was never checked: a bad one only changes the next random inputs.
      seed: { loose: anything, strict: wholeNumber(SEED), optional: true },
    },
    together: attentionShapesAgree,
  },
  'multi-head': {
    fields: {
      tokens,
      sourceTokens: { ...tokens, optional: true },
      dModel: size(MH.dModel),
      heads: size(MH.heads),
      seed,
      // The page offers no mask or the causal one; a link's mask goes to the engine as it is.
      mask: { loose: anything, strict: oneOf([null, 'causal']), optional: true },
      maskFill: { loose: anything, strict: nullOr(number), optional: true },
    },
    together: (inputs, path) =>
      headsDivide(inputs.heads, inputs.dModel, 'dModel', path) ??
      cellsFit(inputs.heads, inputs.tokens.length, (inputs.sourceTokens ?? inputs.tokens).length, path),
  },
  positional: {
    fields: {
      length: size(P.length),
      dModel: size(P.dModel),
      // Edited columns stay as typed (texts) until the steps read them; a file gives numbers.
      dimensions: {
        loose: (value, path) => (Array.isArray(value) ? firstProblem(value, (x: unknown, i) => (typeof x === 'string' ? undefined : number(x, item(path, i)))) : expected(path, 'a list of column numbers', value)),
        strict: list(wholeNumber({ min: 0, max: P.dModel.max - 1 }), P.waves, 'column numbers'),
      },
      tokens,
      tokenDModel: size(P.tokenDModel),
      heads: size(P.heads),
      seed,
    },
    together: (inputs, path) =>
      firstProblem(inputs.dimensions as number[], (column, i) =>
        column < inputs.dModel ? undefined : problem(item(field(path, 'dimensions'), i), `a column below dModel = ${inputs.dModel}`, String(column))) ??
      headsDivide(inputs.heads, inputs.tokenDModel, 'tokenDModel', path) ??
      cellsFit(inputs.heads, inputs.tokens.length, inputs.tokens.length, path),
  },
  encoder: {
    fields: {
      tokens,
      dModel: size(E.dModel),
      heads: size(E.heads),
      dFF: size(E.dFF),
      activation: { loose: string, strict: oneOf(['relu', 'gelu']) },
      attentionBias: { loose: oneOf(['on', 'off']) },
      seed,
    },
    together: (inputs, path) =>
      headsDivide(inputs.heads, inputs.dModel, 'dModel', path) ?? cellsFit(inputs.heads, inputs.tokens.length, inputs.tokens.length, path),
  },
  scaling: {
    fields: { dK: size(S.dK), keys: size(S.keys), samples: size(S.samples), seed },
    together: ({ samples, keys }, path) => {
      // The charts sweep d_k up to its largest value whatever the chosen dK is.
      const draws = samples * keys * S.dK.max;
      return draws <= MAX_SCALING_DRAWS
        ? undefined
        : problem(field(path, 'samples'), `samples × keys × ${S.dK.max} of at most ${MAX_SCALING_DRAWS} (the charts run d_k up to ${S.dK.max})`, `${samples} × ${keys} × ${S.dK.max} = ${draws}`);
    },
  },
  entropy: {
    fields: { length: size(H.length), dModel: size(H.dModel), heads: size(H.heads), seed },
    together: (inputs, path) => headsDivide(inputs.heads, inputs.dModel, 'dModel', path),
  },
};

/** The kinds of walkthrough, in the order of the table. */
export const KINDS = Object.keys(RULES) as Kind[];

/** The table entry of `kind`, seen without its kind's types, to check a value not yet known to fit. */
function rulesOf(kind: Kind): { fields: Record<string, FieldRule>; together?: (inputs: unknown, path: string) => Problem } {
  return RULES[kind] as { fields: Record<string, FieldRule>; together?: (inputs: unknown, path: string) => Problem };
}

function fieldsProblem(kind: Kind, value: Record<string, unknown>, path: string, strict: boolean): Problem {
  return firstProblem(Object.entries(rulesOf(kind).fields), ([name, rule]) => {
    const given = value[name];
    if (given === undefined && rule.optional) return undefined;
    return ((strict && rule.strict) || rule.loose)(given, field(path, name));
  });
}

/** Whether a link's edited inputs have the structure of `kind`'s inputs, so the page can run them. */
export function inputsFit(kind: Kind, value: unknown): boolean {
  return isRecord(value) && fieldsProblem(kind, value, '', false) === undefined;
}

/** The first problem of a walkthrough file's inputs under every rule, or undefined. */
export function inputsProblem(kind: Kind, value: unknown, path: string): Problem {
  if (!isRecord(value)) return expected(path, `the inputs of a walkthrough of kind "${kind}" (an object)`, value);
  const rules = rulesOf(kind);
  return onlyFields(value, Object.keys(rules.fields), path) ?? fieldsProblem(kind, value, path, true) ?? rules.together?.(value, path);
}

