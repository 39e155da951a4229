// "Explain this number" for the grouped-query lesson: a query head's key/value head, a key or
// value of the projection, a head's weight, an output, and a cache counted pass by pass, written
// out with the operands of the traces the steps came from. Each line ends in the engine's own
// value; the terms are written, never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { digitGroups, formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import { cellSub, panelCell, sub, sumOfProducts, term } from '../shared/explain-terms.js';
import type { CacheShape } from './models.js';
import type { GroupedQueryTraces } from './steps.js';
import { w } from './words-en.js';

/** The cache's pass 1 in numbers: 2·kvHeads·d_model/heads, or latent + ropeWidth. */
function perLayer(shape: CacheShape, value: number): string {
  return shape.latent === undefined
    ? `2·kvHeads·d_model/heads = 2·${shape.kvHeads}·${shape.dModel}/${shape.heads} = ${digitGroups(value)}`
    : `latent + ropeWidth = ${shape.latent} + ${shape.ropeWidth ?? 0} = ${digitGroups(value)}`;
}

export function explainGroupedQuery({ trace }: Built<GroupedQueryTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const { cell, name, done } = panelCell(panel, row, column);
  switch (source.kind) {
    case 'kv-head': {
      const { heads, kvHeads } = source;
      return row === 0
        ? done([`kv(${column}) = ⌊h·kvHeads/heads⌋ = ⌊${column}·${kvHeads}/${heads}⌋ = ${cell}`], w('gq-explain-blocks', { head: String(column), size: String(heads / kvHeads) }))
        : done([`${column} mod kvHeads = ${column} mod ${kvHeads} = ${cell}`], w('gq-explain-round-robin', { head: String(column) }), [{ panel: panel.name, row: 0, col: column }]);
    }
    case 'projection': {
      const x = source.input[row];
      const terms = x.map((left, k) => ({ left, right: source.weights[k][column] }));
      return done(
        [`${name} = Σₖ x${sub(row)}ₖ·W_${source.symbol}ₖ${sub(column)}`, `= ${sumOfProducts(terms)} = ${formatNumber(cell)}`],
        w('gq-explain-projection', { symbol: source.symbol, row: String(row) }),
        [{ panel: source.inputPanel, row }]);
    }
    case 'weight': {
      const scaled = source.scaled[row];
      return done(
        [`${name} = exp(s${cellSub(row, column)} − max)/Σ = exp(${term(scaled[column])} − ${term(source.rowMax[row])})/${formatNumber(source.rowSum[row])} = ${formatNumber(cell)}`],
        w('gq-explain-weight', { head: String(source.head), kv: String(source.kvHead) }));
    }
    case 'output': {
      const terms = source.concat[row].map((left, k) => ({ left, right: source.wO[k][column] }));
      return done([`${name} = Σₖ concat${sub(row)}ₖ·W_Oₖ${sub(column)}`, `= ${sumOfProducts(terms)} = ${formatNumber(cell)}`], w('gq-explain-output'));
    }
    case 'cache': {
      const byColumn = source.column === 'layer';
      const shape = source.models[byColumn ? column : row];
      const c = byColumn ? source.caches[column][0] : source.caches[row][source.column === 'token' ? 0 : column];
      const layerLine = perLayer(shape, c.numbersPerTokenLayer);
      const tokenLine = w('gq-line-per-token', { layers: String(shape.layers), numbers: digitGroups(c.numbersPerToken), total: digitGroups(c.bytesPerToken) });
      const tokens = shape.window === undefined
        ? w('gq-line-tokens', { tokens: digitGroups(c.cachedTokens), total: digitGroups(c.bytes) })
        : w('gq-line-window', { length: digitGroups(source.contexts[column]), window: digitGroups(shape.window), tokens: digitGroups(c.cachedTokens), total: digitGroups(c.bytes) });
      if (byColumn || (source.column === 'token' && column === 0)) return done([layerLine], w('gq-explain-per-layer'));
      if (source.column === 'token') return done([layerLine, tokenLine], w('gq-explain-per-token', { model: shape.name }));
      const lines = [layerLine, tokenLine, tokens];
      if (source.column === 'gib') lines.push(w('gq-line-gib', { gib: formatNumber(cell, 6) }));
      return done(lines, w(shape.window === undefined ? 'gq-explain-cache' : 'gq-explain-cache-window', { model: shape.name }));
    }
  }
}
