// A sentence read by the language model: one head's attention between its characters, the same
// weights between its words, and every head of the layer by word.
import type { ModelSentenceWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainSentence } from './explain.js';
import { sentenceSteps, type SentenceTraces } from './steps.js';
import '../shared/explain-more.js';

const modelSentence: KindModule<ModelSentenceWalkthrough, SentenceTraces> = {
  build: (lab, _walkthrough, inputs, _trained, languageModel) => {
    // The session hands it over for a kind whose descriptor says languageModel (kind.ts).
    if (!languageModel) throw new Error('a sentence read by the model is built with the lessons\' language model');
    return sentenceSteps(lab, languageModel, inputs);
  },
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { sentenceScript } = await import('./script.js');
    return { script: (inputs, { trace }) => sentenceScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainSentence,
};

export default modelSentence;
