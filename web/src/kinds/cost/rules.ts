// The inputs of a cost-lab walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): the largest n (the sizes double from 64 up to it), d,
// repeats, block, window and seed, within measureCost's own ranges.
import type { CostInputs } from '../../model/types.js';
import { problem, field } from '../../model/json-checks.js';
import { LIMITS } from '../../model/limits.js';
import { type InputsRules, seed, size } from '../shared/rules.js';

const C = LIMITS.cost;

export const costRules: InputsRules<CostInputs> = {
  fields: { maxN: size(C.maxN), d: size(C.d), repeats: size(C.repeats), block: size(C.block), window: size(C.window), seed },
  together: ({ maxN }, path) => {
    const doubling = Number.isInteger(Math.log2(maxN / C.minN));
    return doubling ? undefined : problem(field(path, 'maxN'), `a power of two from ${C.minN} to ${C.maxN.max} (the sizes double from ${C.minN})`, String(maxN));
  },
};
