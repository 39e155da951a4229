// The inputs of a scaling walkthrough, field by field, for the walkthrough validator and a link's
// edited inputs (model/input-rules.ts): the width shown, keys, samples and seed, within the engine's cap on draws.
import type { ScalingInputs } from '../../model/types.js';
import { field, problem } from '../../model/json-checks.js';
import { LIMITS, MAX_SCALING_DRAWS } from '../../model/limits.js';
import { type InputsRules, seed, size } from '../shared/rules.js';

const S = LIMITS.scaling;

export const scalingRules: InputsRules<ScalingInputs> = {
  fields: { dK: size(S.dK), keys: size(S.keys), samples: size(S.samples), seed },
  together: ({ samples, keys }, path) => {
    // The charts sweep d_k up to its largest value whatever the chosen dK is.
    const draws = samples * keys * S.dK.max;
    return draws <= MAX_SCALING_DRAWS
      ? undefined
      : problem(field(path, 'samples'), `samples × keys × ${S.dK.max} of at most ${MAX_SCALING_DRAWS} (the charts run d_k up to ${S.dK.max})`, `${samples} × ${keys} × ${S.dK.max} = ${draws}`);
  },
};
