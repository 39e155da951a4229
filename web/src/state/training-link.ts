// The lesson "Watch attention learn" in a link: the task, the options the learner set and the
// step count, declared once in FIELDS. Opening the link retrains to that step with the same
// options and seed, which gives the same run, bit for bit. Only the options the learner set are
// written (the others are the task's defaults); the engine checks their values when it retrains.
import type { TrainerOptions, TrainerTask } from '../../lib/index.js';
import { echo } from '../i18n/echo.js';
import { t } from '../i18n/messages.js';

export interface TrainingLink {
  options: TrainerOptions;
  /** The step the link was written at: 0 for an untrained model. */
  steps: number;
  /**
   * A walkthrough's link only (`?w=multi-head&train=…&layer=0`): the trained layer it shows,
   * from 0 (state/url-state.ts).
   */
  layer?: number;
}

export const TASKS: readonly TrainerTask[] = ['reverse', 'sort', 'induction', 'iris'];
const OPTIMIZERS = ['adam', 'adamw', 'sgd'] as const;

type NumberOption = 'seed' | 'learningRate' | 'batchSize' | 'weightDecay' | 'dropout';
type ModelOption = 'dModel' | 'heads' | 'layers' | 'dFF';

interface Field {
  key: string;
  /** Reads the value into the link; an error sentence when it cannot be used. */
  read(value: string, link: TrainingLink): string | undefined;
  write(link: TrainingLink): string | undefined;
}

const wholeNumber = /^\d{1,10}$/;
const decimal = /^\d*\.?\d+(e-?\d+)?$/i;

function numberField(key: string, option: NumberOption, whole: boolean): Field {
  return {
    key,
    read(value, link) {
      if (!(whole ? wholeNumber : decimal).test(value)) return t(whole ? 'link-training-not-whole' : 'link-training-not-number', { key, value: echo(value) });
      link.options[option] = Number(value);
      return undefined;
    },
    write: (link) => (link.options[option] === undefined ? undefined : String(link.options[option])),
  };
}

function modelField(key: ModelOption): Field {
  return {
    key,
    read(value, link) {
      if (!wholeNumber.test(value)) return t('link-training-not-whole', { key, value: echo(value) });
      link.options.model = { ...link.options.model, [key]: Number(value) };
      return undefined;
    },
    write: (link) => (link.options.model?.[key] === undefined ? undefined : String(link.options.model[key])),
  };
}

/** Every part of the lesson's link, in the order written. */
const FIELDS: Field[] = [
  {
    key: 'train',
    read(value, link) {
      if (!(TASKS as readonly string[]).includes(value)) return t('link-training-no-task', { value: echo(value), tasks: TASKS.join(', ') });
      link.options.task = value as TrainerTask;
      return undefined;
    },
    write: (link) => link.options.task ?? 'reverse',
  },
  numberField('seed', 'seed', true),
  modelField('dModel'),
  modelField('heads'),
  modelField('layers'),
  modelField('dFF'),
  numberField('lr', 'learningRate', false),
  numberField('batch', 'batchSize', true),
  {
    key: 'optimizer',
    read(value, link) {
      if (!(OPTIMIZERS as readonly string[]).includes(value)) return t('link-training-no-optimizer', { value: echo(value), optimizers: OPTIMIZERS.join(', ') });
      link.options.optimizer = value as TrainerOptions['optimizer'];
      return undefined;
    },
    write: (link) => link.options.optimizer,
  },
  numberField('decay', 'weightDecay', false),
  numberField('dropout', 'dropout', false),
  {
    key: 'steps',
    read(value, link) {
      if (!wholeNumber.test(value) || Number(value) > 100000) return t('link-training-bad-steps', { value: echo(value) });
      link.steps = Number(value);
      return undefined;
    },
    write: (link) => (link.steps > 0 ? String(link.steps) : undefined),
  },
  {
    key: 'layer',
    read(value, link) {
      if (!/^\d{1,2}$/.test(value)) return t('link-training-bad-layer', { value: echo(value) });
      link.layer = Number(value);
      return undefined;
    },
    write: (link) => (link.layer === undefined ? undefined : String(link.layer)),
  },
];

/** The query keys of the lesson's link (the page's link reader knows them). */
export const TRAINING_KEYS: readonly string[] = FIELDS.map((f) => f.key);

/**
 * The lesson's state from a link's query values, or undefined when the link does not open it
 * (no `train`). Each value that cannot be used gives one notice and is left out.
 */
export function readTrainingLink(values: ReadonlyMap<string, string>, notices: string[]): TrainingLink | undefined {
  if (!values.has('train')) return undefined;
  const link: TrainingLink = { options: { task: 'reverse' }, steps: 0 };
  for (const field of FIELDS) {
    const value = values.get(field.key);
    if (value === undefined) continue;
    const error = field.read(value, link);
    if (error) notices.push(error);
  }
  return link;
}

/** The lesson's query parameters, in order. */
export function trainingParams(link: TrainingLink): [string, string][] {
  const params: [string, string][] = [];
  for (const field of FIELDS) {
    const value = field.write(link);
    if (value !== undefined) params.push([field.key, value]);
  }
  return params;
}
