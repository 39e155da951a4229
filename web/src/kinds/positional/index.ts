// Positional encoding: the sinusoid table, its waves, its similarity, and the permutation test.
import type { PositionalWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { positionalSteps, type PositionalTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const positional: KindModule<PositionalWalkthrough, PositionalTraces> = {
  build: (lab, _walkthrough, inputs) => positionalSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { positionalScript } = await import('./script.js');
    return { script: (inputs) => positionalScript(inputs) };
  },
  latex: 'step on screen',
};

export default positional;
