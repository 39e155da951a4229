// The efficient kind: a seeded random sequence (Q, K and V drawn by the engine) attended fully,
// through sparse patterns (a sliding window, global tokens, random keys) and through linear
// attention.
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { field, firstProblem, item, problem } from '../../model/json-checks.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { efficientInputs } from './inputs.js';

export default defineKind({
  kind: 'efficient',
  inputs: efficientInputs,
  together: (inputs, path) =>
    firstProblem(inputs.globalTokens as number[], (position, i) =>
      position < inputs.length ? undefined : problem(item(field(path, 'globalTokens'), i), `a position below length = ${inputs.length}`, String(position))),
  engine: 'full',
  exercises: MATRIX_EXERCISES,
  // Sparse patterns are masks; linear attention replaces the softmax.
  steps: {
    inputs: ['qkv'], full: ['softmax'], window: ['mask'], global: ['mask'], random: ['mask'],
    features: ['softmax'], state: ['weighted-sum'], 'linear-output': ['weighted-sum'],
  },
  load: () => import('./index.js'),
});
