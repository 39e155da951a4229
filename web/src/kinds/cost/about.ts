// The cost kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { costInputs } from './inputs.js';

export default {
  summary: 'the cost lab: every variant timed in the browser',
  description: 'The cost lab: every variant timed by the engine\'s measureCost for n = 64, 128, … maxN.',
  fields: {
    maxN: 'The largest n measured; the sizes double from 64 up to it.',
    d: 'Width of the random inputs.',
    repeats: 'Timed runs per variant and size.',
    block: 'Flash attention\'s tile and chunked attention\'s chunk size.',
    window: 'Sparse attention\'s window.',
    seed: 'Decides the random inputs.',
  },
} satisfies About<typeof costInputs>;
