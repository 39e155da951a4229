// "Explain this number" for a cell of linear attention's state S = φ(K)ᵀV (the engine's
// linearAttention): S[a][b] adds up φ(kⱼ)ₐ·vⱼᵦ over every key j, so one cell is every key's
// feature a times its value b. The factors and the sum are the engine's numbers (featureKey,
// value, state); this file writes them out and computes nothing.
import type { LinearStateSource } from '../../model/types.js';
import type { Explanation } from '../kind.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import { sub, sumOfProducts } from './explain-terms.js';
import { w } from './explain-layer-words-en.js';

export function explainLinearState({ featureKey, value, state }: LinearStateSource, symbol: string, row: number, column: number): Explanation {
  const terms = featureKey.map((features, j) => ({ left: features[row], right: value[j][column] }));
  const cell = state[row][column];
  const keys = featureKey.length;
  return {
    lines: [
      `${symbol}${sub(row)}${sub(column)} = Σⱼ φ(kⱼ)${sub(row)}·vⱼ${sub(column)}, ${w('explain-linear-state', { keys: String(keys), feature: String(row + 1), column: String(column + 1) })}`,
      `= ${sumOfProducts(terms)} = ${formatNumber(cell)}`,
    ],
    exact: exactNumber(cell),
    related: [{ panel: 'feature-key', col: row }, { panel: 'value', col: column }],
  };
}
