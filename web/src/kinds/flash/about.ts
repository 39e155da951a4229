// The flash kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import { attentionFields } from '../attention/about.js';
import type { flashInputs } from './inputs.js';

export default {
  summary: 'attention computed tile by tile, with its tile size and order',
  description: 'Attention on numbers given in full, as for kind attention, computed tile by tile (flash attention), with the tile\'s size and order.',
  fields: {
    ...attentionFields,
    blockRows: 'Queries per tile, at most n.',
    blockCols: 'Keys per tile, at most m.',
    order: '`"rows"`: each block of queries meets every block of keys before the next (FlashAttention-2, the engine\'s loop); `"columns"`: each block of keys visits every block of queries (FlashAttention-1). The numbers are the same; only the order of the steps changes.',
  },
} satisfies About<typeof flashInputs>;
