// Which columns RoPE pairs, in each convention, and what "explain this number" needs for a cell
// of a panel this kind lays out from its traces. Index bookkeeping only: no number is computed.
import type { RopeConvention } from '../../../lib/index.js';

export type Convention = RopeConvention;

/** The columns of pair i: (i, i + d/2) in 'half', (2i, 2i + 1) in 'interleaved'. */
export const pairOf = (i: number, d: number, which: Convention): [number, number] =>
  (which === 'half' ? [i, i + d / 2] : [2 * i, 2 * i + 1]);

/** Column c's pair, whether it is the pair's first column (a) or second (b), and its partner. */
export function roleOf(c: number, d: number, which: Convention): { pair: number; first: boolean; partner: number } {
  const pair = which === 'half' ? c % (d / 2) : Math.floor(c / 2);
  const [a, b] = pairOf(pair, d, which);
  return { pair, first: c === a, partner: c === a ? b : a };
}

/** Where interleaved column c sits once permuted into the half layout: 2i → i, 2i + 1 → i + d/2. */
export const halfColumnOf = (c: number, d: number): number => (c % 2 === 0 ? c / 2 : (c - 1) / 2 + d / 2);

/** How the cells of one trace-explained panel were computed, with the operands the steps hold. */
export type CellSource =
  /** θ_i = base^(−2i/d). */
  | { kind: 'theta'; theta: number[]; base: number; width: number }
  /** angle = p·θ_i, row r at positions[r]. */
  | { kind: 'angle'; positions: number[]; theta: number[]; angles: number[][] }
  /** cos or sin of the angle at row r, pair i. */
  | { kind: 'cos' | 'sin'; positions: number[]; theta: number[]; angles: number[][]; values: number[][] }
  /** A rotated row: (a, b) → (a·cos − b·sin, a·sin + b·cos), its pairs by `convention`. */
  | { kind: 'rotated'; input: number[][]; cos: number[][]; sin: number[][]; convention: Convention; inputPanel: string; cosPanel: string; sinPanel: string }
  /** Column c copied from column columns[c] of `from`. */
  | { kind: 'moved'; from: number[][]; columns: number[]; fromSymbol: string; fromPanel: string; why: string }
  /** The position a token is rotated at, read back from the engine as its angle of pair 0 (θ₀ = 1): row k divides by factors[k]. */
  | { kind: 'position'; tokens: number[]; factors: number[]; theta: number };
