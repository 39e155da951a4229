// Sliding windows and attention sinks: the banded mask, the receptive field it builds over layers,
// the rolling KV cache and the first tokens kept as sinks, every number from the engine.
import type { SlidingWindowWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { explainSlidingWindow } from './explain.js';
import { slidingWindowSteps, type SlidingWindowTraces } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const slidingWindow: KindModule<SlidingWindowWalkthrough, SlidingWindowTraces> = {
  build: (lab, _walkthrough, inputs) => slidingWindowSteps(lab, inputs),
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, value),
  loadScript: async () => {
    const { slidingWindowScript } = await import('./script.js');
    return { script: (inputs, { trace }) => slidingWindowScript(inputs, trace) };
  },
  latex: 'step on screen',
  explain: explainSlidingWindow,
};

export default slidingWindow;
