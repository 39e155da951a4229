// The backward kind's descriptor (kinds/descriptor.ts): one backward pass of attention, from
// attention's inputs and ∂L/∂output, which must be as large as the output. Its inputs are in
// inputs.ts, its module index.ts.
import { count, field, problem, type Problem } from '../../model/json-checks.js';
import { attentionLabels, attentionShapesAgree } from '../attention/kind.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { backwardInputs, type AttentionBackwardInputs } from './inputs.js';

function gradientFitsOutput(inputs: AttentionBackwardInputs, path: string): Problem {
  const n = inputs.query.length;
  const dV = inputs.value[0].length;
  const g = inputs.gradOutput;
  if (g.length !== n) return problem(field(path, 'gradOutput'), `${count(n, 'row')} (one per query, as the output)`, String(g.length));
  if (g[0].length !== dV) return problem(field(path, 'gradOutput'), `rows of ${count(dV, 'number')} (d_v, the width of value)`, `rows of ${g[0].length}`);
  return undefined;
}

export default defineKind({
  kind: 'attention-backward',
  inputs: backwardInputs,
  together: (inputs, path) => attentionShapesAgree(inputs, path) ?? gradientFitsOutput(inputs, path),
  labels: attentionLabels,
  engine: 'full',
  exercises: MATRIX_EXERCISES,
  // Each gradient sits on the stage whose backward computes it.
  steps: {
    inputs: ['qkv'], 'grad-output': ['weighted-sum'], 'grad-value': ['weighted-sum'], 'grad-weights': ['weighted-sum'],
    'grad-scaled': ['softmax'], 'grad-scores': ['scale'], 'grad-query': ['scores'], 'grad-key': ['scores'], update: [],
  },
  load: () => import('./index.js'),
});
