// Pieces every step builder uses: the seed control and shape labels.
import type { ParameterField } from '../model/types.js';
import { SEED } from '../model/limits.js';

/** The seed control of a parameters panel. */
export function seedField(value: number, label = 'seed'): ParameterField {
  return { name: 'seed', label, kind: 'integer', value, ...SEED };
}

/** "rows×cols", as every caption and ledger writes a shape. */
export const shape = (rows: number, cols: number): string => `${rows}×${cols}`;
