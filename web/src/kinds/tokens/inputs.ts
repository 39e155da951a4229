// The inputs of a "tokens" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, text, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const tokensInputs = {
  /** The learner's sentence, which BPE is trained on: short enough to show byte by byte. */
  text: text({ min: 1, max: 120 }),
  /** Merges the training makes (fewer when no pair occurs twice any more). */
  merges: integer(0, 60),
  /** A sentence the learned merges tokenize. */
  newText: text({ min: 1, max: 60 }),
};

export type TokensInputs = InputsOf<typeof tokensInputs>;

export type TokensWalkthrough = WalkthroughOf<'tokens'>;

declare module '../../model/types.js' {
  interface KindTable {
    tokens: { inputs: TokensInputs };
  }
}
