// A matrix table wider than its box: it scrolls sideways with its row labels held in place
// (sticky, styles/wide-matrices.css), a cue says which columns are in view ("Columns 1–13 of 32 shown"), and a
// button shrinks the numbers so the whole matrix fits (down to 40 %). Measured after layout, on
// scroll and on a resize of the box or the table, never while drawing.
import { el, focusableWhileScrolling, setText } from './dom.js';
import { t } from '../i18n/messages.js';

/** Wraps `table` (whose first body row has one td per column) in its scroller, cue and button. */
export function wideMatrix(table: HTMLTableElement, columns: number, label: string): HTMLElement {
  const scroller = el('div', { className: 'matrix-scroll' }, table);
  const cue = el('p', { className: 'overflow-cue' });
  const whole = el('button', { type: 'button', className: 'overflow-whole' });
  whole.setAttribute('aria-pressed', 'false');
  const bar = el('div', { className: 'overflow-bar' }, cue, whole);
  const box = el('div', { className: 'matrix-box' }, bar, scroller);
  let queued = false;

  const measure = () => {
    queued = false;
    const shrunk = box.classList.contains('whole');
    // Fitting: the compact numbers (styles/wide-matrices.css), scaled down further if still too wide, to no
    // less than 40 % (past that a browser's own zoom serves better).
    table.style.zoom = '';
    if (shrunk && table.offsetWidth > scroller.clientWidth) {
      table.style.zoom = String(Math.max(0.4, Math.floor((100 * scroller.clientWidth) / table.offsetWidth) / 100));
    }
    const overflowing = scroller.scrollWidth > scroller.clientWidth + 1;
    bar.hidden = !overflowing && !shrunk;
    setText(whole, shrunk ? t('wide-full-size') : t('wide-fit-all', { count: String(columns) }));
    if (!overflowing) {
      setText(cue, shrunk ? t('wide-all-shown', { count: String(columns) }) : '');
      return;
    }
    // The columns wholly in view, right of the sticky row labels.
    const cells = [...(table.tBodies[0]?.rows[0]?.cells ?? [])].filter((c) => c.tagName === 'TD' && !c.classList.contains('row-sum'));
    const labels = table.tBodies[0]?.rows[0]?.cells[0];
    const left = scroller.scrollLeft + (labels?.tagName === 'TH' ? labels.offsetWidth : 0);
    const right = scroller.scrollLeft + scroller.clientWidth;
    const inView = cells.map((c, j) => (c.offsetLeft >= left - 1 && c.offsetLeft + c.offsetWidth <= right + 1 ? j : -1)).filter((j) => j >= 0);
    const first = (inView[0] ?? 0) + 1;
    const last = (inView.at(-1) ?? 0) + 1;
    setText(cue, t('wide-columns-shown', { first: String(first), last: String(last), count: String(columns) }));
  };
  const update = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(measure);
  };
  whole.addEventListener('click', () => {
    const shrunk = box.classList.toggle('whole');
    whole.setAttribute('aria-pressed', String(shrunk));
    update();
  });
  scroller.addEventListener('scroll', update, { passive: true });
  // The table too: its width changes without its box's when its styles or fonts arrive after the
  // first measure, which would leave a cue naming columns out of view that are all in view.
  const resized = new ResizeObserver(update);
  resized.observe(scroller);
  resized.observe(table);
  // A matrix without focusable cells still needs a keyboard stop to scroll.
  if (!table.querySelector('[tabindex]')) focusableWhileScrolling(scroller, `${label} (scrolls sideways)`);
  update();
  return box;
}
