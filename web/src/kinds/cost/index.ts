// What attention costs: the cost lab, measuring every variant at every size in a Web Worker.
import type { CostPlan } from '../../model/types.js';
import type { CostWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { costSteps } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

const cost: KindModule<CostWalkthrough, CostPlan> = {
  build: (_lab, _walkthrough, inputs) => costSteps(inputs),
  // The largest n is a choice among the sizes (a text); the others are numbers already.
  changeInputs: (_lab, inputs, name, value) => withParameter(inputs, name, name === 'maxN' ? Number(value) : value),
  loadScript: async () => {
    const { costScript } = await import('./script.js');
    return { script: (_inputs, { trace }) => costScript(trace) };
  },
  latex: 'step on screen',
};

export default cost;
