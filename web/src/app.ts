// The page: wires the session (the model, which asks the engine) to its views, the address bar
// (views/url-sync.ts) and the host's progress events (views/progress-reporter.ts). It computes
// and draws nothing itself.
import type { AttentionLab } from '../lib/index.js';
import { NOT_EMBEDDED, type EmbedOptions } from './embed/options.js';
import { DEFAULT_WALKTHROUGH, findWalkthrough, LESSONS } from './model/walkthroughs.js';
import type { ProgressEvent } from './session/events.js';
import { Session } from './session/session.js';
import type { TrainingPortFactory } from './session/training/protocol.js';
import { CostMeasurements } from './session/cost/measurements.js';
import type { CostPortFactory } from './session/cost/protocol.js';
import { sameThreadCostPort } from './session/cost/same-thread.js';
import type { TrainingLink } from './state/training-link.js';
import { QUICK_TRAINING, type TrainedLayer, type TrainedSource } from './model/trained-layer.js';
import type { PageState } from './state/url-state.js';
import { noticeElement } from './widgets/notice.js';
import { ViewContext } from './views/context.js';
import { openEmbedDialog, type CustomSnippet } from './views/embed-view.js';
import { LessonMenuView, TRAINING_LESSON } from './views/lesson-menu-view.js';
import { PlayerBar } from './views/player-bar.js';
import { reportProgress } from './views/progress-reporter.js';
import { StepView } from './views/step-view.js';
import type { TrainLessonView } from './views/train-lesson-view.js';
import { UrlSync } from './views/url-sync.js';
import { loadKindWithWidgets } from './views/walkthrough-code.js';
import { WalkthroughView } from './views/walkthrough-view.js';

export type { ProgressEvent } from './session/events.js';

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
  embedSnippet?: CustomSnippet;
  /**
   * Where the lesson "Watch attention learn" trains: the served page passes a Web Worker
   * (entries/training-worker.ts); without one it trains on the page's thread, in chunks.
   */
  trainingPort?: TrainingPortFactory;
  /**
   * Where the lesson "What attention costs" measures: the served page passes a Web Worker
   * (entries/cost-worker.ts); without one it measures on the page's thread, between frames.
   */
  costPort?: CostPortFactory;
}

const TRAINING_TITLE = 'Watch attention learn';

