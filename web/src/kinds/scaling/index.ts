// Why divide by √d_k: seeded random scores measured across widths, with and without the scale.
import type { ScalingExperimentTrace } from '../../../lib/index.js';
import type { ScalingWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { scalingSteps } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const scaling: KindModule<ScalingWalkthrough, ScalingExperimentTrace> = {
  build: (lab, _walkthrough, inputs) => scalingSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { scalingScript } = await import('./script.js');
    return { script: (inputs, { trace }) => scalingScript(inputs.seed, trace.example) };
  },
  latex: 'step on screen',
};

export default scaling;
