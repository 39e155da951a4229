// The sliding-window kind in an instructor's words (kinds/descriptor.ts's About).
import type { About } from '../descriptor.js';
import type { slidingWindowInputs } from './inputs.js';

export default {
  summary: 'sliding-window attention with attention sinks',
  description: 'A decoder\'s sliding window (Longformer, Beltagy et al. 2020; Mistral 7B, Jiang et al. 2023): the banded mask, the receptive field growing by window − 1 positions per layer, the rolling KV cache checked against the full layer, and attention sinks (Xiao et al. 2023): the rows with and without the first keys kept.',
  fields: {
    length: 'Tokens in the sequence, 2 … 48.',
    window: 'Keys each query sees, itself included: query i sees keys i − window < j ≤ i; shorter than the sequence.',
    sinks: 'The first keys kept visible to every later query (attention sinks), 0 … 8.',
    layers: 'Layers stacked in the receptive-field step and its exercise.',
    width: 'Width of each token\'s random row; one more column carries the first token\'s pull.',
    pull: 'The first token\'s entry in that extra column (every other token has 1): how strongly every query matches the first key, as trained models learn.',
    seed: 'Decides the tokens.',
  },
} satisfies About<typeof slidingWindowInputs>;
