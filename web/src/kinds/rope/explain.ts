// "Explain this number" for the rotary-positions lesson: θ, the angles, their cosines and sines,
// a rotated pair, a column moved by the permutation and an interpolated position, written out
// with the operands of the traces the steps came from. Each line ends in the engine's own value;
// the terms are written, never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import { cellSub, sub, term, tracedCell } from '../shared/explain-terms.js';
import { roleOf } from './pairs.js';
import type { RopeTraces } from './steps.js';
import { w } from './words-en.js';

export function explainRope({ trace }: Built<RopeTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const { cell, name, done } = tracedCell(panel, row, column);
  switch (source.kind) {
    case 'theta':
      return done(
        [`θ${sub(column)} = base^(−2·${column}/${source.width}) = ${formatNumber(source.base)}^(−2·${column}/${source.width}) = ${formatNumber(cell)}`],
        w('rope-explain-theta', { i: String(column) }));
    case 'angle':
      return done(
        [`angle${cellSub(row, column)} = p·θ${sub(column)} = ${term(source.positions[row])}·${term(source.theta[column])} = ${formatNumber(cell)}`],
        w('rope-explain-angle', { position: String(source.positions[row]), i: String(column) }),
        [{ panel: 'theta', col: column }]);
    case 'cos':
    case 'sin':
      return done(
        [`${source.kind}(${term(source.positions[row])}·${term(source.theta[column])}) = ${source.kind}(${formatNumber(source.angles[row][column])}) = ${formatNumber(cell)}`],
        w('rope-explain-trig', { position: String(source.positions[row]), i: String(column) }));
    case 'rotated': {
      const d = panel.data[0].length;
      const { pair, first, partner } = roleOf(column, d, source.convention);
      const x = source.input[row];
      const [c, s] = [source.cos[row][pair], source.sin[row][pair]];
      const [a, b] = first ? [column, partner] : [partner, column];
      const at = (k: number) => `x${cellSub(row, k)}`;
      const cs = `${sub(row)}${sub(pair)}`;
      return done(
        first
          ? [`${name} = ${at(a)}·cos${cs} − ${at(b)}·sin${cs}`, `= ${term(x[a])}·${term(c)} − ${term(x[b])}·${term(s)} = ${formatNumber(cell)}`]
          : [`${name} = ${at(a)}·sin${cs} + ${at(b)}·cos${cs}`, `= ${term(x[a])}·${term(s)} + ${term(x[b])}·${term(c)} = ${formatNumber(cell)}`],
        w(first ? 'rope-explain-rotated-first' : 'rope-explain-rotated-second', { column: String(column), partner: String(partner), pair: String(pair), convention: w(source.convention === 'half' ? 'rope-half' : 'rope-interleaved') }),
        [{ panel: source.inputPanel, row, col: a }, { panel: source.inputPanel, row, col: b }, { panel: source.cosPanel, row, col: pair }, { panel: source.sinPanel, row, col: pair }]);
    }
    case 'moved': {
      const from = source.columns[column];
      return done(
        [`${name} = ${source.fromSymbol}${cellSub(row, from)} = ${formatNumber(source.from[row][from])}`],
        w('rope-explain-moved', { column: String(column), from: String(from), why: source.why }),
        [{ panel: source.fromPanel, row, col: from }]);
    }
    case 'position': {
      const t = source.tokens[column];
      const factor = source.factors[row];
      return done(
        [factor === 1 ? `${name} = ${t}` : `${name} = ${t} / ${factor}`, `= angle₀ = p·θ₀ = p·${term(source.theta)} = ${formatNumber(cell)}`],
        w(factor === 1 ? 'rope-explain-position' : 'rope-explain-position-scaled', { token: String(t), factor: String(factor) }));
    }
  }
}
