// ALiBi: a causal decoder's heads under the engine's linear biases, their slopes for two head
// counts, the bias, a head's scores and weights, near and far heads, and a longer sequence.
import type { AlibiWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainAlibi } from './explain.js';
import { alibiSteps, type AlibiTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const alibi: KindModule<AlibiWalkthrough, AlibiTraces> = {
  build: (lab, _walkthrough, inputs) => alibiSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { alibiScript } = await import('./script.js');
    return { script: (inputs, { trace }) => alibiScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainAlibi,
};

export default alibi;
