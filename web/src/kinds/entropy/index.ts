// Entropy of attention: how spread one head's, h heads' and unprojected attention is.
import type { EntropyWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { entropySteps, type EntropyTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const entropy: KindModule<EntropyWalkthrough, EntropyTraces> = {
  build: (lab, _walkthrough, inputs) => entropySteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { entropyScript } = await import('./script.js');
    return { script: (inputs, { steps, trace }) => entropyScript(steps, inputs.heads, inputs.seed, trace.single.params) };
  },
  latex: 'step on screen',
};

export default entropy;
