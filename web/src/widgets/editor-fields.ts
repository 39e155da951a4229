// The editor's form controls (views/editor-view.ts): a labelled field bound to a path of the
// draft, whose refusal is shown beside it, and an exercise's fieldset, its fields derived from the
// exercise type's schema branch (authoring/draft.ts exerciseFields). No engine, no session:
// each control says what the instructor committed (`onSet(path, value)`).
import { exerciseFields, getAt, type Draft } from '../authoring/draft.js';
import type { Exercise } from '../model/types.js';
import { t } from '../i18n/messages.js';
import { el } from './dom.js';

export type OnSet = (path: string, value: unknown) => void;

/** A field's id in the form, from its path ("exercises[1].row" → "editor-exercises-1-row"). */
export const fieldId = (path: string): string => `editor-${path.replace(/[^A-Za-z0-9]+/g, '-').replace(/-$/, '')}`;

/**
 * A labelled control for `path` (its value read from `draft`), committed on change: text and
 * numbers as typed (an empty optional field removes the key), a select's choice.
 */
export function field(draft: Draft, path: string, label: string, kind: { control: 'text' | 'textarea' | 'integer' | 'number' | 'select'; options?: readonly (string | number)[]; optional?: boolean; placeholder?: string; hint?: string }, onSet: OnSet): HTMLElement {
  const id = fieldId(path);
  const value = getAt(draft, path);
  let control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  if (kind.control === 'select') {
    const select = el('select', { id });
    if (kind.optional) select.append(el('option', { value: '' }, t('editor-none')));
    for (const option of kind.options ?? []) select.append(el('option', { value: String(option), selected: option === value }, String(option)));
    if (value === undefined && kind.optional) select.value = '';
    select.addEventListener('change', () => {
      const chosen = (kind.options ?? []).find((o) => String(o) === select.value);
      onSet(path, chosen);
    });
    control = select;
  } else {
    control = kind.control === 'textarea' ? el('textarea', { id }) : el('input', { id, type: kind.control === 'text' ? 'text' : 'number' });
    if (control instanceof HTMLInputElement && kind.control === 'integer') control.step = '1';
    if (control instanceof HTMLInputElement && kind.control === 'number') control.step = 'any';
    control.value = value === undefined || value === null ? '' : String(value);
    if (kind.placeholder) control.placeholder = kind.placeholder;
    control.addEventListener('change', () => {
      const text = control.value;
      if (text.trim() === '' && kind.optional) onSet(path, undefined);
      // Numbers as typed, so that a refusal quotes them; text that is not a number stays text, and the check names it.
      else if (kind.control === 'integer' || kind.control === 'number') onSet(path, text.trim() !== '' && Number.isFinite(Number(text)) ? Number(text) : text);
      else onSet(path, text);
    });
  }
  control.dataset.path = path;
  const hint = kind.hint ? el('span', { className: 'editor-hint', id: `${id}-hint` }, kind.hint) : undefined;
  if (hint) control.setAttribute('aria-describedby', hint.id);
  return el('div', { className: 'editor-field' }, labelFor(id, label, ...(hint ? [' ', hint] : [])), control);
}

/** A label of the control `id`. */
export function labelFor(id: string, ...content: (Node | string)[]): HTMLLabelElement {
  const label = el('label', { className: 'editor-label' }, ...content);
  label.htmlFor = id;
  return label;
}

/** The exercise types the editor's menu offers, by their words. */
const TYPE_WORDS: Partial<Record<Exercise['type'], string>> = {
  numeric: 'editor-type-numeric', 'pick-key': 'editor-type-pick-key', 'pick-cell': 'editor-type-pick-cell',
  'order-passes': 'editor-type-order-passes', value: 'editor-type-value',
};

/** An exercise type in words ("pick the cell"), or its name in the file where it has none. */
export const typeWords = (type: Exercise['type']): string => (TYPE_WORDS[type] ? t(TYPE_WORDS[type]) : type);

/** The field names the editor has words for; another keeps its name in the file. */
const FIELD_WORDS: Record<string, string> = {
  stage: 'editor-field-stage', row: 'editor-field-row', column: 'editor-field-column', tolerance: 'editor-field-tolerance',
  step: 'editor-field-step', panel: 'editor-field-panel', rule: 'editor-field-rule', numbers: 'editor-field-numbers',
};

/**
 * The fieldset of exercise `index` of the draft: its id, title, question and place among the
 * steps (`steps`: the kind's step ids and titles), its type's own fields, and Remove.
 */
export function exerciseFieldset(draft: Draft, index: number, steps: readonly { id: string; title: string }[], onSet: OnSet, onRemove: () => void): HTMLElement {
  const exercise = (getAt(draft, `exercises[${index}]`) ?? {}) as { type?: Exercise['type'] };
  const at = (name: string) => `exercises[${index}].${name}`;
  const legend = el('legend', {}, t('editor-exercise-heading', { number: String(index + 1), type: exercise.type ? typeWords(exercise.type) : '?' }));
  const remove = el('button', { type: 'button', className: 'editor-remove' }, t('editor-exercise-remove', { number: String(index + 1) }));
  remove.addEventListener('click', onRemove);
  const after = field(draft, at('after'), t('editor-exercise-after'), {
    control: 'select', optional: true, options: steps.map((s) => s.id),
  }, onSet);
  // The steps' titles beside their ids, in the choices' text.
  for (const option of after.querySelectorAll('option')) {
    const step = steps.find((s) => s.id === option.value);
    if (step) option.textContent = `${step.title} (${step.id})`;
    else option.textContent = t('editor-exercise-after-last');
  }
  const own = exercise.type ? exerciseFields(exercise.type) : [];
  return el('fieldset', { className: 'editor-exercise' }, legend,
    field(draft, at('id'), t('editor-exercise-id'), { control: 'text' }, onSet),
    field(draft, at('title'), t('editor-exercise-title'), { control: 'text' }, onSet),
    field(draft, at('prompt'), t('editor-exercise-prompt'), { control: 'textarea' }, onSet),
    after,
    ...own.map((f) => field(draft, at(f.name), FIELD_WORDS[f.name] ? t(FIELD_WORDS[f.name]) : f.name, {
      control: f.control, ...(f.options ? { options: f.options } : {}), optional: !f.required,
      ...(f.name === 'step' ? { hint: steps.map((s) => s.id).join(', ') } : {}),
    }, onSet)),
    remove);
}
