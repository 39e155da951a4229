// The open walkthrough as a handout for paper: every step with its title, formula, text and
// panels, one after another. A walkthrough with questions (practice, an exam) is a worksheet: the
// steps before its first question, then each question, without the steps that show the answers;
// those come only in the answer key, a section of its own printed when the instructor asks for it
// (Export → Print handout with answer key). The steps are the ones the session has already
// built from the engine's trace, drawn by the same widgets as the step on screen, without their
// controls: nothing is computed here. The handout lives in a container that only print shows
// (print-handout.css); it is laid out when the learner asks for it (Export → Print handout) or
// when the browser is about to print (beforeprint: Ctrl+P, the browser's menu), and dropped
// after printing or when the steps change.
import type { ExercisePanel, Panel, PickGrid, Step } from '../model/types.js';
import { formatNumber, formatWithDecimals, sharedDecimals, withoutLessonLinks } from '../model/format.js';
import { forPaper } from '../model/paper-text.js';
import { t } from '../i18n/messages.js';
import { el } from '../widgets/dom.js';
import { prepareFormulas, renderFormula } from '../widgets/formula.js';
import type { ViewContext } from './view-context.js';
import { panelView, withoutControls, type PanelActions } from './panel-registry.js';
import { walkthroughHeading } from './walkthrough-view.js';
import { worksheetSteps } from '../session/worksheet.js';
import { versionLearner } from '../session/own-numbers.js';
import './print-handout.css';

/**
 * A matrix table wider than this many columns is printed in blocks of columns, one under the
 * other: at the handout's 8.5 pt twelve columns of "−0.123" and their row labels fill most of
 * A4's width (Letter is wider), where shrinking a 32-column matrix to fit would make its numbers
 * unreadable.
 */
const COLUMNS_PER_BLOCK = 12;

export class PrintHandout {
  private element: HTMLElement | undefined;
  /** The steps the handout on the page was built from: the session replaces them on every change. */
  private builtFrom: readonly Step[] | undefined;
  /** Settles once every formula of the handout is typeset. */
  private formulas: Promise<unknown> = Promise.resolve();
  /** The next handout has the answer key (asked for with Export; the browser's own printing has none). */
  private keyed = false;
  /**
   * How many versions the next handout prints, each on the numbers drawn for it (a walkthrough
   * that gives every learner numbers of their own), with every version's answer key after them;
   * 0: the numbers on screen.
   */
  private versions = 0;

  constructor(private readonly context: ViewContext, private readonly actions: PanelActions) {
    context.session.subscribe((event) => {
      if (event.type !== 'opened' && event.type !== 'recomputed') return;
      this.drop();
      // Every step's formula made ready once the step on screen is painted, so that printing
      // from the browser (beforeprint, which cannot wait) finds them all.
      requestAnimationFrame(() => setTimeout(() => {
        if (context.session.walkthrough && !context.session.view) void prepareFormulas(context.session.steps.map((step) => step.formula));
      }));
    });
    window.addEventListener('beforeprint', () => this.build());
    window.addEventListener('afterprint', () => {
      this.drop();
      this.keyed = false;
      this.versions = 0;
    });
  }

  /**
   * Prints `count` versions of the worksheet, each on the numbers the engine draws for it
   * (versionLearner: the same on every printing), then each version's answer key.
   */
  async printVersions(count: number): Promise<void> {
    this.drop();
    this.keyed = true;
    this.versions = count;
    this.build();
    await this.formulas;
    window.print();
  }

  /** Lays the handout out (with the answer key when asked), waits for its formulas, and opens the browser's print dialog. */
  async print(withKey = false): Promise<void> {
    if (withKey !== this.keyed) this.drop();
    this.keyed = withKey;
    this.build();
    await this.formulas;
    window.print();
  }

  private build(): void {
    const { session } = this.context;
    const walkthrough = session.walkthrough;
    const shell = this.context.byId('main')?.closest<HTMLElement>('.attention-lab');
    // No steps to lay out (nothing open, or a walkthrough its own view draws): the page prints as it is.
    if (!walkthrough || session.view || !shell || (this.element && this.builtFrom === session.steps)) return;
    this.drop();
    const heading = walkthroughHeading(walkthrough, session.trained);
    // One worksheet on the numbers on screen, or each version on its own (a page each).
    const sheets = this.versions > 0
      ? Array.from({ length: this.versions }, (_, k) => ({ title: t('handout-version', { number: String(k + 1), count: String(this.versions) }), steps: session.stepsFor(versionLearner(k + 1)) }))
      : [{ title: '', steps: session.steps }];
    const parts = sheets.map(({ title, steps: all }) => {
      const { questions, answers } = worksheetSteps(all);
      const section = (step: Step) => this.stepSection(step, all.indexOf(step), all.length);
      return { title, questions: questions.map(section), answers: this.keyed ? answers.map(section) : [], withheld: answers.length > 0 };
    });
    const steps = parts.flatMap((part) => part.questions);
    const key = parts.flatMap((part) => part.answers);
    const versionHead = (title: string, className: string) => (title ? [el('h2', { className }, title)] : []);
    this.element = el('div', { className: 'print-handout' },
      el('div', { className: 'handout-head' },
        el('p', { className: 'lesson-label' }, heading.label),
        el('h2', {}, heading.title),
        el('p', { className: 'intro' }, forPaper(withoutLessonLinks(heading.intro))),
        session.weightsSource ? el('p', { className: 'handout-weights' }, session.weightsSource) : '',
        el('p', { className: 'handout-note' }, t('handout-note')),
        parts[0].withheld ? el('p', { className: 'handout-note' }, t('handout-questions-note')) : ''),
      ...parts.flatMap((part) => [...versionHead(part.title, 'handout-version'), ...part.questions.map((s) => s.section)]),
      key.length > 0
        ? el('section', { className: 'handout-key' },
          el('h2', {}, t('handout-key-heading')),
          el('p', { className: 'handout-note' }, t('handout-key-note')),
          ...parts.flatMap((part) => [...versionHead(part.title, 'handout-key-version'), ...part.answers.map((s) => s.section)]))
        : '');
    this.formulas = Promise.all([...steps, ...key].map((s) => s.formula));
    this.builtFrom = session.steps;
    shell.append(this.element);
    shell.classList.add('has-handout');
  }

