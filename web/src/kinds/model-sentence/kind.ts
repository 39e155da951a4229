// The model-sentence kind's descriptor (kinds/descriptor.ts): the lessons' language model reading
// a sentence, one head's attention between its characters and, pooled by the engine, between its
// words; then every head of the layer by word. Its inputs are in inputs.ts, its module index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { modelSentenceInputs } from './inputs.js';

export default defineKind({
  kind: 'model-sentence',
  inputs: modelSentenceInputs,
  engine: 'full',
  languageModel: true,
  exercises: [...MATRIX_EXERCISES],
  steps: { characters: ['tokens'], head: ['softmax'], 'to-words': ['heads'], words: ['heads'], heads: ['heads'] },
  load: () => import('./index.js'),
});
