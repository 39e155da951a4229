// The backward kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import { attentionFields } from '../attention/about.js';
import type { backwardInputs } from './inputs.js';

export default {
  summary: 'one backward pass of attention: Q, K, V and the gradient ∂L/∂output given as numbers',
  description: 'One backward pass of scaled dot-product attention: its inputs as for kind attention, and the gradient of the loss with respect to its output.',
  fields: {
    ...attentionFields,
    gradOutput: 'g = ∂L/∂output: one row per query (n) of as many numbers as a value row (d_v). The loss is L = Σ gᵢⱼ·outputᵢⱼ, so g chooses the loss.',
  },
} satisfies About<typeof backwardInputs>;
