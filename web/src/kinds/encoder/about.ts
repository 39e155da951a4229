// The encoder kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { encoderInputs } from './inputs.js';

export default {
  summary: 'one encoder layer',
  description: 'A sentence through one post-norm transformer encoder layer: attention, residual, layer norm, feed-forward, residual, layer norm.',
  fields: {
    tokens: 'The sentence, as for `"multi-head"`.',
    dModel: 'Width d_model.',
    heads: 'Number of heads, dividing `dModel`.',
    dFF: 'Width of the feed-forward network\'s hidden layer.',
    activation: 'The feed-forward network\'s activation.',
    attentionBias: '`"on"`: zero biases in the attention projections, as PyTorch\'s `nn.TransformerEncoderLayer` (they are counted as parameters). `"off"`: none.',
    seed: 'Decides the embeddings and the weights.',
  },
} satisfies About<typeof encoderInputs>;