  private drop(): void {
    this.element?.closest('.attention-lab')?.classList.remove('has-handout');
    this.element?.remove();
    this.element = undefined;
    this.builtFrom = undefined;
  }

  private stepSection(step: Step, index: number, total: number): { section: HTMLElement; formula: Promise<void> } {
    const formula = el('div', { className: 'formula' });
    const typeset = renderFormula(formula, step.formula);
    const section = el('section', { className: 'handout-step' },
      el('p', { className: 'progress' }, t('step-progress', { number: String(index + 1), total: String(total) })),
      el('h3', {}, step.title),
      formula,
      el('p', { className: 'step-text' }, forPaper(withoutLessonLinks(step.text))),
      el('div', { className: 'panels' }, ...step.panels.map((panel) => this.panel(panel))));
    section.dataset.step = step.id;
    return { section, formula: typeset };
  }

  private panel(panel: Panel): HTMLElement {
    if (panel.type === 'exercise') return worksheetLine(panel);
    const { element } = panelView(withoutControls(panel, { editors: true, explain: true }), this.actions);
    for (const box of element.querySelectorAll<HTMLElement>('.matrix-box')) {
      const table = box.querySelector('table');
      const columns = table?.tBodies[0]?.rows[0]?.querySelectorAll('td:not(.row-sum)').length ?? 0;
      if (table && columns > COLUMNS_PER_BLOCK) box.replaceWith(...columnBlocks(table, columns));
    }
    return element;
  }
}

/**
 * An exercise on paper: its question and room for the answer (the page grades it on screen); the
 * keys to pick from or the passes to order, listed, with a box to tick or number each; the cells
 * to pick from, as the matrix with a box in each.
 */
function worksheetLine(panel: ExercisePanel): HTMLElement {
  const items = panel.choices?.map((choice) => el('li', {}, `☐ ${choice.label}`));
  return el('figure', { className: 'panel exercise-panel handout-exercise' },
    el('figcaption', {}, panel.caption),
    panel.grid ? worksheetGrid(panel.grid) : items ? el('ul', { className: 'handout-choices' }, ...items) : el('div', { className: 'answer-line' }));
}

/** A pick-the-cell question's matrix: its labels, its numbers unless hidden, a box in each cell that may be picked. */
function worksheetGrid(grid: PickGrid): HTMLElement {
  const header = (label: string, scope: 'row' | 'col') => Object.assign(el('th', {}, label), { scope });
  const decimals = sharedDecimals(grid.data?.flat() ?? []);
  const table = el('table', { className: 'matrix handout-grid' });
  const head = table.createTHead().insertRow();
  head.append(el('td'), ...grid.colLabels.map((label) => header(label, 'col')));
  const body = table.createTBody();
  grid.rowLabels.forEach((label, i) => {
    const tr = body.insertRow();
    tr.append(header(label, 'row'));
    grid.colLabels.forEach((_, j) => {
      const pickable = (grid.row === undefined || grid.row === i) && (grid.column === undefined || grid.column === j);
      const x = grid.data?.[i][j];
      tr.insertCell().textContent = [pickable ? '☐' : '', x === undefined ? '' : formatWithDecimals(x, decimals)].filter(Boolean).join(' ');
    });
  });
  return el('div', {}, el('p', {}, grid.caption), table);
}

/**
 * A wide matrix table as copies of itself, each with the row labels and an even share of the
 * columns, at most COLUMNS_PER_BLOCK (16 as 8 + 8, not 12 + 4; the row sums in the last): every
 * row has its label cell, then one cell per column, then an optional row sum.
 */
function columnBlocks(table: HTMLTableElement, columns: number): HTMLElement[] {
  const blocks: HTMLElement[] = [];
  const width = Math.ceil(columns / Math.ceil(columns / COLUMNS_PER_BLOCK));
  for (let start = 0; start < columns; start += width) {
    const end = Math.min(columns, start + width);
    const copy = table.cloneNode(true) as HTMLTableElement;
    for (const row of copy.rows) {
      [...row.cells].forEach((cell, k) => {
        const column = k - 1;
        const inBlock = column < 0 || (column >= start && column < end) || (column >= columns && end === columns);
        if (!inBlock) cell.remove();
      });
    }
    blocks.push(el('div', { className: 'handout-columns' },
      el('p', { className: 'handout-columns-label' }, t('handout-columns', { first: formatNumber(start + 1), last: formatNumber(end), count: formatNumber(columns) })),
      copy));
  }
  return blocks;
}
