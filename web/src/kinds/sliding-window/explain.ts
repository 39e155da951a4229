// "Explain this number" for the sliding-window lesson: a cell of the window's mask (the condition
// it checks, written with the query's and the key's positions) and a token's reach after some
// layers (where its row of the composed matrix first has a share). Each line ends in the engine's
// own value; the conditions are written, never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import type { SlidingWindowTraces } from './steps.js';
import { w } from './words-en.js';

export function explainSlidingWindow({ trace }: Built<SlidingWindowTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const cell = panel.data[row][column];
  const done = (lines: string[], note: string, related: Explanation['related'] = []): Explanation =>
    ({ lines, note, exact: exactNumber(cell), related });
  switch (source.kind) {
    case 'band': {
      const sink = source.sinks > 0 ? ` ∨ ${column} < ${source.sinks}` : '';
      return done(
        [`mask(${row}, ${column}) = [${column} ≤ ${row} ∧ (${row} − ${source.window} < ${column}${sink})] = ${formatNumber(cell)}`],
        w(cell === 1 ? 'window-explain-band-in' : column > row ? 'window-explain-band-later' : 'window-explain-band-out', { i: String(row), j: String(column), window: String(source.window) }));
    }
    case 'reach': {
      const depth = source.layers[row];
      const shares = source.composed[depth - 1][source.row];
      const first = shares.findIndex((x) => x !== 0);
      return done(
        [`reach = ${source.row} − ${first} = ${formatNumber(cell)}`],
        w('window-explain-reach', { layers: String(depth), i: String(source.row), first: String(first), share: formatNumber(shares[first]) }),
        depth === source.layers.length ? [{ panel: 'composed', row: source.row, col: first }] : []);
    }
  }
}
