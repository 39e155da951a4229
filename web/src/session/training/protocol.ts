// The messages between the page's training session (training-session.ts) and the trainer host
// (trainer-host.ts), which runs the engine's trainer in a Web Worker or, where a worker cannot
// start (the offline single file opened from file://), on the page's thread in the same chunks.
// Every number in a reply is the engine's; the page only formats and draws it.
import type {
  Trainer, TrainerAttention, TrainerConfig, TrainerEvaluation, TrainerHeadScores, TrainerOptions,
} from './trainer-api.js';
import type { AttentionLab, TextTrainerConfig, TextTrainerEvaluation, TextTrainerOptions } from '../../../lib/index.js';

export type { Trainer, TrainerAttention, TrainerConfig, TrainerEvaluation, TrainerHeadScores, TrainerOptions };
export type { TextTrainerConfig, TextTrainerEvaluation, TextTrainerOptions };

/** What the page sees of the model at one step: held-out evaluation, the probe's attention, head scores. */
export interface TrainingSnapshot {
  step: number;
  evaluation: TrainerEvaluation;
  attention: TrainerAttention;
  headScores: TrainerHeadScores;
}

/**
 * What a snapshot of a text run draws: a continuation of `prompt`, drawn by the engine at
 * `temperature` with `seed` (the same at every snapshot, so only the model changes).
 */
export interface SampleRequest {
  prompt: string;
  /** Tokens drawn; left out: as many as the model's context leaves after the prompt. */
  tokens?: number;
  temperature: number;
  seed: number;
}

/** What the page sees of a language model trained on a text at one step. */
export interface TextTrainingSnapshot {
  step: number;
  evaluation: TextTrainerEvaluation;
  /** What the model wrote after the sample's prompt, and the prompt. */
  sample: { prompt: string; text: string };
}

export type TrainingRequest =
  /**
   * A new run with these options, at step 0 (the previous run is kept if the engine refuses
   * them). `id` is echoed in the reply, so a late reply to an older request is recognised.
   * A text run's snapshots draw `sample`.
   */
  | { type: 'create'; id: number; options: TrainerOptions }
  | { type: 'create'; id: number; options: TextTrainerOptions; sample: SampleRequest }
  /**
   * Train until step `until` (or until paused), `stepsPerSecond` steps a second, or as fast as
   * the engine can when it is left out. Sent again while running, it changes both.
   */
  | { type: 'run'; until: number; stepsPerSecond?: number }
  | { type: 'pause' }
  /** Held-out evaluation with one head's output zeroed, beside the evaluation without. */
  | { type: 'ablate'; layer: number; head: number }
  | { type: 'parameters' }
  | { type: 'dispose' };

/** The host's replies about a run whose snapshots are `S` and whose options resolve to `C`. */
export type TrainingReply<S = TrainingSnapshot, C = TrainerConfig> =
  /** `defaults`: what every option would be had the learner set none but the task. */
  | { type: 'created'; id: number; config: C; defaults: C; snapshot: S }
  /** The engine refused a request; `request` is its type. Nothing changed. */
  | { type: 'refused'; id?: number; request: TrainingRequest['type']; message: string; argument?: string }
  /** One chunk of steps: the loss of each step, in order, ending at `step`. */
  | { type: 'progress'; step: number; losses: number[] }
  | { type: 'snapshot'; snapshot: S }
  /** Training stopped: asked to (`paused`), or it reached the step it was run until (`reached`). */
  | { type: 'stopped'; step: number; reason: 'paused' | 'reached' }
  /** A loss or gradient went non-finite: the run cannot go on. `message` is the engine's. */
  | { type: 'diverged'; step: number; message: string }
  | { type: 'ablation'; step: number; layer: number; head: number; with: TrainerEvaluation; without: TrainerEvaluation }
  | { type: 'parameters'; step: number; parameters: Record<string, number[][] | number[]> };

/** The replies about a text run. */
export type TextTrainingReply = TrainingReply<TextTrainingSnapshot, TextTrainerConfig>;
/** What a host sends: replies about a run of either kind. */
export type HostReply = TrainingReply | TextTrainingReply;

/** Either end of a conversation: a worker, the worker's own global scope, or an in-page pair. */
export interface Port<Send, Receive> {
  post(message: Send): void;
  listen(listener: (message: Receive) => void): void;
  /** Ends the conversation (a worker is terminated). */
  close(): void;
}

/** Steps per chunk: a pause or an ablation waits at most one chunk (a few milliseconds). */
export const CHUNK_STEPS = 10;
/**
 * At a set speed, chunks a second at most: slower speeds take one step a chunk, faster ones a
 * few, and every chunk ends with a snapshot, so the heads change before the learner's eyes.
 */
export const PACED_CHUNKS_PER_SECOND = 20;
/**
 * Held-out evaluation, the probe's attention and the head scores are taken every this many
 * steps: fixed steps, so a replayed link draws the same curve, point for point.
 */
export const SNAPSHOT_EVERY = 25;

/**
 * The page's end of a conversation with a trainer host. Typed by the toy tasks' replies: the
 * text lesson's session reads the same port's replies as TextTrainingReply (it asks only for
 * text runs).
 */
export type TrainingPort = Port<TrainingRequest, TrainingReply>;

/** Starts a trainer host for the page (in a worker, or on the page's thread). */
export type TrainingPortFactory = (lab: AttentionLab) => TrainingPort;
