// "Explain this number" for a sentence read by the model: a head's weight between two characters,
// a character's weight on a word (a sum of its weights on the word's characters) and a word's
// weight on a word (the mean of its characters' sums), written out with the operands of the
// traces the steps came from. Each line ends in the engine's own value; the terms are written,
// never evaluated, here.
import type { MatrixPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import type { Built, Explanation } from '../kind.js';
import { panelCell, sub, sumOfTerms } from '../shared/explain-terms.js';
import { counted, headLabel, pieceLabel } from '../inside-model/labels.js';
import { tokensOf, type SentenceTraces } from './steps.js';
import { w } from './words-en.js';

export function explainSentence({ trace }: Built<SentenceTraces>, panel: MatrixPanel, row: number, column: number): Explanation | undefined {
  const source = trace.cells[panel.name];
  if (!source) return undefined;
  const { cell, name, done } = panelCell(panel, row, column);
  const value = formatNumber(cell);
  const { layer, head } = source;
  const weights = trace.attention.weights[layer][head];
  const words = trace.words[head];
  const piece = (i: number) => pieceLabel(trace.attention.pieces[i]);
  const A = `A${sub(counted(layer))},${sub(counted(head))}`;
  switch (source.kind) {
    case 'head-weight':
      return done([`${name} = ${A}[${row}, ${column}] = ${value}`], w(column > row ? 'sentence-explain-head-future' : 'sentence-explain-head', {
        head: headLabel(layer, head), query: piece(row), key: piece(column), q: String(row), k: String(column),
      }));
    case 'to-word': {
      const keys = tokensOf(words.wordOf, column);
      return done([
        `${name} = Σⱼ ${A}[${row}, j] (j = ${keys.join(', ')})`,
        `= ${sumOfTerms(keys.map((j) => weights[row][j]))}`,
        `= ${value}`,
      ], w('sentence-explain-to-word', { query: piece(row), word: words.words[column], count: String(keys.length) }),
      keys.map((j) => ({ panel: 'head-weights', row, col: j })));
    }
    case 'word-weight': {
      const queries = tokensOf(words.wordOf, row);
      return done([
        `${name} = (1/${queries.length}) · Σᵢ S[i, ${column}] (i = ${queries.join(', ')})`,
        `= (${sumOfTerms(queries.map((i) => words.toWords[i][column]))}) / ${queries.length}`,
        `= ${value}`,
      ], w('sentence-explain-word', {
        head: headLabel(layer, head), query: words.words[row], key: words.words[column], count: String(queries.length),
      }), head === trace.head ? queries.map((i) => ({ panel: 'to-words', row: i, col: column })) : []);
    }
  }
}
