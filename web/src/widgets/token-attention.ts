// Focus or hover a word to see its attention over every word: one bar per key, as long as its
// weight (the engine's number, printed beside it). The bars are a rendering of the weights row,
// not a computation.
import type { TokenAttentionPanel } from '../model/types.js';
import { el } from './dom.js';
import { exactNumber, formatNumber } from '../model/format.js';
import { t } from '../i18n/messages.js';

export function tokenAttentionView(panel: TokenAttentionPanel): HTMLElement {
  const bars = el('ol', { className: 'token-bars', ariaLive: 'polite' });
  const heading = el('p', { className: 'token-bars-heading' });

  const show = (i: number) => {
    heading.textContent = t('token-looks', { token: panel.queries[i], number: String(i + 1) });
    bars.replaceChildren(...panel.keys.map((key, j) => {
      const weight = panel.weights[i][j];
      const bar = el('span', { className: 'bar' });
      bar.style.width = `${Math.max(0, Math.min(1, weight)) * 100}%`;
      const item = el('li', {}, el('span', { className: 'key' }, key), el('span', { className: 'track' }, bar),
        el('span', { className: 'weight' }, formatNumber(weight)));
      item.title = t('exact-title', { value: exactNumber(weight) });
      return item;
    }));
    for (const [k, button] of buttons.entries()) button.setAttribute('aria-pressed', String(k === i));
  };

  const buttons = panel.queries.map((word, i) => {
    const button = el('button', { type: 'button', className: 'token' }, word);
    button.addEventListener('focus', () => show(i));
    button.addEventListener('mouseenter', () => show(i));
    button.addEventListener('click', () => show(i));
    return button;
  });

  const figure = el('figure', { className: 'token-panel' },
    el('figcaption', {}, panel.caption),
    el('div', { className: 'token-row', role: 'group', ariaLabel: 'Words: focus one to see its attention' }, ...buttons),
    heading,
    bars);
  figure.dataset.panel = panel.name;
  show(0);
  return figure;
}
