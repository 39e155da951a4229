// A matrix panel. Small matrices are coloured tables, the heatmap and its table alternative in
// one: cells are keyboard-navigable as a grid (arrow keys, Home/End), selectable for "explain
// this number" and, for input matrices, editable in place. Large matrices, computed or typed in,
// are drawn on a canvas grid (canvas-grid.ts), editable the same way, with the same table behind
// a disclosure. Both update in place when an edit keeps the shapes.
import type { ColourScale, MatrixPanel, Panel } from '../model/types.js';
import { canvasGrid } from './canvas-grid.js';
import { openCellEditor } from './cell-editor.js';
import { colouredValues, colourScale } from '../model/colour.js';
import { el, setCaption } from './dom.js';
import { legendBar } from './legend.js';
import { exactNumber, formatFixed, formatWithDecimals, sharedDecimals } from '../model/format.js';
import type { PanelView, RelatedCells } from './panel-view.js';
import { wideMatrix } from './wide-matrix.js';
import { t } from '../i18n/messages.js';

export interface MatrixViewEvents {
  /** A cell was selected (click, Enter or Space on a non-editable cell). */
  onSelect?: (panel: MatrixPanel, row: number, column: number) => void;
  /** An editable cell was given new text; return an error message to refuse it. */
  onEdit?: (panel: MatrixPanel, row: number, column: number, text: string) => string | undefined;
  /** A mask cell was toggled. */
  onToggle?: (panel: MatrixPanel, row: number, column: number) => void;
}

/**
 * Matrices with more cells than this are drawn on a canvas: past ~20×20 a table is neither
 * readable at a glance nor cheap to restyle on every edit (a 32×64 query, key and value as
 * tables cost ~40 ms per edit). The page's size controls keep its own inputs at most 12×16, so
 * editable canvases come from links; masks, toggled cell by cell, stay tables.
 */
const LARGEST_TABLE = 400;

let nextId = 0;

export function matrixView(panel: MatrixPanel, events: MatrixViewEvents): PanelView {
  const figure = el('figure', { className: 'matrix-panel' });
  figure.dataset.panel = panel.name;
  const caption = el('figcaption', { id: `matrix-caption-${nextId++}` });
  const legend = legendBar();
  let current = panel;

  const large = panel.editable !== 'mask' && panel.data.length * (panel.data[0]?.length ?? 0) > LARGEST_TABLE;
  // A canvas shows numbers only as colours: uncoloured inputs (a table shows their digits) take
  // the signed scale there.
  const colour = (p: MatrixPanel) => (large && p.colour === 'none' ? 'diverging' : p.colour);
  const body = large ? largeMatrix(panel, events, () => current, colour) : matrixTable(panel, events, caption.id, () => current);
  figure.classList.toggle('large', large);
  // About 12 px per column (two 32-column heads side by side on a laptop), never wider than the page.
  if (large) figure.style.width = `min(100%, ${Math.max(240, 12 * (panel.data[0]?.length ?? 0))}px)`;

  const show = (next: MatrixPanel) => {
    current = next;
    setCaption(caption, next.caption, next.detail);
    legend.show(colour(next), colouredValues(next.data, next.blocked));
  };
  show(panel);
  figure.append(caption, body.element, legend.element);

  return {
    element: figure,
    update(next: Panel) {
      if (next.type !== 'matrix' || next.name !== current.name || !sameLayout(current, next)) return false;
      show(next);
      body.update(next);
      return true;
    },
    markRelated: (cells) => body.markRelated(cells),
  };
}

/** Whether a new version of a panel can be shown in the old one's cells. */
function sameLayout(a: MatrixPanel, b: MatrixPanel): boolean {
  const labels = (p: MatrixPanel) => `${p.rowLabels?.join('\u0000')}|${p.colLabels?.join('\u0000')}`;
  return a.data.length === b.data.length && a.data[0]?.length === b.data[0]?.length
    && a.colour === b.colour && a.editable === b.editable && Boolean(a.explain) === Boolean(b.explain)
    && Boolean(a.rowSums) === Boolean(b.rowSums) && labels(a) === labels(b);
}

interface MatrixBody {
  element: HTMLElement;
  update(panel: MatrixPanel): void;
  markRelated(cells: RelatedCells[]): void;
}

/** Whether two matrices (or two absent ones) hold the same numbers. */
function sameNumbers(a: number[][] | undefined, b: number[][] | undefined): boolean {
  if (a === b) return true;
  if (!a || !b || a.length !== b.length) return false;
  return a.every((row, i) => row === b[i] || (row.length === b[i].length && row.every((x, j) => Object.is(x, b[i][j]))));
}

