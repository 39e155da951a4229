// The efficient kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { efficientInputs } from './inputs.js';

export default {
  summary: 'linear and sparse attention beside full attention',
  description: 'Linear and sparse attention: a seeded random sequence attended fully, through a sliding window, global tokens and random keys (sparseAttention), and through linear attention.',
  fields: {
    length: 'Number of tokens n.',
    dModel: 'Width d of Q, K and V (linear attention\'s state is d × d).',
    window: 'The sliding window of the sparse patterns.',
    globalTokens: 'Positions of the global tokens, each below `length`; `[]` for none.',
    randomPerRow: 'Random keys added to each row (BigBird), drawn from the seed.',
    seed: 'Decides the random sequence and the random keys.',
  },
} satisfies About<typeof efficientInputs>;
