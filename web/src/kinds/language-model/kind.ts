// The language-model kind's descriptor (kinds/descriptor.ts): the lessons' language model reading
// a prompt, layer by layer, to the next token's distribution, temperature, top-k, top-p and the
// draw, then generating with its KV caches. It reads the model the session loads
// (languageModel), on the full engine. Its inputs are in inputs.ts, its module index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { languageModelInputs } from './inputs.js';

export default defineKind({
  kind: 'language-model',
  inputs: languageModelInputs,
  engine: 'full',
  languageModel: true,
  charts: true,
  exercises: MATRIX_EXERCISES,
  steps: {
    prompt: ['tokens'],
    embed: ['embeddings'],
    'layer-*': ['qkv', 'scores', 'softmax', 'heads', 'w-o', 'add-norm', 'feed-forward'],
    'final-norm': ['add-norm'],
    logits: [],
    temperature: [],
    'top-k': [],
    'top-p': [],
    draw: [],
    generate: [],
  },
  load: () => import('./index.js'),
});
