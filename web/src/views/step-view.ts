// The step on screen: its title, formula, text, panels (drawn by the panel registry), the
// explanation of a selected number and the export menu, whose "Print handout" prints every step
// (print-handout.ts). It draws what the session says; the learner's edits go back to the session.
import type { Explanation } from '../kinds/kind.js';
import type { MatrixPanel, Panel, Step } from '../model/types.js';
import { setTextWithTerms } from '../widgets/glossary-terms.js';
import { el, setHidden, setText, focusableWhileScrolling } from '../widgets/dom.js';
import { exportMenu } from '../widgets/export-menu.js';
import { fitFormula, renderFormula } from '../widgets/formula.js';
import type { PanelView, RelatedCells } from '../widgets/panel-view.js';
import type { CostMeasurements } from '../session/cost/measurements.js';
import type { ExampleFormat } from '../session/example-file.js';
import type { ViewContext } from './view-context.js';
import { panelView, withoutControls, type PanelActions } from './panel-registry.js';
import { PrintHandout } from './print-handout.js';
import { t } from '../i18n/messages.js';

export class StepView {
  /** The formula on screen, so an edit that keeps the step does not typeset it again. */
  private shownFormula: string | undefined;
  /** The step on screen and its panels' views, so an edit that keeps the step updates them in place. */
  private shownStep: string | undefined;
  private views: PanelView[] = [];
  private readonly actions: PanelActions;
  /** Every step of the walkthrough on paper, laid out only when printing. */
  private readonly handout: PrintHandout;

  constructor(private readonly context: ViewContext, measurements: CostMeasurements) {
    const { session } = context;
    this.actions = {
      measurement: (plan) => measurements.of(plan),
      explain: (panel, row, column) => this.explain(panel, row, column),
      editCell: (panel, row, column, text) => session.editCell(panel, row, column, text),
      toggleMask: (panel, row, column) => session.toggleMask(panel, row, column),
      changeParameter: (field, text) => session.changeParameter(field, text),
      answer: (exercise, text) => session.answer(exercise, text),
      feedbackOf: (exercise) => session.feedbackOf(exercise),
    };
    this.handout = new PrintHandout(context, this.actions);
    session.subscribe((event) => {
      if (event.type === 'opened' && event.fresh) this.forget();
      if (event.type === 'step') this.show(event.inPlace);
    });
  }

  /** A new walkthrough has been laid out: nothing of the previous step is on screen. */
  private forget(): void {
    this.shownFormula = undefined;
    this.shownStep = undefined;
    this.views = [];
  }

  private show(inPlace: boolean): void {
    const { session, byId } = this.context;
    const step = session.step as Step;
    setText(byId('progress'), t('step-progress', { number: String(session.index + 1), total: String(session.steps.length) }));
    setText(byId('step-title'), step.title);
    const formula = byId('formula');
    if (step.formula !== this.shownFormula || formula.childElementCount === 0) {
      void renderFormula(formula, step.formula);
      this.shownFormula = step.formula;
      focusableWhileScrolling(formula, t('formula-scrolls'), () => fitFormula(formula));
    }
    setTextWithTerms(byId('step-text'), step.text, 'step');
    const kept = this.renderPanels(step, inPlace && step.id === this.shownStep);
    this.shownStep = step.id;
    // The menu reads the step on screen when asked, so an edit that keeps the panels keeps the menu.
    if (!this.context.hidden('export') && !kept) {
      byId('export').replaceChildren(exportMenu(() => ({
        walkthrough: session.walkthrough as NonNullable<typeof session.walkthrough>,
        step: session.step as Step,
        // The whole example has every step's numbers: not while an exam has questions to answer.
        ...(session.examUnfinished ? {} : { example: (format: ExampleFormat) => session.example(format) }),
        print: () => this.handout.print(),
        // The answer key is the instructor's: an exam's page never offers it (its practice link does).
        ...(session.walkthrough?.exercises?.length && !session.exam ? { printKey: () => this.handout.print(true) } : {}),
        // Versions on numbers of their own, for a walkthrough that draws them per learner.
        ...(session.walkthrough?.perLearner && !session.exam ? { printVersions: (count: number) => this.handout.printVersions(count) } : {}),
      })));
    }
    const explain = byId('explain');
    setHidden(explain, true);
    if (explain.firstChild) explain.replaceChildren();
  }

  /**
   * Puts a step's panels on screen; returns whether those on screen were kept. After an edit that
   * kept the step, each view updates its own elements when it can (same shapes), so only changed
   * numbers and colours are touched and the focus stays where the learner is; views that cannot
   * are replaced one by one.
   */
  private renderPanels(step: Step, inPlace: boolean): boolean {
    const sameNames = step.panels.map((p) => p.name).join('\n') === this.views.map((v) => v.element.dataset.panel).join('\n');
    if (inPlace && sameNames) {
      step.panels.forEach((panel, k) => {
        if (this.views[k].update?.(panel)) return;
        const fresh = this.renderPanel(panel);
        const focusedHere = this.views[k].element.contains(this.context.root.activeElement);
        this.views[k].element.replaceWith(fresh.element);
        this.views[k] = fresh;
        if (focusedHere) fresh.element.querySelector<HTMLElement>('[tabindex="0"], input, select')?.focus({ preventScroll: true });
      });
      return true;
    }
    this.views = step.panels.map((panel) => this.renderPanel(panel));
    this.context.byId('panels').replaceChildren(...this.views.map((view) => view.element));
    return false;
  }

  /** Hidden editors: parameters become a read-only list of values and cells are not editable. */
  private renderPanel(panel: Panel): PanelView {
    const hide = { editors: this.context.hidden('editors'), explain: this.context.hidden('explain') };
    return panelView(withoutControls(panel, hide), this.actions);
  }

  private explain(panel: MatrixPanel, row: number, column: number): void {
    const explanation = this.context.session.explain(panel, row, column);
    if (explanation) this.showExplanation(explanation, panel, row, column);
  }

  private showExplanation(explanation: Explanation, panel: MatrixPanel, row: number, column: number): void {
    const section = this.context.byId('explain');
    section.hidden = false;
    section.replaceChildren(
      el('h4', {}, t('explain-heading', { matrix: panel.title, row: String(panel.rowLabels?.[row] ?? row), column: String(panel.colLabels?.[column] ?? column) })),
      ...explanation.lines.map((line) => el('p', { className: 'arithmetic' }, line)),
      ...(explanation.note ? [el('p', { className: 'explain-note' }, explanation.note)] : []),
      el('p', { className: 'exact' }, t('explain-exact', { value: explanation.exact })),
    );
    // Below the matrices it can sit under the sticky player bar: bring it into view.
    section.scrollIntoView({ block: 'nearest' });
    const marks = new Map<string, RelatedCells[]>();
    for (const { panel: name, row: r, col: c } of explanation.related) marks.set(name, [...(marks.get(name) ?? []), { row: r, col: c }]);
    marks.set(panel.name, [{ row, col: column }]); // the selected number itself
    for (const view of this.views) view.markRelated?.(marks.get(view.element.dataset.panel ?? '') ?? []);
  }
}
