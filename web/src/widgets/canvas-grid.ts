// A matrix too large to read as a table (the 32×64 embeddings of a long sentence, eight 32×32
// heads, 50 positions × 128 dimensions, a 32×64 query typed in through a link) drawn on a
// canvas, one block per cell. Redrawing a few thousand blocks takes about a millisecond, where a
// table of the same size costs tens of milliseconds in style, layout and paint. It stays
// readable and usable: pointing at a cell, or moving to it with the arrow keys, prints its value
// in a readout below (exact value included); Enter or a click activates it (explain this number)
// or, for inputs, edits it in a field laid over the cell. For assistive technology it is an ARIA
// grid whose one rendered cell is the current one (aria-activedescendant, with its row and
// column indices), as virtualised grids do; the full table is the matrix view's disclosure.
import type { CellColour } from '../model/colour.js';
import { el, setAttr, setText } from './dom.js';
import { exactNumber, formatNumber } from '../model/format.js';
import { openCellEditor } from './cell-editor.js';
import { t } from '../i18n/messages.js';

/**
 * Canvas pixels per cell: one, scaled up by CSS without smoothing (image-rendering: pixelated),
 * or four when a mask blocks cells, enough for their stripes.
 */
const cellPixels = (blocked: GridContent['blocked']) => (blocked ? 4 : 1);

export interface CanvasGridOptions {
  /** What the grid shows, for its accessible name. */
  label: string;
  rowName: (i: number) => string;
  colName: (j: number) => string;
  /** Extra words for the readout of a cell (e.g. its row's sum). */
  describe?: (i: number, j: number) => string;
  /** Enter, Space or a click on a cell. */
  onActivate?: (i: number, j: number) => void;
  /** Makes the cells editable (Enter, Space, F2 or a click opens a field over the cell). */
  editor?: {
    /** The field's accessible name for a cell. */
    label: (i: number, j: number) => string;
    /** Offers the learner's text for a cell; returns why it was refused, or nothing. */
    commit: (i: number, j: number, text: string) => string | undefined;
  };
}

export interface GridContent {
  data: number[][];
  colour: (x: number) => CellColour | undefined;
  /** 0 where a mask blocks the cell: hatched, as in the tables. */
  blocked?: number[][];
  /** Cells this step is about, outlined. */
  focus?: [number, number][];
}

export interface CanvasGrid {
  element: HTMLElement;
  draw(content: GridContent): void;
  /** Outlines cells related to an explained number: a row, a column or one cell (undefined = all). */
  markRelated(cells: { row?: number; col?: number }[]): void;
}

let nextId = 0;

