// A training run in a link: the inputs of a walkthrough of kind "training" (kinds/training/
// inputs.ts), as readable query parameters declared once in FIELDS: the task, the options set and
// the step count. On its own (`?train=reverse&seed=2&steps=400`) the link opens the lesson "Watch
// attention learn" at that run; beside a walkthrough that can show a trained layer
// (`?w=multi-head&train=reverse&steps=400&layer=0`) it names the run that layer comes from
// (state/url-state.ts). Opening it retrains to that step with the same options and seed, which
// gives the same run, bit for bit. Only the options set are written (the others are the task's
// defaults); the engine checks their values when it retrains.
import type { Walkthrough } from '../model/types.js';
import { MAX_TRAINING_STEPS, OPTIMIZERS, SPEEDS, TASKS, type TrainingInputs, type TrainingWalkthrough } from '../kinds/training/inputs.js';
import { echo } from '../i18n/echo.js';
import { t } from '../i18n/messages.js';

/** The walkthrough a training link on its own opens: the lesson "Watch attention learn". */
export const TRAINING_WALKTHROUGH = 'watch-attention-learn';

/** Whether a link carries `walkthrough`'s inputs as a training link (a walkthrough of kind "training"). */
export const carriesTrainingLink = (walkthrough: Walkthrough): walkthrough is TrainingWalkthrough => walkthrough.kind === 'training';

export interface TrainingLink {
  inputs: TrainingInputs;
  /** A walkthrough's trained layer only (`?w=multi-head&train=…&layer=0`): which layer, from 0. */
  layer?: number;
}

type WholeInput = 'seed' | 'dModel' | 'heads' | 'layers' | 'dFF' | 'batchSize';
type DecimalInput = 'learningRate' | 'weightDecay' | 'dropout';

interface Field {
  key: string;
  /** Reads the value into the link; an error sentence when it cannot be used. */
  read(value: string, link: TrainingLink): string | undefined;
  write(link: TrainingLink): string | undefined;
}

const wholeNumber = /^\d{1,10}$/;
const decimal = /^\d*\.?\d+(e-?\d+)?$/i;

const written = (value: number | string | undefined): string | undefined => (value === undefined ? undefined : String(value));

function numberField(key: string, input: WholeInput | DecimalInput, whole: boolean): Field {
  return {
    key,
    read(value, link) {
      if (!(whole ? wholeNumber : decimal).test(value)) return t(whole ? 'link-training-not-whole' : 'link-training-not-number', { key, value: echo(value) });
      link.inputs[input] = Number(value);
      return undefined;
    },
    write: (link) => written(link.inputs[input]),
  };
}

type ChoiceInput = 'task' | 'optimizer' | 'speed';

/** A part holding one of `values`; `refused(value)` is the notice for any other. */
function choiceField<I extends ChoiceInput>(key: string, input: I, values: readonly NonNullable<TrainingInputs[I]>[], refused: (value: string) => string): Field {
  return {
    key,
    read(value, link) {
      const chosen = values.find((name) => name === value);
      if (!chosen) return refused(echo(value));
      link.inputs[input] = chosen;
      return undefined;
    },
    write: (link) => link.inputs[input],
  };
}

/** Every part of the link, in the order written. */
const FIELDS: Field[] = [
  choiceField('train', 'task', TASKS, (value) => t('link-training-no-task', { value, tasks: TASKS.join(', ') })),
  numberField('seed', 'seed', true),
  numberField('dModel', 'dModel', true),
  numberField('heads', 'heads', true),
  numberField('layers', 'layers', true),
  numberField('dFF', 'dFF', true),
  numberField('lr', 'learningRate', false),
  numberField('batch', 'batchSize', true),
  choiceField('optimizer', 'optimizer', OPTIMIZERS, (value) => t('link-training-no-optimizer', { value, optimizers: OPTIMIZERS.join(', ') })),
  numberField('decay', 'weightDecay', false),
  numberField('dropout', 'dropout', false),
  {
    key: 'steps',
    read(value, link) {
      if (!wholeNumber.test(value) || Number(value) > MAX_TRAINING_STEPS) return t('link-training-bad-steps', { value: echo(value) });
      // 0 is an untrained model, as when the link leaves it out.
      if (Number(value) > 0) link.inputs.steps = Number(value);
      return undefined;
    },
    write: (link) => (link.inputs.steps ? String(link.inputs.steps) : undefined),
  },
  choiceField('speed', 'speed', SPEEDS, (value) => t('link-training-no-speed', { value, speeds: SPEEDS.join(', ') })),
  {
    key: 'layer',
    read(value, link) {
      if (!/^\d{1,2}$/.test(value)) return t('link-training-bad-layer', { value: echo(value) });
      link.layer = Number(value);
      return undefined;
    },
    write: (link) => written(link.layer),
  },
];

/** The query keys of a training link (the page's link reader knows them). */
export const TRAINING_KEYS: readonly string[] = FIELDS.map((f) => f.key);

/**
 * A training run from a link's query values, or undefined when the link names none (no `train`).
 * Each value that cannot be used gives one notice and is left out.
 */
export function readTrainingLink(values: ReadonlyMap<string, string>, notices: string[]): TrainingLink | undefined {
  if (!values.has('train')) return undefined;
  const link: TrainingLink = { inputs: { task: TASKS[0] } };
  for (const field of FIELDS) {
    const value = values.get(field.key);
    if (value === undefined) continue;
    const error = field.read(value, link);
    if (error) notices.push(error);
  }
  return link;
}

/** A training link's query parameters, in order. */
export function trainingParams(link: TrainingLink): [string, string][] {
  const params: [string, string][] = [];
  for (const field of FIELDS) {
    const value = field.write(link);
    if (value !== undefined) params.push([field.key, value]);
  }
  return params;
}

/** Whether two training inputs make the same link (the same run to the same step). */
export const sameTrainingLink = (a: TrainingInputs, b: TrainingInputs): boolean =>
  JSON.stringify(trainingParams({ inputs: a })) === JSON.stringify(trainingParams({ inputs: b }));
