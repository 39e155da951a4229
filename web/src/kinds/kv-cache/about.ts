// The KV-cache kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { kvCacheInputs } from './inputs.js';

export default {
  summary: 'decoding token by token with a KV cache, and the cache size of a public model',
  description: 'Decoding a seeded random sequence token by token with a KV cache, and the cache\'s memory for a public model.',
  fields: {
    length: 'Tokens decoded.',
    dModel: 'Width d_model.',
    heads: 'Number of heads, dividing `dModel`.',
    seed: 'Decides the random sequence and the weights.',
    model: 'The public model whose cache the last step sizes.',
    context: 'Tokens in that model\'s cache.',
    bytes: 'Bytes per cached number: 4 (float32), 2 (float16 or bfloat16) or 1 (int8).',
  },
} satisfies About<typeof kvCacheInputs>;
