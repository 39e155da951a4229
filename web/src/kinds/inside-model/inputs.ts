// The inputs of an "inside-model" walkthrough, field by field (model/input-fields.ts), from which
// follow their type, their checks for a file and a link, the parameters panels' ranges, the schema
// and the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { decimal, integer, text, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

export const insideModelInputs = {
  /** The text the model reads: short enough to show one row per character. */
  text: text({ min: 2, max: 100 }),
  /** A name the text holds twice: induction shows on its second copy. */
  name: text({ min: 1, max: 24 }),
  /**
   * The layer of the head in focus, counted from 1 as every lesson counts layers and heads (the
   * engine's arguments count from 0); one the model does not have is refused.
   */
  layer: integer(1, 8),
  /** The head in focus within its layer (from 1), shown and switched off. */
  head: integer(1, 16),
  /** Attention rollout's weight of the identity, the residual connection. */
  residual: decimal(0, 1),
};

export type InsideModelInputs = InputsOf<typeof insideModelInputs>;

export type InsideModelWalkthrough = WalkthroughOf<'inside-model'>;

declare module '../../model/types.js' {
  interface KindTable {
    'inside-model': { inputs: InsideModelInputs };
  }
}
