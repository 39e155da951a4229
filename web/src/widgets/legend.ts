// The colour legend under a matrix or heatmap: the ramp and its two end values. Decorative for
// screen readers (the numbers are in the tables), so it is hidden from them.
import type { ColourScale } from '../model/types.js';
import { legendFor } from '../model/colour.js';
import { el, setHidden } from './dom.js';
import { formatNumber } from '../model/format.js';

export interface LegendBar {
  element: HTMLElement;
  /** Shows the range of these values on this scale (hidden for uncoloured matrices). */
  show(kind: ColourScale, values: number[][]): void;
}

export function legendBar(): LegendBar {
  const element = el('div', { className: 'legend' });
  element.setAttribute('aria-hidden', 'true');
  let shown = '';
  return {
    element,
    show(kind, values) {
      const range = legendFor(kind, values);
      setHidden(element, !range);
      if (!range) return;
      // An edit that keeps the range (every weights matrix: 0 … 1) leaves the legend as it is.
      const key = `${range.gradient}|${range.low}|${range.high}`;
      if (key === shown) return;
      shown = key;
      const ramp = el('span', { className: 'ramp' });
      ramp.style.background = range.gradient;
      element.replaceChildren(el('span', {}, formatNumber(range.low, 2)), ramp, el('span', {}, formatNumber(range.high, 2)));
    },
  };
}
