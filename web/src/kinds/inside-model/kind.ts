// The inside-model kind's descriptor (kinds/descriptor.ts): the language model read from inside on
// the learner's text: every head's attention, a head atlas of pattern scores, heads switched off,
// the logit lens and attention rollout. Its inputs are in inputs.ts, its module index.ts.
import { defineKind, MATRIX_EXERCISES } from '../descriptor.js';
import { insideModelInputs } from './inputs.js';

export default defineKind({
  kind: 'inside-model',
  inputs: insideModelInputs,
  engine: 'full',
  languageModel: true,
  exercises: [...MATRIX_EXERCISES],
  steps: { attention: ['heads'], atlas: ['heads'], ablate: ['w-o'], lens: [], rollout: ['heads'] },
  load: () => import('./index.js'),
});
