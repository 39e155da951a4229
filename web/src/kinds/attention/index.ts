// Scaled dot-product attention on matrices a learner can edit: the worked example, the masks,
// the sentence. Its cells are editable; sizes and seeds draw new inputs.
import type { AttentionTrace } from '../../../lib/index.js';
import type { AttentionWalkthrough } from './inputs.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { changeAttentionInputs, editCell } from './edits.js';
import { attentionSteps } from './steps.js';

const attention: KindModule<AttentionWalkthrough, AttentionTrace> = {
  build: (lab, walkthrough, inputs) => attentionSteps(lab, {
    inputs,
    queryLabels: walkthrough.queryLabels,
    keyLabels: walkthrough.keyLabels,
    editableMask: Array.isArray(inputs.mask),
  }),
  changeInputs: (lab, inputs, name, value) =>
    (typeof value === 'number' ? changeAttentionInputs(lab, inputs, name, value) : withParameter(inputs, name, value)),
  editCell,
  loadScript: async () => {
    const { attentionScript } = await import('./script.js');
    return { script: (inputs) => attentionScript(inputs) };
  },
  latex: 'whole example',
};

export default attention;
