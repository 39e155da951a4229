// Pieces every step builder uses: the seed control and shape labels.
import type { ParameterField } from '../model/types.js';

/** The engine's seeds are 32-bit: 0 … 2³²−1. */
export const MAX_SEED = 4294967295;

/** The seed control of a parameters panel. */
export function seedField(value: number, label = 'seed'): ParameterField {
  return { name: 'seed', label, kind: 'integer', value, min: 0, max: MAX_SEED };
}

/** "rows×cols", as every caption and ledger writes a shape. */
export const shape = (rows: number, cols: number): string => `${rows}×${cols}`;
