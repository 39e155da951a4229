// The inputs of a "sliding-window" walkthrough, field by field (model/input-fields.ts), from which
// follow their type, their checks for a file and a link, the parameters panels' ranges, the schema
// and the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const slidingWindowInputs = {
  /** Tokens in the sequence: long enough for the first keys to leave the window. */
  length: integer(2, 48),
  /** Query i sees keys i − window < j ≤ i. */
  window: integer(1, 48),
  /** The first keys kept visible to every later query (attention sinks). */
  sinks: integer(0, 8),
  /** Layers stacked in the receptive-field step and the reach exercise. */
  layers: integer(1, 12),
  /** Width of each token's random row (one more column carries the first token's pull). */
  width: integer(1, 16),
  /** How strongly every query matches the first token's key, as trained models learn. */
  pull: integer(0, 12),
  seed: seed(),
};

export type SlidingWindowInputs = InputsOf<typeof slidingWindowInputs>;

export type SlidingWindowWalkthrough = WalkthroughOf<'sliding-window'>;

declare module '../../model/types.js' {
  interface KindTable {
    'sliding-window': { inputs: SlidingWindowInputs };
  }
}
