// The engine's numbers a script needs that no panel shows: the seeded weights of multi-head
// attention and of the encoder layer, and the scaling lesson's first random draw. A script cannot
// draw them again (the engine's splitmix64 stream is not PyTorch's or NumPy's), so it embeds them.
// They are read from the same engine calls the steps made, with the inputs the panels show.
import type { AttentionLab, Matrix, MultiHeadParams, Vector } from '../../lib/index.js';
import type { EncoderInputs, EntropyInputs, MultiHeadInputs, ScalingInputs, Step, Walkthrough } from '../model/types.js';
import { findGrid, gridData } from './grid.js';

export interface EngineNumbers {
  /** The projections W_Q … W_O (and biases b_Q … b_O when the layer has them), applied as x·W + b. */
  attention?: MultiHeadParams;
  /** The encoder layer's feed-forward weights and its two LayerNorms' scales and shifts. */
  feedForward?: { w1: Matrix; b1: Vector; w2: Matrix; b2: Vector };
  norms?: { gamma1: Vector; beta1: Vector; gamma2: Vector; beta2: Vector };
  /** The scaling experiment's first draw: a query (1 × d_k) and its keys. */
  draw?: { query: Matrix; key: Matrix };
}

/** Which kinds of walkthrough need numbers from the engine beyond their panels to be reproduced. */
export const needsEngineNumbers = (walkthrough: Walkthrough): boolean =>
  walkthrough.kind === 'multi-head' || walkthrough.kind === 'encoder' || walkthrough.kind === 'entropy' || walkthrough.kind === 'scaling';

/** `inputs` are the walkthrough's inputs as the learner has them now; `steps` were built from them. */
export function engineNumbers(lab: AttentionLab, walkthrough: Walkthrough, inputs: Walkthrough['inputs'], steps: Step[]): EngineNumbers {
  switch (walkthrough.kind) {
    case 'multi-head': {
      const { heads, seed } = inputs as MultiHeadInputs;
      const x = gridData(steps, 'embeddings');
      const source = findGrid(steps, 'source-embeddings')?.data ?? x;
      return { attention: lab.multiHeadAttention({ query: x, key: source, value: source, heads, seed }).params };
    }
    case 'entropy': {
      // Seeded weights depend on the seed and d_model only, so one head and h heads share them.
      const x = gridData(steps, 'input');
      return { attention: lab.multiHeadAttention({ query: x, key: x, value: x, heads: 1, seed: (inputs as EntropyInputs).seed }).params };
    }
    case 'encoder': {
      const { heads, activation, dFF, seed, attentionBias } = inputs as EncoderInputs;
      const t = lab.encoderLayer({ input: gridData(steps, 'input'), heads, activation, dFF, seed, attentionBias: attentionBias !== 'off' });
      return {
        attention: t.attention.params,
        feedForward: t.params,
        norms: { gamma1: t.norm1.gamma, beta1: t.norm1.beta, gamma2: t.norm2.gamma, beta2: t.norm2.beta },
      };
    }
    case 'scaling': {
      const { dK, keys, samples, seed } = inputs as ScalingInputs;
      const { query, key } = lab.scalingExperiment({ dK, keys, samples, seed }).example;
      return { draw: { query, key } };
    }
    default:
      return {};
  }
}
