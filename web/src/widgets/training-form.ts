// The lesson's options: the task, then one field per option of OPTION_FIELDS showing the value
// the run uses and the task's default beside it, and the step Train runs to. A change is handed
// to the view at once (the engine checks it); nothing here knows the engine. Its words are the
// training lesson's catalogue, which the lesson's view hands in.
import type { TrainerConfig, TrainerTask } from '../../lib/index.js';
import type { t as Words } from '../i18n/messages.js';
import type { OptionField } from '../session/training/options.js';
import { el } from './dom.js';
import { formatSetting } from '../model/format.js';

export interface TrainingFormOptions {
  tasks: readonly (readonly [TrainerTask, string])[];
  fields: readonly OptionField[];
  onTask: (task: TrainerTask) => void;
  onField: (field: OptionField, value: number | string) => void;
  onTarget: (steps: number) => void;
  /** The training lesson's words (session/training/words-en.ts). */
  words: typeof Words;
}

export interface TrainingForm {
  element: HTMLElement;
  /** Shows the values a run uses, its task's defaults and the step Train runs to. */
  show(config: TrainerConfig, defaults: TrainerConfig, target: number): void;
  /** Disables every field (while training: a change would start a new run). */
  setDisabled(disabled: boolean): void;
}

export function trainingForm({ tasks, fields, onTask, onField, onTarget, words: t }: TrainingFormOptions): TrainingForm {
  const task = el('select', { id: 'train-task' });
  for (const [id, title] of tasks) task.append(el('option', { value: id }, title));
  task.addEventListener('change', () => onTask(task.value as TrainerTask));

  const controls: { field: OptionField; input: HTMLInputElement | HTMLSelectElement; hint: HTMLElement }[] = [];
  const labels = fields.map((field) => {
    const hint = el('small', { className: 'default-hint', id: `train-${field.name}-hint` });
    let input: HTMLInputElement | HTMLSelectElement;
    if (field.kind === 'choice') {
      input = el('select', { id: `train-${field.name}` }, ...(field.choices ?? []).map((c) => el('option', { value: c }, c)));
    } else {
      input = el('input', { id: `train-${field.name}`, type: 'number' });
      input.step = field.kind === 'integer' ? '1' : 'any';
    }
    input.setAttribute('aria-describedby', hint.id);
    input.title = t(`train-option-${field.name.toLowerCase()}-help`);
    input.addEventListener('change', () => {
      const value = field.kind === 'choice' ? input.value : Number(input.value);
      onField(field, input.value.trim() === '' ? Number.NaN : value);
    });
    controls.push({ field, input, hint });
    return el('label', {}, t(`train-option-${field.name.toLowerCase()}`), input, hint);
  });

  const target = el('input', { id: 'train-target', type: 'number' });
  target.step = '1';
  target.min = '1';
  target.addEventListener('change', () => onTarget(Number(target.value)));

  const element = el('fieldset', { className: 'parameters training-form' },
    el('legend', {}, t('train-form-legend')),
    el('label', { className: 'task-field' }, t('train-form-task'), task),
    ...labels,
    el('label', {}, t('train-form-target'), target));

  return {
    element,
    show(config, defaults, steps) {
      task.value = config.task;
      for (const { field, input, hint } of controls) {
        input.value = String(field.read(config));
        hint.textContent = t('train-form-default', { value: formatSetting(field.read(defaults)) });
      }
      target.value = String(steps);
    },
    setDisabled(disabled) {
      for (const { input } of controls) input.disabled = disabled;
      task.disabled = disabled;
    },
  };
}
