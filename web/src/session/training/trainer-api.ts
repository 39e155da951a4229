// The engine's trainer as the page uses it: the façade's types (web/lib/index.d.ts) and its
// createTrainer, in one place for the training modules.
import type { AttentionLab, TrainerOptions, Trainer } from '../../../lib/index.js';

export type {
  Trainer, TrainerAttention, TrainerConfig, TrainerEvaluation, TrainerHeadScores, TrainerOptimizer, TrainerOptions,
  TrainerTask,
} from '../../../lib/index.js';

/** The engine's createTrainer. */
export const createTrainer = (lab: AttentionLab, options: TrainerOptions): Trainer => lab.createTrainer(options);
