// The scaling kind: seeded random queries and keys, measured with and without the division by
// √d_k for every d_k from 4 to 1024.
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { field, problem } from '../../model/json-checks.js';
import { MAX_SCALING_DRAWS } from '../../model/limits.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { scalingInputs } from './inputs.js';

const WIDEST = scalingInputs.dK.max;

export default defineKind({
  kind: 'scaling',
  inputs: scalingInputs,
  together: ({ samples, keys }, path) => {
    // The charts sweep d_k up to its largest value whatever the chosen dK is.
    const draws = samples * keys * WIDEST;
    return draws <= MAX_SCALING_DRAWS
      ? undefined
      : problem(field(path, 'samples'), `samples × keys × ${WIDEST} of at most ${MAX_SCALING_DRAWS} (the charts run d_k up to ${WIDEST})`, `${samples} × ${keys} × ${WIDEST} = ${draws}`);
  },
  engine: 'lite',
  charts: true,
  exercises: MATRIX_EXERCISES,
  steps: { variance: ['scale'], peak: ['scale'], entropy: ['scale'], gradient: ['scale'], example: ['scale'], jacobian: ['scale'], sharpness: ['scale'] },
  load: () => import('./index.js'),
});
