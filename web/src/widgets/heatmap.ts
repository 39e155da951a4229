// A large matrix (e.g. 50 positions × 128 dimensions) on a canvas, one pixel block per cell,
// with the same colour scales as the matrix tables, a legend, and the full table of numbers
// behind a disclosure for screen readers and for reading exact values.
import type { HeatmapPanel, Panel } from '../model/types.js';
import { canvasGrid } from './canvas-grid.js';
import { colourScale } from '../model/colour.js';
import { el, setCaption } from './dom.js';
import { legendBar } from './legend.js';
import { exactNumber, formatWithDecimals, sharedDecimals } from '../model/format.js';
import type { PanelView } from './panel-view.js';
import { t } from '../i18n/messages.js';

/**
 * `onSelect`: "explain this number" for a cell (Enter or a click), offered when the panel says
 * how its cells are explained.
 */
export function heatmapView(panel: HeatmapPanel, onSelect?: (panel: HeatmapPanel, row: number, column: number) => void): PanelView {
  const grid = canvasGrid({
    label: panel.caption,
    rowName: (i) => `${panel.rowName} ${i}`,
    colName: (j) => `${panel.colName} ${j}`,
    ...(onSelect && panel.explain ? { onActivate: (i: number, j: number) => onSelect(current, i, j) } : {}),
  });
  const caption = el('figcaption');
  const axes = el('p', { className: 'heatmap-axes' });
  const legend = legendBar();

  // The table of numbers is built when first opened: a 1024×1024 encoding is a million cells.
  let current = panel;
  const holder = el('div', { className: 'matrix-scroll' });
  const numbers = el('details', {}, el('summary', {}, t('numbers-as-table')), holder);
  numbers.addEventListener('toggle', () => {
    if (numbers.open && holder.childElementCount === 0) holder.append(numberTable(current));
  });

  const show = (p: HeatmapPanel) => {
    current = p;
    const rows = p.data.length;
    const cols = p.data[0].length;
    setCaption(caption, p.caption, p.detail);
    axes.textContent = t('heatmap-axes', { rows: p.rowName, lastrow: String(rows - 1), columns: p.colName, lastcolumn: String(cols - 1) });
    // Cells at most 1.5rem wide: a narrow matrix (50 positions × 8 dimensions) stretched to the
    // panel's width would be a column of squares several screens tall.
    grid.element.style.maxWidth = `${cols * 1.5}rem`;
    grid.draw({ data: p.data, colour: colourScale(p.colour, p.data) });
    legend.show(p.colour, p.data);
    // An opened table follows the new numbers; a closed one is built again when next opened.
    if (holder.childElementCount > 0) holder.replaceChildren(...(numbers.open ? [numberTable(p)] : []));
  };
  show(panel);

  const figure = el('figure', { className: 'heatmap-panel' }, caption, grid.element, axes, legend.element, numbers);
  figure.dataset.panel = panel.name;
  return {
    element: figure,
    update(next: Panel) {
      if (next.type !== 'heatmap' || next.name !== current.name || next.rowName !== current.rowName || next.colName !== current.colName) return false;
      show(next);
      return true;
    },
  };
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
  const decimals = sharedDecimals(panel.data.flat());
  panel.data.forEach((values, i) => {
    const tr = body.insertRow();
    const th = el('th', {}, `${panel.rowName} ${i}`);
    th.scope = 'row';
    tr.append(th);
    for (const x of values) {
      const td = tr.insertCell();
      td.textContent = formatWithDecimals(x, decimals);
      td.title = t('exact-title', { value: exactNumber(x) });
    }
  });

  return table;
}