const inRelated = (cells: RelatedCells[], i: number, j: number) =>
  cells.some(({ row, col }) => (row === undefined || row === i) && (col === undefined || col === j));

/** A large computed matrix: the canvas grid, and the full table when asked for. */
function largeMatrix(panel: MatrixPanel, events: MatrixViewEvents, current: () => MatrixPanel, colour: (p: MatrixPanel) => ColourScale): MatrixBody {
  const label = (labels: string[] | undefined, k: number) => labels?.[k] ?? String(k);
  const rowName = (i: number) => t('grid-row', { label: label(current().rowLabels, i) });
  const colName = (j: number) => t('grid-column', { label: label(current().colLabels, j) });
  const grid = canvasGrid({
    label: panel.caption,
    rowName,
    colName,
    describe: (i) => (current().rowSums ? t('grid-row-sum', { value: formatFixed(current().rowSums?.[i] ?? NaN) }) : ''),
    onActivate: panel.explain ? (i, j) => events.onSelect?.(current(), i, j) : undefined,
    editor: panel.editable === undefined ? undefined : {
      label: (i, j) => `${current().caption}, ${rowName(i)}, ${colName(j)}`,
      commit: (i, j, text) => events.onEdit?.(current(), i, j, text),
    },
  });
  let drawn: MatrixPanel | undefined;
  const draw = (p: MatrixPanel) => {
    // An edit of Q leaves K and V as they were: their canvases are not redrawn (nor repainted).
    if (drawn && sameNumbers(drawn.data, p.data) && sameNumbers(drawn.blocked, p.blocked) && JSON.stringify(drawn.focus) === JSON.stringify(p.focus)) return;
    drawn = p;
    grid.draw({ data: p.data, colour: colourScale(colour(p), colouredValues(p.data, p.blocked)), blocked: p.blocked, focus: p.focus });
  };
  draw(panel);

  // Thousands of cells: the table is built only when opened, then kept up to date.
  let table: MatrixBody | undefined;
  const holder = el('div');
  const numbers = el('details', { className: 'matrix-numbers' }, el('summary', {}, t('numbers-as-table')), holder);
  numbers.addEventListener('toggle', () => {
    if (!numbers.open || table) return;
    table = matrixTable(current(), events, undefined, current);
    holder.append(table.element);
  });
  return {
    element: el('div', {}, grid.element, numbers),
    update(p) {
      draw(p);
      table?.update(p);
    },
    markRelated(cells) {
      grid.markRelated(cells);
      table?.markRelated(cells);
    },
  };
}

