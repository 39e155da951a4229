// The inputs of a "attention" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { anything, expected, field, isRecord, maskMatrix, matrix, onlyFields, type Check, wholeNumber } from '../../model/json-checks.js';
import { custom, inLinks, numberOrNull, numbers, optional, seed, type InputsOf } from '../../model/input-fields.js';
import type { Mask } from '../../../lib/index.js';
import type { WalkthroughOf } from '../../model/types.js';

/** Small enough that every matrix stays readable on screen (the engine allows far more). */
export const SIZES = { queries: { min: 1, max: 12 }, keys: { min: 1, max: 12 }, dK: { min: 1, max: 16 }, dV: { min: 1, max: 16 } } as const;

/** The forms of an attention mask; the engine also takes booleans, a file takes 0 and 1. */
const MASK_FORMS = 'null, "causal", {"keyLength": L} or a matrix of 0 and 1';

const maskShape: Check = (value, path) =>
  value === null || value === 'causal' || matrix(value, path) === undefined || (isRecord(value) && typeof value.keyLength === 'number')
    ? undefined
    : expected(path, MASK_FORMS, value);

const maskInFile: Check = (value, path) => {
  if (value === null || value === 'causal') return undefined;
  if (Array.isArray(value)) return maskMatrix(value, path);
  if (isRecord(value)) return onlyFields(value, ['keyLength'], path) ?? wholeNumber({ min: 0, max: SIZES.keys.max })(value.keyLength, field(path, 'keyLength'));
  return expected(path, MASK_FORMS, value);
};

/** Q, K, V in the page's limits, a mask in one of its forms, and the seed of new random inputs. */
export const attentionInputs = {
  query: numbers(SIZES.queries, 'queries', SIZES.dK, 'd_k'),
  key: numbers(SIZES.keys, 'keys', SIZES.dK, 'd_k'),
  value: numbers(SIZES.keys, 'keys', SIZES.dV, 'd_v'),
  mask: optional(custom<Mask | null>({ type: 'mask', queries: SIZES.queries.max, keys: SIZES.keys.max }, maskShape, maskInFile), null),
  maskFill: optional(numberOrNull(), null),
  // A link's seed was never checked: a bad one only changes the next random inputs.
  seed: optional(inLinks(seed(), anything), 0),
};

export type AttentionInputs = InputsOf<typeof attentionInputs>;

export type AttentionWalkthrough = WalkthroughOf<'attention'>;

declare module '../../model/types.js' {
  interface KindTable {
    attention: { inputs: AttentionInputs; labels: true };
  }
}
