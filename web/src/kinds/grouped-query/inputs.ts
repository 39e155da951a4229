// The inputs of a "grouped-query" walkthrough, field by field (model/input-fields.ts), from which
// follow their type, their checks for a file and a link, the parameters panels' ranges, the schema
// and the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const groupedQueryInputs = {
  /** Width of the tokens' vectors, split into heads of dModel/heads. */
  dModel: integer(1, 64),
  /** Query heads, dividing dModel. */
  heads: integer(1, 16),
  /** Key/value heads, dividing heads: heads is multi-head attention, 1 multi-query. */
  kvHeads: integer(1, 16),
  /** Tokens of the seeded random sequence the layer attends over. */
  tokens: integer(1, 8),
  seed: seed(),
};

export type GroupedQueryInputs = InputsOf<typeof groupedQueryInputs>;

export type GroupedQueryWalkthrough = WalkthroughOf<'grouped-query'>;

declare module '../../model/types.js' {
  interface KindTable {
    'grouped-query': { inputs: GroupedQueryInputs };
  }
}
