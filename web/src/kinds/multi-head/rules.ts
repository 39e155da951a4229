// The inputs of a multi-head walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): words, d_model and heads within the page's limits, heads that divide d_model.
import type { MultiHeadInputs } from '../../model/types.js';
import { anything, nullOr, number, oneOf } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { cellsFit, headsDivide, type InputsRules, seed, size, tokens } from '../shared/rules.js';

const MH = LIMITS['multi-head'];

export const multiHeadRules: InputsRules<MultiHeadInputs> = {
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
};
