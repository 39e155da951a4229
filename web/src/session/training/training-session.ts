// The lesson "Watch attention learn" without a DOM: the options of the run, its state (training,
// paused, diverged, …), the loss of every step, the held-out curve, the probe's attention and the
// head scores, the ablation asked for, and what a link reproduces. It talks to the trainer host
// through a port (a Web Worker, or the same thread) and tells the views what changed. Every
// number it holds is the engine's; it compares accuracies with the milestones only to announce.
import {
  SNAPSHOT_EVERY, type Port, type TrainerConfig, type TrainerEvaluation, type TrainerOptions,
  type TrainingReply, type TrainingRequest, type TrainingSnapshot,
} from './protocol.js';
import type { TrainerTask } from './trainer-api.js';
import { formatNumber, formatPercent } from '../../model/format.js';
import { DEFAULT_SPEED, type TrainingSpeed } from '../../kinds/training/inputs.js';
import { speedName } from './speed-name.js';
import { type PendingRun, RunSession, type RunState } from './run-session.js';
import { trainingT as t } from './words-en.js';
import { divergenceInPageWords, refusalInPageWords } from '../../model/engine-sentences.js';

export type TrainingState = RunState;

export interface CurvePoint {
  step: number;
  /** The training loss of that step (the batch's), absent at step 0. */
  trainLoss?: number;
  evaluation: TrainerEvaluation;
}

export interface Ablation {
  step: number;
  layer: number;
  head: number;
  with: TrainerEvaluation;
  without: TrainerEvaluation;
}

export type TrainingEvent =
  /** A new run at step 0: options, configuration and the untrained snapshot changed. */
  | { type: 'configured' }
  | { type: 'state' }
  /** More steps were taken (step, losses). */
  | { type: 'progress' }
  /** A new held-out evaluation, attention and head scores. */
  | { type: 'snapshot' }
  /** The speed changed. */
  | { type: 'speed' }
  | { type: 'ablation' }
  /** Something could not be done; the previous state is kept. */
  | { type: 'notice'; message: string }
  /** For screen readers: a milestone, not every step. */
  | { type: 'announce'; message: string };

/**
 * Steps a press of Train runs to, per task, when the learner has not said: past the point where
 * the defaults reach their accuracy (reverse ~100 % by step 200, sort and induction ~98–99 % by
 * 1,000, iris its best by 300, compare ~100 % with its heads divided by 1,000 for most seeds), short enough to
 * watch.
 */
export const DEFAULT_STEPS: Readonly<Record<TrainerTask, number>> = { reverse: 500, sort: 1000, induction: 1000, iris: 300, compare: 1000 };
/** Held-out accuracies announced the first time a run reaches them. */
const MILESTONES = [0.5, 0.9, 0.99];

export class TrainingSession extends RunSession<TrainingReply, TrainingEvent, TrainerOptions> {
  /** The create request whose reply is awaited: replies of the run it replaces are ignored. */
  private reached = new Set<number>();
  private trainWhenCreated = false;
  private waitingForParameters: ((p: { step: number; parameters: Record<string, number[][] | number[]> }) => void)[] = [];

  /** The options the learner set (the others take the task's defaults). */
  options: TrainerOptions = { task: 'reverse' };
  /** The options the run uses, defaults filled in (from the engine). */
  config: TrainerConfig | undefined;
  /** The task's defaults, shown beside each option. */
  defaults: TrainerConfig | undefined;
  /** Why the run stopped when diverged (the engine's words). */
  divergedMessage = '';
  step = 0;
  /** The training loss of every step so far: losses[s − 1] is step s's. */
  readonly losses: number[] = [];
  curve: CurvePoint[] = [];
  snapshot: TrainingSnapshot | undefined;
  ablation: Ablation | undefined;
  /** Train runs to this step. */
  target = DEFAULT_STEPS.reverse;
  /** How fast Train goes ('step': one step per press). */
  speed: TrainingSpeed = DEFAULT_SPEED;
  /** The run under way is one step of step-by-step training. */
  private stepping = false;

  constructor(port: Port<TrainingRequest, TrainingReply>) {
    super(port);
  }

  /**
   * A new run with `options` at step 0, and when `replayTo` > 0 trained straight to that step (a
   * shared link). False, with the engine's message as a notice, when it refuses the options: the
   * previous run stays as it was.
   */
  configure(options: TrainerOptions, replayTo = 0): Promise<boolean> {
    const id = this.nextId++;
    return new Promise((done) => {
      this.pending?.done(false);
      this.pending = { id, options, replayTo, done };
      this.port.post({ type: 'create', id, options });
    });
  }

