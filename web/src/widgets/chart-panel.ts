// A chart panel's element. The drawing (chart.ts) and the d3 it needs (scales, axes, shapes,
// selection, time and number formats: ~70 KB) are loaded on demand: the landing page has no
// chart, and evaluating d3 there delayed the first step. The page loads the module together with
// a lesson that charts (app.ts), so its steps are drawn at once; a chart asked for before that
// shows its caption, busy, and is drawn when the module arrives.
import type { ChartPanel } from '../model/types.js';
import { el } from './dom.js';
import { t } from '../i18n/messages.js';

type ChartModule = typeof import('./chart.js');

let chartModule: ChartModule | undefined;
let loading: Promise<ChartModule> | undefined;

/** Loads the chart module once (again after a failed attempt, e.g. offline). */
export function loadCharts(): Promise<ChartModule> {
  if (!loading) {
    loading = import('./chart.js').then((m) => (chartModule = m));
    loading.catch(() => {
      loading = undefined;
    });
  }
  return loading;
}

export function chartView(panel: ChartPanel): HTMLElement {
  const figure = el('figure', { className: 'chart-panel' }, el('figcaption', {}, panel.caption));
  figure.dataset.panel = panel.name;
  if (chartModule) {
    chartModule.drawChart(figure, panel);
    return figure;
  }
  figure.setAttribute('aria-busy', 'true');
  loadCharts().then(
    ({ drawChart }) => drawChart(figure, panel),
    (error: Error) => {
      figure.removeAttribute('aria-busy');
      figure.append(el('p', {}, t('chart-unavailable', { reason: error.message })));
    },
  );
  return figure;
}
