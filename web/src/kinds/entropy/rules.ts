// The inputs of a entropy walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): the random sequence's length and width, and heads that divide it.
import type { EntropyInputs } from '../../model/types.js';
import { LIMITS } from '../../model/limits.js';
import { headsDivide, type InputsRules, seed, size } from '../shared/rules.js';

const H = LIMITS.entropy;

export const entropyRules: InputsRules<EntropyInputs> = {
  fields: { length: size(H.length), dModel: size(H.dModel), heads: size(H.heads), seed },
  together: (inputs, path) => headsDivide(inputs.heads, inputs.dModel, 'dModel', path),
};