const START: PageState = { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' };

export class App {
  private readonly session: Session;
  private readonly context: ViewContext;
  private readonly url: UrlSync;
  private readonly menu: LessonMenuView;
  private training: TrainLessonView | undefined;
  /** A retraining under way before a walkthrough opens on its weights (aborted if the learner goes elsewhere). */
  private retraining: AbortController | undefined;
  /** Set while the session opens what a retraining gave, so that opening does not abort it. */
  private openingRetrained = false;
  private readonly costs: CostMeasurements;

  constructor(private readonly lab: AttentionLab, private readonly options: AppOptions) {
    const embed = options.embed ?? NOT_EMBEDDED;
    this.session = new Session(lab, { find: findWalkthrough, fallback: DEFAULT_WALKTHROUGH }, loadKindWithWidgets);
    this.context = new ViewContext(options.root, this.session, embed);
    this.url = new UrlSync(this.session, embed, options.urlState);
    this.session.subscribe((event) => {
      // A walkthrough laid out in the training lesson's place (menu, back button) ends the run.
      if (event.type === 'opened' && this.training) this.closeTraining();
      if (event.type === 'opened' && !this.openingRetrained) this.stopRetraining();
      if (event.type === 'notice') this.notify(event.message, event.about);
      // A change the engine accepted makes earlier refusals of values stale. (Not an opening: a
      // link whose inputs were refused opens with the walkthrough's own, and says so.)
      if (event.type === 'recomputed') this.clearNotices('inputs');
      if (event.type === 'announce') this.announce(event.message);
      else if (event.type === 'step' && event.announce) {
        this.announce(`Step ${event.index + 1} of ${this.session.steps.length}: ${this.session.step?.title}`);
      }
    });
    reportProgress(this.session, options.onProgress);
    const player = new PlayerBar(this.context, () => openEmbedDialog(this.context, this.url, options.embedSnippet));
    new WalkthroughView(this.context, () => player.element(), (id) => void this.navigate(id), (choice) => this.chooseWeights(choice));
    const costs = new CostMeasurements(lab, options.costPort ?? sameThreadCostPort);
    this.costs = costs;
    new StepView(this.context, costs);
    // A measurement runs only while its lesson is open.
    this.session.subscribe((event) => {
      if (event.type === 'opened' && event.fresh) costs.cancelAll();
    });
    this.menu = new LessonMenuView(this.context, (id) => this.navigate(id), (hash) => this.url.setHash(hash), (m) => this.announce(m), {
      title: TRAINING_TITLE,
      open: () => void this.openTraining({ options: { task: 'reverse' }, steps: 0 }, true),
    });
    this.url.onTraining = (link) => this.openTraining(link, false);
    this.url.onTrained = (state) => this.openRetrained(state, false);
  }

  /**
   * The training code, loaded on demand (its own chunks, as each kind of walkthrough's: the landing
   * page needs none of it); undefined, with a notice, when it cannot be fetched.
   */
  private async lessonCode<T>(load: () => Promise<T>): Promise<T | undefined> {
    try {
      return await load();
    } catch (error) {
      this.notify(`The lesson’s code could not be loaded (${(error as Error).message}); check the connection and try again.`);
      return undefined;
    }
  }

  /**
   * Opens the lesson "Watch attention learn" in place of the walkthrough, at `link`'s options,
   * retrained to its step. `push`: a new history entry (from the menu), else the link's own.
   */
  private async openTraining(link: TrainingLink, push: boolean): Promise<void> {
    const modules = await this.lessonCode(() => Promise.all([
      import('./session/training/training-session.js'), import('./session/training/same-thread.js'), import('./views/train-lesson-view.js'),
    ]));
    if (!modules) return;
    const [{ TrainingSession }, { sameThreadPort }, { TrainLessonView }] = modules;
    this.closeTraining();
    this.costs.cancelAll();
    this.session.close();
    const session = new TrainingSession((this.options.trainingPort ?? sameThreadPort)(this.lab));
    const view = new TrainLessonView(session, {
      label: `Lesson ${LESSONS.length + 1} · ${TRAINING_TITLE}`,
      onLink: (next) => {
        this.url.training = next;
        this.url.write(true);
      },
      notify: (message) => this.notify(message),
      announce: (message) => this.announce(message),
      openWalkthrough: (walkthrough, trained) => void this.openTrained(walkthrough, trained),
    });
    this.stopRetraining();
    this.training = view;
    this.context.byId('main').replaceChildren(view.element);
    for (const a of this.context.root.querySelectorAll<HTMLAnchorElement>('.lesson-link')) {
      if (a.dataset.lesson === TRAINING_LESSON) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
    this.url.training = link;
    if (push) {
      this.url.write(false);
      this.context.root.getElementById('walkthrough-title')?.focus();
    }
    // Options of a link the engine refuses: the task's defaults, untrained (the notice says why).
    if (!(await session.configure(link.options, link.steps))) await session.configure({ task: link.options.task ?? 'reverse' });
  }

  /** Opens a walkthrough on a layer the training lesson hands over, as a new history entry. */
  private async openTrained(walkthrough: string, trained: TrainedLayer): Promise<void> {
    if (!(await this.session.open({ walkthrough, step: 'inputs' }, trained))) return;
    this.url.write(false);
    this.context.root.getElementById('walkthrough-title')?.focus();
  }

  /**
   * Retrains the run `state.weights` names (a link's, or the header's "trained" choice) in the
   * trainer host, with a progress bar in the walkthrough's place, then opens the walkthrough on
   * that layer. Refused options, divergence or "Use random weights instead" open it on its own
   * weights, with a notice for the first two.
   */
  private async openRetrained(state: PageState & { weights: TrainedSource }, push: boolean): Promise<void> {
    const modules = await this.lessonCode(() => Promise.all([
      import('./session/training/trained-layer-source.js'), import('./session/training/same-thread.js'), import('./views/retrain-view.js'),
    ]));
    if (!modules) return;
    const [{ retrainLayer }, { sameThreadPort }, { RetrainView }] = modules;
    this.stopRetraining();
    this.closeTraining();
    this.session.close();
    const controller = new AbortController();
    this.retraining = controller;
    const title = findWalkthrough(state.walkthrough)?.title ?? state.walkthrough;
    const view = new RetrainView(state.weights, title, () => controller.abort());
    this.context.byId('main').replaceChildren(view.element);
    // The learner's button is gone with the walkthrough: keep the focus on what replaced it.
    if (push) this.context.root.getElementById('walkthrough-title')?.focus();
    const own: PageState = { walkthrough: state.walkthrough, step: state.step };
    let trained: TrainedLayer | undefined;
    try {
      trained = await retrainLayer((this.options.trainingPort ?? sameThreadPort)(this.lab), state.weights, (p) => view.update(p), controller.signal);
    } catch (error) {
      if (this.retraining !== controller) return; // the learner went elsewhere meanwhile
      if (!controller.signal.aborted) this.notify(`${(error as Error).message} The walkthrough shows its own random weights instead.`);
    }
    if (this.retraining !== controller) return;
    this.retraining = undefined;
    this.openingRetrained = true;
    try {
      if (!trained || !(await this.session.open(own, trained))) await this.session.openOrFallBack(own);
    } finally {
      this.openingRetrained = false;
    }
    if (push) {
      this.url.write(false);
      this.context.root.getElementById('walkthrough-title')?.focus();
    }
    this.announce(this.session.weightsSource ?? '');
  }

  private stopRetraining(): void {
    const running = this.retraining;
    this.retraining = undefined;
    running?.abort();
  }

  /** The walkthrough header's choice of weights. */
  private chooseWeights(choice: 'random' | 'trained'): void {
    const state = this.session.state;
    if (!state) return;
    if (choice === 'random') {
      void this.session.useRandomWeights().then(() => this.url.write(false));
    } else if (!this.session.trained) {
      void this.openRetrained({ walkthrough: state.walkthrough, step: state.step, weights: QUICK_TRAINING }, true);
    }
  }

  private closeTraining(): void {
    this.training?.dispose();
    this.training = undefined;
    this.url.training = undefined;
  }

  async start(): Promise<void> {
    const shell = this.context.byId('main').closest<HTMLElement>('.attention-lab');
    shell?.classList.toggle('embedded', this.context.embed.embedded);
    for (const part of this.context.embed.hide) shell?.classList.add(`hide-${part}`);
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

  /** Opens a walkthrough and step from outside (the web component's attributes). */
  show(state: PageState): void {
    void this.session.openOrFallBack(state);
  }

  notify(message: string, about?: 'inputs'): void {
    this.context.byId('notices').append(noticeElement(message, about));
  }

  private clearNotices(about: 'inputs'): void {
    for (const notice of this.context.byId('notices').querySelectorAll(`.notice[data-about="${about}"]`)) notice.remove();
  }

  private announce(message: string): void {
    this.context.byId('announcer').textContent = message;
  }

  /** Opens another walkthrough at its first step, as a new entry of the history (not in a frame). */
  private async navigate(walkthrough: string): Promise<void> {
    if (!(await this.session.open({ walkthrough, step: 'inputs' }))) return;
    // In a frame, a new history entry would make the course page's Back button step the frame.
    this.url.write(this.context.embed.embedded);
    this.context.root.getElementById('walkthrough-title')?.focus();
  }
}