  /** A new run with the same options. */
  reset(): Promise<boolean> {
    return this.configure(this.options);
  }

  /**
   * Trains on to `target` (one more round of the task's steps when it is already there) at the
   * speed set; step by step, takes one step.
   */
  train(): void {
    // Pressed while a new run is being made (a field's change lands as the button is clicked):
    // that run trains once it is there.
    if (this.pending) {
      this.trainWhenCreated = true;
      return;
    }
    if (this.running || this.state === 'diverged' || this.state === 'starting') return;
    // An ablation measured at an earlier step would be read as the new weights'.
    if (this.ablation) {
      this.ablation = undefined;
      this.emit({ type: 'ablation' });
    }
    if (this.speed === 'step') {
      this.stepping = true;
      this.target = Math.max(this.target, this.step + 1);
      this.run('training', this.step + 1);
      return;
    }
    if (this.step >= this.target) this.target = this.step + DEFAULT_STEPS[this.config?.task ?? 'reverse'];
    this.run('training', this.target);
    this.emit({ type: 'announce', message: t('train-announce-training', { step: String(this.target) }) });
  }

  /** Sets how fast Train goes; while training, from the next chunk on (step by step pauses it). */
  setSpeed(speed: TrainingSpeed): void {
    if (speed === this.speed) return;
    this.speed = speed;
    if (this.state === 'training' && !this.stepping) {
      if (speed === 'step') this.pause();
      else this.port.post({ type: 'run', until: this.target, ...this.pace() });
    }
    this.emit({ type: 'speed' });
    this.emit({ type: 'announce', message: t('train-announce-speed', { speed: speedName(speed) }) });
  }

  /** Sets the step Train runs to (a whole number above the current step; else refused). */
  setTarget(steps: number): boolean {
    if (!this.acceptsTarget(steps)) return false;
    this.target = steps;
    if (this.state === 'training' && !this.stepping) this.port.post({ type: 'run', until: steps, ...this.pace() });
    else if (this.state === 'replaying') this.port.post({ type: 'run', until: steps });
    return true;
  }

  /** Held-out accuracy with and without one head; asking again for the same head clears it. */
  ablate(layer: number, head: number): void {
    if (this.ablation && this.ablation.layer === layer && this.ablation.head === head) {
      this.ablation = undefined;
      this.emit({ type: 'ablation' });
      return;
    }
    this.port.post({ type: 'ablate', layer, head });
  }

  /** Every named parameter at the current step (for the export). */
  parameters(): Promise<{ step: number; parameters: Record<string, number[][] | number[]> }> {
    return new Promise((resolve) => {
      this.waitingForParameters.push(resolve);
      this.port.post({ type: 'parameters' });
    });
  }

  /** Retraining to a link's step and a single step go as fast as they can; Train at the speed set. */
  private run(state: TrainingState, until: number): void {
    this.state = state;
    this.port.post({ type: 'run', until, ...(state === 'training' && !this.stepping ? this.pace() : {}) });
    this.emit({ type: 'state' });
  }

  protected receive(message: TrainingReply): void {
    if (this.stale(message)) return;
    switch (message.type) {
      case 'created':
        if (this.pending?.id === message.id) this.created(message.config, message.defaults, message.snapshot);
        return;
      case 'refused':
        this.refused(message);
        return;
      case 'progress':
        this.losses.push(...message.losses);
        this.step = message.step;
        this.emit({ type: 'progress' });
        return;
      case 'snapshot':
        this.addSnapshot(message.snapshot);
        return;
      case 'stopped': {
        const replayed = this.state === 'replaying';
        if (this.stepping) {
          this.stepping = false;
          this.state = message.step >= this.target ? 'finished' : 'paused';
          this.emit({ type: 'state' });
          this.emit({ type: 'announce', message: this.steppedMessage(message.step) });
          return;
        }
        this.state = message.reason === 'paused' ? 'paused' : 'finished';
        this.emit({ type: 'state' });
        const how = replayed ? 'retrained' : message.reason === 'paused' ? 'paused' : 'finished';
        const args = { step: String(message.step) };
        this.emit({
          type: 'announce',
          message: this.snapshot
            ? t(`train-announce-${how}-accuracy`, { ...args, accuracy: formatPercent(this.snapshot.evaluation.accuracy) })
            : t(`train-announce-${how}`, args),
        });
        return;
      }
      case 'diverged':
        this.stepping = false;
        this.step = message.step;
        this.state = 'diverged';
        this.divergedMessage = divergenceInPageWords(message.message);
        this.emit({ type: 'state' });
        this.emit({ type: 'announce', message: t('train-announce-diverged', { step: String(message.step) }) });
        return;
      case 'ablation':
        this.ablation = { step: message.step, layer: message.layer, head: message.head, with: message.with, without: message.without };
        this.emit({ type: 'ablation' });
        this.emit({
          type: 'announce',
          message: t('train-announce-ablation', {
            layer: String(message.layer + 1), head: String(message.head + 1),
            without: formatPercent(message.without.accuracy), with: formatPercent(message.with.accuracy),
          }),
        });
        return;
      case 'parameters':
        for (const resolve of this.waitingForParameters.splice(0)) resolve({ step: message.step, parameters: message.parameters });
    }
  }

