// The engine's side of training: one trainer, driven by requests, stepped in chunks. Between two
// chunks it yields (schedule), so a pause, an ablation or a new run asked for meanwhile is
// handled within one chunk. It knows no transport: entries/training-worker.ts runs it in a Web
// Worker, same-thread.ts on the page's thread.
import type { AttentionLab, TextTrainer } from '../../../lib/index.js';
import {
  CHUNK_STEPS, PACED_CHUNKS_PER_SECOND, SNAPSHOT_EVERY, type HostReply, type SampleRequest, type TextTrainerConfig, type TextTrainingSnapshot, type Trainer,
  type TrainerConfig, type TrainingRequest, type TrainingSnapshot,
} from './protocol.js';
import { createTextTrainer, createTrainer } from './trainer-api.js';

/** A run of a toy task, or of the text task with the sample its snapshots draw. */
type Run = { text: false; trainer: Trainer } | { text: true; trainer: TextTrainer; sample: SampleRequest };

/** Runs `next` `ms` milliseconds later (0: after pending messages), setTimeout in a worker or a page. */
export type Schedule = (next: () => void, ms: number) => void;

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
/** The argument an AttentionError names (its `argument`), for the session to word a refusal by. */
const argumentOf = (error: unknown) => {
  const argument = (error as { argument?: unknown } | null)?.argument;
  return typeof argument === 'string' && argument !== '' ? { argument } : {};
};

export class TrainerHost {
  private run: Run | undefined;
  private step = 0;
  private until = 0;
  /** Steps a second while running; undefined: as fast as the engine can. */
  private stepsPerSecond: number | undefined;
  private running = false;
  /**
   * Counts the chains of chunks started: a chunk scheduled before a pause (or a new run) finds
   * its chain ended, so a quick Resume never leaves two chains stepping the same trainer.
   */
  private chain = 0;
  /** The step of the last snapshot sent, so a stop does not send the same one twice. */
  private snapshotAt = -1;
  private readonly defaults = new Map<TrainerConfig['task'] | 'text', TrainerConfig | TextTrainerConfig>();

