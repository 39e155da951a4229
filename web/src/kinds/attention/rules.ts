// The inputs of a attention walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): Q, K, V in the page's limits, a mask in one of its forms, and shapes that agree.
import type { AttentionInputs } from '../../model/types.js';
import { anything, type Check, count, expected, field, isRecord, maskMatrix, matrix, nullOr, number, onlyFields, problem, type Problem, sizedMatrix, wholeNumber } from '../../model/json-checks.js';
import { LIMITS, SEED } from '../../model/limits.js';
import type { InputsRules } from '../shared/rules.js';

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

/** Shapes that must agree between Q, K, V, the mask and its padding length. */
export function attentionShapesAgree(inputs: AttentionInputs, path: string): Problem {
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

export const attentionRules: InputsRules<AttentionInputs> = {
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
};
