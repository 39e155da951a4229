// "Explain this number" for the lesson "Inside the model": a head's weight on the name's copy, a
// pattern score, a loss with every head or one off, a logit-lens reading, a rollout cell, written
// out with the operands of the traces the steps came from. Each line ends in the engine's own
// value; the terms are written, never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import { panelCell, sub, sumOfProducts } from '../shared/explain-terms.js';
import { counted, headLabel, pieceLabel } from './labels.js';
import type { InsideTraces } from './steps.js';
import { w } from './words-en.js';

export function explainInside({ trace }: Built<InsideTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const { cell, name, done } = panelCell(panel, row, column);
  const value = formatNumber(cell);
  switch (source.kind) {
    case 'copy-weight': {
      const { layer, head } = source.heads[column];
      const q = source.copies.second[row];
      const k = source.copies.first[row] + 1;
      return done([`${name} = A${sub(counted(layer))},${sub(counted(head))}[${q}, ${k}] = ${value}`], w('inside-explain-copy-weight', {
        head: headLabel(layer, head), query: pieceLabel(source.pieces[q]), key: pieceLabel(source.pieces[k]), q: String(q), k: String(k),
      }));
    }
    case 'head-weight':
      return done([`${name} = A${sub(counted(source.layer))},${sub(counted(source.head))}[${row}, ${column}] = ${value}`], w(column > row ? 'inside-explain-head-weight-future' : 'inside-explain-head-weight', {
        head: headLabel(source.layer, source.head), query: pieceLabel(source.pieces[row]), key: pieceLabel(source.pieces[column]), q: String(row), k: String(column),
      }));
    case 'score': {
      const words = { head: headLabel(row, column), cells: String(source.cells), length: String(source.length), last: String(source.length - 1) };
      return done([`${name} = (1/${source.cells}) Σ A${sub(row)},${sub(column)}[q, k] = ${value}`], w(`inside-explain-score-${source.pattern}`, words));
    }
    case 'loss':
      return done([`ℒ${sub(row)} = −ln p(x${sub(row + 1)} | x${sub(0)} … x${sub(row)}) = ${value}`], w(column === 0 ? 'inside-explain-loss' : 'inside-explain-loss-off', {
        head: source.head, next: pieceLabel(source.pieces[row + 1]), piece: pieceLabel(source.pieces[row]), i: String(row),
      }), column === 1 ? [{ panel: panel.name, row, col: 0 }] : []);
    case 'copy-loss':
      return done([`${name} = ${value}`], w('inside-explain-copy-loss', {
        copy: column === 0 ? w('inside-first-copy') : w('inside-second-copy'), length: String(source.length), row: source.rows[row],
      }), row > 0 ? [{ panel: panel.name, row: 0, col: column }] : []);
    case 'lens-top':
      return done([`max p${sub(row)} = p(${pieceLabel(source.top[row][column])}) = ${value}`], w('inside-explain-lens-top', {
        piece: pieceLabel(source.pieces[row]), i: String(row), layer: source.layers[column],
      }));
    case 'lens-next':
      return done([`p${sub(row)}(${pieceLabel(source.pieces[row + 1])}) = ${value}`], w('inside-explain-lens-next', {
        next: pieceLabel(source.pieces[row + 1]), piece: pieceLabel(source.pieces[row]), layer: source.layers[column],
      }));
    case 'rollout': {
      const { layer } = source;
      const mixed = trace.rollout.mixed[layer];
      const words = w('inside-explain-rollout', { query: pieceLabel(source.pieces[row]), key: pieceLabel(source.pieces[column]), i: String(row), j: String(column) });
      if (layer === 0) return done([`R${sub(row)},${sub(column)} = Ã${sub(row)},${sub(column)} = ${value}`], words);
      const before = trace.rollout.rollout[layer - 1];
      // Causal layers: only keys k from j to i carry anything, the other products are 0.
      const terms = mixed[row].flatMap((left, k) => (k >= column && k <= row ? [{ left, right: before[k][column] }] : []));
      return done([`R${sub(row)},${sub(column)} = Σₖ Ã${sub(row)},ₖ · R′ₖ,${sub(column)}`, `= ${sumOfProducts(terms)}`, `= ${value}`], words);
    }
  }
}
