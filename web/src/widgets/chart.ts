// A line chart in SVG (d3 scales, axes and line shapes) with a legend and a table of the same
// numbers for screen readers. Every number plotted comes from the panel, i.e. from the engine.
// Loaded on demand with the d3 it needs (chart-panel.ts): the landing page has no chart.
//
// A Chart keeps its elements and updates them (d3 joins keyed by the points), so a chart redrawn
// while a model trains adds the new points and leaves the others alone; the axes are redrawn
// only when their domain changes. A `live` chart (one that grows while a model trains) builds
// its table alternative when the learner opens its disclosure, keeps it up to date only while it
// is open, and shows it in a box of its own height that scrolls, so hundreds of rows neither
// push the rest of the page down nor move it each time a row is added.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog, type ScaleLinear, type ScaleLogarithmic } from 'd3-scale';
import { select, type Selection } from 'd3-selection';
import { line } from 'd3-shape';
import type { ChartPanel } from '../model/types.js';
import { el, setAttr, setText, textWithMathNames } from './dom.js';
import { exactNumber, formatNumber, formatWithDecimals, sharedDecimals, tickLabels } from '../model/format.js';
import { t } from '../i18n/messages.js';

/** Okabe–Ito: distinguishable with every common colour-vision deficiency. */
const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
const WIDTH = 640;
const HEIGHT = 300;
// Room for axis text at twice its size on phones (see styles/panels.css).
const MARGIN = { top: 12, right: 16, bottom: 62, left: 74 };
/** The axis text's size in viewBox units where it is largest (narrow containers, styles/panels.css). */
const LARGEST_TEXT = 22;
let nextId = 0;

type Point = [number, number];
type Scale = ScaleLinear<number, number> | ScaleLogarithmic<number, number>;
const colourOf = (i: number) => SERIES_COLOURS[i % SERIES_COLOURS.length];

/**
 * The x axis of a linear chart: the most ticks (of d3's usual counts) whose labels fit side by
 * side at the largest axis text, so a phone's doubled text never crowds (about 0.6 em per digit
 * or comma, and half an em between labels), and the right margin that keeps half of the last
 * label inside the chart.
 */
function fittingXAxis(x: ScaleLinear<number, number>): { count: number; right: number } {
  const em = LARGEST_TEXT;
  let fallback = { count: 2, right: MARGIN.right };
  for (const count of [8, 6, 5, 4, 3, 2]) {
    const format = tickLabels(x.ticks(count), 'linear');
    const labels = x.ticks(count).map((t) => format(t).length);
    const right = Math.max(MARGIN.right, 0.3 * em * (labels[labels.length - 1] ?? 0));
    fallback = { count, right };
    if (labels.length * (0.6 * em * Math.max(...labels) + 0.5 * em) <= WIDTH - MARGIN.left - right) return fallback;
  }
  return fallback;
}

/** An SVG tspan for textWithMathNames: "ln" in the formulas' serif. */
const mathNameTspan = (name: string) => {
  const tspan = document.createElementNS('http://www.w3.org/2000/svg', 'tspan');
  tspan.setAttribute('class', 'math-name');
  tspan.textContent = name;
  return tspan;
};

export interface ChartOptions {
  /** Redrawn often as it grows: the table is built when opened, and scrolls in its own box. */
  live?: boolean;
}

export class Chart {
  private readonly id = `chart-${nextId++}`;
  private readonly caption = el('figcaption', { id: `${this.id}-caption` });
  private readonly svg: Selection<SVGSVGElement, unknown, null, undefined>;
  private readonly xAxis;
  private readonly yAxis;
  private readonly xLabel;
  private readonly yLabel;
  private readonly references;
  private readonly lines;
  private readonly legend = el('ul', { className: 'chart-legend' });
  private readonly table = el('table', { className: 'chart-table' });
  private readonly details = el('details', {}, el('summary', {}, t('chart-table-summary')));
  private panel: ChartPanel | undefined;
  /** The axes drawn (domains, tick count): points move only when they change. */
  private axesKey = '';
  private legendKey: string | undefined;
  private tableHeadKey: string | undefined;