export function canvasGrid(options: CanvasGridOptions): CanvasGrid {
  const id = nextId++;
  const canvas = el('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  // The current cell: the one row and cell of the grid that exist as elements. Its outline shows
  // only once the learner points or moves (class "shown").
  const cell = el('div', { id: `grid-cell-${id}`, className: 'visually-hidden', role: 'gridcell' });
  const cursor = el('div', { className: 'grid-cursor', role: 'row' }, cell);
  const marks = el('div', { className: 'grid-marks' });
  marks.setAttribute('aria-hidden', 'true');
  const readoutId = `grid-readout-${id}`;
  const readout = el('p', { id: readoutId, className: 'grid-readout' });
  const surface = el('div', { className: 'canvas-grid', role: 'grid', tabIndex: 0 }, canvas, marks, cursor);
  surface.setAttribute('aria-describedby', readoutId);
  if (!options.editor) surface.setAttribute('aria-readonly', 'true');
  // The cell editor's field lies over the grid in a layer of its own (a grid may hold only rows).
  const overlay = el('div', { className: 'grid-overlay' });
  const element = el('div', { className: 'canvas-grid-frame' }, el('div', { className: 'canvas-grid-box' }, surface, overlay), readout);

  let content: GridContent | undefined;
  let at: [number, number] = [0, 0];
  let moved = false; // the readout stays a hint until the learner first points or moves
  const size = () => [content?.data.length ?? 0, content?.data[0]?.length ?? 0] as const;

  /**
   * Positions an overlay over cells, in percentages, so it follows the canvas's CSS size. Left
   * alone when already there: a redraw keeps the cursor where it was.
   */
  const place = (box: HTMLElement, top: number, left: number, height: number, width: number) => {
    const [rows, cols] = size();
    const at = { top: `${(100 * top) / rows}%`, left: `${(100 * left) / cols}%`, height: `${(100 * height) / rows}%`, width: `${(100 * width) / cols}%` };
    for (const [property, value] of Object.entries(at) as [keyof typeof at, string][]) {
      if (box.style[property] !== value) box.style[property] = value;
    }
  };

  const hint = t(options.editor ? 'grid-hint-edit' : options.onActivate ? 'grid-hint-explain' : 'grid-hint-read');
  // Until the learner first points or moves, the readout is the hint and no element refers to
  // the current cell (no aria-activedescendant): its words are left unwritten, so a redraw of a
  // grid nobody has visited (the eight heads after a new seed) changes no text to lay out.
  const showReadout = () => {
    if (!content) return;
    if (!moved) {
      setText(readout, hint);
      return;
    }
    const [i, j] = at;
    const x = content.data[i][j];
    const cellArgs = { row: options.rowName(i), column: options.colName(j), value: formatNumber(x), exact: exactNumber(x) };
    const extra = options.describe?.(i, j);
    const text = `${t(content.blocked?.[i]?.[j] === 0 ? 'grid-readout-blocked' : 'grid-readout', cellArgs)}${extra ? `; ${extra}` : ''}`;
    setText(readout, text);
    setText(cell, text);
    setAttr(cursor, 'aria-rowindex', String(i + 1));
    setAttr(cell, 'aria-colindex', String(j + 1));
  };

  const moveTo = (i: number, j: number) => {
    const [rows, cols] = size();
    at = [Math.max(0, Math.min(rows - 1, i)), Math.max(0, Math.min(cols - 1, j))];
    moved = true;
    cursor.classList.add('shown');
    surface.setAttribute('aria-activedescendant', cell.id);
    place(cursor, at[0], at[1], 1, 1);
    showReadout();
  };

  let editing = false;
  const edit = (i: number, j: number) => {
    const { editor } = options;
    if (!editor || !content || editing) return;
    editing = true;
    const [, cols] = size();
    // Over the cell, leaning left in the grid's right half so the field stays inside it.
    const spot = el('div', { className: 'grid-edit-spot' });
    spot.style.top = `${(100 * i) / size()[0]}%`;
    if (j < cols / 2) spot.style.left = `${(100 * j) / cols}%`;
    else spot.style.right = `${100 - (100 * (j + 1)) / cols}%`;
    spot.classList.toggle('from-right', j >= cols / 2);
    overlay.append(spot);
    const error = el('p', { id: `grid-editor-error-${id}`, className: 'grid-editor-error', role: 'alert' });
    openCellEditor({
      host: spot,
      focusBack: surface,
      value: exactNumber(content.data[i][j]),
      label: editor.label(i, j),
      className: 'grid-editor',
      commit: (text) => editor.commit(i, j, text),
      showError: (field, message) => {
        error.textContent = message;
        field.setAttribute('aria-describedby', error.id);
        spot.append(error);
      },
      done: () => {
        spot.remove();
        editing = false;
      },
    });
  };
  const activate = (i: number, j: number) => {
    if (options.editor) edit(i, j);
    else options.onActivate?.(i, j);
  };

  const cellAt = (event: MouseEvent): [number, number] | undefined => {
    const [rows, cols] = size();
    const box = canvas.getBoundingClientRect();
    const i = Math.floor(((event.clientY - box.top) / box.height) * rows);
    const j = Math.floor(((event.clientX - box.left) / box.width) * cols);
    return i >= 0 && i < rows && j >= 0 && j < cols ? [i, j] : undefined;
  };

  surface.addEventListener('mousemove', (event) => {
    const target = cellAt(event);
    if (!editing && target && (target[0] !== at[0] || target[1] !== at[1] || !moved)) moveTo(...target);
  });
  surface.addEventListener('click', (event) => {
    if (event.target instanceof HTMLInputElement) return;
    const target = cellAt(event);
    if (!target) return;
    moveTo(...target);
    activate(...target);
  });
  surface.addEventListener('focus', () => {
    if (!moved) moveTo(0, 0);
  });
  surface.addEventListener('keydown', (event) => {
    const [i, j] = at;
    const [, cols] = size();
    const moves: Record<string, [number, number]> = {
      ArrowUp: [i - 1, j], ArrowDown: [i + 1, j], ArrowLeft: [i, j - 1], ArrowRight: [i, j + 1],
      Home: [i, 0], End: [i, cols - 1],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      event.stopPropagation(); // arrows inside a matrix move the cell, not the step
      moveTo(...move);
    } else if ((event.key === 'Enter' || event.key === ' ' || (event.key === 'F2' && options.editor)) && (options.onActivate || options.editor)) {
      event.preventDefault();
      event.stopPropagation();
      activate(i, j);
    }
  });

  let shownFocus = '[]';
  const draw = (next: GridContent) => {
    const rows = next.data.length;
    const cols = next.data[0].length;
    const resized = rows !== size()[0] || cols !== size()[1];
    content = next;
    setAttr(surface, 'aria-label', t('grid-label', { label: options.label, rows: String(rows), columns: String(cols) }));
    const pixelsPerCell = cellPixels(next.blocked);
    if (canvas.width !== cols * pixelsPerCell) canvas.width = cols * pixelsPerCell;
    if (canvas.height !== rows * pixelsPerCell) canvas.height = rows * pixelsPerCell;
    const context = canvas.getContext('2d');
    if (context) context.putImageData(pixels(next, context), 0, 0);
    const focus = JSON.stringify(next.focus ?? []);
    if (focus !== shownFocus) {
      shownFocus = focus;
      marks.replaceChildren(...(next.focus ?? []).map(([fi, fj]) => {
        const box = el('div', { className: 'grid-focus' });
        place(box, fi, fj, 1, 1);
        return box;
      }));
    }
    setAttr(surface, 'aria-rowcount', String(rows));
    setAttr(surface, 'aria-colcount', String(cols));
    if (resized) {
      at = [0, 0];
      moved = false;
      cursor.classList.remove('shown');
      surface.removeAttribute('aria-activedescendant');
      place(cursor, 0, 0, 1, 1);
    } else if (moved) {
      place(cursor, at[0], at[1], 1, 1);
    }
    showReadout();
  };

  const markRelated = (cells: { row?: number; col?: number }[]) => {
    for (const old of marks.querySelectorAll('.grid-related')) old.remove();
    const [rows, cols] = size();
    for (const { row, col } of cells) {
      if (row !== undefined && (row < 0 || row >= rows)) continue;
      const box = el('div', { className: 'grid-related' });
      place(box, row ?? 0, col ?? 0, row === undefined ? rows : 1, col === undefined ? cols : 1);
      marks.append(box);
    }
  };

  return { element, draw, markRelated };
}

/**
 * The cells as pixels, `cellPixels` square each, written straight into an ImageData: one putImageData
 * per redraw instead of a fillStyle and a fillRect per cell (8,000 cells: ~0.3 ms instead of ~3).
 * Cells with no colour stay transparent (the page shows through); blocked cells get grey
 * diagonal stripes, the canvas version of the tables' hatching.
 */
function pixels({ data, colour, blocked }: GridContent, context: CanvasRenderingContext2D): ImageData {
  const rows = data.length;
  const cols = data[0].length;
  const cell = cellPixels(blocked);
  const image = context.createImageData(cols * cell, rows * cell);
  const out = image.data;
  const stride = cols * cell * 4;
  for (let i = 0; i < rows; i += 1) {
    for (let j = 0; j < cols; j += 1) {
      const isBlocked = blocked?.[i]?.[j] === 0;
      const rgb = isBlocked ? undefined : colour(data[i][j])?.rgb;
      if (!isBlocked && !rgb) continue;
      for (let y = 0; y < cell; y += 1) {
        let at = (i * cell + y) * stride + j * cell * 4;
        for (let x = 0; x < cell; x += 1, at += 4) {
          if (rgb) {
            out[at] = rgb[0];
            out[at + 1] = rgb[1];
            out[at + 2] = rgb[2];
            out[at + 3] = 255;
          } else if ((x + y) % 4 === 3) {
            out[at] = out[at + 1] = out[at + 2] = 138;
            out[at + 3] = 255;
          }
        }
      }
    }
  }
  return image;
}
