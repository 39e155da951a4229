// The inputs of a "language-model" walkthrough, field by field (model/input-fields.ts), from which
// follow their type, their checks for a file and a link, the parameters panels' ranges, the schema
// and the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { decimal, integer, seed, text, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const languageModelInputs = {
  /** The prompt the model reads: short enough to show token by token, and within its context. */
  prompt: text({ min: 1, max: 80 }),
  /** Divides the logits before the softmax; 0 is greedy. */
  temperature: decimal(0, 2),
  /** Keeps the k most likely tokens; 0 keeps all. */
  topK: integer(0, 256),
  /** Keeps the fewest most likely tokens whose probability reaches p; 1 keeps all. */
  topP: decimal(0, 1, { aboveMin: true }),
  /** Seeds the draws: the same seed draws the same tokens. */
  seed: seed(),
  /** Tokens generated after the prompt, one at a time with the KV cache. */
  tokens: integer(1, 40),
};

export type LanguageModelInputs = InputsOf<typeof languageModelInputs>;

export type LanguageModelWalkthrough = WalkthroughOf<'language-model'>;

declare module '../../model/types.js' {
  interface KindTable {
    'language-model': { inputs: LanguageModelInputs };
  }
}
