// The grouped-query kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { groupedQueryInputs } from './inputs.js';

export default {
  summary: 'grouped- and multi-query attention and the KV cache of real models',
  description: 'Grouped-query attention (Ainslie et al. 2023) and multi-query attention (Shazeer 2019): query heads sharing key/value heads in blocks, as Hugging Face\'s repeat_kv; the layer equal to multi-head attention when every query head has its own; and the key/value cache of Llama 2 7B, Llama 3 8B, Mistral 7B, Falcon 7B and DeepSeek-V2 from their published configurations.',
  fields: {
    dModel: 'Width of the tokens\' vectors, split into heads of dModel/heads.',
    heads: 'Query heads, dividing dModel.',
    kvHeads: 'Key/value heads, dividing heads: heads is multi-head attention, 1 multi-query attention.',
    tokens: 'Tokens of the random sequence the layer attends over.',
    seed: 'Decides the sequence and the weights.',
  },
} satisfies About<typeof groupedQueryInputs>;
