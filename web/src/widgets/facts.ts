// A facts panel: label/value pairs the engine computed (e.g. a head's entropy), as a definition list.
import type { TextPanel } from '../model/types.js';
import { el, mathNameSpan, textWithMathNames } from './dom.js';

export function factsView(panel: TextPanel): HTMLElement {
  const figure = el('figure', { className: 'facts-panel' },
    el('figcaption', {}, panel.caption),
    el('dl', {}, ...panel.facts.flatMap(([label, value]) => [el('dt', {}, ...textWithMathNames(label, mathNameSpan)), el('dd', {}, ...textWithMathNames(value, mathNameSpan))])));
  figure.dataset.panel = panel.name;
  return figure;
}
