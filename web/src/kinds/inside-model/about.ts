// The inside-model kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { insideModelInputs } from './inputs.js';

export default {
  summary: 'the language model read from inside: heads, ablation, logit lens, rollout',
  description: 'The lab\'s language model reading a text: every layer\'s and head\'s attention, a head atlas of previous-token, induction and first-token scores (Olsson et al. 2022), one head switched off and the losses it changes, the logit lens layer by layer and attention rollout (Abnar & Zuidema 2020).',
  fields: {
    text: 'The text the model reads, one row per token; put a name in it twice to see induction.',
    name: 'A name the text holds twice: the steps look at its second copy, where an induction head can copy from the first.',
    layer: 'The layer of the head in focus, counted from 1 as every lesson counts layers; a layer the model does not have is refused.',
    head: 'The head in focus within its layer, from 1: its attention is shown and it is the head switched off.',
    residual: 'Attention rollout\'s weight of the identity (the residual connection) in each layer\'s mix, 0 to 1.',
  },
} satisfies About<typeof insideModelInputs>;
