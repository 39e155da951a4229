// The inputs of a "text-training" walkthrough (lesson "Train your own"), field by field
// (model/input-fields.ts): a language model trained by the engine on a text, and the step it is
// trained to on opening. A link carries them in its hash like any kind's edited inputs, so the
// text a link may hold is short (MAX_LINK_TEXT); a longer pasted text trains but stays out of
// the link, and the lesson says so. The engine (text_trainer in cpp/src/train/text_trainer.cpp)
// checks every value again when it trains.
import type { TextTrainerOptions } from '../../../lib/index.js';
import { choice, decimal, integer, optional, seed, text, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';
import { MAX_TRAINING_STEPS, SPEEDS, type TrainingSpeed } from '../training/inputs.js';

/** The longest text a link holds, in bytes: a link of a few kilobytes still opens everywhere. */
export const MAX_LINK_TEXT = 2000;

/** How fast Train goes by default: as fast as the engine can (a language model needs hundreds of steps). */
export const DEFAULT_TEXT_SPEED: TrainingSpeed = 'max';

export const textTrainingInputs = {
  /** What the model learns from; the engine's own passage when left out. */
  text: optional(text({ min: 1, max: MAX_LINK_TEXT })),
  seed: optional(seed()),
  dModel: optional(integer(2, 256)),
  heads: optional(integer(1, 16)),
  layers: optional(integer(1, 4)),
  context: optional(integer(2, 256)),
  learningRate: optional(decimal(0, 1, { aboveMin: true })),
  batchSize: optional(integer(1, 64)),
  steps: optional(integer(0, MAX_TRAINING_STEPS), 0),
  speed: optional(choice(SPEEDS), DEFAULT_TEXT_SPEED),
};

export type TextTrainingInputs = InputsOf<typeof textTrainingInputs>;

export type TextTrainingWalkthrough = WalkthroughOf<'text-training'>;

declare module '../../model/types.js' {
  interface KindTable {
    'text-training': { inputs: TextTrainingInputs };
  }
}

const MODEL_SIZES = ['dModel', 'heads', 'layers', 'context'] as const;
const RUN_OPTIONS = ['seed', 'learningRate', 'batchSize'] as const;

/** The trainer's options of a walkthrough's inputs (with the text the learner pasted, which may be longer than a link holds). */
export function textTrainerOptions(inputs: TextTrainingInputs, pasted?: string): TextTrainerOptions {
  const options: TextTrainerOptions = { task: 'text' };
  const text = pasted ?? inputs.text;
  if (text !== undefined) options.text = text;
  const model = Object.fromEntries(MODEL_SIZES.filter((name) => inputs[name] !== undefined).map((name) => [name, inputs[name]]));
  if (Object.keys(model).length > 0) options.model = model;
  for (const name of RUN_OPTIONS) if (inputs[name] !== undefined) Object.assign(options, { [name]: inputs[name] });
  return options;
}

/**
 * The inputs a link reproduces: the options set, the step and the speed, and the text when it
 * fits a link (`textKept` false: it was left out).
 */
export function textTrainingInputsOf(options: TextTrainerOptions, steps: number, speed: TrainingSpeed): { inputs: TextTrainingInputs; textKept: boolean } {
  const inputs: TextTrainingInputs = {};
  const fits = options.text === undefined || new TextEncoder().encode(options.text).length <= MAX_LINK_TEXT;
  if (options.text !== undefined && fits) inputs.text = options.text;
  for (const name of RUN_OPTIONS) if (options[name] !== undefined) Object.assign(inputs, { [name]: options[name] });
  for (const name of MODEL_SIZES) if (options.model?.[name] !== undefined) inputs[name] = options.model[name];
  if (steps > 0) inputs.steps = steps;
  if (speed !== DEFAULT_TEXT_SPEED) inputs.speed = speed;
  return { inputs, textKept: fits };
}