  constructor(readonly figure: HTMLElement, private readonly options: ChartOptions = {}) {
    this.svg = select(document.createElementNS('http://www.w3.org/2000/svg', 'svg'))
      .attr('viewBox', `0 0 ${WIDTH} ${HEIGHT}`)
      .attr('role', 'img')
      .attr('aria-labelledby', this.caption.id)
      .attr('class', 'chart');
    this.xAxis = this.svg.append('g').attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`);
    this.yAxis = this.svg.append('g').attr('transform', `translate(${MARGIN.left},0)`);
    this.xLabel = this.svg.append('text').attr('class', 'axis-label').attr('x', (MARGIN.left + WIDTH - MARGIN.right) / 2).attr('y', HEIGHT - 6).attr('text-anchor', 'middle');
    this.yLabel = this.svg.append('text').attr('class', 'axis-label').attr('transform', `translate(14,${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`).attr('text-anchor', 'middle');
    this.references = this.svg.append('g');
    this.lines = this.svg.append('g');
    this.table.createTHead();
    this.table.createTBody();
    if (options.live) {
      // Focusable, so that a keyboard can scroll it; named after the chart it tabulates.
      const box = el('div', { className: 'chart-table-box', tabIndex: 0, role: 'region' }, this.table);
      box.setAttribute('aria-labelledby', this.caption.id);
      this.details.append(box);
    } else {
      this.details.append(this.table);
    }
    // Opened: the table shows the numbers of now (a screen reader reads it as it appears).
    this.details.addEventListener('toggle', () => {
      if (this.details.open && this.panel) this.fillTable(this.panel);
    });
    figure.replaceChildren(this.caption, this.svg.node() as SVGSVGElement, this.legend, this.details);
    figure.removeAttribute('aria-busy');
  }

  /** Shows `panel`: new points are added, gone ones removed, the rest left as they are. */
  update(panel: ChartPanel): void {
    this.panel = panel;
    setText(this.caption, panel.caption);
    const xs = panel.series.flatMap((s) => s.points.map(([px]) => px));
    const ys = panel.series.flatMap((s) => s.points.map(([, py]) => py)).concat((panel.references ?? []).map((r) => r.y));
    const [x0, x1] = panel.xDomain ?? [Math.min(...xs), Math.max(...xs)];
    const logY = panel.yScale === 'log10';
    // A logarithmic axis cannot reach 0: it spans the data only.
    const [y0, y1] = panel.yDomain ?? [logY ? Math.min(...ys) : Math.min(0, ...ys), Math.max(...ys)];
    const log2 = panel.xScale === 'log2';
    const x: Scale = (log2 ? scaleLog().base(2) : scaleLinear()).domain([x0, x1]);
    const { count: tickCount, right } = log2 ? { count: Math.min(xs.length, 10), right: MARGIN.right } : fittingXAxis(x as ScaleLinear<number, number>);
    x.range([MARGIN.left, WIDTH - right]);
    const y: Scale = (logY ? scaleLog().base(10) : scaleLinear()).domain([y0, y1]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);

    const tickValues = log2 ? [...new Set(xs)] : [];
    const axesKey = [panel.xScale, panel.yScale, ...x.domain(), ...x.range(), ...y.domain(), tickCount, ...tickValues].join(' ');
    const moved = axesKey !== this.axesKey;
    if (moved) {
      this.axesKey = axesKey;
      // Tick labels in the page's number format (its minus sign, decimal separator and powers of ten).
      const xAxis = axisBottom(x).ticks(tickCount);
      if (log2) xAxis.tickValues(tickValues).tickFormat((v) => formatNumber(Number(v)));
      else xAxis.tickFormat(tickLabels(x.ticks(tickCount), 'linear'));
      this.xAxis.call(xAxis);
      this.yAxis.call(axisLeft(y).ticks(6).tickFormat(tickLabels(y.ticks(6), logY ? 'log' : 'linear')));
    }
    this.xLabel.text(panel.xLabel);
    this.yLabel.text(panel.yLabel);

    this.references.selectAll<SVGGElement, { label: string; y: number }>('g').data(panel.references ?? [], (r) => `${r.label} ${r.y}`)
      .join((enter) => {
        const g = enter.append('g');
        g.append('line').attr('class', 'reference').attr('x1', MARGIN.left);
        g.append('text').attr('class', 'reference-label').attr('text-anchor', 'end')
          .each(function label(r) { this.append(...textWithMathNames(r.label, mathNameTspan)); });
        return g;
      })
      .call((g) => g.select('line').attr('x2', WIDTH - right).attr('y1', (r) => y(r.y)).attr('y2', (r) => y(r.y)))
      .call((g) => g.select('text').attr('x', WIDTH - right - 4).attr('y', (r) => y(r.y) - 4));

    const path = line<Point>().x(([px]) => x(px)).y(([, py]) => y(py));
    const { xLabel, yLabel } = panel;
    this.lines.selectAll<SVGGElement, ChartPanel['series'][number]>('g.series').data(panel.series)
      .join((enter) => enter.append('g').attr('class', 'series').call((g) => g.append('path').attr('fill', 'none').attr('stroke-width', 2.5)))
      .each(function drawSeries(series, i) {
        const group = select(this);
        setAttr(group.select<SVGPathElement>('path').attr('stroke', colourOf(i)).node() as SVGPathElement, 'd', path(series.points) ?? '');
        const place = (c: Selection<SVGCircleElement, Point, SVGGElement, unknown>) => c.attr('cx', ([px]) => x(px)).attr('cy', ([, py]) => y(py));
        // Keyed by the point itself: a point of a new run at the same step is a new point.
        group.selectAll<SVGCircleElement, Point>('circle').data(series.points, (p) => `${series.label} ${p[0]} ${p[1]}`)
          .join(
            (enter) => enter.append('circle').attr('r', 3.5).attr('fill', colourOf(i)).call(place)
              .call((c) => c.append('title').text(([px, py]) => `${series.label}: ${xLabel} ${formatNumber(px)}, ${yLabel} ${exactNumber(py)}`)),
            (update) => (moved ? update.call(place) : update),
          );
      });

    const legendKey = panel.series.map((s) => s.label).join('\u0000');
    if (legendKey !== this.legendKey) {
      this.legendKey = legendKey;
      this.legend.replaceChildren(...panel.series.map((series, i) => {
        const swatch = el('span', { className: 'swatch' });
        swatch.style.background = colourOf(i);
        return el('li', {}, swatch, series.label);
      }));
    }
    if (!this.options.live || this.details.open) this.fillTable(panel);
  }

  /** The table alternative: one row per x, one column per series; rows that did not change are kept. */
  private fillTable(panel: ChartPanel): void {
    const headKey = [panel.xLabel, ...panel.series.map((s) => s.label)].join('\u0000');
    if (headKey !== this.tableHeadKey) {
      this.tableHeadKey = headKey;
      const head = (this.table.tHead as HTMLTableSectionElement);
      head.replaceChildren();
      head.insertRow().append(...[panel.xLabel, ...panel.series.map((s) => s.label)].map((label) => {
        const th = el('th', {}, label);
        th.scope = 'col';
        return th;
      }));
    }
    const byX = panel.series.map((s) => new Map(s.points));
    const xValues = [...new Set(panel.series.flatMap((s) => s.points.map(([px]) => px)))].sort((a, b) => a - b);
    const rows = xValues.map((xv) => ({ x: xv, values: byX.map((m) => m.get(xv)) }));
    // One format per column: the x values, and the plotted values.
    const xDecimals = sharedDecimals(xValues);
    const decimals = sharedDecimals(rows.flatMap((r) => r.values.filter((v) => v !== undefined)));
    select(this.table.tBodies[0]).selectAll<HTMLTableRowElement, (typeof rows)[number]>('tr')
      .data(rows, (r) => `${r.x} ${r.values.join(' ')} ${xDecimals} ${decimals}`)
      .join((enter) => enter.append((r) => {
        const th = el('th', {}, formatWithDecimals(r.x, xDecimals));
        th.scope = 'row';
        return el('tr', {}, th, ...r.values.map((v) => (v === undefined ? el('td', {}, '–') : el('td', { title: `exact: ${exactNumber(v)}` }, formatWithDecimals(v, decimals)))));
      }))
      .order();
  }
}

/** Draws `panel` into `figure` (the panel's element, its caption already there), table and all. */
export function drawChart(figure: HTMLElement, panel: ChartPanel): void {
  new Chart(figure).update(panel);
}
