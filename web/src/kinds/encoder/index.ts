// One post-norm encoder layer on a sentence: attention, residuals, LayerNorms, feed-forward.
import type { EncoderLayerTrace } from '../../../lib/index.js';
import type { EncoderWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { encoderSteps } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const encoder: KindModule<EncoderWalkthrough, EncoderLayerTrace> = {
  build: (lab, _walkthrough, inputs, trained) => encoderSteps(lab, inputs, trained),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { encoderScript } = await import('./script.js');
    return { script: (inputs, { steps, trace }, trained) => encoderScript(inputs, steps, trace, trained) };
  },
  latex: 'step on screen',
};

export default encoder;
