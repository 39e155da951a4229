// One key picked from the panel's choices: a group of radio buttons, one per key.
import { el } from '../dom.js';
import type { AnswerControlFactory } from './answer-control.js';

export const pickKeyAnswer: AnswerControlFactory = (panel, { id, describedBy }) => {
  const radios = (panel.choices ?? []).map((choice, i) => {
    const radio = el('input', { type: 'radio', id: `${id}-pick-${i}`, value: choice.value });
    radio.name = `${id}-pick`;
    const label = el('label', { className: 'exercise-choice' }, radio, ` ${choice.label}`);
    return { radio, label };
  });
  const group = el('fieldset', { className: 'exercise-choices' }, el('legend', {}, panel.caption), ...radios.map((r) => r.label));
  group.setAttribute('aria-describedby', describedBy);
  const checked = () => radios.find((r) => r.radio.checked)?.radio;
  return {
    element: group,
    value: () => checked()?.value ?? '',
    show: (response) => { for (const r of radios) r.radio.checked = r.radio.value === response; },
    disable: () => { group.disabled = true; },
    invalid: (wrong) => group.setAttribute('aria-invalid', String(wrong)),
    focus: () => (checked() ?? radios[0]?.radio)?.focus(),
  };
};
