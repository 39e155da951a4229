// The page: lesson menu, walkthrough, step view, controls. It wires the model (walkthroughs,
// steps built from engine traces), the widgets and the URL state; it computes nothing itself.
import { AttentionError, type AttentionLab } from '../lib/index.js';
import type { AttentionInputs, MatrixPanel, Panel, ParameterField, Step, Walkthrough } from './model/types.js';
import { addCustomWalkthrough, customWalkthroughs, DEFAULT_WALKTHROUGH, findWalkthrough, LESSONS } from './model/walkthroughs.js';
import { hashFor, walkthroughFromFile, walkthroughFromHash, walkthroughFromSrc } from './authoring/load-walkthrough.js';
import type { ParsedWalkthrough } from './model/validate-walkthrough.js';
import { buildSteps } from './steps/builders.js';
import { changeInputs } from './steps/input-changes.js';
import { readLink, writeLink, type PageState } from './state/url-state.js';
import { explainCell } from './widgets/explain.js';
import { renderFormula } from './widgets/formula.js';
import { chartView } from './widgets/chart.js';
import { heatmapView } from './widgets/heatmap.js';
import { matrixView } from './widgets/matrix-view.js';
import type { PanelView, RelatedCells } from './widgets/panel-view.js';
import { parametersView, readField } from './widgets/parameters.js';
import { tokenAttentionView } from './widgets/token-attention.js';
import { Player } from './widgets/player.js';
import { el, setText } from './widgets/dom.js';
import { icon, playLabel } from './widgets/icons.js';
import { embedDialog } from './widgets/embed-dialog.js';
import { exportMenu } from './widgets/export-menu.js';
import { noticeElement } from './widgets/notice.js';
import { lessonMenu } from './widgets/lesson-menu.js';
import { embedParams, NOT_EMBEDDED, type EmbedOptions, type Part } from './embed/options.js';

type Inputs = Walkthrough['inputs'];

/** Parses what a learner typed into a number; returns an error sentence instead when it is not one. */
function parseCell(text: string): number | string {
  const cleaned = text.trim().replace(/^[−–]/, '-');
  if (cleaned === '') return 'Type a number, e.g. 0.5 or -2.';
  const value = Number(cleaned);
  if (!Number.isFinite(value)) return `“${text.trim().slice(0, 20)}” is not a finite number; type one like 0.5 or -2.`;
  return value;
}

/** What the page tells its host (the iframe protocol, the SCORM wrapper, the web component). */
export type ProgressEvent =
  | { type: 'step'; lesson?: string; walkthrough: string; step: string; index: number; total: number }
  | { type: 'completed'; lesson?: string; walkthrough: string; total: number };

export interface AppOptions {
  /** Where the shell (shell.ts) was built: the document, or a web component's shadow root. */
  root: Document | ShadowRoot;
  /**
   * Keep the state in the address bar and follow back/forward (the page), or not (a component
   * inside someone else's page, which starts from `initial`).
   */
  urlState: boolean;
  initial?: PageState;
  embed?: EmbedOptions;
  /** Notices to show once the page is up (e.g. about bad embed parameters). */
  notices?: string[];
  onProgress?: (event: ProgressEvent) => void;
  /**
   * The Embed dialog's snippet for a state, when it is not an iframe of this page (the web
   * component, whose page is someone else's, writes its own tag).
   */
  embedSnippet?: { snippet: (state: PageState, embed: EmbedOptions) => string; intro: string };
}

