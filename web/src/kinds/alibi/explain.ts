// "Explain this number" for the ALiBi lesson: a head's slope by the paper's rule, a bias
// −slope·|i − j|, a scaled score and a weight, written out with the operands of the traces the
// steps came from. Each line ends in the engine's own value; the terms are written, never
// evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import { cellSub, sub, term, panelCell } from '../shared/explain-terms.js';
import type { AlibiTraces } from './steps.js';
import { w } from './words-en.js';

/** The largest power of two at most `count`: the heads the paper's rule gives their own sequence. */
function powerBelow(count: number): number {
  let power = 1;
  while (power * 2 <= count) power *= 2;
  return power;
}

export function explainAlibi({ trace }: Built<AlibiTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const { cell, name, done } = panelCell(panel, row, column);
  switch (source.kind) {
    case 'slope': {
      const heads = source.heads[row];
      const power = powerBelow(heads);
      const k = column;
      if (k < power) {
        return done(
          [`m${sub(k)} = 2^(−8·(${k}+1)/${power}) = ${formatNumber(cell)}`],
          w(power === heads ? 'alibi-explain-slope-power' : 'alibi-explain-slope-first', { k: String(k), heads: String(heads), power: String(power) }));
      }
      const index = 2 * (k - power);
      return done(
        [`m${sub(k)} = 2^(−8·(${index}+1)/${2 * power}) = ${formatNumber(cell)}`],
        w('alibi-explain-slope-rest', { k: String(k), heads: String(heads), power: String(power), double: String(2 * power), index: String(index) }));
    }
    case 'bias': {
      const i = source.queries[row];
      const j = source.keys[column];
      return done(
        [`${name} = −m·|${i} − ${j}| = −${term(source.slope)}·${Math.abs(i - j)} = ${formatNumber(cell)}`],
        w(i === j ? 'alibi-explain-bias-self' : 'alibi-explain-bias', { i: String(i), j: String(j) }));
    }
    case 'scaled':
      return done(
        [`${name} = score${cellSub(row, column)} / √d_k = ${term(source.scores[row][column])} / ${term(source.sqrtDk)} = ${formatNumber(cell)}`],
        w('alibi-explain-scaled'));
    case 'weight': {
      const { steps, mask, row: r } = source.rows[row];
      const j = source.keys[column];
      if (mask[r]?.[j] === 0) return done([`${name} = 0`], w('alibi-explain-blocked', { i: String(r), j: String(j) }));
      return done(
        [`${name} = exp(x${cellSub(r, j)} − max) / Σ exp(x − max)`, `= ${term(steps.exps[r][j])} / ${term(steps.rowSum[r])} = ${formatNumber(cell)}`],
        w('alibi-explain-weight', { i: String(r), j: String(j) }));
    }
  }
}
