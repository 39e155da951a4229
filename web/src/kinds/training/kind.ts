// The training kind's descriptor (kinds/descriptor.ts): a small transformer trained by the
// engine's trainer in the learner's browser, its loss, held-out accuracy and heads drawn as it
// learns. Its walkthroughs have no steps: the view `training` draws them (views/own-views.ts),
// running the trainer in a Web Worker that loads the full engine itself. Its inputs are in inputs.ts.
import { defineKind } from '../descriptor.js';
import { headsDivide } from '../shared/rules.js';
import { trainingInputs } from './inputs.js';

export default defineKind({
  kind: 'training',
  inputs: trainingInputs,
  // The other rules (iris's smaller batch, its wider d_model) the engine states when it trains.
  together: (inputs, path) => (inputs.heads !== undefined && inputs.dModel !== undefined ? headsDivide(inputs.heads, inputs.dModel, 'dModel', path) : undefined),
  view: 'training',
  exercises: [],
  steps: {},
});
