// The attention kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { attentionInputs } from './inputs.js';

const SEED_TEXT = 'Decides the random numbers a learner gets on resizing the matrices or choosing a new seed; your own numbers are shown first.';

export const attentionFields = {
  query: 'Q: n rows (the queries), each of d_k numbers.',
  key: 'K: m rows (the keys), each as wide as a query row (d_k).',
  value: 'V: one row per key (m rows), each of d_v numbers. d_v need not equal d_k.',
  mask: 'Which keys each query may see. Left out or `null`: all of them. `"causal"`: query i sees keys 0 … i. `{"keyLength": L}`: keys L and later are padding, blocked for every query (0 ≤ L ≤ m). A matrix of n rows of m entries, `1` = attend, `0` = blocked.',
  maskFill: 'What a blocked score becomes before the softmax. Left out or `null`: −∞, so a blocked key gets a weight of exactly 0 (JSON has no way to write −∞). A number such as `-1e9`, as many tutorials use. The two differ only on a row whose every key is blocked; lesson 6 shows both.',
  seed: SEED_TEXT,
};

export default {
  summary: 'Q, K, V given as numbers',
  description: 'Scaled dot-product attention on numbers given in full: n queries and m keys of width d_k, m values of width d_v.',
  fields: attentionFields,
} satisfies About<typeof attentionInputs>;
