// The positional kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { positionalInputs } from './inputs.js';

export default {
  summary: 'positional encoding',
  description: 'The sinusoidal positional encoding: its table, some of its columns as waves, how alike positions are, and a sentence shuffled with and without it.',
  fields: {
    length: 'Number of positions.',
    dModel: 'Width of the encoding.',
    dimensions: 'Columns of the encoding to draw as waves, each below `dModel`.',
    tokens: 'The sentence that is shuffled (reversed), as for `"multi-head"`.',
    tokenDModel: 'Width of that sentence\'s embeddings.',
    heads: 'Heads of the attention that reads it, dividing `tokenDModel`.',
    seed: 'Decides the embeddings and the weights.',
  },
} satisfies About<typeof positionalInputs>;
