// The inputs of a "entropy" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const entropyInputs = {
  /** Tokens n (rows of the random sequence). */
  length: integer(2, 16),
  dModel: integer(1, 64),
  heads: integer(1, 16),
  seed: seed(),
};

export type EntropyInputs = InputsOf<typeof entropyInputs>;

export type EntropyWalkthrough = WalkthroughOf<'entropy'>;

declare module '../../model/types.js' {
  interface KindTable {
    entropy: { inputs: EntropyInputs };
  }
}
