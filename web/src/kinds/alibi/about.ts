// The alibi kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { alibiInputs } from './inputs.js';

export default {
  summary: 'attention with linear biases (ALiBi)',
  description: 'ALiBi (Press, Smith and Lewis 2022): no position embedding, but each head adds −slope·|i − j| to its scaled scores. The paper\'s slopes for a power of two and for other head counts, the bias matrix, a head\'s scores, bias and weights in a causal decoder, steep heads that look near and gentle ones that look far, and a sequence longer than the trained one.',
  fields: {
    heads: 'H, the heads of the worked layer; 8 in the paper\'s figures.',
    otherHeads: 'A second head count whose slopes are shown beside the first; one that is not a power of two (6, 12) shows the paper\'s interleaving rule.',
    headWidth: 'd_k, the width of each head\'s queries and keys; d_model = heads · headWidth.',
    length: 'Tokens of the worked sequence, the length the model was trained on.',
    longLength: 'Tokens of the longer sequence, run with the same weights past the trained length.',
    head: 'The head whose scores, bias and weights are worked out, 0 to heads − 1.',
    seed: 'Decides the tokens\' vectors and the layer\'s weights.',
  },
} satisfies About<typeof alibiInputs>;
