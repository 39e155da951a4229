// A walkthrough on a trained model's layer: opened from a link that names a run (retrained first,
// with a progress bar in the walkthrough's place), or from the header's "trained" choice (the
// shipped layer). The retraining code is its own chunk, loaded when it is asked for.
import type { AttentionLab } from '../../lib/index.js';
import { findWalkthrough } from '../model/walkthroughs.js';
import { loadShippedTrained } from '../model/shipped-trained.js';
import { QUICK_TRAINING, sameSource, type TrainedLayer, type TrainedSource } from '../model/trained-layer.js';
import type { TrainingPortFactory } from '../session/training/protocol.js';
import type { PageState } from '../state/url-state.js';
import type { ViewContext } from './view-context.js';
import type { NoticeBoard } from './notice-board.js';
import type { UrlSync } from '../browser/url-sync.js';
import { loadCatalogues, t } from '../i18n/messages.js';

export class TrainedWeightsHost {
  /** A retraining under way before a walkthrough opens on its weights (aborted if the learner goes elsewhere). */
  private retraining: AbortController | undefined;
  /** Set while the session opens what a retraining gave, so that opening does not abort it. */
  private openingRetrained = false;

  constructor(
    private readonly lab: AttentionLab,
    private readonly context: ViewContext,
    private readonly url: UrlSync,
    private readonly board: NoticeBoard,
    private readonly port: TrainingPortFactory | undefined,
  ) {
    context.session.subscribe((event) => {
      // Something else opened meanwhile (menu, back button): the retraining is not wanted.
      if (event.type === 'opened' && !this.openingRetrained) this.stopRetraining();
    });
    url.onTrained = (state) => this.openRetrained(state, false);
  }

  /** The retraining's code, or undefined with a notice when it cannot be fetched. */
  private async retrainingCode<T>(load: () => Promise<T>): Promise<T | undefined> {
    try {
      const modules = await load();
      // Its words (session/training/words-en.ts) in the page's language, before it draws.
      await loadCatalogues();
      return modules;
    } catch (error) {
      this.board.notify(t('training-code-failed', { reason: (error as Error).message }));
      return undefined;
    }
  }

  private focusTitle(): void {
    this.context.root.getElementById('walkthrough-title')?.focus();
  }

  /**
   * Retrains the run `state.weights` names in the trainer host, with a progress bar in the
   * walkthrough's place, then opens the walkthrough on that layer. Refused options, divergence
   * or "Use random weights instead" open it on its own weights, with a notice for the first two.
   */
  async openRetrained(state: PageState & { weights: TrainedSource }, push: boolean): Promise<void> {
    // The run the page ships needs no retraining.
    if (sameSource(state.weights, QUICK_TRAINING)) {
      await this.openShipped({ walkthrough: state.walkthrough, step: state.step }, push);
      return;
    }
    const modules = await this.retrainingCode(() => Promise.all([
      import('../session/training/trained-layer-source.js'), import('../session/training/same-thread.js'), import('./retrain-view.js'),
    ]));
    if (!modules) return;
    const [{ retrainLayer }, { sameThreadPort }, { RetrainView }] = modules;
    const { session } = this.context;
    this.stopRetraining();
    session.close();
    const controller = new AbortController();
    this.retraining = controller;
    const title = findWalkthrough(state.walkthrough)?.title ?? state.walkthrough;
    const view = new RetrainView(state.weights, title, () => controller.abort());
    this.context.byId('main').replaceChildren(view.element);
    // The learner's button is gone with the walkthrough: keep the focus on what replaced it.
    if (push) this.focusTitle();
    // Refused, diverged or cancelled: the walkthrough's own random weights.
    const own: PageState = { walkthrough: state.walkthrough, step: state.step };
    let trained: TrainedLayer | undefined;
    try {
      trained = await retrainLayer((this.port ?? sameThreadPort)(this.lab), state.weights, (p) => view.update(p), controller.signal);
    } catch (error) {
      if (this.retraining !== controller) return; // the learner went elsewhere meanwhile
      if (!controller.signal.aborted) this.board.notify(t('retrain-shows-own', { reason: (error as Error).message }));
    }
    if (this.retraining !== controller) return;
    this.retraining = undefined;
    this.openingRetrained = true;
    try {
      if (!trained || !(await session.open(own, trained))) await session.openOrFallBack(own);
    } finally {
      this.openingRetrained = false;
    }
    if (push) {
      this.url.write(false);
      this.focusTitle();
    }
    this.board.announce(session.weightsSource ?? '');
  }

  /** The walkthrough header's choice of weights. */
  chooseWeights(choice: 'random' | 'trained'): void {
    const { session } = this.context;
    const state = session.state;
    if (!state) return;
    const opened = choice === 'random'
      ? session.useRandomWeights().then(() => this.url.write(false))
      : session.trained ? Promise.resolve() : this.openShipped({ walkthrough: state.walkthrough, step: state.step }, true);
    // The header is laid out again: the focus goes to the same choice in it.
    void opened.then(() => this.context.root.getElementById(`weights-${choice}`)?.focus());
  }

  /** Opens the walkthrough at `state` on the shipped trained layer (model/shipped-trained.ts). */
  private async openShipped(state: PageState, push: boolean): Promise<void> {
    const { session } = this.context;
    let trained: TrainedLayer;
    try {
      trained = await loadShippedTrained();
    } catch (error) {
      this.board.notify(t('trained-load-failed', { reason: (error as Error).message }));
      if (!session.state) await session.openOrFallBack(state);
      return;
    }
    if (!(await session.open(state, trained))) return;
    if (push) this.url.write(false);
    this.board.announce(session.weightsSource ?? '');
  }

  private stopRetraining(): void {
    const running = this.retraining;
    this.retraining = undefined;
    running?.abort();
  }
}
