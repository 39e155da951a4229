// The scaling kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { scalingInputs } from './inputs.js';

export default {
  summary: 'why divide by √d_k',
  description: 'Why attention divides by √d_k: random queries and keys, measured with and without the division for d_k = 4 … 1024.',
  fields: {
    dK: 'The width shown in detail. The charts always run from 4 to 1024.',
    keys: 'Keys per query.',
    samples: 'Random queries per width; samples × keys × 1024 may not exceed 16777216 (2²⁴, the engine\'s cap). With 5 keys, that is at most 3276 samples.',
    seed: 'Decides the random queries and keys.',
  },
} satisfies About<typeof scalingInputs>;
