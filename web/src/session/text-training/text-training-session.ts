// The lesson "Train your own" without a DOM: the text and options of the run, its state, the
// loss of every step, the held-out curve with its baselines, the samples the model wrote at
// each snapshot, and what a link reproduces. It talks to the trainer host (a Web Worker, or the
// same thread) through the training lesson's port, and tells the views what changed. Every
// number it holds is the engine's.
import {
  SNAPSHOT_EVERY, type Port, type SampleRequest, type TextTrainerConfig, type TextTrainerOptions, type TextTrainingReply,
  type TextTrainingSnapshot, type TrainingRequest,
} from '../training/protocol.js';
import type { TrainingSpeed } from '../../kinds/training/inputs.js';
import { type PendingRun, RunSession, type RunState } from '../training/run-session.js';
import { DEFAULT_TEXT_SPEED } from '../../kinds/text-training/inputs.js';
import { formatNumber } from '../../model/format.js';
import { textTrainingT as t } from './words-en.js';
import { divergenceInPageWords, refusalInPageWords } from '../../model/engine-sentences.js';

export type TextTrainingState = RunState;

export type TextTrainingEvent =
  | { type: 'configured' }
  | { type: 'state' }
  | { type: 'progress' }
  | { type: 'snapshot' }
  | { type: 'speed' }
  | { type: 'notice'; message: string }
  | { type: 'announce'; message: string };

/**
 * Steps Train runs to when the learner has not said: about where the built-in passage's held-out
 * loss is lowest at the defaults (measured: 2.130 at 300, 2.045 at 600, 2.108 at 800, then up as
 * the model learns the passage by heart: 2.83 at 1500, above the bigram model's 2.33). Ten to
 * twenty seconds in a browser; a learner who trains on sees the held-out loss turn back up.
 */
export const DEFAULT_TEXT_STEPS = 600;

/**
 * The sample every snapshot draws: the text's first character (the built-in passage's is "F", of
 * "First Citizen:"), continued at temperature 0.8 with seed 1 to the end of the model's context,
 * so that only the model changes from one sample to the next.
 */
export const sampleRequest = (text: string | undefined): SampleRequest => ({ prompt: Array.from(text || 'F')[0] as string, temperature: 0.8, seed: 1 });

export class TextTrainingSession extends RunSession<TextTrainingReply, TextTrainingEvent, TextTrainerOptions> {

  /** The options the learner set (the others are the engine's defaults). */
  options: TextTrainerOptions = { task: 'text' };
  config: TextTrainerConfig | undefined;
  defaults: TextTrainerConfig | undefined;
  divergedMessage = '';
  step = 0;
  /** losses[s − 1] is step s's batch loss. */
  readonly losses: number[] = [];
  /** Every snapshot so far: the held-out loss, its baselines and the sample, at fixed steps. */
  snapshots: TextTrainingSnapshot[] = [];
  target = DEFAULT_TEXT_STEPS;
  speed: TrainingSpeed = DEFAULT_TEXT_SPEED;

  constructor(port: Port<TrainingRequest, TextTrainingReply>) {
    super(port);
  }

  get snapshot(): TextTrainingSnapshot | undefined {
    return this.snapshots[this.snapshots.length - 1];
  }

  /** A new run at step 0, trained straight to `replayTo` (a link's step); false when the engine refuses it. */
  configure(options: TextTrainerOptions, replayTo = 0): Promise<boolean> {
    const id = this.nextId++;
    return new Promise((done) => {
      this.pending?.done(false);
      this.pending = { id, options, replayTo, done };
      this.port.post({ type: 'create', id, options, sample: sampleRequest(options.text) });
    });
  }

  reset(): Promise<boolean> {
    return this.configure(this.options);
  }

  /** Trains on to `target` (another DEFAULT_TEXT_STEPS when there already) at the speed set; step by step, one step. */
  train(): void {
    if (this.pending || this.running || this.state === 'diverged' || this.state === 'starting') return;
    if (this.speed === 'step') {
      this.target = Math.max(this.target, this.step + 1);
      this.run('training', this.step + 1, {});
      return;
    }
    if (this.step >= this.target) this.target = this.step + DEFAULT_TEXT_STEPS;
    this.run('training', this.target, this.pace());
    this.emit({ type: 'announce', message: t('text-train-announce-training', { step: String(this.target) }) });
  }