  constructor(
    private readonly lab: AttentionLab,
    private readonly reply: (message: HostReply) => void,
    private readonly schedule: Schedule = (next, ms) => setTimeout(next, ms),
    /** Milliseconds, for the pace of a set speed. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Handles one request; an engine error becomes a `refused` reply and changes nothing. */
  handle(request: TrainingRequest): void {
    try {
      this.dispatch(request);
    } catch (error) {
      this.reply({ type: 'refused', request: request.type, message: messageOf(error), ...argumentOf(error), ...(request.type === 'create' ? { id: request.id } : {}) });
    }
  }

  private dispatch(request: TrainingRequest): void {
    switch (request.type) {
      case 'create': {
        // Made before the old run is dropped: options the engine refuses leave that run as it was.
        const next: Run = 'sample' in request
          ? { text: true, trainer: createTextTrainer(this.lab, request.options), sample: request.sample }
          : { text: false, trainer: createTrainer(this.lab, request.options) };
        this.running = false;
        this.run?.trainer.dispose();
        this.run = next;
        this.step = 0;
        const snapshot = this.snapshot(next);
        if (next.text) {
          const config = next.trainer.status().options;
          this.reply({ type: 'created', id: request.id, config, defaults: this.defaultsOf('text') as TextTrainerConfig, snapshot: snapshot as TextTrainingSnapshot });
        } else {
          const config = next.trainer.status().options;
          this.reply({ type: 'created', id: request.id, config, defaults: this.defaultsOf(config.task) as TrainerConfig, snapshot: snapshot as TrainingSnapshot });
        }
        return;
      }
      case 'run': {
        this.current('run');
        this.until = request.until;
        const paceChanged = this.stepsPerSecond !== request.stepsPerSecond;
        this.stepsPerSecond = request.stepsPerSecond;
        // A new pace starts a new chain at once: the old one may be waiting a slow pace's second.
        if (!this.running || paceChanged) {
          this.running = true;
          const chain = ++this.chain;
          this.schedule(() => this.tick(chain), 0);
        }
        return;
      }
      case 'pause':
        if (this.running) this.stop('paused');
        return;
      case 'ablate': {
        const trainer = this.toyRun('ablate');
        const without = trainer.ablate({ layer: request.layer, head: request.head });
        this.reply({ type: 'ablation', step: this.step, layer: request.layer, head: request.head, with: trainer.evaluate(), without });
        return;
      }
      case 'parameters':
        this.reply({ type: 'parameters', step: this.step, parameters: this.current('parameters').trainer.parameters() as Record<string, number[][] | number[]> });
        return;
      case 'dispose':
        this.running = false;
        this.run?.trainer.dispose();
        this.run = undefined;
    }
  }

  /** A task's defaults, from a run created with nothing else set (once per task; the text task's on its own passage). */
  private defaultsOf(task: TrainerConfig['task'] | 'text'): TrainerConfig | TextTrainerConfig {
    let known = this.defaults.get(task);
    if (!known) {
      const probe = task === 'text' ? createTextTrainer(this.lab, { task }) : createTrainer(this.lab, { task });
      known = probe.status().options;
      probe.dispose();
      this.defaults.set(task, known);
    }
    return known;
  }

  private current(request: string): Run {
    if (!this.run) throw new Error(`${request}: expected a training run, got none (create one first)`);
    return this.run;
  }

  /** The run, which must be of a toy task (a text run is read through its samples instead). */
  private toyRun(request: string): Trainer {
    const run = this.current(request);
    if (run.text) throw new Error(`${request}: expected a run of a toy task, got one of the text task`);
    return run.trainer;
  }

  /**
   * One chunk, ending on a multiple of SNAPSHOT_EVERY when it crosses one, so snapshots fall on
   * fixed steps. At a set speed a chunk is the steps of 1/PACED_CHUNKS_PER_SECOND s (at least
   * one), ends with a snapshot, and the next starts when its share of time is over.
   */
  private tick(chain: number): void {
    const run = this.run;
    if (!this.running || !run || chain !== this.chain) return;
    const { trainer } = run;
    const started = this.now();
    const pace = this.stepsPerSecond;
    const chunk = pace === undefined ? CHUNK_STEPS : Math.max(1, Math.floor(pace / PACED_CHUNKS_PER_SECOND));
    const k = Math.min(chunk, this.until - this.step, SNAPSHOT_EVERY - (this.step % SNAPSHOT_EVERY));
    if (k <= 0) {
      this.stop('reached');
      return;
    }
    let result;
    try {
      result = trainer.step(k);
    } catch (error) {
      // A run that diverges throws from step(); its status says where (the chunk's finite
      // losses are not reported: the curves stop at the last chunk, never drawing a NaN).
      this.running = false;
      const status = trainer.status();
      if (status.state === 'diverged') {
        this.step = status.step;
        this.reply({ type: 'diverged', step: status.step, message: status.message });
      } else {
        this.reply({ type: 'refused', request: 'run', message: messageOf(error) });
      }
      return;
    }
    this.step = result.step;
    this.reply({ type: 'progress', step: this.step, losses: Array.from(result.losses) });
    if (this.step % SNAPSHOT_EVERY === 0 || (pace !== undefined && this.step < this.until)) this.sendSnapshot(run);
    if (this.step >= this.until) this.stop('reached');
    else this.schedule(() => this.tick(chain), pace === undefined ? 0 : Math.max(0, (1000 * k) / pace - (this.now() - started)));
  }

  private stop(reason: 'paused' | 'reached'): void {
    this.running = false;
    if (this.run && this.snapshotAt !== this.step) this.sendSnapshot(this.run);
    this.reply({ type: 'stopped', step: this.step, reason });
  }

  private sendSnapshot(run: Run): void {
    const snapshot = this.snapshot(run);
    this.reply(run.text ? { type: 'snapshot', snapshot: snapshot as TextTrainingSnapshot } : { type: 'snapshot', snapshot: snapshot as TrainingSnapshot });
  }

  private snapshot(run: Run): TrainingSnapshot | TextTrainingSnapshot {
    this.snapshotAt = this.step;
    if (run.text) {
      const { prompt, tokens, temperature, seed } = run.sample;
      const room = tokens ?? run.trainer.config().context - run.trainer.tokenize(prompt).tokens.length;
      return { step: this.step, evaluation: run.trainer.evaluate(), sample: { prompt, text: run.trainer.generate({ prompt, tokens: room, temperature, seed }).text } };
    }
    const { trainer } = run;
    return { step: this.step, evaluation: trainer.evaluate(), attention: trainer.attention(), headScores: trainer.headScores() };
  }
}
