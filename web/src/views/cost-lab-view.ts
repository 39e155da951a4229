// A cost-lab panel: Start / Cancel, a progress bar that screen readers hear, and one view of the
// measurements so far (the table of times, the log–log chart with its slopes, peak memory, or the
// complexity table). It draws what the measurement (session/cost/measurement.ts) holds and redraws
// after each measureCost call; every time, count and size is the engine's (the slopes are the
// least-squares fit of session/cost/slope.ts, chart arithmetic on those times).
import type { ChartPanel, CostPanel, CostVariant } from '../model/types.js';
import { exactNumber, formatCount, formatDuration, formatFixed, formatMemory, numberList } from '../model/format.js';
import type { CostCell, CostMeasurement } from '../session/cost/measurement.js';
import { logLogSlope, medianTime, timePoints } from '../session/cost/slope.js';
import { loadCharts } from '../widgets/chart-panel.js';
import { el, setAttr, setText, focusableWhileScrolling } from '../widgets/dom.js';
import type { PanelView } from '../widgets/panel-view.js';
import { costT as t } from './cost-lab-words-en.js';
import { refusalInPageWords } from '../model/engine-sentences.js';

/** A variant's name, in the page's language. */
const nameOf = (variant: CostVariant): string => t(`cost-variant-${variant}`);

/** Seed 000's variants table, with the RNN of seed 002: what each variant should cost. */
const CLAIMED: Record<CostVariant, [time: string, memory: string]> = {
  full: ['O(n²·d)', 'O(n²)'],
  flash: ['O(n²·d)', 'O(n·b)'],
  chunked: ['O(n²·d)', 'O(n·c)'],
  linear: ['O(n·d²)', 'O(d² + n·d)'],
  sparse: ['O(n·w·d)', 'O(n·w)'],
  rnn: ['O(n·d²)', 'O(n·d)'],
};

/** peakCells × 8 bytes (doubles), in the unit that reads best. */
const bytes = (cells: number): string => formatMemory(cells * 8);

const scoped = (table: HTMLTableElement) => {
  table.tHead?.querySelectorAll('th').forEach((th) => th.setAttribute('scope', 'col'));
  table.tBodies[0]?.querySelectorAll('th').forEach((th) => th.setAttribute('scope', 'row'));
  return table;
};

function table(caption: string, head: string[], rows: [CostVariant, (Node | string)[]][]): HTMLTableElement {
  const element = el('table', { className: 'cost-table' }, el('caption', {}, caption));
  element.createTHead().insertRow().append(...head.map((h) => el('th', {}, h)));
  const body = element.createTBody();
  for (const [variant, cells] of rows) {
    const row = body.insertRow();
    row.dataset.variant = variant;
    row.append(el('th', {}, nameOf(variant)), ...cells.map((c) => el('td', {}, c)));
  }
  return scoped(element);
}

/** A cell of a variant × n table: its value, "refused" (the note says why), or "–" while not measured. */
function measured(cell: CostCell, show: (c: CostCell & { result: NonNullable<CostCell['result']> }) => [string, string]): Node {
  if (cell.result) {
    const [text, exact] = show(cell as CostCell & { result: NonNullable<CostCell['result']> });
    return el('span', { title: exact }, text);
  }
  return el('span', { className: cell.refused ? 'refused' : 'waiting' }, cell.refused ? t('cost-refused') : '–');
}

/** The engine's refusals, one note per variant that had any. */
function refusalNotes(m: CostMeasurement): HTMLElement {
  const refused = m.cells.filter((c) => c.refused);
  return el('ul', { className: 'cost-notes' }, ...refused.map((c) => el('li', {}, t('cost-refusal', { variant: nameOf(c.variant), n: String(c.n), reason: refusalInPageWords(c.refused ?? '') }))));
}

