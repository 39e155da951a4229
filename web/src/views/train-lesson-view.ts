// The lesson "Watch attention learn": its options, Train / Pause / Reset, what the learner is
// seeing (random weights at step 0, trained ones after), the curves, every head, and the exports.
// It draws the training session (session/training/) and hands the learner's actions to it.
//
// Drawing while a model trains must leave the page's thread free for the learner's input
// (issue 10: input latency p95 < 50 ms). So: the status line follows the session at most every
// STATUS_MS, in an animation frame, however many messages the worker sends; the curves, the
// Iris results and the heads are redrawn in place (only what changed) in the same frame at most
// every REDRAW_MS, yielding to the page whenever a redraw has taken BUDGET_MS, and only those on
// or near the screen (the others when they scroll into view, and all of them when training
// stops). A learner's action (Train, Pause, a head switched off) is drawn at the next frame.
import type { TrainingLink } from '../state/training-link.js';
import { OPTION_FIELDS, optionsForTask, TASK_TITLES } from '../session/training/options.js';
import type { TrainingSession } from '../session/training/training-session.js';
import type { TrainerTask } from '../session/training/trainer-api.js';
import { trainingScript, weightsJson } from '../export/training-script.js';
import { el, setAttr, setText } from '../widgets/dom.js';
import { download } from '../widgets/export-menu.js';
import { trainingForm } from '../widgets/training-form.js';
import { exactNumber, formatFixed, formatNumber } from '../model/format.js';
import { TrainingCharts } from './training-charts.js';
import { TrainingHeads } from './training-heads.js';
import { IrisResults } from './iris-results.js';
import { yieldToPage } from './yield-to-page.js';
import { OpenTrainedControls, type TrainedWalkthrough } from './open-trained.js';
import type { TrainedLayer } from '../model/trained-layer.js';

/**
 * Fastest redraw of the curves and heads while training: the engine evaluates every 25 steps,
 * several times this often, so a curve gains a point or two per redraw and still looks live.
 */
const REDRAW_MS = 300;
/** Fastest update of the status line (step, loss) while training: ten times a second. */
const STATUS_MS = 100;
/** The longest a redraw holds the page's thread before it yields (a frame is ~16 ms). */
const BUDGET_MS = 8;

/** A part of the lesson drawn from the session, and whether it is out of date or on screen. */
interface Part {
  view: { element: HTMLElement; draw(pause: () => Promise<void>): Promise<void> | void };
  dirty: boolean;
  visible: boolean;
}

const percent = (x: number) => `${formatFixed(100 * x, 1)} %`;

export interface TrainLessonOptions {
  /** The lesson's number and title in the course, for its label. */
  label: string;
  /** The state a link reproduces changed: options, or the step training stopped at. */
  onLink: (link: TrainingLink) => void;
  notify: (message: string) => void;
  announce: (message: string) => void;
  /** Opens a walkthrough on one layer of the model as it is now. */
  openWalkthrough: (walkthrough: TrainedWalkthrough, trained: TrainedLayer) => void;
}

export class TrainLessonView {
  readonly element: HTMLElement;
  private readonly charts: TrainingCharts;
  private readonly heads: TrainingHeads;
  private readonly iris: IrisResults;
  private readonly openTrained: OpenTrainedControls;
  private readonly form;
  private readonly trainButton = el('button', { type: 'button', className: 'primary', id: 'train-button' }, 'Train');
  private readonly resetButton = el('button', { type: 'button', id: 'train-reset' }, 'Reset');
  private readonly status = el('p', { className: 'training-status', id: 'training-status' });
  private readonly seeing = el('p', { className: 'training-seeing', id: 'training-seeing' });
  private readonly diverged = el('p', { className: 'notice training-diverged', role: 'alert', hidden: true });
  private readonly parts: Part[];
  private frame = 0;
  private later: ReturnType<typeof setTimeout> | undefined;
  private drawing = false;
  /** Draw the parts without waiting for REDRAW_MS: the learner asked for something (Train, a head). */
  private urgent = true;
  private drawnAt = -Infinity;
  private statusAt = -Infinity;
  private readonly observer: IntersectionObserver | undefined;
  private unsubscribe: () => void;

