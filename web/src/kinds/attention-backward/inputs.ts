// The inputs of a "attention-backward" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { numbers, type InputsOf } from '../../model/input-fields.js';
import { attentionInputs, SIZES } from '../attention/inputs.js';
import type { WalkthroughOf } from '../../model/types.js';

export const backwardInputs = {
  ...attentionInputs,
  gradOutput: numbers(SIZES.queries, 'queries', SIZES.dV, 'd_v'),
};

/**
 * Attention's inputs and the gradient arriving at its output. The loss is L = Σᵢⱼ gradOutputᵢⱼ·outputᵢⱼ,
 * so ∂L/∂output is gradOutput itself: editing it picks another loss.
 */
export type AttentionBackwardInputs = InputsOf<typeof backwardInputs>;

export type AttentionBackwardWalkthrough = WalkthroughOf<'attention-backward'>;

declare module '../../model/types.js' {
  interface KindTable {
    'attention-backward': { inputs: AttentionBackwardInputs; labels: true };
  }
}