export class App {
  private state: PageState = { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' };
  private walkthrough!: Walkthrough;
  private inputs!: Inputs;
  private steps: Step[] = [];
  /** The formula on screen, so an edit that keeps the step does not typeset it again. */
  private shownFormula: string | undefined;
  /** The step on screen and its panels' views, so an edit that keeps the step updates them in place. */
  private shownStep: string | undefined;
  private views: PanelView[] = [];
  private readonly player: Player;
  private readonly main: HTMLElement;
  private readonly notices: HTMLElement;
  private readonly announcer: HTMLElement;
  private readonly root: Document | ShadowRoot;
  /** The instructor's walkthrough address (?src=), kept in every link written. */
  private src: string | undefined;
  /** A replacement of the address is waiting for the next frame (see pushUrl). */
  private urlPending = false;
  private readonly embed: EmbedOptions;
  /** Steps of the current walkthrough seen so far, for the "completed" event. */
  private visited = new Set<string>();
  private completed = false;

  constructor(private readonly lab: AttentionLab, private readonly options: AppOptions) {
    this.root = options.root;
    this.embed = options.embed ?? NOT_EMBEDDED;
    this.main = this.byId('main');
    this.notices = this.byId('notices');
    this.announcer = this.byId('announcer');
    this.player = new Player(1, 0, (step) => this.showStep(step, true));
  }

  private byId<T extends HTMLElement = HTMLElement>(id: string): T {
    return this.root.getElementById(id) as T;
  }

  private hidden(part: Part): boolean {
    return this.embed.hide.has(part);
  }

  async start(): Promise<void> {
    const shell = this.main.closest<HTMLElement>('.attention-lab');
    shell?.classList.toggle('embedded', this.embed.embedded);
    for (const part of this.embed.hide) shell?.classList.add(`hide-${part}`);
    for (const notice of this.options.notices ?? []) this.notify(notice);
    if (this.options.urlState) {
      const opened = await this.loadInstructorWalkthroughs();
      this.renderLessonMenu();
      this.loadFromUrl(opened);
      window.addEventListener('popstate', () => this.loadFromUrl());
      window.addEventListener('pagehide', () => {
        if (this.urlPending) this.writeUrl(true);
      });
    } else {
      this.renderLessonMenu();
      if (!this.open(this.options.initial ?? { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' })) {
        this.open({ walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' });
      }
    }
    this.root.addEventListener('keydown', (event) => this.onKey(event as KeyboardEvent));
  }

  /**
   * Loads the instructor's walkthrough named by the link (?src=…) or carried in its hash, if
   * any; returns its id, or undefined (with a notice naming the field when it was refused).
   */
  private async loadInstructorWalkthroughs(): Promise<string | undefined> {
    const { src } = readLink(window.location);
    let id: string | undefined;
    if (src !== undefined) {
      this.src = src;
      id = this.acceptWalkthrough(await walkthroughFromSrc(src, window.location.href)) ?? id;
    }
    const fromHash = walkthroughFromHash(window.location.hash);
    if (fromHash) id = this.acceptWalkthrough(fromHash) ?? id;
    return id;
  }

  private acceptWalkthrough(parsed: ParsedWalkthrough): string | undefined {
    if ('error' in parsed) {
      this.notify(parsed.error);
      return undefined;
    }
    addCustomWalkthrough(parsed.walkthrough);
    return parsed.walkthrough.id;
  }

  private async openFile(file: File): Promise<void> {
    const id = this.acceptWalkthrough(await walkthroughFromFile(file));
    if (!id) return;
    this.renderLessonMenu();
    this.navigate({ walkthrough: id, step: 'inputs' });
    // The link now carries the file in its hash, so it can be shared or reloaded.
    if (this.options.urlState) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${hashFor(findWalkthrough(id) as Walkthrough)}`);
    this.announce(`Opened your walkthrough “${findWalkthrough(id)?.title}”.`);
  }

  /** The current walkthrough, step and edited inputs (what a link or an embed reproduces). */
  get pageState(): PageState {
    return this.state;
  }

  /** Opens a walkthrough and step from outside (the web component's attributes). */
  show(state: PageState): void {
    if (!this.open(state)) this.open({ walkthrough: state.walkthrough, step: state.step });
  }

  // ---- state ----------------------------------------------------------------------------

  /** Opens what the link says; `fallback` is the walkthrough to show when it names none. */
  private loadFromUrl(fallback?: string): void {
    const { state, notices, named, anchor } = readLink(window.location, { quietAboutUnknown: this.embed.embedded });
    // Following an in-page anchor (the skip link's #step) changes the hash, not the state: the
    // inputs, which the anchor took out of the hash, stay and are written back.
    if (anchor && state.walkthrough === this.state.walkthrough && state.step === this.state.step && this.shownStep !== undefined) {
      this.pushUrl(true);
      return;
    }
    if (fallback && !named) state.walkthrough = fallback;
    for (const notice of notices) this.notify(notice);
    if (!this.open(state)) {
      // The link's inputs were refused by the engine: fall back to the walkthrough's own.
      this.open({ walkthrough: state.walkthrough, step: state.step });
    }
  }

  /** Shows a state; false (with a notice) if the engine refuses its inputs. */
  private open(state: PageState): boolean {
    const walkthrough = findWalkthrough(state.walkthrough) ?? (findWalkthrough(DEFAULT_WALKTHROUGH) as Walkthrough);
    const inputs = state.inputs ?? walkthrough.inputs;
    const steps = this.tryBuild(walkthrough, inputs);
    if (!steps) return false;
    this.inputs = inputs;
    this.steps = steps;
    let index = steps.findIndex((s) => s.id === state.step);
    if (index < 0) {
      if (state.step !== 'inputs') this.notify(`This walkthrough has no step “${state.step}”, so it starts at the first step.`);
      index = 0;
    }
    // Back/forward within one walkthrough (e.g. another seed) keeps the page and updates the numbers.
    const sameWalkthrough = this.walkthrough?.id === walkthrough.id && this.shownStep !== undefined;
    this.walkthrough = walkthrough;
    this.state = { walkthrough: walkthrough.id, step: steps[index].id, inputs: state.inputs };
    this.player.pause();
    this.player.reset(steps.length, index);
    if (sameWalkthrough) this.renderStepList();
    else {
      this.visited = new Set();
      this.completed = false;
      this.renderWalkthrough();
    }
    this.showStep(index, false, true);
    return true;
  }

  private tryBuild(walkthrough: Walkthrough, inputs: Inputs): Step[] | undefined {
    try {
      return buildSteps(this.lab, walkthrough, inputs);
    } catch (error) {
      if (error instanceof AttentionError) {
        this.notify(`The engine refused these inputs: ${error.message}`);
        return undefined;
      }
      throw error;
    }
  }

  /** Applies edited inputs if the engine accepts them; returns the refusal otherwise. */
  private applyInputs(inputs: Inputs): string | undefined {
    const steps = this.tryBuild(this.walkthrough, inputs);
    if (!steps) return 'The engine refused this value (see the notice above).';
    const stepId = this.steps[this.player.step]?.id ?? 'inputs';
    this.inputs = inputs;
    this.steps = steps;
    const index = Math.max(0, steps.findIndex((s) => s.id === stepId));
    this.state = { ...this.state, inputs, step: steps[index].id };
    this.player.reset(steps.length, index);
    this.renderStepList();
    this.showStep(index, false, true);
    return undefined;
  }

  /**
   * The link of a state ("?…#…"), with the embed options it was opened with; `hash`: the current
   * hash, whose entries the state does not own (an instructor's walkthrough) are kept.
   */
  linkSearch(state: PageState = this.state, embed: EmbedOptions = this.embed, hash = ''): string {
    const params = embedParams(embed);
    if (this.src !== undefined) params.push(['src', this.src]);
    return writeLink(state, { params, hash });
  }

  /**
   * Writes the state into the address bar. A new entry (another walkthrough) is written at once;
   * a replacement (a step, an edit) once the frame showing it has been painted and the page is
   * idle, so the edit's own frame does not wait for it (~1 ms, ~25 ms for 32×64 inputs, which are
   * compressed) and a burst of edits writes once. Without requestIdleCallback (Safari), in the
   * first task after the frame.
   */
  private pushUrl(replace: boolean): void {
    if (!this.options.urlState) return;
    if (!replace) {
      this.writeUrl(false);
      return;
    }
    if (this.urlPending) return;
    this.urlPending = true;
    const write = () => this.writeUrl(true);
    requestAnimationFrame(() => ('requestIdleCallback' in window ? requestIdleCallback(write, { timeout: 500 }) : setTimeout(write, 0)));
  }

  private writeUrl(replace: boolean): void {
    this.urlPending = false;
    const url = `${window.location.pathname}${this.linkSearch(this.state, this.embed, window.location.hash)}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    try {
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    } catch {
      // An iframe's srcdoc (about:srcdoc) may not change its address: the page goes on without it.
    }
  }

  // ---- notices and announcements --------------------------------------------------------

  notify(message: string): void {
    this.notices.append(noticeElement(message));
  }

  private announce(message: string): void {
    this.announcer.textContent = message;
  }

  // ---- rendering ------------------------------------------------------------------------

  private renderLessonMenu(): void {
    this.byId('lessons').replaceChildren(...lessonMenu({
      lessons: LESSONS,
      custom: customWalkthroughs(),
      onOpen: (walkthrough) => this.navigate({ walkthrough, step: 'inputs' }),
      onFile: (file) => void this.openFile(file),
    }));
  }

  private navigate(state: PageState): void {
    if (this.open(state)) {
      // In a frame, a new history entry would make the course page's Back button step the frame.
      this.pushUrl(this.embed.embedded);
      this.root.getElementById('walkthrough-title')?.focus();
    }
  }

  private renderWalkthrough(): void {
    this.shownFormula = undefined;
    this.shownStep = undefined;
    const shipped = LESSONS.some((l) => l.walkthroughs.includes(this.walkthrough));
    for (const link of this.root.querySelectorAll<HTMLAnchorElement>('.lesson-link')) {
      const current = shipped ? link.dataset.lesson === this.walkthrough.lesson : link.dataset.walkthrough === this.walkthrough.id;
      if (current) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
    }
    const lesson = LESSONS.find((l) => l.id === this.walkthrough.lesson);
    const siblings = shipped ? lesson?.walkthroughs ?? [] : [];
    const tabs = siblings.length > 1
      ? el('ul', { className: 'walkthrough-tabs', ariaLabel: 'Walkthroughs in this lesson' },
        ...siblings.map((w) => {
          const link = el('a', { href: writeLink({ walkthrough: w.id, step: 'inputs' }) || '?' }, w.title);
          if (w.id === this.walkthrough.id) link.setAttribute('aria-current', 'true');
          link.addEventListener('click', (event) => {
            event.preventDefault();
            this.navigate({ walkthrough: w.id, step: 'inputs' });
          });
          return el('li', {}, link);
        }))
      : '';

    const controls = el('div', { className: 'player', role: 'toolbar', ariaLabel: 'Step controls' },
      this.button('first', icon('first'), 'First step', () => this.player.first()),
      this.button('previous', icon('previous'), 'Previous step', () => this.player.previous()),
      ...(this.hidden('play') ? [] : [this.button('play', playLabel(false), 'Play the steps', () => this.togglePlay())]),
      this.button('next', icon('next'), 'Next step', () => this.player.next()),
      this.button('last', icon('last'), 'Last step', () => this.player.last()),
      ...(this.hidden('play') ? [] : [this.speedControl()]),
      ...(this.hidden('reset') || this.hidden('editors') ? [] : [this.button('reset', 'Reset inputs', 'Reset the inputs to the walkthrough’s own', () => this.resetInputs())]),
      // A page opened from a file has no address a course page could embed.
      ...(this.hidden('embed') || window.location.protocol === 'file:' ? [] : [this.button('embed', 'Embed', 'Embed this step in a course page', () => this.openEmbedDialog())]),
    );

    this.main.replaceChildren(
      el('section', { className: 'walkthrough-head' },
        el('p', { className: 'lesson-label' }, lesson && LESSONS.some((l) => l.walkthroughs.includes(this.walkthrough)) ? `Lesson ${lesson.number} · ${lesson.title}` : 'Your own walkthrough'),
        el('h2', { id: 'walkthrough-title', tabIndex: -1 }, this.walkthrough.title),
        el('p', { className: 'intro' }, this.walkthrough.intro),
        tabs),
      el('div', { className: 'layout' },
        el('aside', { className: 'step-nav' },
          el('h3', { id: 'steps-heading' }, 'Steps'),
          el('ol', { id: 'step-list', ariaLabelledBy: 'steps-heading' })),
        el('article', { id: 'step', className: 'step', tabIndex: -1, ariaLabelledBy: 'step-title' },
          el('p', { id: 'progress', className: 'progress' }),
          el('h3', { id: 'step-title' }),
          el('div', { id: 'formula', className: 'formula' }),
          el('p', { id: 'step-text', className: 'step-text' }),
          el('div', { id: 'panels', className: 'panels' }),
          el('section', { id: 'explain', className: 'explain', ariaLive: 'polite', hidden: true }),
          el('div', { id: 'export' }))),
      controls,
      el('p', { id: 'edit-help', className: 'visually-hidden' },
        'Arrow keys move between numbers. Enter edits an input number or explains a computed one.'),
    );
    this.renderStepList();
  }

  private openEmbedDialog(): void {
    const dialog = embedDialog({
      title: this.walkthrough.title,
      hidden: this.embed.hide,
      custom: this.options.embedSnippet && {
        snippet: (embed) => this.options.embedSnippet?.snippet(this.state, embed) ?? '',
        intro: this.options.embedSnippet.intro,
      },
      pageUrl: (embed) => new URL(this.linkSearch(this.state, embed) || '?', this.pageBase()).href,
      onClose: () => this.root.querySelector<HTMLElement>('.control-embed')?.focus(),
    });
    this.main.append(dialog);
    dialog.showModal();
  }

  /** The address of the page itself (for embed snippets), whether or not this is the page. */
  private pageBase(): string {
    return new URL(window.location.pathname, window.location.href).href;
  }

  private button(name: string, label: string | Node, description: string, action: () => void): HTMLButtonElement {
    const button = el('button', { type: 'button', className: `control-${name}`, title: description, ariaLabel: description }, label);
    button.addEventListener('click', action);
    return button;
  }

  private speedControl(): HTMLElement {
    const select = el('select', { id: 'speed' },
      ...[['4000', 'slow'], ['2500', 'normal'], ['1200', 'fast']].map(([value, label]) =>
        el('option', { value, selected: Number(value) === this.player.interval }, label)));
    select.addEventListener('change', () => {
      this.player.interval = Number(select.value);
      if (this.player.playing) {
        this.player.pause();
        this.togglePlay();
      }
    });
    return el('label', { className: 'speed' }, 'Speed ', select);
  }

  private renderStepList(): void {
    const list = this.byId<HTMLOListElement>('step-list');
    const titles = [...list.querySelectorAll('button')].map((b) => `${b.dataset.step}:${b.textContent}`);
    if (titles.join('\n') === this.steps.map((s) => `${s.id}:${s.title}`).join('\n')) return;
    list.replaceChildren(...this.steps.map((step, index) => {
      const button = el('button', { type: 'button' }, step.title);
      button.dataset.step = step.id;
      button.addEventListener('click', () => this.player.go(index));
      return el('li', {}, button);
    }));
  }

  /** Shows step `index`; `inPlace`: the inputs changed, so the panels on screen may be updated rather than rebuilt. */
  private showStep(index: number, announce: boolean, inPlace = false): void {
    const step = this.steps[index];
    this.state = { ...this.state, step: step.id };
    this.pushUrl(true);
    const total = this.steps.length;
    setText(this.byId('progress'), `Step ${index + 1} of ${total}`);
    setText(this.byId('step-title'), step.title);
    const formula = this.byId('formula');
    if (step.formula !== this.shownFormula || formula.childElementCount === 0) {
      renderFormula(formula, step.formula);
      this.shownFormula = step.formula;
    }
    setText(this.byId('step-text'), step.text);
    const kept = this.renderPanels(step, inPlace && step.id === this.shownStep);
    this.shownStep = step.id;
    // The menu reads the step on screen when asked, so an edit that keeps the panels keeps the menu.
    if (!this.hidden('export') && !kept) {
      this.byId('export').replaceChildren(exportMenu(() => ({ walkthrough: this.walkthrough, inputs: this.inputs, step: this.steps[this.player.step], steps: this.steps, lab: this.lab })));
    }
    const explain = this.byId('explain');
    explain.hidden = true;
    explain.replaceChildren();

    for (const [i, item] of [...this.byId('step-list').children].entries()) {
      const button = item.querySelector('button');
      if (i === index) button?.setAttribute('aria-current', 'step');
      else button?.removeAttribute('aria-current');
    }
    const set = (name: string, disabled: boolean) => {
      const button = this.root.querySelector<HTMLButtonElement>(`.control-${name}`);
      if (button) button.disabled = disabled;
    };
    set('first', index === 0);
    set('previous', index === 0);
    set('next', index === total - 1);
    set('last', index === total - 1);
    if (announce) this.announce(`Step ${index + 1} of ${total}: ${step.title}`);
    this.reportProgress(index);
  }

  private reportProgress(index: number): void {
    const walkthrough = this.walkthrough.id;
    const lesson = this.walkthrough.lesson;
    const total = this.steps.length;
    this.options.onProgress?.({ type: 'step', lesson, walkthrough, step: this.steps[index].id, index, total });
    this.visited.add(this.steps[index].id);
    if (!this.completed && this.steps.every((s) => this.visited.has(s.id))) {
      this.completed = true;
      this.options.onProgress?.({ type: 'completed', lesson, walkthrough, total });
    }
  }

  /**
   * Puts a step's panels on screen. After an edit that kept the step, each view updates its own
   * elements when it can (same shapes), so only changed numbers and colours are touched and the
   * focus stays where the learner is; views that cannot are replaced one by one.
   */
  /** Returns whether the panels on screen were kept (updated in place), rather than rebuilt. */
  private renderPanels(step: Step, inPlace: boolean): boolean {
    const panels = this.byId('panels');
    const sameNames = step.panels.map((p) => p.name).join('\n') === this.views.map((v) => v.element.dataset.panel).join('\n');
    if (inPlace && sameNames) {
      step.panels.forEach((panel, k) => {
        if (this.views[k].update?.(panel)) return;
        const fresh = this.renderPanel(panel);
        const focusedHere = this.views[k].element.contains(this.root.activeElement);
        this.views[k].element.replaceWith(fresh.element);
        this.views[k] = fresh;
        if (focusedHere) fresh.element.querySelector<HTMLElement>('[tabindex="0"], input, select')?.focus({ preventScroll: true });
      });
      return true;
    }
    this.views = step.panels.map((panel) => this.renderPanel(panel));
    panels.replaceChildren(...this.views.map((view) => view.element));
    return false;
  }

  private renderPanel(shown: Panel): PanelView {
    // Hidden editors: parameters become a read-only list of values and cells are not editable.
    let panel = shown;
    if (this.hidden('editors') && panel.type === 'parameters') {
      panel = { type: 'facts', name: panel.name, caption: panel.caption, facts: panel.fields.map((f) => [f.label, String(f.value)]) };
    }
    if (panel.type === 'matrix' && ((this.hidden('editors') && panel.editable) || (this.hidden('explain') && panel.explain))) {
      panel = { ...panel, editable: this.hidden('editors') ? undefined : panel.editable, explain: this.hidden('explain') ? undefined : panel.explain };
    }
    if (panel.type === 'chart') return { element: chartView(panel) };
    if (panel.type === 'tokens') return { element: tokenAttentionView(panel) };
    if (panel.type === 'heatmap') return heatmapView(panel);
    if (panel.type === 'parameters') return parametersView(panel, (field, text) => this.changeParameter(field, text));
    if (panel.type === 'facts') {
      const figure = el('figure', { className: 'facts-panel' },
        el('figcaption', {}, panel.caption),
        el('dl', {}, ...panel.facts.flatMap(([label, value]) => [el('dt', {}, label), el('dd', {}, value)])));
      figure.dataset.panel = panel.name;
      return { element: figure };
    }
    return matrixView(panel, {
      onSelect: (p, row, column) => this.explain(p, row, column),
      onEdit: (p, row, column, text) => this.editCell(p, row, column, text),
      onToggle: (p, row, column) => this.toggleMask(p, row, column),
    });
  }

  private explain(panel: MatrixPanel, row: number, column: number): void {
    if (!panel.explain) return;
    const explanation = explainCell(this.lab, panel.explain, panel, row, column);
    const section = this.byId('explain');
    section.hidden = false;
    section.replaceChildren(
      el('h4', {}, `Explain this number: ${panel.caption.split(' (')[0]}, row ${panel.rowLabels?.[row] ?? row}, column ${panel.colLabels?.[column] ?? column}`),
      ...explanation.lines.map((line) => el('p', { className: 'arithmetic' }, line)),
      el('p', { className: 'exact' }, `Exact value: ${explanation.exact}`),
    );
    // Below the matrices it can sit under the sticky player bar: bring it into view.
    section.scrollIntoView({ block: 'nearest' });
    const marks = new Map<string, RelatedCells[]>();
    for (const { panel: name, row: r, col: c } of explanation.related) marks.set(name, [...(marks.get(name) ?? []), { row: r, col: c }]);
    marks.set(panel.name, [{ row, col: column }]); // the selected number itself
    for (const view of this.views) view.markRelated?.(marks.get(view.element.dataset.panel ?? '') ?? []);
  }

  private editCell(panel: MatrixPanel, row: number, column: number, text: string): string | undefined {
    const parsed = parseCell(text);
    if (typeof parsed === 'string') {
      this.notify(parsed);
      return parsed;
    }
    if (this.walkthrough.kind !== 'attention' || !panel.editable) return undefined;
    const inputs = structuredClone(this.inputs) as AttentionInputs;
    const matrix = inputs[panel.editable] as number[][];
    if (matrix[row][column] === parsed) return undefined;
    matrix[row][column] = parsed;
    const refused = this.applyInputs(inputs);
    if (!refused) this.announce(`${panel.caption.split(' (')[0]} row ${row + 1}, column ${column + 1} is now ${parsed}; every step was recomputed.`);
    return refused;
  }

  private changeParameter(field: ParameterField, text: string): void {
    const parsed = readField(field, text);
    if ('error' in parsed) {
      this.notify(parsed.error);
      this.showStep(this.player.step, false); // puts the previous value back in the control
      return;
    }
    let inputs: Inputs;
    try {
      inputs = changeInputs(this.lab, this.walkthrough, structuredClone(this.inputs), field.name, parsed.value);
    } catch (error) {
      if (!(error instanceof AttentionError)) throw error;
      this.notify(`The engine refused this value: ${error.message}`);
      this.showStep(this.player.step, false);
      return;
    }
    if (this.applyInputs(inputs)) this.showStep(this.player.step, false);
    else this.announce(`${field.label} is now ${Array.isArray(parsed.value) ? parsed.value.join(' ') : parsed.value}; every step was recomputed.`);
  }

  private toggleMask(_panel: MatrixPanel, row: number, column: number): void {
    const inputs = structuredClone(this.inputs) as AttentionInputs;
    if (!Array.isArray(inputs.mask)) return;
    const mask = inputs.mask as number[][];
    mask[row][column] = mask[row][column] ? 0 : 1;
    if (!this.applyInputs(inputs)) this.announce(`Mask row ${row + 1}, column ${column + 1} is now ${mask[row][column]}.`);
  }

  private resetInputs(): void {
    this.applyInputs(structuredClone(this.walkthrough.inputs));
    this.state = { ...this.state, inputs: undefined };
    this.pushUrl(true);
    this.announce('The inputs are back to the walkthrough’s own.');
  }

  private togglePlay(): void {
    const button = this.root.querySelector<HTMLButtonElement>('.control-play');
    const setLabel = (playing: boolean) => {
      if (!button) return;
      button.replaceChildren(playLabel(playing));
      button.setAttribute('aria-label', playing ? 'Pause' : 'Play the steps');
    };
    if (this.player.playing) {
      this.player.pause();
      setLabel(false);
    } else {
      this.player.play(() => setLabel(false));
      setLabel(true);
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement | null;
    if (target?.closest('input, select, textarea, button, a, [role="grid"], [role="application"]')) return;
    const actions: Record<string, () => void> = {
      ArrowRight: () => this.player.next(),
      ArrowLeft: () => this.player.previous(),
      Home: () => this.player.first(),
      End: () => this.player.last(),
      ' ': () => this.togglePlay(),
    };
    const action = actions[event.key];
    if (action) {
      event.preventDefault();
      action();
    }
  }
}
