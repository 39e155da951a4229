// How a parameters panel's value becomes new walkthrough inputs. Most fields are copied
// straight into the inputs; attention sizes and seeds regenerate matrices, and choices map to
// what the engine expects.
import type { AttentionLab } from '../../lib/index.js';
import type { AttentionInputs, Walkthrough } from '../model/types.js';
import { changeAttentionInputs } from './attention-inputs.js';

export function changeInputs(
  lab: AttentionLab,
  walkthrough: Walkthrough,
  inputs: Walkthrough['inputs'],
  name: string,
  value: number | string | string[],
): Walkthrough['inputs'] {
  if (walkthrough.kind === 'attention' && typeof value === 'number') {
    return changeAttentionInputs(lab, inputs as AttentionInputs, name, value);
  }
  if (name === 'mask') return { ...inputs, mask: value === 'none' ? null : value } as Walkthrough['inputs'];
  return { ...inputs, [name]: value } as Walkthrough['inputs'];
}
