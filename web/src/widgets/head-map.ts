// One attention head on the probe example as a table: a row per query token, a column per key
// token, each cell coloured by its weight and showing it (2 decimals; exact on hover). The table
// is its own accessible alternative; the probe's tokens label the rows and columns. Small by
// design (the lesson's probes are 4 … 32 tokens), so it is rebuilt on each update.
import type { Matrix } from '../../lib/index.js';
import { colourScale } from './colour.js';
import { el } from './dom.js';
import { exactNumber, formatFixed } from '../model/format.js';

export interface HeadMapOptions {
  caption: string;
  /** The probe's tokens, labelling queries (rows) and keys (columns). */
  tokens: readonly string[];
  weights: Matrix;
}

/** Past this many tokens the cells show colour only (the numbers stay in each cell's title). */
const MAX_WRITTEN = 12;

export function headMap({ caption, tokens, weights }: HeadMapOptions): HTMLTableElement {
  const colour = colourScale('weights', weights);
  const table = el('table', { className: 'head-map' });
  table.classList.toggle('compact', tokens.length > MAX_WRITTEN);
  table.createCaption().textContent = caption;
  const head = table.createTHead().insertRow();
  const corner = el('td', {});
  head.append(corner, ...tokens.map((token, j) => {
    const th = el('th', { title: `key ${j}` }, token);
    th.scope = 'col';
    return th;
  }));
  const body = table.createTBody();
  weights.forEach((row, i) => {
    const tr = body.insertRow();
    const th = el('th', { title: `query ${i}` }, tokens[i] ?? String(i));
    th.scope = 'row';
    tr.append(th);
    row.forEach((x, j) => {
      const td = tr.insertCell();
      td.textContent = formatFixed(x, 2);
      td.title = `query ${i} “${tokens[i]}” → key ${j} “${tokens[j]}”: ${exactNumber(x)}`;
      const c = colour(x);
      if (c) {
        td.style.background = c.background;
        td.style.color = c.text;
      }
    });
  });
  return table;
}
