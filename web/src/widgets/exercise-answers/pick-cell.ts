// One cell picked from a matrix: the matrix as its step shows it (coloured numbers, or only its
// labels when the question hides them), every cell that may be picked a radio button named by its
// row and column. The arrow keys move along a row as in any radio group, and ↑ ↓ between rows.
import { colouredValues, colourScale } from '../../model/colour.js';
import { el } from '../dom.js';
import { formatWithDecimals, sharedDecimals } from '../../model/format.js';
import { wideMatrix } from '../wide-matrix.js';
import type { AnswerControlFactory } from './answer-control.js';
import { t } from '../../i18n/messages.js';

export const pickCellAnswer: AnswerControlFactory = (panel, { id, describedBy }) => {
  const grid = panel.grid;
  const caption = el('p', { className: 'exercise-caption', id: `${id}-caption` }, `${panel.caption}: ${grid ? grid.task : t('pick-cell-pick-any')}`);
  if (grid) caption.append(' ', el('span', { className: 'pick-matrix' }, grid.caption));
  if (!grid) {
    const gone = el('p', {}, t('pick-cell-gone'));
    return { element: el('div', {}, caption, gone), value: () => '', show: () => undefined, disable: () => undefined, invalid: () => undefined, focus: () => undefined };
  }
  const { data, rowLabels, colLabels, blocked } = grid;
  const colour = data ? colourScale(grid.colour, colouredValues(data, blocked)) : () => undefined;
  const pickable = (i: number, j: number) => (grid.row === undefined || grid.row === i) && (grid.column === undefined || grid.column === j);

  const decimals = sharedDecimals(data?.flat() ?? []);
  const table = el('table', { className: `matrix pick-grid${data ? '' : ' pick-hidden'}` });
  table.setAttribute('aria-labelledby', caption.id);
  const head = table.createTHead().insertRow();
  head.append(el('td'), ...colLabels.map((label) => {
    const th = el('th', {}, label);
    th.scope = 'col';
    return th;
  }));
  // A label that comes twice (the word "the" in a sentence) is told apart by its place.
  const named = (labels: string[], k: number, place: string) => (labels.indexOf(labels[k]) !== labels.lastIndexOf(labels[k]) ? `${labels[k]} (${place} ${k + 1})` : labels[k]);
  const radios: (HTMLInputElement | undefined)[][] = [];
  const body = table.createTBody();
  rowLabels.forEach((rowLabel, i) => {
    const tr = body.insertRow();
    const th = el('th', {}, rowLabel);
    th.scope = 'row';
    tr.append(th);
    radios.push(colLabels.map((_, j) => {
      const td = tr.insertCell();
      const x = data?.[i][j];
      const isBlocked = blocked?.[i]?.[j] === 0;
      const shown = x === undefined ? '' : formatWithDecimals(x, decimals);
      const c = x === undefined || isBlocked ? undefined : colour(x);
      td.style.background = c?.background ?? '';
      td.style.color = c?.text ?? '';
      td.classList.toggle('blocked', isBlocked);
      if (!pickable(i, j)) {
        td.className += ' pick-context';
        td.textContent = shown;
        return undefined;
      }
      const radio = el('input', { type: 'radio', id: `${id}-cell-${i}-${j}`, value: `r${i}c${j}` });
      radio.name = `${id}-cell`;
      radio.setAttribute('aria-label', `${named(rowLabels, i, 'row')}, ${named(colLabels, j, 'column')}${shown ? `: ${shown}` : ''}${isBlocked ? ' (blocked)' : ''}`);
      td.append(el('label', { className: 'pick-cell' }, radio, shown ? el('span', {}, shown) : ''));
      return radio;
    }));
  });
  const all = radios.flat().filter((r): r is HTMLInputElement => r !== undefined);
  const group = el('div', { className: 'pick-group' }, wideMatrix(table, colLabels.length, grid.caption));
  group.setAttribute('role', 'radiogroup');
  group.setAttribute('aria-labelledby', caption.id);
  group.setAttribute('aria-describedby', describedBy);

  // ↑ and ↓ go to the cell above or below (a radio group's own arrows run along the rows).
  table.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowUp' && event.key !== 'ArrowDown') return;
    const target = event.target instanceof HTMLInputElement ? event.target : undefined;
    const [, i, j] = /^r(\d+)c(\d+)$/.exec(target?.value ?? '')?.map(Number) ?? [];
    if (i === undefined || grid.row !== undefined) return;
    const next = radios[i + (event.key === 'ArrowUp' ? -1 : 1)]?.[j];
    event.preventDefault();
    if (!next) return;
    next.checked = true;
    next.focus();
  });

  const checked = () => all.find((r) => r.checked);
  return {
    element: el('div', {}, caption, group),
    value: () => checked()?.value ?? '',
    show: (response) => { for (const r of all) r.checked = r.value === response; },
    disable: () => { for (const r of all) r.disabled = true; },
    invalid: (wrong) => group.setAttribute('aria-invalid', String(wrong)),
    focus: () => (checked() ?? all[0])?.focus(),
  };
};
