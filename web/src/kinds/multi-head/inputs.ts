// The inputs of a "multi-head" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { anything } from '../../model/json-checks.js';
import { choice, inLinks, integer, numberOrNull, optional, seed, words, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const multiHeadInputs = {
  /** Query tokens (the target sequence in cross-attention). */
  tokens: words(),
  /** Key/value tokens for cross-attention; left out for self-attention. */
  sourceTokens: optional(words()),
  dModel: integer(1, 64),
  heads: integer(1, 16),
  seed: seed(),
  // The page offers no mask or the causal one; a link's mask goes to the engine as it is.
  mask: optional(inLinks(choice([null, 'causal']), anything), null),
  maskFill: optional(inLinks(numberOrNull(), anything), null),
};

export type MultiHeadInputs = InputsOf<typeof multiHeadInputs>;

export type MultiHeadWalkthrough = WalkthroughOf<'multi-head'>;

declare module '../../model/types.js' {
  interface KindTable {
    'multi-head': { inputs: MultiHeadInputs };
  }
}
