// A matrix or heatmap laid out as a picture: where each cell, label and the legend go, in which
// colour. One layout for both exports, so the SVG (svg.ts) and the PNG (png.ts) show the same
// picture; the colours are the page's own (model/colour.ts), so the picture matches the screen.
import type { CellColour } from '../model/colour.js';
import { colourScale, legendFor } from '../model/colour.js';
import { formatNumber } from '../model/format.js';
import { gridOf, type GridPanel } from './grid.js';

/** Cells up to this many show their numbers, as the page shows a table up to this size (matrix-view.ts). */
const NUMBERED_CELLS = 400;
/** Rows or columns up to this many are labelled; more labels would overlap. */
const LABELLED = 40;
/** About how wide the grid of a large heatmap is drawn, in px. */
const TARGET_WIDTH = 960;
/** Labels longer than this are cut with "…" in the picture (the CSV keeps them whole). */
const LABEL_CHARS = 20;
/** A rough advance width of a 12 px sans-serif character, for sizing boxes around text. */
const CHAR = 7;
const FONT = 12;

export interface PictureText {
  x: number;
  y: number;
  text: string;
  size: number;
  anchor: 'start' | 'middle' | 'end';
  fill: string;
  bold?: boolean;
  /** Written upwards (column labels of a large heatmap). */
  vertical?: boolean;
}

export interface Picture {
  width: number;
  height: number;
  /** The panel's caption, the picture's title. */
  title: string;
  /** One line saying what the rows and columns are, for the SVG's description. */
  description: string;
  grid: { x: number; y: number; cellWidth: number; cellHeight: number; rows: number; cols: number };
  /** The colour of cell (i, j): undefined for an uncoloured matrix. */
  cellColour(i: number, j: number): CellColour | undefined;
  /** Whether the mask blocks cell (i, j): drawn hatched, as on the page. */
  isBlocked(i: number, j: number): boolean;
  texts: PictureText[];
  legend?: { x: number; y: number; width: number; height: number; stops: string[] };
}

const clamp = (x: number, low: number, high: number) => Math.max(low, Math.min(high, x));
const cut = (label: string) => {
  const oneLine = label.replace(/\s+/g, ' ');
  return oneLine.length > LABEL_CHARS ? `${oneLine.slice(0, LABEL_CHARS - 1)}…` : oneLine;
};
const textWidth = (text: string, size = FONT) => Math.ceil(text.length * CHAR * (size / FONT));

export function picture(panel: GridPanel): Picture {
  const g = gridOf(panel);
  const rows = g.data.length;
  const cols = g.data[0]?.length ?? 0;
  const numbered = rows * cols <= NUMBERED_CELLS;
  const rowLabels = rows <= LABELLED ? g.rowLabels.map(cut) : [];
  const colLabels = cols <= LABELLED ? g.colLabels.map(cut) : [];
  const widest = (labels: string[]) => Math.max(0, ...labels.map((l) => textWidth(l)));

  // Numbered cells are wide enough for "−0.123" and their column's label; heatmap cells share
  // TARGET_WIDTH, at least big enough for a label beside them when labelled.
  let cellWidth: number;
  let cellHeight: number;
  if (numbered) {
    cellWidth = Math.max(56, widest(colLabels) + 8);
    cellHeight = 24;
  } else {
    const base = clamp(Math.floor(TARGET_WIDTH / Math.max(cols, rows)), 1, 16);
    cellWidth = colLabels.length > 0 ? Math.max(base, 14) : base;
    cellHeight = rowLabels.length > 0 ? Math.max(base, 14) : base;
  }

  const margin = 12;
  const texts: PictureText[] = [];
  let y = margin + 14;
  texts.push({ x: margin, y, text: g.caption, size: 14, anchor: 'start', fill: '#000', bold: true });
  if (g.detail) {
    y += 18;
    texts.push({ x: margin, y, text: g.detail, size: FONT, anchor: 'start', fill: '#333' });
  }
  y += 12;
  const columnHead = numbered ? 20 : widest(colLabels) + 6;
  const gridX = margin + (rowLabels.length > 0 ? widest(rowLabels) + 8 : 0);
  const gridY = y + (colLabels.length > 0 ? columnHead : 0);

  colLabels.forEach((label, j) => {
    const x = gridX + (j + 0.5) * cellWidth;
    texts.push(numbered
      ? { x, y: gridY - 8, text: label, size: FONT, anchor: 'middle', fill: '#000' }
      : { x: x + 4, y: gridY - 4, text: label, size: FONT, anchor: 'start', fill: '#000', vertical: true });
  });
  rowLabels.forEach((label, i) =>
    texts.push({ x: gridX - 6, y: gridY + (i + 0.5) * cellHeight + 4, text: label, size: FONT, anchor: 'end', fill: '#000' }));

  const colour = colourScale(g.colour, g.colourRange);
  const isBlocked = (i: number, j: number) => g.blocked?.[i]?.[j] === 0;
  const cellColour = (i: number, j: number) => (isBlocked(i, j) ? undefined : colour(g.data[i][j]));
  if (numbered) {
    g.data.forEach((row, i) => row.forEach((x, j) => texts.push({
      x: gridX + (j + 0.5) * cellWidth, y: gridY + (i + 0.5) * cellHeight + 4, text: formatNumber(x), size: FONT,
      anchor: 'middle', fill: cellColour(i, j)?.text ?? '#000',
    })));
  }

  let bottom = gridY + rows * cellHeight;
  let legend: Picture['legend'];
  const range = legendFor(g.colour, g.colourRange);
  if (range) {
    // The legend samples the cells' own scale, so its colours are exactly the cells' colours.
    const stops = Array.from({ length: 11 }, (_, k) => colour(range.low + ((range.high - range.low) * k) / 10)?.background ?? '#fff');
    const low = formatNumber(range.low, 2);
    const x = margin + textWidth(low) + 6;
    legend = { x, y: bottom + 14, width: 160, height: 10, stops };
    texts.push({ x: x - 6, y: bottom + 23, text: low, size: FONT, anchor: 'end', fill: '#000' });
    texts.push({ x: x + 166, y: bottom + 23, text: formatNumber(range.high, 2), size: FONT, anchor: 'start', fill: '#000' });
    bottom += 30;
  }

  const right = Math.max(gridX + cols * cellWidth, ...texts.map((t) => (t.anchor === 'start' && !t.vertical ? t.x + textWidth(t.text, t.size) : t.x)));
  return {
    width: Math.ceil(right + margin),
    height: Math.ceil(bottom + margin),
    title: g.caption,
    description: `${rows} rows (${g.rowLabels.slice(0, 3).join(', ')}${rows > 3 ? ', …' : ''}) × ${cols} columns (${g.colLabels.slice(0, 3).join(', ')}${cols > 3 ? ', …' : ''}).` +
      (g.blocked ? ' Hatched cells are blocked by the mask.' : ''),
    grid: { x: gridX, y: gridY, cellWidth, cellHeight, rows, cols },
    cellColour,
    isBlocked,
    texts,
    legend,
  };
}
