// What every export of a matrix reads: a step's matrix or heatmap panel as one shape, with the
// labels the page shows beside it. Tables label rows and columns with the panel's own labels
// (or 0, 1, …); canvas heatmaps with "position 3", "dimension 7" (heatmap.ts), and so do exports.
import type { ColourScale, HeatmapPanel, MatrixPanel, Panel, Step } from '../model/types.js';
import { colouredValues } from '../model/colour.js';

export type GridPanel = MatrixPanel | HeatmapPanel;

export interface Grid {
  /** The panel's name, for file names. */
  name: string;
  caption: string;
  detail?: string;
  /** The engine's numbers, as on the page. */
  data: number[][];
  rowLabels: string[];
  colLabels: string[];
  /** What the label column is: empty for a matrix, the row name ("position") for a heatmap. */
  corner: string;
  colour: ColourScale;
  /** The mask (1 = attend); 0 cells are drawn hatched and kept out of the colour range. */
  blocked?: number[][];
  /** The values that set the colour range, as the page's legend uses them. */
  colourRange: number[][];
}

const indices = (count: number, name: (k: number) => string) => Array.from({ length: count }, (_, k) => name(k));

export function gridOf(panel: GridPanel): Grid {
  const rows = panel.data.length;
  const cols = panel.data[0]?.length ?? 0;
  if (panel.type === 'heatmap') {
    return {
      name: panel.name, caption: panel.caption, detail: panel.detail, data: panel.data, colour: panel.colour,
      rowLabels: indices(rows, (i) => `${panel.rowName} ${i}`),
      colLabels: indices(cols, (j) => `${panel.colName} ${j}`),
      corner: panel.rowName,
      colourRange: panel.data,
    };
  }
  return {
    name: panel.name, caption: panel.caption, detail: panel.detail, data: panel.data, colour: panel.colour,
    rowLabels: panel.rowLabels ?? indices(rows, String),
    colLabels: panel.colLabels ?? indices(cols, String),
    corner: '',
    blocked: panel.blocked,
    colourRange: colouredValues(panel.data, panel.blocked),
  };
}

export const isGridPanel = (panel: Panel): panel is GridPanel => panel.type === 'matrix' || panel.type === 'heatmap';

/** The matrices and heatmaps of a step, in the order the page shows them. */
export const gridPanels = (step: Step): GridPanel[] => step.panels.filter(isGridPanel);

/** The first panel of that name in any step (steps repeat panels: scores appears twice). */
export function findGrid(steps: Step[], name: string): GridPanel | undefined {
  for (const step of steps) {
    const found = gridPanels(step).find((p) => p.name === name);
    if (found) return found;
  }
  return undefined;
}

/** The numbers of the first panel of that name; an export that needs them cannot do without. */
export function gridData(steps: Step[], name: string): number[][] {
  const panel = findGrid(steps, name);
  if (!panel) throw new Error(`the steps have no panel "${name}" to read the numbers from`);
  return panel.data;
}
