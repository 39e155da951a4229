// Rotary positions: a seeded query and key turned pair by pair by the engine's rope, the score
// that depends on the distance only, the two conventions, the decay and position interpolation.
import type { RopeWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainRope } from './explain.js';
import { ropeSteps, type RopeTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const rope: KindModule<RopeWalkthrough, RopeTraces> = {
  build: (lab, _walkthrough, inputs) => ropeSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { ropeScript } = await import('./script.js');
    return { script: (inputs, { trace }) => ropeScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainRope,
};

export default rope;