export function costLabView(panel: CostPanel, m: CostMeasurement): PanelView {
  const figure = el('figure', { className: 'cost-panel' });
  figure.dataset.panel = panel.name;
  const start = el('button', { type: 'button', className: 'cost-start' });
  const cancel = el('button', { type: 'button', className: 'cost-cancel' }, t('cost-cancel'));
  const again = el('button', { type: 'button', className: 'cost-clear' }, t('cost-forget'));
  start.addEventListener('click', () => m.start());
  cancel.addEventListener('click', () => m.cancel());
  again.addEventListener('click', () => m.clear());
  const bar = el('span', { className: 'cost-bar' });
  const progress = el('div', { className: 'cost-progress', role: 'progressbar', ariaLabel: t('cost-progress-label') }, bar);
  setAttr(progress, 'aria-valuemin', '0');
  const status = el('p', { className: 'cost-status', role: 'status', ariaLive: 'polite' });
  const body = el('div', { className: 'cost-body' });
  figure.append(el('figcaption', {}, panel.caption), el('div', { className: 'cost-controls' }, start, cancel, again), progress, status, body);

  let announced = '';
  const draw = () => {
    const { state, done, total } = m;
    setText(start, state === 'cancelled' || (state === 'idle' && done > 0) ? t('cost-continue') : t('cost-start'));
    start.disabled = state === 'running' || done === total;
    cancel.disabled = state !== 'running';
    again.disabled = state === 'running' || done === 0;
    setAttr(progress, 'aria-valuemax', String(total));
    setAttr(progress, 'aria-valuenow', String(done));
    const now = m.current;
    const counts = { done: String(done), total: String(total) };
    const text = state === 'running' && now
      ? t('cost-now', { ...counts, variant: nameOf(now.variant), n: String(now.n) })
      : state === 'cancelled' ? t('cost-cancelled', counts)
        : done === total ? t('cost-all-done', counts) : t('cost-some-done', counts);
    setAttr(progress, 'aria-valuetext', text);
    bar.style.width = `${total === 0 ? 0 : (100 * done) / total}%`;
    // Announced once per size (when its first variant starts) and at the end, not after every call.
    const summary = state === 'running' ? t('cost-measured', counts) : text;
    if (state !== 'running' || (now && now.variant === m.plan.variants[0])) {
      if (summary !== announced) setText(status, summary);
      announced = summary;
    }
    body.replaceChildren(...VIEWS[panel.show](m, figure));
    focusableWhileScrolling(body, t('cost-scrolls', { caption: panel.caption }));
  };
  const stop = m.subscribe(() => {
    // A panel no longer on screen (another step) stops listening; the measurement goes on.
    if (!figure.isConnected) stop();
    else draw();
  });
  draw();
  return { element: figure };
}

type Part = (m: CostMeasurement, figure: HTMLElement) => Node[];

const sizeHead = (m: CostMeasurement) => [t('cost-head-variant'), ...m.plan.sizes.map((n) => `n = ${n}`)];

const VIEWS: Record<CostPanel['show'], Part> = {
  plan: (m) => [
    table(t('cost-plan-caption', { repeats: String(m.plan.repeats), d: String(m.plan.d) }), sizeHead(m),
      m.plan.variants.map((v) => [v, m.cellsOf(v).map((c) => measured(c, ({ result }) => [formatDuration(medianTime(result.seconds)), t('cost-every-run', { seconds: numberList(result.seconds.map((s) => exactNumber(s))) })]))])),
    refusalNotes(m),
  ],
  time: (m, figure) => {
    const chart = el('figure', { className: 'chart-panel cost-chart' });
    const series = m.plan.variants.map((v) => {
      const points = timePoints(m.cellsOf(v));
      const slope = logLogSlope(points);
      return { label: slope === undefined ? nameOf(v) : t('cost-slope', { variant: nameOf(v), slope: formatFixed(slope, 2) }), points };
    }).filter((s) => s.points.length > 0);
    if (series.length === 0) return [el('p', { className: 'cost-empty' }, t('cost-nothing-yet'))];
    const chartPanel: ChartPanel = {
      type: 'chart', name: 'cost-time', caption: t('cost-chart-caption'),
      xLabel: t('cost-chart-x'), yLabel: t('cost-chart-y'), xScale: 'log2', yScale: 'log10', series,
      xDomain: [m.plan.sizes[0], m.plan.sizes[m.plan.sizes.length - 1]],
    };
    void loadCharts().then(({ drawChart }) => {
      const open = chart.querySelector('details')?.open ?? figure.dataset.tableOpen === 'true';
      drawChart(chart, chartPanel);
      const details = chart.querySelector('details');
      if (details) {
        details.open = open;
        details.addEventListener('toggle', () => { figure.dataset.tableOpen = String(details.open); });
      }
    });
    return [chart, refusalNotes(m)];
  },
  memory: (m) => [
    table(t('cost-memory-caption'), sizeHead(m),
      m.plan.variants.map((v) => [v, m.cellsOf(v).map((c) => measured(c, ({ result }) => [bytes(result.peakCells), `peakCells = ${result.peakCells}`]))])),
    refusalNotes(m),
  ],
  complexity: (m) => [
    table(t('cost-complexity-caption'), ['variant', 'time', 'memory', 'slope', 'largest', 'median', 'adds', 'peak'].map((head) => t(`cost-head-${head}`)),
      m.plan.variants.map((v) => {
        const cells = m.cellsOf(v);
        const last = [...cells].reverse().find((c) => c.result);
        const slope = logLogSlope(timePoints(cells));
        const r = last?.result;
        return [v, [
          ...CLAIMED[v],
          slope === undefined ? '–' : formatFixed(slope, 2),
          last ? String(last.n) : '–',
          r ? el('span', { title: `${exactNumber(medianTime(r.seconds))} s` }, formatDuration(medianTime(r.seconds))) : '–',
          r ? formatCount(r.multiplyAdds) : '–',
          r ? el('span', { title: `peakCells = ${r.peakCells}` }, bytes(r.peakCells)) : '–',
        ]];
      })),
    el('p', { className: 'cost-legend' }, t('cost-legend')),
    refusalNotes(m),
  ],
};
