// A large matrix (e.g. 50 positions × 128 dimensions) on a canvas, one pixel block per cell,
// with the same colour scales as the matrix tables, a legend, and the full table of numbers
// behind a disclosure for screen readers and for reading exact values.
import type { HeatmapPanel } from '../model/types.js';
import { colourScale, legendFor } from './colour.js';
import { el } from './dom.js';
import { exactNumber, formatNumber } from './format.js';

const CELL = 6; // CSS pixels per cell before scaling to the available width

export function heatmapView(panel: HeatmapPanel): HTMLElement {
  const rows = panel.data.length;
  const cols = panel.data[0].length;
  const colour = colourScale(panel.colour, panel.data);
  const canvas = el('canvas', { className: 'heatmap', role: 'img' });
  canvas.width = cols * CELL;
  canvas.height = rows * CELL;
  canvas.setAttribute('aria-label', `${panel.caption}: ${rows} ${panel.rowName}s by ${cols} ${panel.colName}s; the numbers are in the table below.`);
  const context = canvas.getContext('2d');
  if (context) {
    for (let i = 0; i < rows; i += 1) {
      for (let j = 0; j < cols; j += 1) {
        context.fillStyle = colour(panel.data[i][j])?.background ?? 'transparent';
        context.fillRect(j * CELL, i * CELL, CELL, CELL);
      }
    }
  }
  const legend = legendFor(panel.colour, panel.data);
  let legendBar: HTMLElement | string = '';
  if (legend) {
    const ramp = el('span', { className: 'ramp' });
    ramp.style.background = legend.gradient;
    legendBar = el('div', { className: 'legend' }, el('span', {}, formatNumber(legend.low, 2)), ramp, el('span', {}, formatNumber(legend.high, 2)));
    legendBar.setAttribute('aria-hidden', 'true');
  }

  // The table of numbers is built when first opened: a 1024×1024 encoding is a million cells.
  const holder = el('div', { className: 'matrix-scroll' });
  const numbers = el('details', {}, el('summary', {}, 'The numbers as a table'), holder);
  numbers.addEventListener('toggle', () => {
    if (numbers.open && holder.childElementCount === 0) holder.append(numberTable(panel));
  });

  const axes = el('p', { className: 'heatmap-axes' }, `rows: ${panel.rowName} 0 … ${rows - 1} (top to bottom) · columns: ${panel.colName} 0 … ${cols - 1} (left to right)`);
  const figure = el('figure', { className: 'heatmap-panel' },
    el('figcaption', {}, panel.caption, ...(panel.detail ? [el('br'), el('small', {}, panel.detail)] : [])),
    el('div', { className: 'heatmap-frame' }, canvas),
    axes,
    legendBar,
    numbers);
  figure.dataset.panel = panel.name;
  return figure;
}

/** Every number of the heatmap as a table, with row and column headers. */
function numberTable(panel: HeatmapPanel): HTMLTableElement {
  const table = el('table', { className: 'matrix heatmap-table' });
  const head = table.createTHead().insertRow();
  head.append(el('td', {}), ...Array.from({ length: panel.data[0].length }, (_, j) => {
    const th = el('th', {}, `${panel.colName} ${j}`);
    th.scope = 'col';
    return th;
  }));
  const body = table.createTBody();
  panel.data.forEach((values, i) => {
    const tr = body.insertRow();
    const th = el('th', {}, `${panel.rowName} ${i}`);
    th.scope = 'row';
    tr.append(th);
    for (const x of values) {
      const td = tr.insertCell();
      td.textContent = formatNumber(x);
      td.title = `exact: ${exactNumber(x)}`;
    }
  });

  return table;
}
