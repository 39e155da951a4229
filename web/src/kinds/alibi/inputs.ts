// The inputs of an "alibi" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const alibiInputs = {
  /** H, the heads of the worked layer, each with its own slope. */
  heads: integer(1, 16),
  /** A second head count, to compare its slopes (a count that is not a power of two uses the paper's interleaving rule). */
  otherHeads: integer(1, 16),
  /** d_k, the width of each head's queries and keys (d_model = heads · headWidth). */
  headWidth: integer(1, 16),
  /** Tokens of the worked sequence: the length the model was trained on. */
  length: integer(2, 16),
  /** Tokens of the longer sequence, past the trained length. */
  longLength: integer(2, 256),
  /** The head whose scores, bias and weights are worked out. */
  head: integer(0, 15),
  seed: seed(),
};

export type AlibiInputs = InputsOf<typeof alibiInputs>;

export type AlibiWalkthrough = WalkthroughOf<'alibi'>;

declare module '../../model/types.js' {
  interface KindTable {
    alibi: { inputs: AlibiInputs };
  }
}
