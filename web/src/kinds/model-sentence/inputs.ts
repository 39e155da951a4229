// The inputs of a "model-sentence" walkthrough, field by field (model/input-fields.ts), from which
// follow their type, their checks for a file and a link, the parameters panels' ranges, the schema
// and the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, text, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const modelSentenceInputs = {
  /** The sentence the model reads: short enough to show one row per character. */
  text: text({ min: 2, max: 100 }),
  /** The layer whose heads are shown, counted from 1; one the model does not have is refused. */
  layer: integer(1, 8),
  /** The head in focus within the layer, from 1. */
  head: integer(1, 16),
};

export type ModelSentenceInputs = InputsOf<typeof modelSentenceInputs>;

export type ModelSentenceWalkthrough = WalkthroughOf<'model-sentence'>;

declare module '../../model/types.js' {
  interface KindTable {
    'model-sentence': { inputs: ModelSentenceInputs };
  }
}
