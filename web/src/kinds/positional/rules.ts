// The inputs of a positional walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): the encoding's size, the columns to plot (below d_model), the sentence of the permutation test.
import type { PositionalInputs } from '../../model/types.js';
import { expected, field, firstProblem, item, list, number, problem, wholeNumber } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { cellsFit, headsDivide, type InputsRules, seed, size, tokens } from '../shared/rules.js';

const P = LIMITS.positional;

export const positionalRules: InputsRules<PositionalInputs> = {
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
};
