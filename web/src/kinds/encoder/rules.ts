// The inputs of a encoder walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): words, widths, the activation and attention biases.
import type { EncoderInputs } from '../../model/types.js';
import { oneOf, string } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { cellsFit, headsDivide, type InputsRules, seed, size, tokens } from '../shared/rules.js';

const E = LIMITS.encoder;

export const encoderRules: InputsRules<EncoderInputs> = {
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
};
