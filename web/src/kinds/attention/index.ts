// Scaled dot-product attention on matrices a learner can edit: the worked example, the masks,
// the sentence. Its cells are editable; sizes and seeds draw new inputs.
import type { AttentionTrace } from '../../../lib/index.js';
import type { AttentionInputs, AttentionWalkthrough } from '../../model/types.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { changeAttentionInputs } from './inputs.js';
import { attentionScript } from './script.js';
import { attentionSteps } from './steps.js';

/** A copy of the inputs with one cell of Q, K, V or the mask set; undefined when it is already so. */
function editCell(inputs: AttentionInputs, input: string, row: number, column: number, value?: number): AttentionInputs | undefined {
  const next = structuredClone(inputs);
  if (value === undefined) {
    // A click on a mask cell flips it; only a mask given as a matrix has cells to flip.
    if (input !== 'mask' || !Array.isArray(next.mask)) return undefined;
    const mask = next.mask as number[][];
    mask[row][column] = mask[row][column] ? 0 : 1;
    return next;
  }
  const matrix = next[input as 'query' | 'key' | 'value'];
  if (!Array.isArray(matrix) || matrix[row][column] === value) return undefined;
  matrix[row][column] = value;
  return next;
}

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
  script: (inputs) => attentionScript(inputs),
  latex: 'whole example',
};

export default attention;
