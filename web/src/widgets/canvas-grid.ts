// A matrix too large to read as a table (the 32×64 embeddings of a long sentence, eight 32×32
// heads, 50 positions × 128 dimensions) drawn on a canvas, one block per cell. Redrawing a few
// thousand blocks takes about a millisecond, where a table of the same size costs a hundred in
// style, layout and paint. It stays readable: pointing at a cell, or moving to it with the arrow
// keys, prints its value in a readout below (exact value included), and Enter or a click
// activates it (explain this number).
import type { CellColour } from './colour.js';
import { el } from './dom.js';
import { exactNumber, formatNumber } from '../model/format.js';

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
  const canvas = el('canvas');
  canvas.setAttribute('aria-hidden', 'true');
  const cursor = el('div', { className: 'grid-cursor', hidden: true });
  const marks = el('div', { className: 'grid-marks' });
  const readoutId = `grid-readout-${nextId++}`;
  const readout = el('p', { id: readoutId, className: 'grid-readout', ariaLive: 'polite' });
  const surface = el('div', { className: 'canvas-grid', role: 'application', tabIndex: 0 }, canvas, marks, cursor);
  surface.setAttribute('aria-describedby', readoutId);
  const element = el('div', { className: 'canvas-grid-frame' }, surface, readout);

  let content: GridContent | undefined;
  let at: [number, number] = [0, 0];
  let moved = false; // the readout stays a hint until the learner first points or moves
  const size = () => [content?.data.length ?? 0, content?.data[0]?.length ?? 0] as const;

  /** Positions an overlay over cells, in percentages, so it follows the canvas's CSS size. */
  const place = (box: HTMLElement, top: number, left: number, height: number, width: number) => {
    const [rows, cols] = size();
    box.style.top = `${(100 * top) / rows}%`;
    box.style.left = `${(100 * left) / cols}%`;
    box.style.height = `${(100 * height) / rows}%`;
    box.style.width = `${(100 * width) / cols}%`;
  };

  const showReadout = () => {
    if (!content) return;
    const [i, j] = at;
    const x = content.data[i][j];
    const blocked = content.blocked?.[i]?.[j] === 0 ? ', blocked by the mask' : '';
    const extra = options.describe?.(i, j);
    readout.textContent = moved
      ? `${options.rowName(i)}, ${options.colName(j)}: ${formatNumber(x)} (exact ${exactNumber(x)})${blocked}${extra ? `; ${extra}` : ''}`
      : `Point at a cell, or focus the grid and use the arrow keys, to read its value${options.onActivate ? '; click or press Enter to explain it' : ''}.`;
  };

  const moveTo = (i: number, j: number) => {
    const [rows, cols] = size();
    at = [Math.max(0, Math.min(rows - 1, i)), Math.max(0, Math.min(cols - 1, j))];
    moved = true;
    cursor.hidden = false;
    place(cursor, at[0], at[1], 1, 1);
    showReadout();
  };

  const cellAt = (event: MouseEvent): [number, number] | undefined => {
    const [rows, cols] = size();
    const box = canvas.getBoundingClientRect();
    const i = Math.floor(((event.clientY - box.top) / box.height) * rows);
    const j = Math.floor(((event.clientX - box.left) / box.width) * cols);
    return i >= 0 && i < rows && j >= 0 && j < cols ? [i, j] : undefined;
  };

  surface.addEventListener('mousemove', (event) => {
    const cell = cellAt(event);
    if (cell && (cell[0] !== at[0] || cell[1] !== at[1] || !moved)) moveTo(...cell);
  });
  surface.addEventListener('click', (event) => {
    const cell = cellAt(event);
    if (!cell) return;
    moveTo(...cell);
    options.onActivate?.(...cell);
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
    } else if ((event.key === 'Enter' || event.key === ' ') && options.onActivate) {
      event.preventDefault();
      event.stopPropagation();
      options.onActivate(i, j);
    }
  });

  let shownFocus = '[]';
  const draw = (next: GridContent) => {
    const rows = next.data.length;
    const cols = next.data[0].length;
    const resized = rows !== size()[0] || cols !== size()[1];
    content = next;
    surface.setAttribute('aria-label', `${options.label}: ${rows} by ${cols}, drawn as colours.`);
    const cell = cellPixels(next.blocked);
    if (canvas.width !== cols * cell) canvas.width = cols * cell;
    if (canvas.height !== rows * cell) canvas.height = rows * cell;
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
    if (resized) {
      at = [0, 0];
      moved = false;
      cursor.hidden = true;
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
