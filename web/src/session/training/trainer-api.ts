// The engine's trainer as the page uses it: the façade's types (web/lib/index.d.ts) and its
// createTrainer, in one place for the training modules.
import type { AttentionLab, TextTrainer, TextTrainerOptions, TrainerOptions, Trainer } from '../../../lib/index.js';

export type {
  Trainer, TrainerAttention, TrainerConfig, TrainerEvaluation, TrainerHeadScores, TrainerOptimizer, TrainerOptions,
  TrainerTask,
} from '../../../lib/index.js';

/** The engine's createTrainer. */
export const createTrainer = (lab: AttentionLab, options: TrainerOptions): Trainer => lab.createTrainer(options);

/** The engine's createTrainer for the text task: a language model trained on a text. */
export const createTextTrainer = (lab: AttentionLab, options: TextTrainerOptions): TextTrainer => lab.createTrainer(options);
