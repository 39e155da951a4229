// The text-training kind's descriptor (kinds/descriptor.ts): a language model trained by the
// engine on a text the learner gives ("Train your own"), its loss and samples drawn as it learns.
// Drawn by its own view, `text-training` (views/own-views.ts), which trains in the Web Worker of
// the training lesson. Its inputs are in inputs.ts.
import { defineKind } from '../descriptor.js';
import { textTrainingInputs } from './inputs.js';

export default defineKind({
  kind: 'text-training',
  inputs: textTrainingInputs,
  // Heads dividing dModel with an even d_k, and the text's length against the context: the engine says.
  view: 'text-training',
  exercises: [],
  steps: {},
});
