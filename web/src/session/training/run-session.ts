// What the two training lessons' sessions share ("Watch attention learn", training-session.ts,
// and "Train your own", text-training/text-training-session.ts): the listeners, the port to the
// trainer host, the step training goes to, the speed and its pace, the check of a step a learner
// types, and the end of a conversation. Each session adds its own runs, replies and words.
import type { Port, TrainingRequest } from './protocol.js';
import { MAX_TRAINING_STEPS, type TrainingSpeed } from '../../kinds/training/inputs.js';

/** A run's states, the same in both lessons. */
export type RunState =
  | 'starting'   // the first run is being created
  | 'ready'      // at step 0, not trained yet
  | 'training'
  | 'replaying'  // retraining to the step a link names
  | 'paused'
  | 'finished'   // reached the steps asked for
  | 'diverged';  // the loss went non-finite: only a new run helps

/** The events both sessions emit (each adds its own). */
type NoticeEvent = { type: 'notice'; message: string };

/** A run being created: its request's id, its options, the step to replay to, and who waits for it. */
export type PendingRun<Options> = { id: number; options: Options; replayTo: number; done: (ok: boolean) => void };

export abstract class RunSession<Reply extends { type: string; request?: string }, Event extends { type: string } | NoticeEvent, Options> {
  private readonly listeners = new Set<(event: Event) => void>();
  protected nextId = 1;
  /** The run being created, until the host answers. */
  protected pending: PendingRun<Options> | undefined;
  state: RunState = 'starting';
  /** How fast Train goes ('step': one step per press). */
  abstract speed: TrainingSpeed;
  /** Train runs to this step. */
  abstract target: number;

  constructor(protected readonly port: Port<TrainingRequest, Reply>) {
    port.listen((message) => this.receive(message));
  }

  protected abstract receive(message: Reply): void;

  subscribe(listener: (event: Event) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  protected emit(event: Event): void {
    for (const listener of this.listeners) listener(event);
  }

  get running(): boolean {
    return this.state === 'training' || this.state === 'replaying';
  }

  pause(): void {
    if (this.running) this.port.post({ type: 'pause' });
  }

  /** The run request's pace at the speed set. */
  protected pace(): { stepsPerSecond?: number } {
    return this.speed === 'step' || this.speed === 'max' ? {} : { stepsPerSecond: Number(this.speed) };
  }

  /** Whether `steps` is a step Train may run to (a whole number 1 … MAX_TRAINING_STEPS); else a notice says why. */
  protected acceptsTarget(steps: number): boolean {
    if (Number.isInteger(steps) && steps >= 1 && steps <= MAX_TRAINING_STEPS) return true;
    this.emit({ type: 'notice', message: `steps: expected a whole number of steps, 1 … ${MAX_TRAINING_STEPS}, got ${String(steps)}` } as Event);
    return false;
  }

  /** Whether `message` belongs to a run being replaced: only the replacement's own replies count. */
  protected stale(message: Reply): boolean {
    return this.pending !== undefined && message.type !== 'created' && !(message.type === 'refused' && message.request === 'create');
  }

  dispose(): void {
    this.pending?.done(false);
    this.pending = undefined;
    this.close();
  }

  /** Ends the conversation: the host frees the run, the port closes, no listener hears more. */
  protected close(): void {
    this.port.post({ type: 'dispose' });
    this.port.close();
    this.listeners.clear();
  }
}
