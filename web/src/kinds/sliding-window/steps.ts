// Steps of the sliding-window lesson, generated from the engine: multiHeadAttention's `window`
// and `sinks` (one head, identity projections, so its numbers are attention's on the tokens),
// attention composing the window's mask layer by layer, diagnoseSlidingWindow's reach,
// kvCacheDecode's rolling cache and matrixDifference. Step ids: band, reach, cache, sinks. Every
// number shown comes from a trace; this file builds the inputs it hands the engine (the tokens,
// identity weights, all-zero queries) and picks rows and columns out of its matrices.
import type { AttentionLab, MultiHeadAttentionArgs } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, ExplainSource, MatrixPanel, ParameterField, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { slidingWindowInputs, type SlidingWindowInputs } from './inputs.js';
import { windowLayer } from './layer.js';
import { w } from './words-en.js';

/** How a trace-explained cell was computed, by panel name (explain.ts lays it out). */
export type WindowCellSource =
  | { kind: 'band'; window: number; sinks: number }
  | { kind: 'reach'; row: number; composed: number[][][]; layers: number[] };

/** The traces the steps came from, and what "explain this number" needs for each panel. */
export interface SlidingWindowTraces {
  /** The tokens: the engine's random rows, and the first token's pull column. */
  tokens: number[][];
  /** The window's mask (1 = attend), sinks left out, as multiHeadAttention used it. */
  band: number[][];
  cells: Record<string, WindowCellSource>;
}

const parameters = (name: string, caption: string, fields: ParameterField[]): ParametersPanel =>
  ({ type: 'parameters', name, caption, fields });

const identity = (size: number): number[][] =>
  Array.from({ length: size }, (_, r) => Array.from({ length: size }, (_, c) => (r === c ? 1 : 0)));

/** Index of the first 1 (or non-zero share) in a row: where a query's reach begins. */
const firstSeen = (row: number[]): number => row.findIndex((x) => x !== 0);

