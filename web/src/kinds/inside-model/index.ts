// Inside the model: the language model reading the learner's text, every head's attention, a
// head atlas of pattern scores, a head switched off, the logit lens and attention rollout.
import type { InsideModelWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainInside } from './explain.js';
import { insideSteps, type InsideTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const insideModel: KindModule<InsideModelWalkthrough, InsideTraces> = {
  build: (lab, _walkthrough, inputs, _trained, languageModel) => {
    // The session hands it over for a kind whose descriptor says languageModel (kind.ts).
    if (!languageModel) throw new Error('the lesson "Inside the model" is built with the lessons\' language model');
    return insideSteps(lab, languageModel, inputs);
  },
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { insideScript } = await import('./script.js');
    return { script: (inputs, { trace }) => insideScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainInside,
};

export default insideModel;
