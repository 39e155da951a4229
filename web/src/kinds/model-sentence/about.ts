// The model-sentence kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { modelSentenceInputs } from './inputs.js';

export default {
  summary: 'a sentence read by the language model, its attention by word',
  description: 'The lab\'s language model reading a sentence, one token per character: one head\'s attention between the characters, the same weights between words (summed over the words looked at, averaged over the word looking, as Clark et al. 2019 read BERT), and every head of the layer by word.',
  fields: {
    text: 'The sentence the model reads; words are split at spaces, and a space belongs to the word after it.',
    layer: 'The layer whose heads are shown, counted from 1 as every lesson counts layers; a layer the model does not have is refused.',
    head: 'The head in focus within its layer, from 1: its weights are shown by character and by word.',
  },
} satisfies About<typeof modelSentenceInputs>;