export function slidingWindowSteps(lab: AttentionLab, inputs: SlidingWindowInputs): Built<SlidingWindowTraces> {
  const { length: n, window, sinks, layers, seed } = inputs;
  const layer = windowLayer(lab, inputs);
  const tokens = layer.query;
  const d = tokens[0].length;
  const eye = identity(d);
  const head = (options: Partial<MultiHeadAttentionArgs>) =>
    lab.multiHeadAttention({ query: tokens, key: tokens, value: tokens, heads: 1, wQ: eye, wK: eye, wV: eye, wO: eye, ...options });
  const last = n - 1;
  const cells: Record<string, WindowCellSource> = {};
  const traced = (name: string, source: WindowCellSource, symbol: string): ExplainSource => {
    cells[name] = source;
    return { stage: 'trace', symbol };
  };
  const queryLabels = labels(undefined, n, 'q');
  const keyLabels = labels(undefined, n, 'k');
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], explain: ExplainSource, extra: Partial<MatrixPanel> = {}): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels, colour: 'weights', explain, ...extra });
  const weightsPanel = (name: string, title: string, mask: number[][], weights: number[][]) =>
    matrix(name, title, weights, queryLabels, keyLabels, { stage: 'weight', symbol: 'w', args: { query: tokens, key: tokens, value: tokens, mask } }, { blocked: mask });
  const sizeFields = [
    integerField('length', w('window-length'), n, slidingWindowInputs.length),
    integerField('window', w('window-window'), window, slidingWindowInputs.window),
  ];
  const steps: Step[] = [];

  // ---- band: query i sees keys i − window < j ≤ i -------------------------------------------
  const banded = head({ window }).heads[0];
  const band = banded.mask ?? [];
  const from = firstSeen(band[last]);
  steps.push({
    id: 'band',
    title: w('window-band-title'),
    text: w('window-band-text', { window: String(window), last: String(last), from: String(from) }),
    formula: String.raw`\htmlClass{focus}{i - w < j \le i}\quad(w = ${window})`,
    panels: [
      matrix('band', w('window-matrix-band'), band, queryLabels, keyLabels, traced('band', { kind: 'band', window, sinks: 0 }, 'mask')),
      weightsPanel('band-weights', w('window-matrix-weights'), band, banded.weights),
      parameters('band-size', w('window-size-caption'), [...sizeFields, integerField('width', w('window-width'), inputs.width, slidingWindowInputs.width), seedField(seed)]),
    ],
  });

  // ---- reach: the band composed over the layers ---------------------------------------------
  // All-zero queries and keys give every visible key the same weight, so each layer's output is
  // the band's row average of the layer below: its non-zero cells are where a token draws from.
  const still = Array.from({ length: n }, () => [0]);
  const composed: number[][][] = [];
  let below = identity(n);
  for (let l = 0; l < layers; l += 1) {
    below = lab.attention({ query: still, key: still, value: below, mask: band }).output;
    composed.push(below);
  }
  const depths = Array.from({ length: layers }, (_, l) => l + 1);
  const reachOf = (depth: number) =>
    lab.diagnoseSlidingWindow({ ...layer, layers: depth, stage: 'reach', row: last, column: 0, answer: 0 }).expected;
  const reaches = depths.map((depth) => [reachOf(depth)]);
  const top = composed[layers - 1];
  const previous = layers > 1 ? composed[layers - 2] : identity(n);
  steps.push({
    id: 'reach',
    title: w('window-reach-title'),
    text: w('window-reach-text', {
      window: String(window), layers: String(layers), last: String(last),
      from: String(firstSeen(top[last])), reach: formatNumber(reaches[layers - 1][0]), one: formatNumber(reaches[0][0]),
    }),
    formula: String.raw`r_L = \htmlClass{focus}{L\,(w - 1)}`,
    panels: [
      matrix('composed', w('window-matrix-composed', { layers: String(layers) }), top, queryLabels, keyLabels,
        { stage: 'output', symbol: 'share', args: { query: still, key: still, value: previous, mask: band } }),
      matrix('reach', w('window-matrix-reach'), reaches, depths.map((l) => w('window-layer-label', { layer: String(l) })), [w('window-back')],
        traced('reach', { kind: 'reach', row: last, composed, layers: depths }, 'reach'), { colour: 'none' }),
      parameters('reach-size', w('window-size-caption'), [
        ...sizeFields,
        integerField('layers', w('window-layers'), layers, slidingWindowInputs.layers),
      ]),
    ],
  });

  // ---- cache: a rolling buffer of `window` keys plus the sinks ------------------------------
  const decoded = lab.kvCacheDecode({ input: tokens, heads: 1, window, sinks, wQ: eye, wK: eye, wV: eye, wO: eye });
  const whole = head({ window, sinks });
  const check = lab.matrixDifference({ left: decoded.output, right: whole.output });
  const final = decoded.positions[last];
  const held = final.cachedPositions;
  const shown = decoded.positions.slice(Math.max(0, n - 3));
  steps.push({
    id: 'cache',
    title: w('window-cache-title'),
    text: w('window-cache-text', { window: String(window), sinks: String(sinks), held: String(held.length), last: String(last), largest: formatNumber(check.maxAbsDifference) }),
    formula: String.raw`C_t = \htmlClass{focus}{\{0,\dots,s-1\} \cup \{t-w+1,\dots,t\}}`,
    panels: [
      matrix('cached-keys', w('window-matrix-cached-keys', { last: String(last) }), final.keys,
        held.map((p) => w('window-position', { position: String(p) })), labels(undefined, d, 'd'),
        { stage: 'given', symbol: 'k', args: { what: w('window-cached-key-what') } }, { colour: 'diverging' }),
      {
        type: 'facts',
        name: 'cache-facts',
        caption: w('window-from-engine'),
        facts: [
          ...shown.map((s): [string, string] => [w('window-held-at', { step: String(s.position) }), s.cachedPositions.join(', ')]),
          [w('window-cache-cells'), String(decoded.cacheCells)],
          [w('window-cache-gap'), formatNumber(check.maxAbsDifference)],
        ],
      } satisfies TextPanel,
      parameters('cache-size', w('window-size-caption'), [
        ...sizeFields,
        integerField('sinks', w('window-sinks'), sinks, slidingWindowInputs.sinks),
      ]),
    ],
  });

  // ---- sinks: the rows when the first keys leave the window, and with them kept -------------
  const full = head({ mask: 'causal' });
  const alone = head({ window });
  const kept = whole;
  const fullWeights = full.heads[0].weights;
  const aloneWeights = alone.heads[0].weights;
  const keptWeights = kept.heads[0].weights;
  const gapAlone = lab.matrixDifference({ left: alone.output, right: full.output });
  const gapKept = lab.matrixDifference({ left: kept.output, right: full.output });
  const onFirst = (weights: number[][]) => weights.map((row, i): [number, number] => [i, row[0]]);
  steps.push({
    id: 'sinks',
    title: w('window-sinks-title'),
    text: w('window-sinks-text', {
      window: String(window), sinks: String(sinks), last: String(last), pull: String(inputs.pull),
      full: formatNumber(fullWeights[last][0]), alone: formatNumber(gapAlone.maxAbsDifference), kept: formatNumber(gapKept.maxAbsDifference),
    }),
    formula: String.raw`j \le i \;\wedge\; (i - w < j \;\vee\; \htmlClass{focus}{j < s})`,
    panels: [
      {
        type: 'chart',
        name: 'first-key',
        caption: w('window-first-key-caption'),
        xLabel: w('window-query'),
        yLabel: w('window-weight-on-first'),
        xScale: 'linear',
        yDomain: [0, 1],
        series: [
          { label: w('window-series-full'), points: onFirst(fullWeights) },
          { label: w('window-series-alone', { window: String(window) }), points: onFirst(aloneWeights) },
          { label: w('window-series-kept', { window: String(window), sinks: String(sinks) }), points: onFirst(keptWeights) },
        ],
      } satisfies ChartPanel,
      weightsPanel('weights-alone', w('window-matrix-alone'), alone.heads[0].mask ?? [], aloneWeights),
      weightsPanel('weights-kept', w('window-matrix-kept', { sinks: String(sinks) }), kept.heads[0].mask ?? [], keptWeights),
      {
        type: 'facts',
        name: 'sink-facts',
        caption: w('window-from-engine'),
        facts: [
          [w('window-fact-full', { last: String(last) }), formatNumber(fullWeights[last][0])],
          [w('window-fact-alone', { last: String(last) }), formatNumber(aloneWeights[last][0])],
          [w('window-fact-kept', { last: String(last) }), formatNumber(keptWeights[last][0])],
          [w('window-gap-alone'), formatNumber(gapAlone.maxAbsDifference)],
          [w('window-gap-kept'), formatNumber(gapKept.maxAbsDifference)],
        ],
      } satisfies TextPanel,
      parameters('sink-size', w('window-sinks-caption'), [
        ...sizeFields,
        integerField('sinks', w('window-sinks'), sinks, slidingWindowInputs.sinks),
        integerField('pull', w('window-pull'), inputs.pull, slidingWindowInputs.pull),
        seedField(seed),
      ]),
    ],
  });

  return { steps, trace: { tokens, band, cells } };
}
