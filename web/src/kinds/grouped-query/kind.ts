// The grouped-query kind's descriptor (kinds/descriptor.ts): query heads sharing key/value heads
// (grouped- and multi-query attention) and the key/value cache of published models. Its inputs
// are in inputs.ts, its module index.ts.
import { field, problem } from '../../model/json-checks.js';
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { headsDivide } from '../shared/rules.js';
import { groupedQueryInputs } from './inputs.js';

export default defineKind({
  kind: 'grouped-query',
  inputs: groupedQueryInputs,
  together: (inputs, path) =>
    headsDivide(inputs.heads, inputs.dModel, 'dModel', path) ??
    (inputs.heads % inputs.kvHeads === 0
      ? undefined
      : problem(field(path, 'kvHeads'), `a divisor of heads = ${inputs.heads}`, String(inputs.kvHeads))),
  engine: 'full',
  exercises: [...MATRIX_EXERCISES, 'grouped-query-numeric'],
  steps: { grouping: ['heads'], shared: ['qkv', 'heads'], 'multi-head': ['heads'], 'multi-query': ['qkv', 'heads'], 'real-models': [] },
  load: () => import('./index.js'),
});
