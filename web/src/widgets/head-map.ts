// One attention head on the probe example as a table: a row per query token, a column per key
// token, each cell coloured by its weight and showing it (2 decimals; exact on hover). The table
// is its own accessible alternative; the probe's tokens label the rows and columns. It is
// updated in place while a model trains: a new snapshot rewrites only the cells whose weight
// changed, and the table is rebuilt only when the probe's tokens change.
import type { Matrix } from '../../lib/index.js';
import { colourScale } from '../model/colour.js';
import { el, setText } from './dom.js';
import { exactNumber, formatFixed } from '../model/format.js';
import type { t as Words } from '../i18n/messages.js';

export interface HeadMapOptions {
  caption: string;
  /** The probe's tokens, labelling queries (rows) and keys (columns). */
  tokens: readonly string[];
  weights: Matrix;
}

/** Past this many tokens the cells show colour only (the numbers stay in each cell's title). */
const MAX_WRITTEN = 12;

export class HeadMap {
  readonly element = el('table', { className: 'head-map' });
  private readonly caption = this.element.createCaption();
  private tokensKey: string | undefined;
  private cells: HTMLTableCellElement[][] = [];
  /** The weight each cell shows now. */
  private shown: (number | undefined)[][] = [];

  /** `words`: the training lesson's (session/training/words-en.ts), which its view hands in. */
  constructor(options: HeadMapOptions, private readonly words: typeof Words) {
    this.update(options);
  }

  update({ caption, tokens, weights }: HeadMapOptions): void {
    setText(this.caption as unknown as HTMLElement, caption);
    const tokensKey = `${weights.length}\u0000${tokens.join('\u0000')}`;
    if (tokensKey !== this.tokensKey) this.build(tokens, weights.length);
    this.tokensKey = tokensKey;
    const colour = colourScale('weights', weights);
    weights.forEach((row, i) => row.forEach((x, j) => {
      const td = this.cells[i]?.[j];
      if (!td || this.shown[i][j] === x) return;
      this.shown[i][j] = x;
      td.textContent = formatFixed(x, 2);
      td.title = this.words('train-map-cell', { query: String(i), querytoken: tokens[i], key: String(j), keytoken: tokens[j], value: exactNumber(x) });
      const c = colour(x);
      td.style.background = c?.background ?? '';
      td.style.color = c?.text ?? '';
    }));
  }

  private build(tokens: readonly string[], rows: number): void {
    const table = this.element;
    table.tHead?.remove();
    for (const body of [...table.tBodies]) body.remove();
    table.classList.toggle('compact', tokens.length > MAX_WRITTEN);
    const head = table.createTHead().insertRow();
    head.append(el('td', {}), ...tokens.map((token, j) => {
      const th = el('th', { title: this.words('train-map-key', { key: String(j) }) }, token);
      th.scope = 'col';
      return th;
    }));
    const body = table.createTBody();
    this.cells = Array.from({ length: rows }, (_, i) => {
      const tr = body.insertRow();
      const th = el('th', { title: this.words('train-map-query', { query: String(i) }) }, tokens[i] ?? String(i));
      th.scope = 'row';
      tr.append(th);
      return tokens.map(() => tr.insertCell());
    });
    this.shown = this.cells.map((row) => row.map(() => undefined));
  }
}
