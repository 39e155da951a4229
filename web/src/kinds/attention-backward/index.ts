// One backward pass of scaled dot-product attention, cell by cell, on inputs a learner can edit:
// Q, K, V and the gradient g = ∂L/∂output arriving from the loss. Sizes and seeds draw new
// inputs as in the forward's walkthroughs, g included.
import type { AttentionLab } from '../../../lib/index.js';
import type { AttentionBackwardInputs, AttentionBackwardWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { changeAttentionInputs, editCell, fit, readable } from '../attention/edits.js';
import { backwardSteps, type BackwardBuilt } from './steps.js';
// "Explain this number" on its panels needs more than an attention call's explainers (their own chunk).
import '../shared/explain-more.js';

/** New inputs after a size or seed change: Q, K, V as in the forward, and g resized to n × d_v. */
function changeInputs(lab: AttentionLab, inputs: AttentionBackwardInputs, name: string, value: number): AttentionBackwardInputs {
  const next = changeAttentionInputs(lab, inputs, name, value);
  // Salt 3: Q, K and V take 0, 1 and 2, so g is a fourth, independent draw.
  const fresh = readable(lab, next.query.length, next.value[0].length, next.seed ?? 0, 3);
  return { ...next, gradOutput: name === 'seed' ? fresh : fit(inputs.gradOutput, fresh) };
}

const attentionBackward: KindModule<AttentionBackwardWalkthrough, BackwardBuilt> = {
  build: (lab, walkthrough, inputs) => backwardSteps(lab, { inputs, queryLabels: walkthrough.queryLabels, keyLabels: walkthrough.keyLabels }),
  changeInputs: (lab, inputs, name, value) =>
    (typeof value === 'number' ? changeInputs(lab, inputs, name, value) : withParameter(inputs, name, value)),
  editCell,
  loadScript: async () => {
    const { backwardScript } = await import('./script.js');
    return { script: (inputs) => backwardScript(inputs) };
  },
  latex: 'step on screen',
};

export default attentionBackward;
