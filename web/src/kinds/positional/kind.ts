// The positional kind's descriptor (kinds/descriptor.ts): the sinusoidal positional encoding and
// a sentence shuffled with and without it. Its inputs are in inputs.ts, its module index.ts.
import { field, firstProblem, item, problem } from '../../model/json-checks.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { cellsFit, headsDivide } from '../shared/rules.js';
import { positionalInputs } from './inputs.js';

export default defineKind({
  kind: 'positional',
  inputs: positionalInputs,
  together: (inputs, path) =>
    firstProblem(inputs.dimensions as number[], (column, i) =>
      column < inputs.dModel ? undefined : problem(item(field(path, 'dimensions'), i), `a column below dModel = ${inputs.dModel}`, String(column))) ??
    headsDivide(inputs.heads, inputs.tokenDModel, 'tokenDModel', path) ??
    cellsFit(inputs.heads, inputs.tokens.length, inputs.tokens.length, path),
  engine: 'lite',
  charts: true,
  exercises: MATRIX_EXERCISES,
  steps: { encoding: ['embeddings'], waves: ['embeddings'], similarity: ['embeddings'], permutation: ['embeddings'], 'permutation-pe': ['embeddings'] },
  load: () => import('./index.js'),
});
