// Controls that change a walkthrough's inputs: sizes, heads, seed, tokens, d_k. The widget only
// passes on what was typed; the session reads and applies it, and the engine accepts or refuses it.
import { formatSetting } from '../model/format.js';
import type { Panel, ParameterField, ParametersPanel } from '../model/types.js';
import { el, setText } from './dom.js';
import type { PanelView } from './panel-view.js';
import './parameters.css';

/**
 * A slider's value as the page writes numbers (0,85 in Spanish), beside it and for a screen
 * reader: the control's own value is always written with a point.
 */
function showSliderValue(slider: HTMLInputElement, shown: HTMLOutputElement, value: string | number): void {
  const text = formatSetting(Number(value));
  setText(shown, text);
  slider.setAttribute('aria-valuetext', text);
}

export function parametersView(panel: ParametersPanel, onChange: (field: ParameterField, text: string) => void): PanelView {
  const fieldset = el('fieldset', { className: 'parameters' }, el('legend', {}, panel.caption));
  fieldset.dataset.panel = panel.name;
  const controls: (HTMLInputElement | HTMLSelectElement)[] = [];
  const values = new Map<HTMLInputElement, HTMLOutputElement>();
  for (const field of panel.fields) {
    let control: HTMLInputElement | HTMLSelectElement;
    if (field.kind === 'choice') {
      control = el('select', {}, ...(field.options ?? []).map(([value, label]) => el('option', { value, selected: value === field.value }, label)));
    } else {
      const typed = field.kind === 'tokens' || field.kind === 'text';
      control = el('input', { type: field.slider ? 'range' : typed ? 'text' : 'number' });
      if (typed) control.classList.add('tokens');
      if (field.min !== undefined) control.min = String(field.min);
      if (field.max !== undefined) control.max = String(field.max);
      if (field.step !== undefined) control.step = String(field.step);
      // After its range and step: a slider given 0.8 while it still had the default step of 1
      // would sit at 1.
      control.value = String(field.value);
      if (field.placeholder !== undefined) control.placeholder = field.placeholder;
    }
    control.name = field.name;
    if (field.slider) {
      // Every move is a change, and the value is written beside the slider (the session's
      // numbers come back through update(), the value read out with them).
      const slider = control as HTMLInputElement;
      const shown = el('output', { className: 'slider-value' });
      showSliderValue(slider, shown, field.value);
      control.addEventListener('input', () => {
        showSliderValue(slider, shown, slider.value);
        onChange(field, slider.value);
      });
      values.set(slider, shown);
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
        const control = controls[k];
        if (control.value !== String(field.value)) control.value = String(field.value);
        const shown = control instanceof HTMLInputElement ? values.get(control) : undefined;
        if (shown) showSliderValue(control as HTMLInputElement, shown, field.value);
      });
      return true;
    },
  };
}
