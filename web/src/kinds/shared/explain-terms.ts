// How "explain this number" writes arithmetic, for the forward's cells (explain.ts) and the
// backward's (explain-backward.ts): the engine's arguments from a walkthrough's inputs, cell
// subscripts, and sums of products. Formatting only; every number comes from the engine.
import type { AttentionArgs, ProductTerm } from '../../../lib/index.js';
import type { AttentionCall, MatrixPanel } from '../../model/types.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import type { Explanation } from '../kind.js';
import { w } from './explain-words-en.js';

/** The engine's arguments from walkthrough inputs (null means omitted). */
export function attentionArgs(inputs: AttentionCall): AttentionArgs {
  const args: AttentionArgs = { query: inputs.query, key: inputs.key, value: inputs.value };
  if (inputs.mask != null) args.mask = inputs.mask;
  if (inputs.maskFill != null) args.maskFill = inputs.maskFill;
  return args;
}

const SUBSCRIPT = '₀₁₂₃₄₅₆₇₈₉';
export const sub = (i: number) => String(i).replace(/\d/g, (d) => SUBSCRIPT[Number(d)]);

/** A cell's subscripts, "₀₂", with a comma once an index has two digits ("₁₁,₃" is row 11, column 3). */
export const cellSub = (row: number, column: number) => (row > 9 || column > 9 ? `${sub(row)},${sub(column)}` : `${sub(row)}${sub(column)}`);

/** Numbers inside arithmetic: negative ones in parentheses so "a·(−b)" reads right. */
export const term = (x: number) => (x < 0 ? `(${formatNumber(x)})` : formatNumber(x));

/** At most eight terms are written out; longer sums show their ends and how many terms there are. */
function writtenSum(written: string[]): string {
  if (written.length <= 8) return written.join(' + ');
  return `${written.slice(0, 4).join(' + ')} + … + ${written.slice(-2).join(' + ')}  ${w('explain-terms-count', { count: String(written.length) })}`;
}

/** A sum of products, written as its factors. */
export const sumOfProducts = (terms: Pick<ProductTerm, 'left' | 'right'>[]): string => writtenSum(terms.map((t) => `${term(t.left)}·${term(t.right)}`));

/** A sum of numbers, written as its terms. */
export const sumOfTerms = (values: number[]): string => writtenSum(values.map(term));

/**
 * A cell of a trace-explained panel (kinds whose steps record how each cell was computed): its
 * value, its name ("x'₀₁": the panel's symbol and the cell's subscripts), and `done`, which makes
 * the explanation from the lines of arithmetic, a note and the cells that contributed.
 */
export function panelCell(panel: MatrixPanel, row: number, column: number) {
  const cell = panel.data[row][column];
  return {
    cell,
    name: `${panel.explain?.symbol ?? ''}${cellSub(row, column)}`,
    done: (lines: string[], note: string | undefined, related: Explanation['related'] = []): Explanation =>
      ({ lines, ...(note ? { note } : {}), exact: exactNumber(cell), related }),
  };
}
