// Controls that change a walkthrough's inputs: sizes, heads, seed, tokens, d_k. The widget only
// passes on what was typed; the session reads and applies it, and the engine accepts or refuses it.
import type { Panel, ParameterField, ParametersPanel } from '../model/types.js';
import { el } from './dom.js';
import type { PanelView } from './panel-view.js';
import './parameters.css';

export function parametersView(panel: ParametersPanel, onChange: (field: ParameterField, text: string) => void): PanelView {
  const fieldset = el('fieldset', { className: 'parameters' }, el('legend', {}, panel.caption));
  fieldset.dataset.panel = panel.name;
  const controls: (HTMLInputElement | HTMLSelectElement)[] = [];
  const values = new Map<HTMLInputElement | HTMLSelectElement, HTMLOutputElement>();
  for (const field of panel.fields) {
    let control: HTMLInputElement | HTMLSelectElement;
    if (field.kind === 'choice') {
      control = el('select', {}, ...(field.options ?? []).map(([value, label]) => el('option', { value, selected: value === field.value }, label)));
    } else {
      const typed = field.kind === 'tokens' || field.kind === 'text';
      control = el('input', { type: field.slider ? 'range' : typed ? 'text' : 'number', value: String(field.value) });
      if (typed) control.classList.add('tokens');
      if (field.min !== undefined) control.min = String(field.min);
      if (field.max !== undefined) control.max = String(field.max);
      if (field.step !== undefined) control.step = String(field.step);
      if (field.placeholder !== undefined) control.placeholder = field.placeholder;
    }
    control.name = field.name;
    if (field.slider) {
      // Every move is a change, and the value is written beside the slider (the session's
      // numbers come back through update(), the value read out with them).
      const shown = el('output', { className: 'slider-value' }, String(field.value));
      control.addEventListener('input', () => {
        shown.textContent = control.value;
        onChange(field, control.value);
      });
      values.set(control, shown);
      fieldset.append(el('label', { className: 'slider' }, field.label, control, shown));
    } else {
      control.addEventListener('change', () => onChange(field, control.value));
      fieldset.append(el('label', {}, field.label, control));
    }
    controls.push(control);
  }
  // Everything but the values: when that is unchanged, the controls (and the focus) are kept.
  const layout = (p: ParametersPanel) => JSON.stringify([p.caption, p.fields.map((f) => ({ ...f, value: undefined }))]);
  const shape = layout(panel);
  return {
    element: fieldset,
    update(next: Panel) {
      if (next.type !== 'parameters' || next.name !== panel.name || layout(next) !== shape) return false;
      next.fields.forEach((field, k) => {
        if (controls[k].value !== String(field.value)) controls[k].value = String(field.value);
        const shown = values.get(controls[k]);
        if (shown) shown.textContent = String(field.value);
      });
      return true;
    },
  };
}
