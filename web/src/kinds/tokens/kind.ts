// The tokens kind's descriptor (kinds/descriptor.ts): byte-level BPE trained on the learner's
// sentence, merge by merge, then applied to a new one, beside one token per character. Its
// inputs are in inputs.ts, its module index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { tokensInputs } from './inputs.js';

export default defineKind({
  kind: 'tokens',
  inputs: tokensInputs,
  engine: 'full',
  charts: true,
  exercises: [...MATRIX_EXERCISES, 'tokens-numeric'],
  steps: { text: ['tokens'], bytes: ['tokens'], pairs: ['tokens'], merge: ['tokens'], merges: ['tokens'], tokenize: ['tokens'], characters: ['tokens'] },
  load: () => import('./index.js'),
});
