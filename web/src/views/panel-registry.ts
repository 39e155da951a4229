// Which widget draws which type of panel. A new panel type is its widget and one line here; the
// step view asks this table and knows no panel type itself.
import type { CostPlan, Exercise, MatrixPanel, Panel, ParameterField } from '../model/types.js';
import { heatmapAsMatrix } from '../model/heatmap-as-matrix.js';
import { formatSetting } from '../model/format.js';
import { loadCatalogues } from '../i18n/messages.js';
import type { CostMeasurement } from '../session/cost/measurement.js';
import { chartView } from '../widgets/chart-panel.js';
import type { Feedback } from '../widgets/exercise-panel.js';
import { lazyPanelView } from '../widgets/lazy-panel-view.js';
import { factsView } from '../widgets/facts.js';
import { heatmapView } from '../widgets/heatmap.js';
import { matrixView } from '../widgets/matrix-view.js';
import type { PanelView } from '../widgets/panel-view.js';
import { parametersView } from '../widgets/parameters.js';
import { tokenAttentionView } from '../widgets/token-attention.js';

/** What a panel's widget may report back: the learner's edits and selections. */
export interface PanelActions {
  explain(panel: MatrixPanel, row: number, column: number): void;
  editCell(panel: MatrixPanel, row: number, column: number, text: string): string | undefined;
  toggleMask(panel: MatrixPanel, row: number, column: number): void;
  changeParameter(field: ParameterField, text: string): void;
  /** The cost lab's measurements of a plan, which outlive the panel (session/cost/measurements.ts). */
  measurement(plan: CostPlan): CostMeasurement;
  /** An answer to an exercise, graded by the engine; and the feedback of the last one. */
  answer(exercise: Exercise, text: string): Feedback;
  feedbackOf(exercise: Exercise): Feedback | undefined;
}

type Factories = { [T in Panel['type']]: (panel: Extract<Panel, { type: T }>, actions: PanelActions) => PanelView };

const PANEL_VIEWS: Factories = {
  matrix: (panel, actions) => matrixView(panel, {
    onSelect: (p, row, column) => actions.explain(p, row, column),
    onEdit: (p, row, column, text) => actions.editCell(p, row, column, text),
    onToggle: (p, row, column) => actions.toggleMask(p, row, column),
  }),
  heatmap: (panel, actions) => heatmapView(panel, (p, row, column) => actions.explain(heatmapAsMatrix(p), row, column)),
  chart: (panel) => ({ element: chartView(panel) }),
  tokens: (panel) => ({ element: tokenAttentionView(panel) }),
  facts: (panel) => ({ element: factsView(panel) }),
  parameters: (panel, actions) => parametersView(panel, (field, text) => actions.changeParameter(field, text)),
  // Fetched when first shown (widgets/lazy-panel-view.ts).
  cost: (panel, actions) => lazyPanelView(panel.name, async () => {
    const { costLabView } = await import('./cost-lab-view.js');
    await loadCatalogues();
    return costLabView(panel, actions.measurement(panel.plan));
  }),
  exercise: (panel, actions) => lazyPanelView(panel.name, async () => (await import('../widgets/exercise-panel.js')).exerciseView(panel, {
    answer: (text) => actions.answer(panel.exercise, text),
    previous: () => actions.feedbackOf(panel.exercise),
  })),
};

/**
 * A panel without the controls an embed hides, or that paper cannot use: parameters become a
 * read-only list of their values, matrices lose editing and "explain this number".
 */
export function withoutControls(panel: Panel, hide: { editors: boolean; explain: boolean }): Panel {
  if (hide.editors && panel.type === 'parameters') {
    return { type: 'facts', name: panel.name, caption: panel.caption, facts: panel.fields.map((f) => [f.label, formatSetting(f.value)]) };
  }
  if (panel.type === 'heatmap' && hide.explain && panel.explain) return { ...panel, explain: undefined };
  if (panel.type === 'matrix' && ((hide.editors && panel.editable) || (hide.explain && panel.explain))) {
    return { ...panel, editable: hide.editors ? undefined : panel.editable, explain: hide.explain ? undefined : panel.explain };
  }
  return panel;
}

export function panelView(panel: Panel, actions: PanelActions): PanelView {
  const factory = PANEL_VIEWS[panel.type] as (panel: Panel, actions: PanelActions) => PanelView;
  return factory(panel, actions);
}
