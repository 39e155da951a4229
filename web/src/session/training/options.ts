// The options a learner can set in the lesson, declared once: how each reads from the engine's
// resolved configuration (shown, with the task's default beside it) and how a new value goes
// into the options of the next run. The engine checks every value; nothing is checked here.
import type { TrainerConfig, TrainerOptions, TrainerOptimizer, TrainerTask } from './trainer-api.js';

export interface OptionField {
  name: string;
  label: string;
  /** A hint of what it is, for the field's description. */
  help: string;
  kind: 'integer' | 'number' | 'choice';
  choices?: readonly string[];
  read(config: TrainerConfig): number | string;
  /** The options with this field set to `value`. */
  with(options: TrainerOptions, value: number | string): TrainerOptions;
}

const modelField = (name: 'dModel' | 'heads' | 'layers' | 'dFF', label: string, help: string): OptionField => ({
  name,
  label,
  help,
  kind: 'integer',
  read: (config) => config.model[name],
  with: (options, value) => ({ ...options, model: { ...options.model, [name]: value as number } }),
});

type TopLevel = 'seed' | 'learningRate' | 'batchSize' | 'weightDecay' | 'dropout';
const topField = (name: TopLevel, label: string, help: string, kind: 'integer' | 'number'): OptionField => ({
  name,
  label,
  help,
  kind,
  read: (config) => config[name],
  with: (options, value) => ({ ...options, [name]: value as number }),
});

export const OPTION_FIELDS: readonly OptionField[] = [
  topField('seed', 'Seed', 'the initial weights, the data and dropout all follow from it', 'integer'),
  modelField('dModel', 'd_model', 'width of every token’s vector; a multiple of the heads'),
  modelField('heads', 'Heads', 'attention heads per layer'),
  modelField('layers', 'Layers', 'encoder layers'),
  modelField('dFF', 'd_ff', 'hidden width of the feed-forward block'),
  topField('learningRate', 'Learning rate', 'size of each optimizer step', 'number'),
  topField('batchSize', 'Batch size', 'examples per step', 'integer'),
  {
    name: 'optimizer',
    label: 'Optimizer',
    help: 'the update rule (as PyTorch’s)',
    kind: 'choice',
    choices: ['adam', 'adamw', 'sgd'],
    read: (config) => config.optimizer,
    with: (options, value) => ({ ...options, optimizer: value as TrainerOptimizer }),
  },
  topField('weightDecay', 'Weight decay', 'pulls weights towards 0', 'number'),
  topField('dropout', 'Attention dropout', 'chance of dropping an attention weight while training', 'number'),
];

export const TASK_TITLES: Readonly<Record<TrainerTask, string>> = {
  reverse: 'Reverse a sequence',
  sort: 'Sort a sequence',
  induction: 'Induction: continue a repeated pattern',
  iris: 'Classify Iris flowers',
};

/** The options of a run of another task: only the seed carries over (the defaults are the task's). */
export const optionsForTask = (options: TrainerOptions, task: TrainerTask): TrainerOptions =>
  (options.seed === undefined ? { task } : { task, seed: options.seed });
