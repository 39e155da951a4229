// The KV-cache kind: a seeded random sequence decoded one token at a time with a KV cache,
// checked against recomputing everything, and the cache's memory for a public model.
// Its descriptor (kinds/descriptor.ts); its inputs are in inputs.ts, its module is index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { headsDivide } from '../shared/rules.js';
import { kvCacheInputs } from './inputs.js';

export default defineKind({
  kind: 'kv-cache',
  inputs: kvCacheInputs,
  together: (inputs, path) => headsDivide(inputs.heads, inputs.dModel, 'dModel', path),
  engine: 'full',
  charts: true,
  exercises: MATRIX_EXERCISES,
  steps: { memory: [], inputs: ['qkv'], 'token-*': ['qkv'], check: ['w-o'], cost: [] },
  load: () => import('./index.js'),
});