  constructor(private readonly session: TrainingSession, private readonly options: TrainLessonOptions) {
    this.charts = new TrainingCharts(session);
    this.heads = new TrainingHeads(session);
    this.iris = new IrisResults(session);
    this.openTrained = new OpenTrainedControls(session, options.openWalkthrough, options.notify);
    this.form = trainingForm({
      tasks: (Object.keys(TASK_TITLES) as TrainerTask[]).map((t) => [t, TASK_TITLES[t]] as const),
      fields: OPTION_FIELDS,
      onTask: (task) => void this.configure(optionsForTask(session.options, task)),
      onField: (field, value) => void this.configure(field.with(session.options, value)),
      onTarget: (steps) => {
        if (!session.setTarget(steps)) this.showForm();
      },
    });
    this.trainButton.addEventListener('click', () => (session.running ? session.pause() : session.train()));
    this.resetButton.addEventListener('click', () => void session.reset());
    const exportJson = el('button', { type: 'button', id: 'export-weights' }, 'Weights as JSON');
    exportJson.addEventListener('click', () => void this.exportWeights('json'));
    const exportScript = el('button', { type: 'button', id: 'export-pytorch' }, 'PyTorch script');
    exportScript.addEventListener('click', () => void this.exportWeights('pytorch'));

    this.element = el('div', { className: 'train-lesson' },
      el('section', { className: 'walkthrough-head' },
        el('p', { className: 'lesson-label' }, options.label),
        el('h2', { id: 'walkthrough-title', tabIndex: -1 }, 'Watch attention learn'),
        el('p', { className: 'intro' },
          'A small transformer learns a task here, in your browser: the engine computes every forward and backward pass exactly and updates the weights with Adam, step after step. '
          + 'Watch the loss fall, the heads’ patterns form on a fixed probe example, and find the head that learned the pattern by switching it off.')),
      // id "step": where the page's skip link ("Skip to the current step") leads.
      el('section', { className: 'training-setup', id: 'step', tabIndex: -1, ariaLabel: 'Training' },
        this.form.element,
        el('div', { className: 'training-buttons' }, this.trainButton, this.resetButton,
          el('span', { className: 'export-label' }, 'Export the weights at this step:'), exportJson, exportScript),
        this.status,
        this.diverged,
        this.seeing,
        this.openTrained.element),
      this.charts.element,
      this.iris.element,
      this.heads.element);

    this.parts = [this.charts, this.iris, this.heads].map((view) => ({ view, dirty: true, visible: true }));
    if (typeof IntersectionObserver === 'function') {
      // "Near the screen": within a screen's height, so a part is up to date as it scrolls in.
      this.observer = new IntersectionObserver((entries) => {
        for (const entry of entries) {
          const part = this.parts.find((p) => p.view.element === entry.target);
          if (part) part.visible = entry.isIntersecting;
        }
        this.schedule();
      }, { rootMargin: '100% 0px' });
      for (const part of this.parts) this.observer.observe(part.view.element);
    }

    this.unsubscribe = session.subscribe((event) => {
      if (event.type === 'notice') options.notify(event.message);
      else if (event.type === 'announce') options.announce(event.message);
      else if (event.type === 'configured') {
        this.showForm();
        this.invalidate(true);
        options.onLink(this.link());
      } else if (event.type === 'state') {
        this.showState();
        this.invalidate(true);
        if (!session.running) options.onLink(this.link());
      } else if (event.type === 'progress') {
        this.schedule();
      } else {
        this.invalidate(event.type === 'ablation');
      }
    });
  }

  dispose(): void {
    this.unsubscribe();
    cancelAnimationFrame(this.frame);
    clearTimeout(this.later);
    this.observer?.disconnect();
    this.session.dispose();
  }

  /** What a link reproduces: the options the learner set and the step reached. */
  link(): TrainingLink {
    return { options: this.session.options, steps: this.session.step };
  }

  private async configure(options: Parameters<TrainingSession['configure']>[0]): Promise<void> {
    // Refused: the fields go back to the run that is kept.
    if (!(await this.session.configure(options))) this.showForm();
  }

  private showForm(): void {
    const { config, defaults, target } = this.session;
    if (config && defaults) this.form.show(config, defaults, target);
  }

  private showState(): void {
    const { session } = this;
    this.form.setDisabled(session.running);
    setText(this.trainButton, session.running ? 'Pause' : session.step > 0 && session.state !== 'finished' ? 'Resume' : 'Train');
    this.trainButton.disabled = session.state === 'diverged' || session.state === 'starting';
    this.diverged.hidden = session.state !== 'diverged';
    // The engine's sentence starts "training diverged at step …": shown as it is, capitalised.
    const why = session.divergedMessage.replace(/^\w/, (c) => c.toUpperCase()).replace(/\.*$/, '.');
    setText(this.diverged, session.state === 'diverged'
      ? `${why} The curves stop at the last finite loss. Lower the learning rate (or keep gradient clipping on) and press Reset.`
      : '');
  }

