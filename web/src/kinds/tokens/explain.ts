// "Explain this number" for the lesson "From text to tokens": a code point, a byte of UTF-8, a
// pair's counts, a merge's token and the length after it, a step of tokenizing, a vocabulary
// against a length, written out with the operands of the traces the steps came from. Each line
// ends in the engine's own value; the terms are written, never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import type { Built, Explanation } from '../kind.js';
import { panelCell, sub } from '../shared/explain-terms.js';
import { hexBytes, pairLabel, tokenLabel } from './labels.js';
import type { TokensTraces } from './steps.js';
import { w } from './words-en.js';

export function explainTokens({ trace }: Built<TokensTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const { cell, name, done } = panelCell(panel, row, column);
  const made = trace.trained.merges;
  const label = (token: number) => tokenLabel(token, made);
  switch (source.kind) {
    case 'code-point': {
      const character = source.characters[column];
      const hex = cell.toString(16).toUpperCase().padStart(4, '0');
      return done([`${name} = U+${hex} = ${cell}`], w('tokens-explain-code-point', { character, hex }));
    }
    case 'byte': {
      const { character, index, count } = source.owners[column];
      return done([`${name} = 0x${hexBytes([cell])} = ${cell}`],
        count === 1 ? w('tokens-explain-byte-one', { character }) : w('tokens-explain-byte-many', { character, index: String(index + 1), count: String(count) }));
    }
    case 'pair': {
      const pair = pairLabel(source.pairs[row].pair, label);
      const note = ['tokens-explain-count', 'tokens-explain-without-overlap', 'tokens-explain-first'][column];
      return done([`${name} = ${cell}`], w(note, { pair }));
    }
    case 'sequence': {
      const token = source.tokens[column];
      const bytes = token < 256 ? [token] : source.merges[token - 256].bytes;
      return done([`${name} = ${token}`, `= ${label(token)} = ${hexBytes(bytes)}`],
        token < 256 ? w('tokens-explain-byte-token') : w('tokens-explain-token', { token: String(token), bytes: hexBytes(bytes) }));
    }
    case 'merge': {
      const m = source.merges[row];
      const before = row === 0 ? source.start : source.merges[row - 1].length;
      const k = String(row);
      switch (column) {
        case 0:
        case 1:
          return done([`${name} = ${cell} = ${label(cell)}`], w('tokens-explain-pair', { merge: k, pair: pairLabel(m.pair, label) }));
        case 2:
          return done([`count${sub(row)} = ${cell}`], w('tokens-explain-merge-count', { merge: k }));
        case 3:
          return done([`replaced${sub(row)} = ${cell}`], w('tokens-explain-replaced'));
        case 4:
          return done([`token${sub(row)} = 256 + ${row} = ${cell}`], w('tokens-explain-new-token'));
        default:
          return done([`n${sub(row + 1)} = n${sub(row)} − replaced${sub(row)} = ${before} − ${m.replaced} = ${cell}`], w('tokens-explain-length'),
            [{ panel: panel.name, row, col: 3 }]);
      }
    }
    case 'applied': {
      const s = source.steps[row];
      const before = row === 0 ? source.start : source.steps[row - 1].tokens.length;
      switch (column) {
        case 0:
          return done([`${name} = ${cell}`], w('tokens-explain-applied-merge'));
        case 1:
          return done([`token = 256 + ${s.merge} = ${cell}`], w('tokens-explain-new-token'));
        case 2:
          return done([`replaced = ${cell}`], w('tokens-explain-replaced'));
        default:
          return done([`n = ${before} − ${s.replaced} = ${cell}`], w('tokens-explain-length'), [{ panel: panel.name, row, col: 2 }]);
      }
    }
    case 'compare': {
      const notes = ['tokens-explain-compare-bytes', 'tokens-explain-compare-bpe', 'tokens-explain-compare-characters'];
      const lines = row === 1 && column === 0 ? [`|V| = 256 + ${source.merges} = ${cell}`] : [`${name} = ${cell}`];
      return done(lines, w(notes[row], { merges: String(source.merges) }));
    }
    case 'character-id': {
      const character = source.characters[column];
      return done([`${name} = ${cell}`], w('tokens-explain-character-id', { character, id: String(cell) }));
    }
  }
}
