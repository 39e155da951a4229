// Linear and sparse attention: full attention beside sliding-window, global and random sparse
// patterns and linear attention's d × d state, on one seeded random sequence.
import type { EfficientWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { efficientSteps, type EfficientTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const efficient: KindModule<EfficientWalkthrough, EfficientTraces> = {
  build: (lab, _walkthrough, inputs) => efficientSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { efficientScript } = await import('./script.js');
    return { script: (inputs, { trace }) => efficientScript(inputs.seed, trace) };
  },
  latex: 'step on screen',
};

export default efficient;
