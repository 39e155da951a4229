// The inputs of a "training" walkthrough, field by field (model/input-fields.ts): the run of the
// engine's trainer it opens on (the task, the options an instructor or learner set, the others
// being the task's defaults) and the step it is trained to on opening. From them follow their
// type, their checks for a file, the schema and the format doc; its entry in KindTable
// (model/types.ts). A link carries them as readable query parameters (state/training-link.ts).
// The kind's descriptor is kind.ts. The ranges are the engine's (resolve_trainer_options in
// cpp/src/train/trainer_options.cpp), which checks every value again when it trains.
import type { TrainerOptions, TrainerTask } from '../../../lib/index.js';
import { choice, decimal, integer, optional, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';

/** The tasks, in the order the lesson offers them: first its own, whose two heads divide the work. */
export const TASKS = ['compare', 'reverse', 'sort', 'induction', 'iris'] as const satisfies readonly TrainerTask[];

/** The optimizers, as the engine names them. */
export const OPTIMIZERS = ['adam', 'adamw', 'sgd'] as const;

/**
 * How fast Train goes: one step per press, a number of steps per second, or as fast as the
 * engine can. Retraining to a link's step always goes as fast as it can.
 */
export const SPEEDS = ['step', '1', '5', '10', '25', '100', 'max'] as const;
export type TrainingSpeed = (typeof SPEEDS)[number];
/** Slow enough to watch the heads' patterns form, step by step, in a run of a few hundred steps. */
export const DEFAULT_SPEED: TrainingSpeed = '25';

/** Steps a run may be trained to, on opening or with Train. */
export const MAX_TRAINING_STEPS = 100000;

export const trainingInputs = {
  task: choice(TASKS),
  seed: optional(seed()),
  dModel: optional(integer(1, 256)),
  heads: optional(integer(1, 16)),
  layers: optional(integer(1, 4)),
  dFF: optional(integer(1, 1024)),
  learningRate: optional(decimal(0, 10, { aboveMin: true })),
  batchSize: optional(integer(1, 256)),
  optimizer: optional(choice(OPTIMIZERS)),
  weightDecay: optional(decimal(0, 1)),
  dropout: optional(decimal(0, 1, { belowMax: true })),
  steps: optional(integer(0, MAX_TRAINING_STEPS), 0),
  speed: optional(choice(SPEEDS), DEFAULT_SPEED),
};

export type TrainingInputs = InputsOf<typeof trainingInputs>;

export type TrainingWalkthrough = WalkthroughOf<'training'>;

declare module '../../model/types.js' {
  interface KindTable {
    training: { inputs: TrainingInputs };
  }
}

/** The model's sizes among the inputs: the engine takes them as its options' `model`. */
const MODEL_SIZES = ['dModel', 'heads', 'layers', 'dFF'] as const;
/** The other options the inputs may set, named as the engine names them. */
const RUN_OPTIONS = ['learningRate', 'batchSize', 'optimizer', 'weightDecay', 'dropout'] as const;

/**
 * The trainer's options of a walkthrough's inputs: only those set (the others are the task's
 * defaults), always in the same order, so two runs compare by their text (model/trained-layer.ts).
 */
export function trainerOptions(inputs: TrainingInputs): TrainerOptions {
  const options: TrainerOptions = { task: inputs.task };
  if (inputs.seed !== undefined) options.seed = inputs.seed;
  const model = Object.fromEntries(MODEL_SIZES.filter((name) => inputs[name] !== undefined).map((name) => [name, inputs[name]]));
  if (Object.keys(model).length > 0) options.model = model;
  for (const name of RUN_OPTIONS) if (inputs[name] !== undefined) Object.assign(options, { [name]: inputs[name] });
  return options;
}

/**
 * The inputs of a run with `options`, trained to `steps` (left out when 0, an untrained model),
 * watched at `speed` (left out when it is the default).
 */
export function trainingInputsOf(options: TrainerOptions, steps: number, speed: TrainingSpeed = DEFAULT_SPEED): TrainingInputs {
  const inputs: TrainingInputs = { task: options.task ?? TASKS[0] };
  if (options.seed !== undefined) inputs.seed = options.seed;
  for (const name of RUN_OPTIONS) if (options[name] !== undefined) Object.assign(inputs, { [name]: options[name] });
  for (const name of MODEL_SIZES) if (options.model?.[name] !== undefined) inputs[name] = options.model[name];
  if (steps > 0) inputs.steps = steps;
  if (speed !== DEFAULT_SPEED) inputs.speed = speed;
  return inputs;
}
