// The rope kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { ropeInputs } from './inputs.js';

export default {
  summary: 'rotary position embedding (RoPE)',
  description: 'Rotary positions (RoFormer, Su et al. 2021): each pair of a query\'s and a key\'s columns turned by position·θ, the score that depends on the distance only, the two conventions and the permutation between them, the decay with distance and position interpolation.',
  fields: {
    width: 'Width d of the query and the key, even.',
    base: 'The base of θ_i = base^(−2i/d); 10000 in the paper.',
    convention: 'Which columns form a pair: `"half"` (i, i + d/2), as GPT-NeoX and Hugging Face, or `"interleaved"` (2i, 2i + 1), as the paper and Meta\'s Llama.',
    queryPosition: 'Position m of the query in the first pair of positions.',
    keyPosition: 'Position n of the key in the first pair of positions.',
    shift: 'Added to both positions for the second pair, (m + shift, n + shift).',
    decayWidth: 'Width of the all-ones query and key whose score is drawn against their distance, even; a real head\'s width (64 or 128) shows the decay best.',
    length: 'Positions drawn in the clocks and the decay; the context the model was trained on.',
    factor: 'Position interpolation: a context this many times longer, its positions divided by it.',
    seed: 'Decides the query and the key.',
  },
} satisfies About<typeof ropeInputs>;
