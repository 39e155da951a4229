// The inputs of a "rope" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { choice, decimal, integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const ropeInputs = {
  /** The width d of a head's queries and keys: even, since RoPE turns pairs of columns. */
  width: integer(2, 64),
  /** θ_i = base^(−2i/d). */
  base: decimal(1, 1e9),
  /** Which columns form a pair: (i, i + d/2) or (2i, 2i + 1). */
  convention: choice(['half', 'interleaved']),
  /** The query's position m and the key's position n in the first pair of positions. */
  queryPosition: integer(0, 100000),
  keyPosition: integer(0, 100000),
  /** Added to both positions for the second pair: (m + shift, n + shift). */
  shift: integer(0, 100000),
  /** Width of the all-ones query and key whose score falls with distance: wide, as a real head, so the decay shows. */
  decayWidth: integer(2, 256),
  /** Positions drawn in the clocks and the decay, and the context the model was trained on. */
  length: integer(2, 1024),
  /** Position interpolation: a context `factor` times longer squeezed into the trained positions. */
  factor: integer(1, 16),
  seed: seed(),
};

export type RopeInputs = InputsOf<typeof ropeInputs>;

export type RopeWalkthrough = WalkthroughOf<'rope'>;

declare module '../../model/types.js' {
  interface KindTable {
    rope: { inputs: RopeInputs };
  }
}
