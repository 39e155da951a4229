// The multi-head kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { multiHeadInputs } from './inputs.js';

export default {
  summary: 'attention on a sentence',
  description: 'Multi-head self-attention on a sentence, or cross-attention when sourceTokens is given. Embeddings and weights are seeded random numbers, never trained.',
  fields: {
    tokens: 'The sentence, one token per item (learners edit it as words separated by spaces): the queries and, without `sourceTokens`, the keys and values. The same token always gets the same embedding.',
    sourceTokens: 'For cross-attention: the sentence the keys and values come from, with the same rules.',
    dModel: 'Width of each token\'s vector, d_model.',
    heads: 'Number of heads h; it must divide `dModel` (each head gets d_model / h columns).',
    seed: 'Decides the embeddings and the weights.',
    mask: 'Left out or `null`: every token sees every token. `"causal"`: token i sees tokens 0 … i.',
    maskFill: 'As for `"attention"`: what a blocked score becomes; left out or `null`: −∞.',
  },
} satisfies About<typeof multiHeadInputs>;
