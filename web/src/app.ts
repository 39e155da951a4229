// The page: wires the session (the model, which asks the engine) to its views, the address bar
// (browser/url-sync.ts), the host's progress events (session/progress-reporter.ts), the notices
// (views/notice-board.ts), the views of their own some kinds are drawn by (views/own-view-host.ts)
// and trained layers (views/trained-weights-host.ts). It computes and draws nothing itself.
import type { AttentionLab } from '../lib/index.js';
import { NOT_EMBEDDED, type EmbedOptions } from './state/embed-options.js';
import { DEFAULT_WALKTHROUGH, findWalkthrough } from './model/walkthroughs.js';
import type { TrainedLayer } from './model/trained-layer.js';
import type { ProgressEvent } from './session/events.js';
import type { Attempt } from './session/answer-record.js';
import { ProgressStore } from './session/progress-store.js';
import { openEditorOnDemand } from './views/editor-on-demand.js';
import { Session } from './session/session.js';
import type { TrainingPortFactory } from './session/training/protocol.js';
import type { SessionOptions } from './session/session-options.js';
import { CostMeasurements } from './session/cost/measurements.js';
import type { CostPortFactory } from './session/cost/protocol.js';
import type { PageState } from './state/url-state.js';
import { showEmbedOptions } from './views/shell.js';
import { ViewContext } from './views/view-context.js';
import { openEmbedDialogOnDemand } from './views/embed-dialog-on-demand.js';
import type { CustomSnippet } from './views/embed-view.js';
import { LessonMenuView } from './views/lesson-menu-view.js';
import { NoticeBoard } from './views/notice-board.js';
import { PipelineMapView } from './views/pipeline-map-view.js';
import { PlayerBar } from './views/player-bar.js';
import { ProgressView } from './views/progress-view.js';
import { reportProgress } from './session/progress-reporter.js';
import { StepView } from './views/step-view.js';
import { OwnViewHost } from './views/own-view-host.js';
import { loadOwnView } from './views/own-views.js';
import { TrainedWeightsHost } from './views/trained-weights-host.js';
import { browserStorage } from './browser/storage.js';
import { UrlSync } from './browser/url-sync.js';
import { loadKindWithWidgets } from './browser/lesson-code.js';
import { WalkthroughView } from './views/walkthrough-view.js';

export interface AppOptions {
  /** Where the shell (views/shell.ts) was built: the document, or a web component's shadow root. */
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
  embedSnippet?: CustomSnippet;
  /**
   * Where training runs (the lesson "Watch attention learn", a link's trained layer): the served
   * page passes a Web Worker (browser/training-worker-port.ts); without one it trains on the
   * page's thread, in chunks.
   */
  trainingPort?: TrainingPortFactory;
  /**
   * Where the lesson "What attention costs" measures: the served page passes a Web Worker
   * (browser/cost-worker-port.ts); without one it measures on the page's thread, between frames.
   */
  costPort?: CostPortFactory;
  /**
   * The full engine, when `lab` is the lite one (the served page lands on it): the lessons
   * whose code needs more (the backward pass, efficient attention) wait for this.
   */
  fullEngine?: () => Promise<AttentionLab>;
  /**
   * A walkthrough's answers as an LMS keeps them for this attempt of its course (a SCORM
   * resume): they stand for what this browser kept of that walkthrough.
   */
  resumed?: { walkthrough: string; attempts: readonly Attempt[] };
  /**
   * Where the lessons that read the language model get it (an offline file: from its own bytes),
   * instead of fetching the model the project ships (session/language-model-source.ts).
   */
  languageModel?: SessionOptions['languageModel'];
  /**
   * The LMS's learner id (a SCORM package's `cmi.core.student_id` / `cmi.learner_id`): a
   * walkthrough that draws numbers per learner draws them for it, before any `seed` the link or
   * the component gives.
   */
  learner?: string;
}

