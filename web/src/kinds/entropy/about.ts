// The entropy kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { entropyInputs } from './inputs.js';

export default {
  summary: 'how focused each head is',
  description: 'How focused attention is: the entropy of each row of weights, one head against several, on a seeded random sequence.',
  fields: {
    length: 'Number of tokens n.',
    dModel: 'Width d_model.',
    heads: 'Number of heads, dividing `dModel`.',
    seed: 'Decides the random sequence and the weights.',
  },
} satisfies About<typeof entropyInputs>;
