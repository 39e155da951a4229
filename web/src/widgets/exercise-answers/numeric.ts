// A number typed into a field.
import { el } from '../dom.js';
import type { AnswerControlFactory } from './answer-control.js';

export const numericAnswer: AnswerControlFactory = (panel, { id, describedBy }) => {
  const input = el('input', { type: 'text', id: `${id}-answer`, className: 'exercise-answer' });
  input.inputMode = 'decimal';
  input.autocomplete = 'off';
  input.setAttribute('aria-describedby', describedBy);
  const label = el('label', {}, panel.caption);
  label.htmlFor = input.id;
  return {
    element: el('div', {}, label, el('div', { className: 'exercise-row' }, input)),
    value: () => input.value,
    show: (response) => { input.value = response; },
    disable: () => { input.disabled = true; },
    invalid: (wrong) => input.setAttribute('aria-invalid', String(wrong)),
    focus: () => input.focus(),
  };
};
