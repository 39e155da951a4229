// Scaled dot-product attention on matrices a learner can edit: the worked example, the masks,
// the sentence. Its cells are editable; sizes and seeds draw new inputs.
import type { AttentionTrace } from '../../../lib/index.js';
import type { AttentionInputs, AttentionWalkthrough } from '../../model/types.js';
import type { KindModule } from '../kind.js';
import { withParameter } from '../shared/fields.js';
import { changeAttentionInputs } from './inputs.js';
import { attentionScript } from './script.js';
import { attentionSteps } from './steps.js';

/** `matrix` with cell (row, column) set to `value`: a new outer array and edited row, the other rows shared. */
function withCell(matrix: number[][], row: number, column: number, value: number): number[][] {
  const next = matrix.slice();
  next[row] = matrix[row].slice();
  next[row][column] = value;
  return next;
}

/**
 * The inputs with one cell of Q, K, V or the mask set; undefined when it is already so. Only the
 * edited row is copied (inputs are never changed in place, so the rest can be shared): cloning
 * three 32×64 matrices per edit cost more than the engine call, and the views skip a matrix
 * whose rows are the same arrays as before.
 */
function editCell(inputs: AttentionInputs, input: string, row: number, column: number, value?: number): AttentionInputs | undefined {
  if (value === undefined) {
    // A click on a mask cell flips it; only a mask given as a matrix has cells to flip.
    if (input !== 'mask' || !Array.isArray(inputs.mask)) return undefined;
    const mask = inputs.mask as number[][];
    return { ...inputs, mask: withCell(mask, row, column, mask[row][column] ? 0 : 1) };
  }
  const name = input as 'query' | 'key' | 'value';
  const matrix = inputs[name];
  if (!Array.isArray(matrix) || matrix[row][column] === value) return undefined;
  return { ...inputs, [name]: withCell(matrix, row, column, value) };
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
