// The alibi kind's descriptor (kinds/descriptor.ts): attention with linear biases, each head's
// scaled scores shifted by −slope·|i − j|. Its inputs are in inputs.ts, its module index.ts.
import { field, problem } from '../../model/json-checks.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { alibiInputs } from './inputs.js';

export default defineKind({
  kind: 'alibi',
  inputs: alibiInputs,
  together: (inputs, path) => (inputs.head < inputs.heads
    ? undefined
    : problem(field(path, 'head'), `a head from 0 to ${inputs.heads - 1} (heads − 1)`, String(inputs.head))),
  // The steps need only multiHeadAttention and randomMatrix; the exercises' diagnoseAlibi loads the full engine.
  engine: 'lite',
  charts: true,
  exercises: [...MATRIX_EXERCISES, 'alibi-numeric'],
  steps: { slopes: ['heads'], bias: ['scale'], add: ['scale', 'mask', 'softmax'], 'near-far': ['softmax'], longer: ['softmax'] },
  load: () => import('./index.js'),
});
