// Multi-head self- and cross-attention on words: seeded embeddings and projections, head by head.
import type { MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { MultiHeadWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { multiHeadSteps } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const multiHead: KindModule<MultiHeadWalkthrough, MultiHeadAttentionTrace> = {
  build: (lab, _walkthrough, inputs, trained) => multiHeadSteps(lab, inputs, trained),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { multiHeadScript } = await import('./script.js');
    return { script: (inputs, { steps, trace }, trained) => multiHeadScript(inputs, steps, trace, trained) };
  },
  latex: 'step on screen',
};

export default multiHead;