  /** Every part is out of date (a new snapshot, run or state); `urgent`: draw them at the next frame. */
  private invalidate(urgent: boolean): void {
    for (const part of this.parts) part.dirty = true;
    if (urgent) {
      this.urgent = true;
      clearTimeout(this.later);
      this.later = undefined;
    }
    this.schedule();
  }

  /**
   * A frame that draws the status and then the parts that are due; while training, no sooner
   * than STATUS_MS after the last one (each frame that changes something costs a paint).
   */
  private schedule(): void {
    if (this.frame || this.later) return;
    const wait = this.session.running && !this.urgent ? this.statusAt + STATUS_MS - performance.now() : 0;
    if (wait > 0) {
      this.later = setTimeout(() => {
        this.later = undefined;
        this.schedule();
      }, wait);
      return;
    }
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.statusAt = performance.now();
      const urgent = this.urgent;
      this.urgent = false;
      this.drawStatus();
      void this.drawParts(urgent);
    });
  }

  private async drawParts(urgent: boolean): Promise<void> {
    if (this.drawing) {
      // Drawn once the pass under way has finished.
      this.urgent ||= urgent;
      return;
    }
    const running = this.session.running;
    const due = (part: Part) => part.dirty && (part.visible || !running);
    if (!this.parts.some(due)) return;
    if (running && !urgent && performance.now() - this.drawnAt < REDRAW_MS) {
      this.schedule();
      return;
    }
    this.drawing = true;
    this.drawnAt = performance.now();
    // In the status's frame while the parts are quick; past BUDGET_MS, the page gets its turn.
    let since = performance.now();
    const pause = async () => {
      if (performance.now() - since < BUDGET_MS) return;
      await yieldToPage();
      since = performance.now();
    };
    try {
      for (const part of this.parts.filter(due)) {
        part.dirty = false;
        await part.view.draw(pause);
        await pause();
      }
    } finally {
      this.drawing = false;
    }
    // Out of date again meanwhile (a snapshot arrived while drawing): once more, when due.
    if (this.urgent || this.parts.some(due)) this.schedule();
  }

  private drawStatus(): void {
    const { session } = this;
    this.openTrained.update();
    const evaluation = session.snapshot?.evaluation;
    const lastLoss = session.losses[session.losses.length - 1];
    const parts = [`Step ${session.step} of ${session.target}`];
    if (lastLoss !== undefined && Number.isFinite(lastLoss)) parts.push(`training loss ${formatNumber(lastLoss)}`);
    if (evaluation) parts.push(`held-out accuracy ${percent(evaluation.accuracy)} (step ${session.snapshot?.step})`);
    const state = { starting: 'starting the engine', ready: 'untrained', training: 'training', replaying: 'retraining to the link’s step', paused: 'paused', finished: 'done', diverged: 'diverged' }[session.state];
    setText(this.status, `${parts.join(' · ')} — ${state}`);
    setAttr(this.status, 'title', lastLoss === undefined ? '' : `exact training loss of step ${session.step}: ${exactNumber(lastLoss)}`);
    setAttr(this.status, 'data-state', session.state);
    setText(this.seeing, session.state === 'diverged'
      ? 'The run diverged: its weights are no longer a model of anything. The heads below show the last step evaluated before it did.'
      : session.step === 0
      ? 'Step 0: the weights are random, like those of the other lessons. The heads’ patterns below mean nothing yet, and the accuracy is what guessing gives. Press Train.'
      : session.state === 'replaying'
        ? `Retraining to step ${session.target} to reproduce the link you opened: the same options and seed give the same run, step for step.`
        : `After ${session.step} ${session.step === 1 ? 'step' : 'steps'} the weights are trained, not random: each step moved them to lower the loss on a batch of examples. ${session.snapshot?.headScores.hasIdeal === false
          ? 'This task has no ideal pattern: switch heads off to find the ones the model needs.'
          : 'A head whose pattern matches the task’s ideal (a score near 1) has learned where to look.'}`);
  }

  private async exportWeights(format: 'json' | 'pytorch'): Promise<void> {
    const { config, snapshot } = this.session;
    if (!config || !snapshot) return;
    const { step, parameters } = await this.session.parameters();
    const name = `attention-lab-${config.task}-seed${config.seed}-step${step}`;
    if (format === 'json') download(new Blob([weightsJson(config, step, parameters)], { type: 'application/json' }), `${name}.json`);
    else download(new Blob([trainingScript(config, step, parameters, snapshot.attention, snapshot.step)], { type: 'text/x-python' }), `${name}.py`);
    this.options.announce(`Exported the weights at step ${step}.`);
  }
}
