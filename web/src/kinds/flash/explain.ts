// "Explain this number" for the flash-attention lesson: the arithmetic behind a tile's running
// max, rescale factor, running sum, partial output and the final division, written out with the
// numbers of the traces the steps came from (flashAttention's tiles, attention's scores, V). Each
// line ends in the engine's own value; the terms are written, never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import { sub, term } from '../shared/explain-terms.js';
import { w as sharedWords } from '../shared/explain-words-en.js';
import { w } from './explain-words-en.js';
import { block, type FlashTraces, softmaxInput, type WalkedTile, walkTiles } from './tiles.js';

/** The tile a panel of a tile step belongs to, from its name (tile-<r>-<c>-running / -partial). */
function tileOf(traces: FlashTraces, panel: MatrixPanel): { walk: WalkedTile; part: string } | undefined {
  const found = /^(tile-\d+-\d+)-(running|partial)$/.exec(panel.name);
  if (!found) return undefined;
  const walk = walkTiles(traces.flash.tiles ?? [], traces.inputs).find((w) => w.id === found[1]);
  return walk && { walk, part: found[2] };
}

/** At most eight terms are written; longer sums show their ends. */
function sum(terms: string[]): string {
  if (terms.length <= 8) return terms.join(' + ');
  return `${terms.slice(0, 4).join(' + ')} + … + ${terms.slice(-2).join(' + ')}  ${sharedWords('explain-terms-count', { count: String(terms.length) })}`;
}

/** The tile's scores of one query row, with their key columns; blocked keys under −∞ add nothing and are left out of sums. */
function rowScores(traces: FlashTraces, walk: WalkedTile, i: number): { s: number; j: number }[] {
  const [row] = block(softmaxInput(traces.full), walk.tile.rowStart + i, 1, walk.tile.colStart, walk.cols);
  return row.map((s, k) => ({ s, j: walk.tile.colStart + k }));
}

const exponent = (s: number, m: number) => `e^(${formatNumber(s)} − ${formatNumber(m)})`;

function explainRunning(traces: FlashTraces, walk: WalkedTile, i: number, column: number): Explanation {
  const { tile, previous } = walk;
  const r = tile.rowStart + i;
  const scores = rowScores(traces, walk, i);
  const related = scores.map(({ j }) => ({ panel: 'scores', row: r, col: j }));
  const q = sub(r);
  const m = tile.maxBefore[i];
  const mAfter = tile.maxAfter[i];
  const alpha = tile.rescale[i];
  const lBefore = previous?.sumAfter[i] ?? 0;
  const seen = scores.filter(({ s }) => s !== -Infinity);
  const one = (line: string, value: number) => ({ lines: [line], exact: exactNumber(value), related });
  switch (column) {
    case 0:
      return one(w('explain-flash-tile-max', { q, scores: scores.map(({ s }) => formatNumber(s)).join(', '), value: formatNumber(tile.tileMax[i]) }), tile.tileMax[i]);
    case 1:
      return one(previous ? w('explain-flash-m-before', { q, value: formatNumber(m) }) : w('explain-flash-m-before-first', { q }), m);
    case 2:
      return one(w('explain-flash-m-after', { q, before: formatNumber(m), tilemax: formatNumber(tile.tileMax[i]), value: formatNumber(mAfter) }), mAfter);
    case 3:
      if (mAfter === -Infinity) {
        return one(w('explain-flash-alpha-blocked', { q, value: formatNumber(alpha) }), alpha);
      }
      return one(w('explain-flash-alpha', { q, exponent: exponent(m, mAfter), value: formatNumber(alpha) }), alpha);
    case 4:
      return one(previous ? w('explain-flash-sum-before', { q, value: formatNumber(lBefore) }) : w('explain-flash-sum-before-first', { q }), lBefore);
    default: {
      const terms = seen.map(({ s }) => exponent(s, mAfter));
      const added = terms.length > 0 ? ` + ${sum(terms)}` : ` ${w('explain-flash-none-added')}`;
      return {
        lines: [w('explain-flash-sum-after', { q, terms: `${term(alpha)}·${term(lBefore)}${added}` }), `= ${formatNumber(tile.sumAfter[i])}`],
        exact: exactNumber(tile.sumAfter[i]),
        related,
      };
    }
  }
}

function explainPartial(traces: FlashTraces, walk: WalkedTile, i: number, column: number): Explanation {
  const { tile, previous } = walk;
  const r = tile.rowStart + i;
  const mAfter = tile.maxAfter[i];
  const alpha = tile.rescale[i];
  const before = previous?.partialOutput[i][column] ?? 0;
  const seen = rowScores(traces, walk, i).filter(({ s }) => s !== -Infinity);
  const terms = seen.map(({ s, j }) => `${exponent(s, mAfter)}·${term(traces.inputs.value[j][column])}`);
  const value = tile.partialOutput[i][column];
  return {
    lines: [
      w('explain-flash-partial', { cell: `${sub(r)}${sub(column)}`, column: sub(column), terms: `${term(alpha)}·${term(before)}${terms.length > 0 ? ` + ${sum(terms)}` : ` ${w('explain-flash-none-added')}`}` }),
      `= ${formatNumber(value)}`,
    ],
    exact: exactNumber(value),
    related: [
      { panel: `${walk.id}-running`, row: i, col: 3 },
      ...seen.map(({ j }) => ({ panel: 'scores', row: r, col: j })),
      ...seen.map(({ j }) => ({ panel: `${walk.id}-values`, row: j - tile.colStart, col: column })),
    ],
  };
}

/** The final division: the last tile of the row's block holds its O. */
function explainOutput(traces: FlashTraces, row: number, column: number): Explanation {
  const { flash } = traces;
  const last = [...(flash.tiles ?? [])].reverse().find((t) => row >= t.rowStart && row < t.rowStart + t.tileMax.length);
  const o = last ? last.partialOutput[row - last.rowStart][column] : 0;
  const l = flash.rowSum[row];
  const value = flash.output[row][column];
  const name = `output${sub(row)}${sub(column)}`;
  if (l === 0) {
    return {
      lines: [`${name} = 0: ${w('explain-flash-output-blocked')}`],
      exact: exactNumber(value),
      related: [{ panel: 'final-statistics', row, col: 1 }],
    };
  }
  return {
    lines: [`${name} = O${sub(row)}${sub(column)} / ℓ${sub(row)} = ${term(o)} / ${formatNumber(l)} = ${formatNumber(value)}`],
    exact: exactNumber(value),
    related: [{ panel: 'final-statistics', row, col: 1 }],
  };
}

/** The final m and ℓ of a row: what its last tile left in the running statistics. */
function explainFinal(traces: FlashTraces, row: number, column: number): Explanation {
  const { flash } = traces;
  const value = column === 0 ? flash.rowMax[row] : flash.rowSum[row];
  return {
    lines: [w(column === 0 ? 'explain-flash-final-max' : 'explain-flash-final-sum', { q: sub(row), value: formatNumber(value) })],
    exact: exactNumber(value),
    related: [],
  };
}

export function explainFlash(built: Built<FlashTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  // The normalise step's output, and the same numbers again beside full attention's.
  if (panel.name === 'output' || panel.name === 'flash-output') return explainOutput(built.trace, row, column);
  if (panel.name === 'final-statistics') return explainFinal(built.trace, row, column);
  const found = tileOf(built.trace, panel);
  if (!found) return undefined;
  return found.part === 'running' ? explainRunning(built.trace, found.walk, row, column) : explainPartial(built.trace, found.walk, row, column);
}
