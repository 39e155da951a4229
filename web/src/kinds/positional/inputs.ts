// The inputs of a "positional" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { integer, positions, seed, words, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

/** Columns drawn as waves: the chart's colours repeat after six series. */
export const WAVES = { min: 1, max: 6 } as const;

export const positionalInputs = {
  length: integer(1, 1024),
  dModel: integer(1, 1024),
  // Edited columns stay as typed (texts) until the steps read them; a file gives numbers.
  dimensions: positions(WAVES, 1024, 'column numbers'),
  tokens: words(),
  tokenDModel: integer(1, 64),
  heads: integer(1, 16),
  seed: seed(),
};

export type PositionalInputs = InputsOf<typeof positionalInputs>;

export type PositionalWalkthrough = WalkthroughOf<'positional'>;

declare module '../../model/types.js' {
  interface KindTable {
    positional: { inputs: PositionalInputs };
  }
}
