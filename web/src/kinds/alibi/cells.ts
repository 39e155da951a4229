// What "explain this number" needs for a cell of a panel the ALiBi kind lays out from its traces:
// the operands each cell was computed from, as the engine returned them. No number is computed.
import type { SoftmaxSteps } from '../../../lib/index.js';

/** How the cells of one trace-explained panel were computed, by the steps that hold them. */
export type AlibiCellSource =
  /** Head k's slope (column k; row r of `slopes` is a layer of `heads[r]` heads). */
  | { kind: 'slope'; heads: number[]; slopes: number[][] }
  /** bias = −slope·|i − j|; row r's query is `queries[r]`, column c's key `keys[c]`. */
  | { kind: 'bias'; slope: number; queries: number[]; keys: number[] }
  /** scaled = score/√d_k. */
  | { kind: 'scaled'; scores: number[][]; sqrtDk: number; scoresPanel?: string }
  /** A weight: exp(x − max)/Σ; panel row r is row `rows[r].row` of a head's softmax, column c key `keys[c]`. */
  | { kind: 'weight'; rows: WeightRow[]; keys: number[] };

/** One query's row of a head's softmax, and its mask (1 = attend). */
export interface WeightRow {
  steps: SoftmaxSteps;
  mask: number[][];
  row: number;
}
