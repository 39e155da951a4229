// A matrix as a coloured table: the heatmap and its table alternative in one. Cells are
// keyboard-navigable as a grid (arrow keys, Home/End), selectable for "explain this number",
// and, for input matrices, editable in place.
import type { MatrixPanel } from '../model/types.js';
import { colouredValues, colourScale, legendFor } from './colour.js';
import { exactNumber, formatFixed, formatNumber } from './format.js';

export interface MatrixViewEvents {
  /** A cell was selected (click, Enter or Space on a non-editable cell). */
  onSelect?: (panel: MatrixPanel, row: number, column: number) => void;
  /** An editable cell was given new text; return an error message to refuse it. */
  onEdit?: (panel: MatrixPanel, row: number, column: number, text: string) => string | undefined;
  /** A mask cell was toggled. */
  onToggle?: (panel: MatrixPanel, row: number, column: number) => void;
}

let nextId = 0;

export function matrixView(panel: MatrixPanel, events: MatrixViewEvents): HTMLElement {
  const figure = document.createElement('figure');
  figure.className = 'matrix-panel';
  figure.dataset.panel = panel.name;
  const captionId = `matrix-caption-${nextId++}`;

  const caption = document.createElement('figcaption');
  caption.id = captionId;
  caption.textContent = panel.caption;
  if (panel.detail) caption.append(document.createElement('br'), Object.assign(document.createElement('small'), { textContent: panel.detail }));
  figure.append(caption);

  const ranged = colouredValues(panel.data, panel.blocked);
  const colour = colourScale(panel.colour, ranged);
  const isMask = panel.editable === 'mask';
  const editable = panel.editable !== undefined && !isMask;

  const table = document.createElement('table');
  table.className = `matrix colour-${panel.colour}`;
  table.setAttribute('role', 'grid');
  table.setAttribute('aria-labelledby', captionId);
  if (editable) table.setAttribute('aria-describedby', 'edit-help');

  if (panel.colLabels) {
    const head = table.createTHead().insertRow();
    head.append(document.createElement('td'));
    for (const label of panel.colLabels) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = label;
      head.append(th);
    }
    if (panel.rowSums) {
      const th = document.createElement('th');
      th.scope = 'col';
      th.textContent = 'Σ';
      th.title = 'row sum, computed by the engine';
      head.append(th);
    }
  }

  const body = table.createTBody();
  const cells: HTMLTableCellElement[][] = [];
  panel.data.forEach((values, i) => {
    const tr = body.insertRow();
    const th = document.createElement('th');
    th.scope = 'row';
    th.textContent = panel.rowLabels?.[i] ?? String(i);
    tr.append(th);
    cells.push(
      values.map((x, j) => {
        const td = tr.insertCell();
        td.textContent = formatNumber(x);
        td.title = `exact: ${exactNumber(x)}`;
        td.dataset.row = String(i);
        td.dataset.col = String(j);
        td.tabIndex = -1;
        td.setAttribute('role', 'gridcell');
        const blocked = panel.blocked?.[i]?.[j] === 0;
        const c = blocked ? undefined : colour(x);
        if (blocked) td.classList.add('blocked');
        if (c) {
          td.style.background = c.background;
          td.style.color = c.text;
        }
        if (x === -Infinity) td.classList.add('minus-infinity');
        return td;
      }),
    );
    if (panel.rowSums) {
      const sum = tr.insertCell();
      sum.className = 'row-sum';
      sum.textContent = formatFixed(panel.rowSums[i]);
      sum.title = `exact: ${exactNumber(panel.rowSums[i])}`;
    }
  });
  for (const [i, j] of panel.focus ?? []) cells[i]?.[j]?.classList.add('focus');
  if (cells[0]?.[0]) cells[0][0].tabIndex = 0;

  const interactive = Boolean(panel.explain || editable || isMask);
  if (interactive) table.classList.add('interactive');

  const cellAt = (target: EventTarget | null) =>
    target instanceof HTMLElement ? target.closest<HTMLTableCellElement>('td[data-row]') : null;
  const position = (td: HTMLTableCellElement) => [Number(td.dataset.row), Number(td.dataset.col)] as const;

  const moveTo = (i: number, j: number) => {
    const rowCount = cells.length;
    const colCount = cells[0].length;
    const target = cells[Math.max(0, Math.min(rowCount - 1, i))][Math.max(0, Math.min(colCount - 1, j))];
    for (const row of cells) for (const td of row) td.tabIndex = -1;
    target.tabIndex = 0;
    target.focus();
  };

  const activate = (td: HTMLTableCellElement) => {
    const [i, j] = position(td);
    if (isMask) events.onToggle?.(panel, i, j);
    else if (editable) startEditing(td, i, j);
    else if (panel.explain) events.onSelect?.(panel, i, j);
  };

  const startEditing = (td: HTMLTableCellElement, i: number, j: number) => {
    const input = document.createElement('input');
    input.type = 'text';
    input.inputMode = 'decimal';
    input.value = exactNumber(panel.data[i][j]);
    input.setAttribute('aria-label', `${panel.caption}, row ${panel.rowLabels?.[i] ?? i}, column ${panel.colLabels?.[j] ?? j}`);
    td.textContent = '';
    td.append(input);
    input.focus();
    input.select();
    let done = false;
    const finish = (commit: boolean) => {
      if (done) return;
      done = true;
      const error = commit ? events.onEdit?.(panel, i, j, input.value) : undefined;
      if (error) {
        done = false;
        input.setAttribute('aria-invalid', 'true');
        input.title = error;
        return;
      }
      // On success the whole view is rebuilt by the caller; on cancel, restore the cell.
      if (td.isConnected) {
        td.textContent = formatNumber(panel.data[i][j]);
        td.focus();
      }
    };
    input.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        finish(true);
      } else if (event.key === 'Escape') {
        event.preventDefault();
        finish(false);
      }
      event.stopPropagation();
    });
    input.addEventListener('blur', () => finish(true));
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

  const scroller = document.createElement('div');
  scroller.className = 'matrix-scroll';
  scroller.append(table);
  figure.append(scroller);

  const legend = legendFor(panel.colour, ranged);
  if (legend) {
    const bar = document.createElement('div');
    bar.className = 'legend';
    bar.setAttribute('aria-hidden', 'true');
    const low = document.createElement('span');
    low.textContent = formatNumber(legend.low, 2);
    const ramp = document.createElement('span');
    ramp.className = 'ramp';
    ramp.style.background = legend.gradient;
    const high = document.createElement('span');
    high.textContent = formatNumber(legend.high, 2);
    bar.append(low, ramp, high);
    figure.append(bar);
  }
  return figure;
}

/** Marks cells of a rendered matrix as related to the selected number. */
export function markRelated(root: HTMLElement, panelName: string, cells: { row?: number; col?: number }): void {
  const figure = root.querySelector<HTMLElement>(`figure[data-panel="${panelName}"]`);
  if (!figure) return;
  for (const td of figure.querySelectorAll<HTMLElement>('td[data-row]')) {
    const inRow = cells.row === undefined || Number(td.dataset.row) === cells.row;
    const inCol = cells.col === undefined || Number(td.dataset.col) === cells.col;
    td.classList.toggle('related', inRow && inCol);
  }
}
