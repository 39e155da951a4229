// The encoder kind: a sentence through one post-norm transformer encoder layer (attention,
// residual and layer norm, a feed-forward network, residual and layer norm).
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { cellsFit, headsDivide } from '../shared/rules.js';
import { encoderInputs } from './inputs.js';

export default defineKind({
  kind: 'encoder',
  inputs: encoderInputs,
  together: (inputs, path) =>
    headsDivide(inputs.heads, inputs.dModel, 'dModel', path) ?? cellsFit(inputs.heads, inputs.tokens.length, inputs.tokens.length, path),
  engine: 'lite',
  trains: true,
  exercises: MATRIX_EXERCISES,
  steps: {
    input: ['embeddings'], attention: ['qkv', 'scores', 'scale', 'softmax', 'weighted-sum', 'heads', 'concat', 'w-o'],
    'add-norm-1': ['add-norm'], 'feed-forward': ['feed-forward'], 'add-norm-2': ['add-norm'], parameters: [],
  },
  load: () => import('./index.js'),
});
