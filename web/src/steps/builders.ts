// Which step builder serves which kind of walkthrough. A new kind of lesson adds its input and
// walkthrough types in model/types.ts, a builder in steps/, and one line here.
import type { AttentionLab } from '../../lib/index.js';
import type { AttentionInputs, MultiHeadInputs, Step, Walkthrough } from '../model/types.js';
import { attentionSteps } from './attention-steps.js';
import { multiHeadSteps } from './multi-head-steps.js';
import { scalingSteps } from './scaling-steps.js';
import { entropySteps } from './entropy-steps.js';
import { positionalSteps } from './positional-steps.js';
import { encoderSteps } from './encoder-steps.js';

type Builder<W extends Walkthrough> = (lab: AttentionLab, walkthrough: W, inputs: W['inputs']) => Step[];
type Builders = { [K in Walkthrough['kind']]: Builder<Extract<Walkthrough, { kind: K }>> };

export const BUILDERS: Builders = {
  attention: (lab, walkthrough, inputs: AttentionInputs) =>
    attentionSteps(lab, {
      inputs,
      queryLabels: walkthrough.queryLabels,
      keyLabels: walkthrough.keyLabels,
      editableMask: Array.isArray(inputs.mask),
    }).steps,
  'multi-head': (lab, _walkthrough, inputs: MultiHeadInputs) => multiHeadSteps(lab, inputs),
  scaling: (lab, _walkthrough, inputs) => scalingSteps(lab, inputs),
  entropy: (lab, _walkthrough, inputs) => entropySteps(lab, inputs),
  positional: (lab, _walkthrough, inputs) => positionalSteps(lab, inputs),
  encoder: (lab, _walkthrough, inputs) => encoderSteps(lab, inputs),
};

export function buildSteps(lab: AttentionLab, walkthrough: Walkthrough, inputs: Walkthrough['inputs']): Step[] {
  const builder = BUILDERS[walkthrough.kind] as Builder<Walkthrough>;
  return builder(lab, walkthrough, inputs);
}
