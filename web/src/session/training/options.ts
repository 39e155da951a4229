// The options a learner can set in the lesson, declared once: how each reads from the engine's
// resolved configuration (shown, with the task's default beside it) and how a new value goes
// into the options of the next run. The engine checks every value; nothing is checked here.
import type { TrainerConfig, TrainerOptions, TrainerOptimizer, TrainerTask } from './trainer-api.js';
import { OPTIMIZERS } from '../../kinds/training/inputs.js';

export interface OptionField {
  /** Its label is message train-option-<name in lower case>, a hint of what it is train-option-<name>-help (words-en.ts). */
  name: string;
  kind: 'integer' | 'number' | 'choice';
  choices?: readonly string[];
  read(config: TrainerConfig): number | string;
  /** The options with this field set to `value`. */
  with(options: TrainerOptions, value: number | string): TrainerOptions;
}

const modelField = (name: 'dModel' | 'heads' | 'layers' | 'dFF'): OptionField => ({
  name,
  kind: 'integer',
  read: (config) => config.model[name],
  with: (options, value) => ({ ...options, model: { ...options.model, [name]: value as number } }),
});

type TopLevel = 'seed' | 'learningRate' | 'batchSize' | 'weightDecay' | 'dropout';
const topField = (name: TopLevel, kind: 'integer' | 'number'): OptionField => ({
  name,
  kind,
  read: (config) => config[name],
  with: (options, value) => ({ ...options, [name]: value as number }),
});

export const OPTION_FIELDS: readonly OptionField[] = [
  topField('seed', 'integer'),
  modelField('dModel'),
  modelField('heads'),
  modelField('layers'),
  modelField('dFF'),
  topField('learningRate', 'number'),
  topField('batchSize', 'integer'),
  {
    name: 'optimizer',
    kind: 'choice',
    choices: OPTIMIZERS,
    read: (config) => config.optimizer,
    with: (options, value) => ({ ...options, optimizer: value as TrainerOptimizer }),
  },
  topField('weightDecay', 'number'),
  topField('dropout', 'number'),
];

/** The options of a run of another task: only the seed carries over (the defaults are the task's). */
export const optionsForTask = (options: TrainerOptions, task: TrainerTask): TrainerOptions =>
  (options.seed === undefined ? { task } : { task, seed: options.seed });
