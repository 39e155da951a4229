// From text to tokens: the learner's sentence as characters and UTF-8 bytes, byte-level BPE
// trained on it merge by merge by the engine, a new sentence tokenized with the merges, and one
// token per character for contrast.
import type { TokensWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainTokens } from './explain.js';
import { tokensSteps, type TokensTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const tokens: KindModule<TokensWalkthrough, TokensTraces> = {
  build: (lab, _walkthrough, inputs) => tokensSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { tokensScript } = await import('./script.js');
    return { script: (inputs, { trace }) => tokensScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainTokens,
};

export default tokens;