  private created(config: TrainerConfig, defaults: TrainerConfig, snapshot: TrainingSnapshot): void {
    const pending = this.pending as PendingRun<TrainerOptions>;
    this.pending = undefined;
    const sameTask = this.config?.task === config.task;
    this.options = pending.options;
    this.config = config;
    this.defaults = defaults;
    this.step = 0;
    this.losses.length = 0;
    this.curve = [];
    this.snapshot = undefined;
    this.ablation = undefined;
    this.divergedMessage = '';
    this.stepping = false;
    this.reached = new Set();
    if (!sameTask) this.target = DEFAULT_STEPS[config.task];
    if (pending.replayTo > this.target) this.target = pending.replayTo;
    this.state = 'ready';
    this.addSnapshot(snapshot, false);
    this.emit({ type: 'configured' });
    pending.done(true);
    const train = this.trainWhenCreated;
    this.trainWhenCreated = false;
    if (pending.replayTo > 0) {
      this.run('replaying', pending.replayTo);
      this.emit({ type: 'announce', message: t('train-announce-replaying', { step: String(pending.replayTo) }) });
    } else {
      this.emit({ type: 'state' });
      if (train) this.train();
    }
  }

  /** What one step did: its training loss and the held-out accuracy after it. */
  private steppedMessage(step: number): string {
    const loss = this.losses[step - 1];
    const accuracy = this.snapshot?.step === step ? this.snapshot.evaluation.accuracy : undefined;
    const args = { step: String(step), loss: loss === undefined ? '' : formatNumber(loss) };
    return accuracy === undefined ? t('train-announce-stepped', args) : t('train-announce-stepped-accuracy', { ...args, accuracy: formatPercent(accuracy) });
  }

  private refused(message: Extract<TrainingReply, { type: 'refused' }>): void {
    if (message.request === 'create') {
      const pending = this.pending;
      if (!pending || pending.id !== message.id) return;
      this.pending = undefined;
      this.trainWhenCreated = false;
      this.emit({ type: 'notice', message: t('train-refused', { reason: refusalInPageWords(message.message) }) });
      pending.done(false);
      return;
    }
    if (message.request === 'run' && this.running) {
      this.stepping = false;
      this.state = 'paused';
      this.emit({ type: 'state' });
    }
    this.emit({ type: 'notice', message: message.message });
  }

  private addSnapshot(snapshot: TrainingSnapshot, emit = true): void {
    this.snapshot = snapshot;
    const point: CurvePoint = { step: snapshot.step, evaluation: snapshot.evaluation };
    if (snapshot.step > 0) point.trainLoss = this.losses[snapshot.step - 1];
    // A stop between two fixed steps replaces its point when training goes on past it.
    const last = this.curve[this.curve.length - 1];
    if (last && last.step % SNAPSHOT_EVERY !== 0) this.curve.pop();
    this.curve.push(point);
    // One announcement when an evaluation passes one or more milestones not passed before.
    const passed = MILESTONES.filter((m) => snapshot.evaluation.accuracy >= m && !this.reached.has(m));
    for (const milestone of passed) this.reached.add(milestone);
    if (passed.length > 0 && snapshot.step > 0) {
      this.emit({ type: 'announce', message: t('train-announce-reached', { accuracy: formatPercent(snapshot.evaluation.accuracy), step: String(snapshot.step) }) });
    }
    if (emit) this.emit({ type: 'snapshot' });
  }
}
