// The entropy kind: the entropy of each row of attention weights, one head against several, on a
// seeded random sequence.
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { headsDivide } from '../shared/rules.js';
import { entropyInputs } from './inputs.js';

export default defineKind({
  kind: 'entropy',
  inputs: entropyInputs,
  together: (inputs, path) => headsDivide(inputs.heads, inputs.dModel, 'dModel', path),
  engine: 'lite',
  charts: true,
  exercises: MATRIX_EXERCISES,
  steps: { inputs: [], 'single-head': ['softmax'], 'multi-head': ['heads'], compare: ['heads'], 'no-projection': ['qkv'] },
  load: () => import('./index.js'),
});
