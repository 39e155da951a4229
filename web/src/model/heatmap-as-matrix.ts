// A heatmap (a matrix too large for a table, drawn on a canvas) is explained cell by cell as a
// matrix panel is: the session and the explain panel read it as the matrix it draws.
import type { HeatmapPanel, MatrixPanel } from './types.js';

/** A heatmap seen as the matrix it draws, for "explain this number" (its rows and columns named as the grid names them). */
export function heatmapAsMatrix(panel: HeatmapPanel): MatrixPanel {
  const { name, title, caption, data, colour, explain } = panel;
  return {
    type: 'matrix', name, title, caption, data, colour, explain,
    rowLabels: data.map((_, i) => `${panel.rowName} ${i}`),
    colLabels: data[0].map((_, j) => `${panel.colName} ${j}`),
  };
}
