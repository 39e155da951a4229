// Where a `value` or `pick-cell` exercise points among the built steps: a step, and a matrix or
// heatmap of that step, whose numbers (the engine's, as the kind laid them out) grade the answer.
import { problem, type Problem } from '../model/json-checks.js';
import type { HeatmapPanel, MatrixPanel, Step } from '../model/types.js';

export interface PanelPointer {
  step: string;
  panel: string;
}

/** The panel, if the step and panel exist and it is a matrix or a heatmap. */
export function panelOf(exercise: PanelPointer, steps: readonly Step[]): MatrixPanel | HeatmapPanel | undefined {
  const panel = steps.find((s) => s.id === exercise.step)?.panels.find((p) => 'name' in p && p.name === exercise.panel);
  return panel && (panel.type === 'matrix' || panel.type === 'heatmap') ? panel : undefined;
}

/** The panel, or the problem naming the field (`step` or `panel`) the built steps do not have. */
export function placedPanel(exercise: PanelPointer, steps: readonly Step[], at: (name: string) => string): { panel: MatrixPanel | HeatmapPanel } | { problem: Problem } {
  const step = steps.find((s) => s.id === exercise.step);
  if (!step) return { problem: problem(at('step'), `one of the walkthrough's steps (${steps.filter((s) => !s.id.startsWith('exercise-')).map((s) => `"${s.id}"`).join(', ')})`, `"${exercise.step}"`) };
  const panel = panelOf(exercise, steps);
  if (panel) return { panel };
  const names = step.panels.filter((p) => p.type === 'matrix' || p.type === 'heatmap').map((p) => ('name' in p ? `"${p.name}"` : ''));
  return { problem: problem(at('panel'), `a matrix of step "${exercise.step}" (${names.join(', ') || 'it has none'})`, `"${exercise.panel}"`) };
}

/** A panel's row and column labels as its table shows them. */
export function panelLabels(panel: MatrixPanel | HeatmapPanel): { rows: string[]; columns: string[] } {
  const rows = panel.data.length;
  const columns = panel.data[0]?.length ?? 0;
  if (panel.type === 'heatmap') {
    return { rows: Array.from({ length: rows }, (_, i) => `${panel.rowName} ${i}`), columns: Array.from({ length: columns }, (_, j) => `${panel.colName} ${j}`) };
  }
  return {
    rows: Array.from({ length: rows }, (_, i) => panel.rowLabels?.[i] ?? String(i)),
    columns: Array.from({ length: columns }, (_, j) => panel.colLabels?.[j] ?? String(j)),
  };
}
