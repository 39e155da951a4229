// The inputs of a "scaling" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const scalingInputs = {
  /** The width shown in detail; the charts always sweep d_k up to dK.max, whatever dK is. */
  dK: integer(4, 1024),
  /** Keys per query. */
  keys: integer(1, 1024),
  /** Draws per width; samples × keys × dK.max ≤ 2²⁴ (the engine's cap). */
  samples: integer(1, 10000),
  seed: seed(),
};

export type ScalingInputs = InputsOf<typeof scalingInputs>;

export type ScalingWalkthrough = WalkthroughOf<'scaling'>;

declare module '../../model/types.js' {
  interface KindTable {
    scaling: { inputs: ScalingInputs };
  }
}
