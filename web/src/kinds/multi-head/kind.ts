// The multi-head kind's descriptor (kinds/descriptor.ts): multi-head (or single-head) self- or
// cross-attention on words. Its inputs are in inputs.ts, its module index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { cellsFit, headsDivide } from '../shared/rules.js';
import { multiHeadInputs } from './inputs.js';

export default defineKind({
  kind: 'multi-head',
  inputs: multiHeadInputs,
  together: (inputs, path) =>
    headsDivide(inputs.heads, inputs.dModel, 'dModel', path) ??
    cellsFit(inputs.heads, inputs.tokens.length, (inputs.sourceTokens ?? inputs.tokens).length, path),
  engine: 'lite',
  // Embeddings and seeded weights are bounded: no seed and no word makes a number the engine refuses.
  alwaysAccepted: { seed: 'any', tokens: 'as many', sourceTokens: 'as many' },
  trains: true,
  exercises: MATRIX_EXERCISES,
  steps: { embed: ['tokens', 'embeddings'], project: ['qkv'], split: ['heads'], heads: ['heads'], concat: ['concat'], output: ['w-o'] },
  load: () => import('./index.js'),
});
