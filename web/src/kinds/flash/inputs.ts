// The inputs of a "flash" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { choice, integer, type InputsOf } from '../../model/input-fields.js';
import { attentionInputs, SIZES } from '../attention/inputs.js';
import type { WalkthroughOf } from '../../model/types.js';

export const flashInputs = {
  ...attentionInputs,
  /** Query rows per tile, 1 … n. */
  blockRows: integer(1, SIZES.queries.max),
  /** Keys per tile, 1 … m. */
  blockCols: integer(1, SIZES.keys.max),
  /**
   * The order the tiles are shown in: 'rows' (each block of queries meets every block of keys
   * before the next, as FlashAttention-2 and the engine loop) or 'columns' (each block of keys
   * visits every block of queries, as FlashAttention-1). The tiles' numbers are the same.
   */
  order: choice(['rows', 'columns']),
};

export type FlashInputs = InputsOf<typeof flashInputs>;

export type FlashWalkthrough = WalkthroughOf<'flash'>;

declare module '../../model/types.js' {
  interface KindTable {
    flash: { inputs: FlashInputs; labels: true };
  }
}