  setSpeed(speed: TrainingSpeed): void {
    if (speed === this.speed) return;
    this.speed = speed;
    if (this.state === 'training') {
      if (speed === 'step') this.pause();
      else this.port.post({ type: 'run', until: this.target, ...this.pace() });
    }
    this.emit({ type: 'speed' });
  }

  /** Sets the step Train runs to: a whole number 1 … MAX_TRAINING_STEPS, else refused with a notice. */
  setTarget(steps: number): boolean {
    if (!this.acceptsTarget(steps)) return false;
    this.target = steps;
    if (this.running) this.port.post({ type: 'run', until: steps, ...(this.state === 'training' ? this.pace() : {}) });
    return true;
  }

  private run(state: TextTrainingState, until: number, pace: { stepsPerSecond?: number }): void {
    this.state = state;
    this.port.post({ type: 'run', until, ...pace });
    this.emit({ type: 'state' });
  }

  protected receive(message: TextTrainingReply): void {
    if (this.stale(message)) return;
    switch (message.type) {
      case 'created':
        if (this.pending?.id === message.id) this.created(message.config, message.defaults, message.snapshot);
        return;
      case 'refused':
        if (message.request === 'create') {
          if (!this.pending || this.pending.id !== message.id) return;
          const { done, options } = this.pending;
          this.pending = undefined;
          // An empty box is refused by the engine like any text out of its range ("text: expected a
          // text of 1 to 2097152 bytes…"); the learner is told what to do in the lesson's words.
          const empty = options.text === '' && message.argument === 'text';
          this.emit({ type: 'notice', message: empty ? t('text-train-empty') : t('text-train-refused', { reason: refusalInPageWords(message.message) }) });
          done(false);
          return;
        }
        if (message.request === 'run' && this.running) {
          this.state = 'paused';
          this.emit({ type: 'state' });
        }
        this.emit({ type: 'notice', message: message.message });
        return;
      case 'progress':
        this.losses.push(...message.losses);
        this.step = message.step;
        this.emit({ type: 'progress' });
        return;
      case 'snapshot':
        this.addSnapshot(message.snapshot);
        this.emit({ type: 'snapshot' });
        return;
      case 'stopped': {
        const how = this.state === 'replaying' ? 'retrained' : message.reason === 'paused' ? 'paused' : 'finished';
        this.state = message.reason === 'paused' ? 'paused' : 'finished';
        this.emit({ type: 'state' });
        const loss = this.snapshot?.evaluation.loss;
        this.emit({ type: 'announce', message: t(`text-train-announce-${how}`, { step: String(message.step), loss: loss === undefined ? '' : formatNumber(loss) }) });
        return;
      }
      case 'diverged':
        this.step = message.step;
        this.state = 'diverged';
        this.divergedMessage = divergenceInPageWords(message.message);
        this.emit({ type: 'state' });
        this.emit({ type: 'announce', message: t('text-train-announce-diverged', { step: String(message.step) }) });
        return;
      default:
    }
  }

  private created(config: TextTrainerConfig, defaults: TextTrainerConfig, snapshot: TextTrainingSnapshot): void {
    const pending = this.pending as PendingRun<TextTrainerOptions>;
    this.pending = undefined;
    this.options = pending.options;
    this.config = config;
    this.defaults = defaults;
    this.step = 0;
    this.losses.length = 0;
    this.snapshots = [];
    this.divergedMessage = '';
    if (pending.replayTo > this.target) this.target = pending.replayTo;
    this.state = 'ready';
    this.addSnapshot(snapshot);
    this.emit({ type: 'configured' });
    pending.done(true);
    if (pending.replayTo > 0) {
      this.run('replaying', pending.replayTo, {});
      this.emit({ type: 'announce', message: t('text-train-announce-replaying', { step: String(pending.replayTo) }) });
    } else {
      this.emit({ type: 'state' });
    }
  }

  private addSnapshot(snapshot: TextTrainingSnapshot): void {
    // A stop between two fixed steps is replaced when training goes on past it.
    const last = this.snapshot;
    if (last && last.step % SNAPSHOT_EVERY !== 0) this.snapshots.pop();
    this.snapshots.push(snapshot);
  }
}