const START: PageState = { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' };

export class App {
  private readonly session: Session;
  private readonly context: ViewContext;
  private readonly url: UrlSync;
  private readonly menu: LessonMenuView;
  private readonly board: NoticeBoard;

  constructor(lab: AttentionLab, private readonly options: AppOptions) {
    const embed = options.embed ?? NOT_EMBEDDED;
    const store = new ProgressStore(browserStorage());
    if (options.resumed) store.replace(options.resumed.walkthrough, embed.exam, options.resumed.attempts);
    this.session = new Session(lab, { find: findWalkthrough, fallback: DEFAULT_WALKTHROUGH }, loadKindWithWidgets, {
      exam: embed.exam,
      answers: store,
      fullEngine: options.fullEngine,
      loadView: loadOwnView,
      ...(options.languageModel ? { languageModel: options.languageModel } : {}),
      learner: options.learner ?? embed.seed,
    });
    this.context = new ViewContext(options.root, this.session, embed);
    this.url = new UrlSync(this.session, embed, options.urlState);
    const costs = new CostMeasurements(lab, options.costPort).cancelOnOpening(this.session);
    this.board = new NoticeBoard(this.context);
    const trained = new TrainedWeightsHost(lab, this.context, this.url, this.board, options.trainingPort);
    new OwnViewHost(this.context, { lab, trainingPort: options.trainingPort, notify: (m) => this.notify(m), announce: (m) => this.board.announce(m),
      openTrained: (id, layer) => void this.navigate(id, layer) });
    reportProgress(this.session, options.onProgress);
    const player = new PlayerBar(this.context, () => void openEmbedDialogOnDemand(this.context, this.url, options.embedSnippet, (m) => this.notify(m)));
    new WalkthroughView(this.context, () => player.element(), (id) => void this.navigate(id), (choice) => trained.chooseWeights(choice));
    new StepView(this.context, costs);
    new PipelineMapView(this.context, (id) => void this.navigate(id));
    const progress = new ProgressView(this.context, store, (id) => void this.navigate(id));
    this.menu = new LessonMenuView(this.context, (id) => this.navigate(id), (hash) => this.url.setHash(hash), (m) => this.board.announce(m),
      // The editor writes its draft into the address bar: the page only.
      options.urlState ? () => void openEditorOnDemand({
        context: this.context, renderMenu: () => this.menu.render(), setHash: (hash) => this.url.setHash(hash),
        link: () => this.url.linkSearch(undefined, this.context.embed, window.location.hash), pageBase: () => this.url.pageBase(),
        announce: (m) => this.board.announce(m),
      }, (m) => this.notify(m)) : undefined);
    this.menu.afterRender = () => progress.markMenu();
  }

  async start(): Promise<void> {
    showEmbedOptions(this.context.byId('main'), this.context.embed);
    for (const notice of this.options.notices ?? []) this.notify(notice);
    if (this.options.urlState) {
      let opened: string | undefined;
      for (const parsed of await this.url.instructorWalkthroughs()) opened = this.menu.accept(parsed) ?? opened;
      this.menu.render();
      await this.url.load(opened);
    } else {
      this.menu.render();
      if (!(await this.session.open(this.options.initial ?? START))) await this.session.openOrFallBack(START);
    }
  }

  /** The current walkthrough, step and edited inputs (what a link or an embed reproduces). */
  get pageState(): PageState {
    return this.session.state ?? START;
  }

  /** How many exercises the open walkthrough has (a SCORM attempt with none is over once every step is seen). */
  get exerciseCount(): number {
    return this.session.walkthrough?.exercises?.length ?? 0;
  }

  /** Opens a walkthrough and step from outside (the web component's attributes). */
  show(state: PageState): void {
    void this.session.openOrFallBack(state);
  }

  /** Every answer to the open walkthrough's exercises, in every visit (what a SCORM resume keeps). */
  get attempts(): readonly Attempt[] {
    return this.session.attempts;
  }

  /** Puts back answers kept by the first version of a SCORM resume record (graded again, then kept). */
  restoreAnswers(saved: Parameters<Session['restoreAnswers']>[0]): void {
    this.session.restoreAnswers(saved);
  }

  notify(message: string, about?: 'inputs'): void {
    this.board.notify(message, about);
  }

  /** Opens another walkthrough at its first step (on a trained layer, when given), as a new entry of the history (not in a frame). */
  private async navigate(walkthrough: string, trained?: TrainedLayer): Promise<void> {
    if (!(await this.session.open({ walkthrough, step: 'inputs' }, trained))) return;
    // In a frame, a new history entry would make the course page's Back button step the frame.
    this.url.write(this.context.embed.embedded);
    this.context.root.getElementById('walkthrough-title')?.focus();
  }
}
