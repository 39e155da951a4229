// A line chart in SVG (d3 scales, axes and line shapes) with a legend and a table of the same
// numbers for screen readers. Every number plotted comes from the panel, i.e. from the engine.
// Loaded on demand with the d3 it needs (chart-panel.ts): the landing page has no chart.
import { axisBottom, axisLeft } from 'd3-axis';
import { scaleLinear, scaleLog } from 'd3-scale';
import { select } from 'd3-selection';
import { line } from 'd3-shape';
import type { ChartPanel } from '../model/types.js';
import { el } from './dom.js';
import { exactNumber, formatNumber } from '../model/format.js';

/** Okabe–Ito: distinguishable with every common colour-vision deficiency. */
const SERIES_COLOURS = ['#0072B2', '#D55E00', '#009E73', '#CC79A7', '#E69F00', '#56B4E9'];
const WIDTH = 640;
const HEIGHT = 300;
// Room for axis text at twice its size on phones (see styles.css).
const MARGIN = { top: 12, right: 16, bottom: 62, left: 74 };
let nextId = 0;

/** Draws the chart into `figure` (the panel's element, its caption already there). */
export function drawChart(figure: HTMLElement, panel: ChartPanel): void {
  const id = `chart-${nextId++}`;
  const xs = panel.series.flatMap((s) => s.points.map(([x]) => x));
  const ys = panel.series.flatMap((s) => s.points.map(([, y]) => y)).concat((panel.references ?? []).map((r) => r.y));
  const [x0, x1] = panel.xDomain ?? [Math.min(...xs), Math.max(...xs)];
  const logY = panel.yScale === 'log10';
  // A logarithmic axis cannot reach 0: it spans the data only.
  const [y0, y1] = panel.yDomain ?? [logY ? Math.min(...ys) : Math.min(0, ...ys), Math.max(...ys)];
  const x = (panel.xScale === 'log2' ? scaleLog().base(2) : scaleLinear()).domain([x0, x1]).range([MARGIN.left, WIDTH - MARGIN.right]);
  const y = (logY ? scaleLog().base(10) : scaleLinear()).domain([y0, y1]).nice().range([HEIGHT - MARGIN.bottom, MARGIN.top]);

  const svg = select(document.createElementNS('http://www.w3.org/2000/svg', 'svg'))
    .attr('viewBox', `0 0 ${WIDTH} ${HEIGHT}`)
    .attr('role', 'img')
    .attr('aria-labelledby', `${id}-caption`)
    .attr('class', 'chart');
  const xAxis = axisBottom(x).ticks(panel.xScale === 'log2' ? Math.min(xs.length, 10) : 8, panel.xScale === 'log2' ? '~s' : undefined);
  if (panel.xScale === 'log2') xAxis.tickValues([...new Set(xs)]).tickFormat((v) => String(v));
  svg.append('g').attr('transform', `translate(0,${HEIGHT - MARGIN.bottom})`).call(xAxis);
  svg.append('g').attr('transform', `translate(${MARGIN.left},0)`).call(logY ? axisLeft(y).ticks(6, '~e') : axisLeft(y).ticks(6));
  svg.append('text').attr('class', 'axis-label').attr('x', (MARGIN.left + WIDTH - MARGIN.right) / 2).attr('y', HEIGHT - 6).attr('text-anchor', 'middle').text(panel.xLabel);
  svg.append('text').attr('class', 'axis-label').attr('transform', `translate(14,${(MARGIN.top + HEIGHT - MARGIN.bottom) / 2}) rotate(-90)`).attr('text-anchor', 'middle').text(panel.yLabel);

  for (const reference of panel.references ?? []) {
    svg.append('line').attr('class', 'reference').attr('x1', MARGIN.left).attr('x2', WIDTH - MARGIN.right).attr('y1', y(reference.y)).attr('y2', y(reference.y));
    svg.append('text').attr('class', 'reference-label').attr('x', WIDTH - MARGIN.right - 4).attr('y', y(reference.y) - 4).attr('text-anchor', 'end').text(reference.label);
  }
  const path = line<[number, number]>().x(([px]) => x(px)).y(([, py]) => y(py));
  panel.series.forEach((series, i) => {
    const colour = SERIES_COLOURS[i % SERIES_COLOURS.length];
    svg.append('path').attr('fill', 'none').attr('stroke', colour).attr('stroke-width', 2.5).attr('d', path(series.points));
    svg.append('g').selectAll('circle').data(series.points).join('circle')
      .attr('cx', ([px]) => x(px)).attr('cy', ([, py]) => y(py)).attr('r', 3.5).attr('fill', colour)
      .append('title').text(([px, py]) => `${series.label}: ${panel.xLabel} ${formatNumber(px)}, ${panel.yLabel} ${exactNumber(py)}`);
  });

  const legend = el('ul', { className: 'chart-legend' }, ...panel.series.map((series, i) => {
    const swatch = el('span', { className: 'swatch' });
    swatch.style.background = SERIES_COLOURS[i % SERIES_COLOURS.length];
    return el('li', {}, swatch, series.label);
  }));

  // The table alternative: one row per x, one column per series.
  const xValues = [...new Set(xs)].sort((a, b) => a - b);
  const table = el('table', { className: 'chart-table' });
  const head = table.createTHead().insertRow();
  head.append(el('th', {}, panel.xLabel), ...panel.series.map((s) => el('th', {}, s.label)));
  const body = table.createTBody();
  for (const xv of xValues) {
    const row = body.insertRow();
    row.append(el('th', {}, formatNumber(xv)));
    for (const series of panel.series) {
      const point = series.points.find(([px]) => px === xv);
      const cell = row.insertCell();
      cell.textContent = point ? formatNumber(point[1]) : '–';
      if (point) cell.title = `exact: ${exactNumber(point[1])}`;
    }
  }
  head.querySelectorAll('th').forEach((th) => th.setAttribute('scope', 'col'));
  body.querySelectorAll('th').forEach((th) => th.setAttribute('scope', 'row'));

  figure.replaceChildren(
    el('figcaption', { id: `${id}-caption` }, panel.caption),
    svg.node() as SVGSVGElement,
    legend,
    el('details', {}, el('summary', {}, 'The numbers as a table'), table));
  figure.removeAttribute('aria-busy');
}
