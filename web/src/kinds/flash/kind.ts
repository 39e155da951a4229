// The flash kind: attention on numbers you choose, computed tile by tile by the engine's
// flashAttention: attention's inputs (kinds/attention/), a tile of at most n × m, and the order
// the tiles are shown in.
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { field, problem } from '../../model/json-checks.js';
import { attentionLabels, attentionShapesAgree } from '../attention/kind.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { flashInputs } from './inputs.js';

export default defineKind({
  kind: 'flash',
  inputs: flashInputs,
  together: (inputs, path) => {
    const n = inputs.query.length;
    const m = inputs.key.length;
    return attentionShapesAgree(inputs, path)
      ?? (inputs.blockRows > n ? problem(field(path, 'blockRows'), `a whole number from 1 to ${n} (the number of queries)`, String(inputs.blockRows)) : undefined)
      ?? (inputs.blockCols > m ? problem(field(path, 'blockCols'), `a whole number from 1 to ${m} (the number of keys)`, String(inputs.blockCols)) : undefined);
  },
  labels: attentionLabels,
  engine: 'full',
  exercises: MATRIX_EXERCISES,
  steps: { inputs: ['qkv'], scores: ['scores'], 'tile-*': ['scores', 'scale', 'softmax', 'weighted-sum'], normalise: ['softmax'], proof: ['weighted-sum'] },
  load: () => import('./index.js'),
});