/** A matrix as a coloured table with keyboard navigation, explaining, editing and mask toggles. */
function matrixTable(panel: MatrixPanel, events: MatrixViewEvents, captionId: string | undefined, current: () => MatrixPanel): MatrixBody {
  const isMask = panel.editable === 'mask';
  const editable = panel.editable !== undefined && !isMask;
  const interactive = Boolean(panel.explain || editable || isMask);

  const table = el('table', { className: `matrix colour-${panel.colour}`, role: 'grid' });
  if (captionId) table.setAttribute('aria-labelledby', captionId);
  else table.setAttribute('aria-label', t('matrix-every-number', { caption: panel.caption }));
  if (editable) table.setAttribute('aria-describedby', 'edit-help');
  table.classList.toggle('interactive', interactive);

  if (panel.colLabels) {
    const head = table.createTHead().insertRow();
    head.append(el('td'));
    for (const label of panel.colLabels) {
      const th = el('th', {}, label);
      th.scope = 'col';
      head.append(th);
    }
    if (panel.rowSums) {
      const th = el('th', { title: t('grid-row-sum-title') }, 'Σ');
      th.scope = 'col';
      head.append(th);
    }
  }

  const body = table.createTBody();
  const cells: HTMLTableCellElement[][] = [];
  const sums: HTMLTableCellElement[] = [];
  panel.data.forEach((values, i) => {
    const tr = body.insertRow();
    const th = el('th', {}, panel.rowLabels?.[i] ?? String(i));
    th.scope = 'row';
    tr.append(th);
    cells.push(values.map((_, j) => {
      const td = tr.insertCell();
      td.dataset.row = String(i);
      td.dataset.col = String(j);
      td.tabIndex = -1;
      td.setAttribute('role', 'gridcell');
      return td;
    }));
    if (panel.rowSums) {
      const sum = tr.insertCell();
      sum.className = 'row-sum';
      sums.push(sum);
    }
  });
  if (cells[0]?.[0]) cells[0][0].tabIndex = 0;

  // What each cell shows now, so an update touches only the cells whose number or colour changed.
  const shown: (string | undefined)[][] = cells.map((row) => row.map(() => undefined));
  const fill = (p: MatrixPanel) => {
    const colour = colourScale(p.colour, colouredValues(p.data, p.blocked));
    // One format for the whole matrix: its numbers line up, with the same decimals.
    const decimals = sharedDecimals(p.data.flat());
    p.data.forEach((values, i) => values.forEach((x, j) => {
      const blocked = p.blocked?.[i]?.[j] === 0;
      const c = blocked ? undefined : colour(x);
      const words = p.cellText?.[i]?.[j];
      const key = `${x}|${blocked}|${c?.background}|${decimals}|${words}`;
      if (shown[i][j] === key) return;
      shown[i][j] = key;
      const td = cells[i][j];
      td.textContent = words === undefined ? formatWithDecimals(x, decimals) : `${words} ${formatWithDecimals(x, decimals)}`;
      td.title = t('exact-title', { value: exactNumber(x) });
      td.classList.toggle('blocked', blocked);
      td.classList.toggle('minus-infinity', x === -Infinity);
      td.style.background = c?.background ?? '';
      td.style.color = c?.text ?? '';
    }));
    p.rowSums?.forEach((sum, i) => {
      if (!sums[i]) return;
      sums[i].textContent = formatFixed(sum);
      sums[i].title = t('exact-title', { value: exactNumber(sum) });
    });
    for (const row of cells) for (const td of row) td.classList.remove('focus', 'related');
    for (const [i, j] of p.focus ?? []) cells[i]?.[j]?.classList.add('focus');
  };
  fill(panel);

  const cellAt = (target: EventTarget | null) =>
    target instanceof HTMLElement ? target.closest<HTMLTableCellElement>('td[data-row]') : null;
  const position = (td: HTMLTableCellElement) => [Number(td.dataset.row), Number(td.dataset.col)] as const;

  const moveTo = (i: number, j: number) => {
    const target = cells[Math.max(0, Math.min(cells.length - 1, i))][Math.max(0, Math.min(cells[0].length - 1, j))];
    for (const row of cells) for (const td of row) td.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };

  const activate = (td: HTMLTableCellElement) => {
    const [i, j] = position(td);
    if (isMask) events.onToggle?.(current(), i, j);
    else if (editable) startEditing(td, i, j);
    else if (panel.explain) events.onSelect?.(current(), i, j);
  };

  const startEditing = (td: HTMLTableCellElement, i: number, j: number) => {
    const p = current();
    td.textContent = '';
    openCellEditor({
      host: td,
      focusBack: td,
      value: exactNumber(p.data[i][j]),
      label: `${p.caption}, row ${p.rowLabels?.[i] ?? i}, column ${p.colLabels?.[j] ?? j}`,
      commit: (text) => events.onEdit?.(current(), i, j, text),
      // Accepted, the update has written the new number; unchanged or cancelled, it is put back.
      done: () => {
        shown[i][j] = undefined;
        fill(current());
      },
    });
  };

  table.addEventListener('click', (event) => {
    const td = cellAt(event.target);
    if (!td || td.querySelector('input')) return;
    moveTo(...position(td));
    if (interactive) activate(td);
  });
  table.addEventListener('keydown', (event) => {
    const td = cellAt(event.target);
    if (!td || event.target instanceof HTMLInputElement) return;
    const [i, j] = position(td);
    const moves: Record<string, [number, number]> = {
      ArrowUp: [i - 1, j], ArrowDown: [i + 1, j], ArrowLeft: [i, j - 1], ArrowRight: [i, j + 1],
      Home: [i, 0], End: [i, cells[0].length - 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation(); // arrows inside a matrix move the cell, not the step
      moveTo(...move);
    } else if ((event.key === 'Enter' || event.key === ' ') && interactive) {
      event.preventDefault();
      event.stopPropagation();
      activate(td);
    }
  });

  return {
    element: wideMatrix(table, cells[0]?.length ?? 0, panel.caption),
    update: fill,
    markRelated(related) {
      cells.forEach((row, i) => row.forEach((td, j) => td.classList.toggle('related', inRelated(related, i, j))));
    },
  };
}
