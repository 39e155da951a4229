// The lesson on the entropy of attention: one seeded random sequence attended by a single head and
// by h heads with the same seeded projections (multiHeadAttention), each row's entropy from
// attentionEntropy, and, as in the seed notebook, a head with no projections at all (attention
// with Q = K = V = X). Every number comes from the engine; this file only arranges them.
import type { AttentionLab, EntropyTrace, HeadTrace, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { AttentionInputs } from '../attention/inputs.js';
import type { EntropyInputs } from './inputs.js';
import { randomExplain } from '../shared/explain-sources.js';
import { entropyInputs } from './inputs.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { w } from './words-en.js';

const ENTROPY_FORMULA = String.raw`H_i = -\sum_{j=1}^{n} w_{ij} \ln w_{ij},\qquad 0 \le H_i \le \ln n`;

/** The traces the steps came from: one head and h heads (sharing their seeded weights). */
export interface EntropyTraces {
  single: MultiHeadAttentionTrace;
  multi: MultiHeadAttentionTrace;
}

export function entropySteps(lab: AttentionLab, inputs: EntropyInputs): Built<EntropyTraces> {
  const { seed } = inputs;
  const x = lab.randomMatrix({ rows: inputs.length, cols: inputs.dModel, seed });
  const self = { query: x, key: x, value: x, seed };
  const single = lab.multiHeadAttention({ ...self, heads: 1 });
  const multi = lab.multiHeadAttention({ ...self, heads: inputs.heads });
  // Each head's attentionEntropy comes with its trace.
  const singleEntropy = single.heads[0].entropy;
  const headEntropy = multi.heads.map((head) => head.entropy);

  const n = x.length;
  const d = x[0].length;
  const h = multi.heads.length;
  const tokens = labels(undefined, n, 'x');
  const lnN = singleEntropy.maxEntropy;
  const bound = `ln ${n} = ${formatNumber(lnN)}`;

  const qkvOf = (head: HeadTrace): AttentionInputs => ({ query: head.query, key: head.key, value: head.value });
  // Each weight is explained by the attention call it came from: a head's own Q, K and V slices.
  const weights = (name: string, title: string, data: number[][], rowSums: number[], entropy: EntropyTrace, qkv: AttentionInputs): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(n, n)), data, rowLabels: tokens, colLabels: tokens, colour: 'weights', rowSums,
    explain: { stage: 'weight', args: qkv, symbol: 'weight' },
    detail: w('entropy-detail', { mean: formatNumber(entropy.meanEntropy), min: formatNumber(entropy.minEntropy), max: formatNumber(entropy.maxRowEntropy) }),
  });
  const series = (label: string, entropy: EntropyTrace): ChartPanel['series'][number] =>
    ({ label, points: entropy.entropy.map((value, position): [number, number] => [position, value]) });
  const chart = (name: string, caption: string, lines: ChartPanel['series']): ChartPanel => ({
    type: 'chart', name, caption, xLabel: w('entropy-x-label'), yLabel: w('entropy-y-label'), xScale: 'linear', series: lines,
    references: [{ label: w('entropy-bound', { bound }), y: lnN }],
  });
  const facts = (name: string, caption: string, entropy: EntropyTrace): TextPanel => ({
    type: 'facts', name, caption, facts: [
      [w('entropy-fact-mean'), formatNumber(entropy.meanEntropy)],
      [w('entropy-fact-lowest'), formatNumber(entropy.minEntropy)],
      [w('entropy-fact-highest'), formatNumber(entropy.maxRowEntropy)],
      [w('entropy-fact-largest'), formatNumber(entropy.maxEntropy)],
    ],
  });
  const headName = (i: number) => w('entropy-head', { number: String(i + 1) });

  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: w('entropy-settings'),
    fields: [
      integerField('length', w('entropy-tokens'), inputs.length, entropyInputs.length),
      integerField('dModel', 'd_model', inputs.dModel, entropyInputs.dModel),
      integerField('heads', w('entropy-heads-h'), inputs.heads, entropyInputs.heads),
      seedField(seed),
    ],
  };

  const steps: Step[] = [];
  steps.push({
    id: 'inputs',
    title: w('entropy-inputs-title', { n: String(n) }),
    text: w('entropy-inputs-text', { n: String(n), bound, d: String(d), seed: String(seed) }),
    formula: ENTROPY_FORMULA,
    panels: [
      parameters,
      { type: 'matrix', name: 'input', ...titled(w('entropy-matrix-input'), shape(n, d)), data: x, rowLabels: tokens, colLabels: labels(undefined, d, 'd'), colour: 'diverging',
        explain: randomExplain('X', seed) },
    ],
  });

  steps.push({
    id: 'single-head',
    title: w('entropy-single-title'),
    text: w('entropy-single-text', { shape: shape(d, d), dk: String(single.dK) }),
    formula: String.raw`\htmlClass{focus}{H_i = -\sum_{j} w_{ij} \ln w_{ij}},\quad w = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{${single.dK}}}\right)`,
    panels: [
      weights('single-weights', w('entropy-matrix-single'), single.heads[0].weights, single.heads[0].weightSums, singleEntropy, qkvOf(single.heads[0])),
      chart('single-entropy', w('entropy-chart-single'), [series(w('entropy-single-head'), singleEntropy)]),
      facts('single-facts', w('entropy-facts-single', { dk: String(single.dK) }), singleEntropy),
    ],
  });

  steps.push({
    id: 'multi-head',
    title: h > 1 ? w('entropy-multi-title', { h: String(h) }) : w('entropy-multi-title-one'),
    text: [
      h > 1 ? w('entropy-multi-text', { h: String(h), dk: String(multi.dK), d: String(d) }) : w('entropy-multi-text-one'),
      w('entropy-multi-seeded'),
    ].join(' '),
    formula: String.raw`\htmlClass{focus}{H^{(k)}_i = -\sum_{j} w^{(k)}_{ij} \ln w^{(k)}_{ij}},\quad w^{(k)} = \mathrm{softmax}\!\left(\frac{Q_k K_k^{\top}}{\sqrt{${multi.dK}}}\right)`,
    panels: [
      chart('head-entropy', w(h > 1 ? 'entropy-chart-heads' : 'entropy-chart-heads-one', { h: String(h) }), headEntropy.map((entropy, i) => series(headName(i), entropy))),
      ...multi.heads.map((head, i) => weights(`head-${i}-weights`, w('entropy-matrix-head', { head: headName(i) }), head.weights, head.weightSums, headEntropy[i], qkvOf(head))),
    ],
  });

  const summaryTitle = w('entropy-matrix-summary');
  steps.push({
    id: 'compare',
    title: w('entropy-compare-title'),
    text: w('entropy-compare-text', { bound }),
    formula: ENTROPY_FORMULA,
    panels: [
      chart('compare-entropy', w('entropy-chart-compare'), [
        // The heads first, so each keeps its colour from the previous chart.
        ...headEntropy.map((entropy, i) => series(headName(i), entropy)),
        series(w('entropy-single-head'), singleEntropy),
      ]),
      {
        type: 'matrix',
        name: 'entropy-summary',
        title: summaryTitle,
        caption: w('entropy-summary', { title: summaryTitle }),
        data: [singleEntropy, ...headEntropy].map((e) => [e.meanEntropy, e.minEntropy, e.maxRowEntropy]),
        rowLabels: [w('entropy-single-head'), ...headEntropy.map((_, i) => headName(i))],
        colLabels: [w('entropy-column-mean'), w('entropy-column-lowest'), w('entropy-column-highest')],
        colour: 'none',
        explain: { stage: 'given', symbol: 'H', args: { what: w('entropy-summary-what') } },
      },
    ],
  });

  // The seed notebook's "single head" has no projections at all: Q = K = V = X.
  const plain = lab.attention({ query: x, key: x, value: x });
  const plainEntropy = lab.attentionEntropy({ weights: plain.weights });
  steps.push({
    id: 'no-projection',
    title: w('entropy-plain-title'),
    text: w('entropy-plain-text', { d: String(d), plain: formatNumber(plainEntropy.meanEntropy), single: formatNumber(singleEntropy.meanEntropy) }),
    formula: String.raw`\htmlClass{focus}{w = \mathrm{softmax}\!\left(\frac{XX^{\top}}{\sqrt{${d}}}\right)},\quad ${ENTROPY_FORMULA}`,
    panels: [
      weights('plain-weights', w('entropy-matrix-plain'), plain.weights, plain.weightSums, plainEntropy, { query: x, key: x, value: x }),
      chart('plain-entropy', w('entropy-chart-plain'), [
        series(w('entropy-series-projected'), singleEntropy),
        series(w('entropy-series-plain'), plainEntropy),
      ]),
      facts('plain-facts', w('entropy-facts-plain', { d: String(d) }), plainEntropy),
    ],
  });
  return { steps, trace: { single, multi } };
}
