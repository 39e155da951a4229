// The inputs of a "cost" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { doubling, integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

/** The smallest n measured: the sizes double from it up to maxN. */
export const MIN_N = 64;

export const costInputs = {
  /** The largest sequence length measured, a power of two from MIN_N. */
  maxN: doubling(MIN_N, 4096),
  /** Width d of the random Q, K, V (and of the RNN's state). */
  d: integer(1, 1024),
  /** Timed runs per (variant, n). */
  repeats: integer(1, 50),
  /** Flash attention's tile and chunked attention's chunk size. */
  block: integer(1, 4096),
  /** Sparse attention's window. */
  window: integer(0, 4096),
  seed: seed(),
};

export type CostInputs = InputsOf<typeof costInputs>;

export type CostWalkthrough = WalkthroughOf<'cost'>;

declare module '../../model/types.js' {
  interface KindTable {
    cost: { inputs: CostInputs };
  }
}
