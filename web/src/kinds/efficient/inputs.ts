// The inputs of a "efficient" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, positions, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

/** Small enough to read every weight of a pattern (the engine's sparse and linear attention take n up to 4096). */
const LONGEST = 32;

export const efficientInputs = {
  /** Tokens n. */
  length: integer(2, LONGEST),
  /** Width d of Q, K and V (linear attention's state is d × d). */
  dModel: integer(1, 16),
  /** Sliding window of the sparse patterns (sparseAttention's `window`). */
  window: integer(0, LONGEST - 1),
  /**
   * Positions every token attends to and is attended by (Longformer's global tokens): numbers in
   * the JSON, their text once typed in the parameters panel ("none" for none).
   */
  globalTokens: positions({ min: 0, max: LONGEST }, LONGEST, 'token positions'),
  /** Random keys added to each row (BigBird), drawn by the engine from `seed`. */
  randomPerRow: integer(0, LONGEST - 1),
  seed: seed(),
};

export type EfficientInputs = InputsOf<typeof efficientInputs>;

export type EfficientWalkthrough = WalkthroughOf<'efficient'>;

declare module '../../model/types.js' {
  interface KindTable {
    efficient: { inputs: EfficientInputs };
  }
}
