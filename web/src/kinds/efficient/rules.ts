// The inputs of a linear-and-sparse walkthrough, field by field, for the walkthrough validator and
// a link's edited inputs (model/input-rules.ts): the random sequence's size, the sparse patterns'
// window, global tokens and random keys, and the seed. Global tokens typed into the parameters
// panel stay texts until the steps read them, as positional's columns; a file gives numbers.
import type { EfficientInputs } from '../../model/types.js';
import { expected, field, firstProblem, item, list, number, problem, wholeNumber } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { type InputsRules, seed, size } from '../shared/rules.js';

const E = LIMITS.efficient;

export const efficientRules: InputsRules<EfficientInputs> = {
  fields: {
    length: size(E.length),
    dModel: size(E.dModel),
    window: size(E.window),
    globalTokens: {
      loose: (value, path) => (Array.isArray(value)
        ? firstProblem(value, (x: unknown, i) => (typeof x === 'string' ? undefined : number(x, item(path, i))))
        : expected(path, 'a list of token positions', value)),
      strict: list(wholeNumber({ min: 0, max: E.length.max - 1 }), { min: 0, max: E.length.max }, 'token positions'),
    },
    randomPerRow: size(E.randomPerRow),
    seed,
  },
  together: (inputs, path) =>
    firstProblem(inputs.globalTokens as number[], (position, i) =>
      position < inputs.length ? undefined : problem(item(field(path, 'globalTokens'), i), `a position below length = ${inputs.length}`, String(position))),
};
