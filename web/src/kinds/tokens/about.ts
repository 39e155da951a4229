// The tokens kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { tokensInputs } from './inputs.js';

export default {
  summary: 'byte-level byte-pair encoding (BPE)',
  description: 'Byte-level BPE (Sennrich, Haddow & Birch 2016, on bytes as GPT-2 does): a sentence\'s UTF-8 bytes, its adjacent pairs counted, the most frequent merged again and again, then a new sentence tokenized with the learned merges, beside one token per character.',
  fields: {
    text: 'The sentence BPE is trained on; shown byte by byte, so keep it short. Accented letters and emoji take several bytes.',
    merges: 'Merges the training makes; it stops earlier when no pair occurs twice.',
    newText: 'A sentence tokenized with the learned merges, in the order they were learned.',
  },
} satisfies About<typeof tokensInputs>;
