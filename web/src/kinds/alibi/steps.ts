// Steps of the ALiBi lesson, generated from the engine's multiHeadAttention with positional
// 'alibi' under a causal mask (alibiSlopes, and each head's bias, scaled, biased, mask, softmax
// and weights). Step ids follow the passes: slopes, bias, add (pass 2's scaled + bias, then the
// mask and softmax), then what the weights show: near-far, longer. Every number shown comes from
// a trace; this file picks rows and columns out of the engine's matrices and words them.
import type { AttentionLab, HeadTrace, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, ExplainSource, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import type { AlibiCellSource, WeightRow } from './cells.js';
import { alibiInputs, type AlibiInputs } from './inputs.js';
import { alibiLayer } from './layer.js';
import { w } from './words-en.js';

/** Distances of the longer sequence written out in numbers (the charts show them all). */
const LONG_DISTANCES = [0, 1, 2, 4, 8, 16, 32, 64, 128];

/** The traces the steps came from, and what "explain this number" needs for each panel. */
export interface AlibiTraces {
  /** The worked layer (heads), the other head count's, and the worked layer on the longer sequence. */
  worked: MultiHeadAttentionTrace;
  other: MultiHeadAttentionTrace;
  long: MultiHeadAttentionTrace;
  /** How each trace-explained panel's cells were computed, by panel name. */
  cells: Record<string, AlibiCellSource>;
}

const countUpTo = (count: number) => Array.from({ length: count }, (_, i) => i);

export function alibiSteps(lab: AttentionLab, inputs: AlibiInputs): Built<AlibiTraces> {
  const { heads, otherHeads, length: n, longLength, seed } = inputs;
  const head = Math.min(inputs.head, heads - 1);
  const worked = alibiLayer(lab, inputs, 'worked');
  const other = alibiLayer(lab, inputs, 'other');
  const long = alibiLayer(lab, inputs, 'long');
  const steep = 0;
  const gentle = heads - 1;
  const middle = Math.floor(gentle / 2);
  const shownHeads = [...new Set([steep, middle, gentle])];
  const cells: Record<string, AlibiCellSource> = {};
  const traced = (name: string, source: AlibiCellSource, symbol: string): ExplainSource => {
    cells[name] = source;
    return { stage: 'trace', symbol };
  };
  const tokens = labels(undefined, n, 't');
  const queries = tokens.map((label) => w('alibi-query-label', { t: label }));
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], explain: ExplainSource, extra: Partial<MatrixPanel> = {}): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels, colour: 'diverging', explain, ...extra });
  const headName = (k: number) => w('alibi-head', { k: String(k) });
  const parameters = (name: string, fields: ParametersPanel['fields']): ParametersPanel =>
    ({ type: 'parameters', name, caption: w('alibi-parameters-caption'), fields });
  const sizeFields = [
    integerField('heads', w('alibi-heads'), heads, alibiInputs.heads),
    integerField('length', w('alibi-length'), n, alibiInputs.length),
    integerField('headWidth', w('alibi-head-width'), inputs.headWidth, alibiInputs.headWidth),
    seedField(seed),
  ];
  const headOf = (trace: MultiHeadAttentionTrace, k: number): HeadTrace => trace.heads[k];
  const slopeOf = (k: number) => worked.alibiSlopes?.[k] ?? 0;
  const steps: Step[] = [];

  // ---- slopes: one per head, a geometric sequence ------------------------------------------
  const workedSlopes = worked.alibiSlopes ?? [];
  const otherSlopes = other.alibiSlopes ?? [];
  let power = 1;
  while (power * 2 <= otherHeads) power *= 2;
  steps.push({
    id: 'slopes',
    title: w('alibi-slopes-title'),
    text: w('alibi-slopes-text', { heads: String(heads), first: formatNumber(workedSlopes[0]), last: formatNumber(workedSlopes[gentle]) }),
    formula: String.raw`\htmlClass{focus}{m_k = 2^{-8(k+1)/H}},\quad k = 0,\dots,H-1`,
    panels: [
      matrix('slopes', w('alibi-matrix-slopes', { heads: String(heads) }), [workedSlopes], [w('alibi-slope')], labels(undefined, heads, 'h'),
        traced('slopes', { kind: 'slope', heads: [heads], slopes: [workedSlopes] }, 'm')),
      matrix('other-slopes', w('alibi-matrix-slopes', { heads: String(otherHeads) }), [otherSlopes], [w('alibi-slope')], labels(undefined, otherHeads, 'h'),
        traced('other-slopes', { kind: 'slope', heads: [otherHeads], slopes: [otherSlopes] }, 'm')),
      {
        type: 'facts',
        name: 'slopes-rule',
        caption: w('alibi-rule-caption', { heads: String(otherHeads) }),
        facts: power === otherHeads
          ? [[w('alibi-rule-power', { heads: String(otherHeads) }), w('alibi-rule-power-value')]]
          : [
            [w('alibi-rule-first', { power: String(power) }), otherSlopes.slice(0, power).map((s) => formatNumber(s)).join(', ')],
            [w('alibi-rule-rest', { double: String(2 * power), count: String(otherHeads - power) }), otherSlopes.slice(power).map((s) => formatNumber(s)).join(', ')],
          ],
      } satisfies TextPanel,
      parameters('slope-counts', [
        integerField('heads', w('alibi-heads'), heads, alibiInputs.heads),
        integerField('otherHeads', w('alibi-other-heads'), otherHeads, alibiInputs.otherHeads),
      ]),
    ],
  });

  // ---- bias: −slope·|i − j|, steep and gentle ---------------------------------------------
  const biasPanel = (name: string, k: number) => {
    const h = headOf(worked, k);
    return matrix(name, w('alibi-matrix-bias', { head: headName(k) }), h.bias ?? [], queries, tokens,
      traced(name, { kind: 'bias', slope: slopeOf(k), queries: countUpTo(n), keys: countUpTo(n) }, 'bias'),
      { blocked: h.mask, detail: w('alibi-slope-detail', { slope: formatNumber(slopeOf(k)) }) });
  };
  const last = n - 1;
  steps.push({
    id: 'bias',
    title: w('alibi-bias-title'),
    text: w('alibi-bias-text', {
      last: String(last), steep: formatNumber(headOf(worked, steep).bias?.[last][0] ?? 0), gentle: formatNumber(headOf(worked, gentle).bias?.[last][0] ?? 0),
      steephead: headName(steep), gentlehead: headName(gentle),
    }),
    formula: String.raw`\htmlClass{focus}{\text{bias}_{ij} = -m_k\,\lvert i - j\rvert}`,
    panels: [biasPanel('bias-steep', steep), ...(gentle === steep ? [] : [biasPanel('bias-gentle', gentle)]), parameters('bias-size', sizeFields)],
  });

  // ---- add: scaled + bias, then the mask and the softmax ----------------------------------
  const h = headOf(worked, head);
  const scaledName = 'head-scaled';
  const biasName = 'head-bias';
  steps.push({
    id: 'add',
    title: w('alibi-add-title', { head: headName(head) }),
    text: w('alibi-add-text', { k: String(head), head: headName(head), slope: formatNumber(slopeOf(head)), sqrt: formatNumber(h.sqrtDk), dk: String(inputs.headWidth) }),
    formula: String.raw`\mathrm{softmax}\Big(\frac{q_i k_j^\top}{\sqrt{d_k}} \htmlClass{focus}{{}- m_k\lvert i-j\rvert} + \text{mask}_{ij}\Big)`,
    panels: [
      matrix(scaledName, w('alibi-matrix-scaled'), h.scaled, queries, tokens,
        traced(scaledName, { kind: 'scaled', scores: h.scores, sqrtDk: h.sqrtDk }, 'scaled'), { blocked: h.mask }),
      matrix(biasName, w('alibi-matrix-bias', { head: headName(head) }), h.bias ?? [], queries, tokens,
        traced(biasName, { kind: 'bias', slope: slopeOf(head), queries: countUpTo(n), keys: countUpTo(n) }, 'bias'), { blocked: h.mask }),
      matrix('head-biased', w('alibi-matrix-biased'), h.biased ?? [], queries, tokens, {
        stage: 'sum', symbol: 'x',
        args: { parts: [{ symbol: 'scaled', panel: scaledName, data: h.scaled }, { symbol: 'bias', panel: biasName, data: h.bias ?? [] }] },
      }, { blocked: h.mask }),
      matrix('head-weights', w('alibi-matrix-weights', { head: headName(head) }), h.weights, queries, tokens,
        traced('head-weights', weightSource([h], 'every', countUpTo(n)), 'weight'), { blocked: h.mask, colour: 'weights', rowSums: h.weightSums }),
      parameters('head-size', [integerField('head', w('alibi-worked-head'), head, alibiInputs.head), ...sizeFields]),
    ],
  });

  // ---- near-far: steep heads look near, gentle ones far -----------------------------------
  const weightsPanel = (name: string, k: number) => {
    const hk = headOf(worked, k);
    return matrix(name, w('alibi-matrix-weights', { head: headName(k) }), hk.weights, queries, tokens,
      traced(name, weightSource([hk], 'every', countUpTo(n)), 'weight'),
      { blocked: hk.mask, colour: 'weights', detail: w('alibi-slope-detail', { slope: formatNumber(slopeOf(k)) }) });
  };
  const lastRow = (trace: MultiHeadAttentionTrace, k: number, pick: (hk: HeadTrace) => number[][]) => {
    const rows = pick(headOf(trace, k));
    const row = rows[rows.length - 1];
    return row.map((_, r): [number, number] => [r, row[row.length - 1 - r]]);
  };
  steps.push({
    id: 'near-far',
    title: w('alibi-near-far-title'),
    text: w('alibi-near-far-text', {
      last: String(last), steephead: headName(steep), gentlehead: headName(gentle),
      steepself: formatNumber(headOf(worked, steep).weights[last][last]), gentlefirst: formatNumber(headOf(worked, gentle).weights[last][0]),
      steepfirst: formatNumber(headOf(worked, steep).weights[last][0]),
    }),
    formula: String.raw`m_0 = ${formatNumber(slopeOf(steep))}\ \text{(near)}\qquad m_{${gentle}} = ${formatNumber(slopeOf(gentle))}\ \text{(far)}`,
    panels: [
      weightsPanel('weights-steep', steep),
      ...(gentle === steep ? [] : [weightsPanel('weights-gentle', gentle)]),
      {
        type: 'chart',
        name: 'near-far',
        caption: w('alibi-near-far-caption', { last: String(last) }),
        xLabel: w('alibi-distance'),
        yLabel: w('alibi-weight'),
        xScale: 'linear',
        yDomain: [0, 1],
        series: shownHeads.map((k) => ({ label: w('alibi-head-series', { head: headName(k), slope: formatNumber(slopeOf(k)) }), points: lastRow(worked, k, (hk) => hk.weights) })),
      } satisfies ChartPanel,
      parameters('near-far-size', sizeFields),
    ],
  });

  // ---- longer: past the trained length, the bias keeps falling in a straight line ----------
  const longLast = longLength - 1;
  const distances = [...new Set([...LONG_DISTANCES.filter((r) => r < longLast), last, longLast])].filter((r) => r <= longLast).sort((a, b) => a - b);
  const longHeads = shownHeads.map((k) => headOf(long, k));
  const farWeights = longHeads.map((hk) => distances.map((r) => hk.weights[longLast][longLast - r]));
  const longRows = shownHeads.map(headName);
  steps.push({
    id: 'longer',
    title: w('alibi-longer-title'),
    text: w('alibi-longer-text', {
      trained: String(n), long: String(longLength), last: String(last), longlast: String(longLast), gentlehead: headName(gentle),
      trainedbias: formatNumber(headOf(long, gentle).bias?.[longLast][longLast - last] ?? 0),
      farbias: formatNumber(headOf(long, gentle).bias?.[longLast][0] ?? 0),
      farweight: formatNumber(headOf(long, gentle).weights[longLast][0]),
    }),
    formula: String.raw`\text{bias}(r) = \htmlClass{focus}{-m_k\,r},\quad r = 0,\dots,${longLast}`,
    panels: [
      {
        type: 'chart',
        name: 'longer-bias',
        caption: w('alibi-longer-bias-caption', { long: String(longLength) }),
        xLabel: w('alibi-distance'),
        yLabel: w('alibi-bias'),
        xScale: 'linear',
        series: shownHeads.map((k) => ({ label: headName(k), points: lastRow(long, k, (hk) => hk.bias ?? []) })),
      } satisfies ChartPanel,
      {
        type: 'chart',
        name: 'longer-weights',
        caption: w('alibi-longer-weights-caption', { long: String(longLength) }),
        xLabel: w('alibi-distance'),
        yLabel: w('alibi-weight'),
        xScale: 'linear',
        series: shownHeads.map((k) => ({ label: headName(k), points: lastRow(long, k, (hk) => hk.weights) })),
      } satisfies ChartPanel,
      matrix('longer-weights-far', w('alibi-matrix-far', { long: String(longLength) }), farWeights, longRows,
        distances.map((r) => w('alibi-distance-label', { r: String(r) })),
        traced('longer-weights-far', weightSource(longHeads, longLast, distances.map((r) => longLast - r)), 'weight'), { colour: 'weights' }),
      parameters('longer-size', [
        integerField('longLength', w('alibi-long-length'), longLength, alibiInputs.longLength),
        integerField('length', w('alibi-length'), n, alibiInputs.length),
        integerField('heads', w('alibi-heads'), heads, alibiInputs.heads),
      ]),
    ],
  });

  return { steps, trace: { worked, other, long, cells } };
}

/** Every row of one head's weights, or row `row` of each head's, with what explains them. */
function weightSource(heads: HeadTrace[], row: number | 'every', keys: number[]): AlibiCellSource {
  const of = (hk: HeadTrace, r: number): WeightRow => ({ steps: hk.softmax, mask: hk.mask ?? [], row: r });
  const rows = row === 'every' ? heads[0].weights.map((_, r) => of(heads[0], r)) : heads.map((hk) => of(hk, row));
  return { kind: 'weight', rows, keys };
}
