// A panel whose widget is fetched when a step first shows one (the cost lab, an exercise), not
// with the page: the landing page has a byte budget (docs/benchmarks-page.md) and most learners
// meet these panels several lessons in. Until it arrives an empty placeholder stands in, named
// as the panel, so the step view treats it as that panel; then the widget takes its place.
import { t } from '../i18n/messages.js';
import { el } from './dom.js';
import type { PanelView } from './panel-view.js';

export function lazyPanelView(name: string, load: () => Promise<PanelView>): PanelView {
  const placeholder = el('div', { className: 'panel-loading' });
  placeholder.dataset.panel = name;
  let loaded: PanelView | undefined;
  const view: PanelView = {
    element: placeholder,
    // Not there yet: the step view builds a new one with the new numbers.
    update: (next) => loaded?.update?.(next) ?? false,
    markRelated: (cells) => loaded?.markRelated?.(cells),
  };
  load().then(
    (real) => {
      loaded = real;
      view.element = real.element;
      placeholder.replaceWith(real.element);
    },
    (error: Error) => {
      placeholder.setAttribute('role', 'alert');
      placeholder.textContent = t('panel-load-failed', { reason: error.message });
    },
  );
  return view;
}
