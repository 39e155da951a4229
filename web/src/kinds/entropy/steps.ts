// The lesson on the entropy of attention: one seeded random sequence attended by a single head and
// by h heads with the same seeded projections (multiHeadAttention), each row's entropy from
// attentionEntropy, and, as in the seed notebook, a head with no projections at all (attention
// with Q = K = V = X). Every number comes from the engine; this file only arranges them.
import type { AttentionLab, EntropyTrace, HeadTrace, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { AttentionInputs, ChartPanel, EntropyInputs, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { randomExplain } from '../shared/explain-sources.js';
import { LIMITS } from '../../model/limits.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape } from '../shared/fields.js';

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
  const singleEntropy = lab.attentionEntropy({ weights: single.heads[0].weights });
  const headEntropy = multi.heads.map((head) => lab.attentionEntropy({ weights: head.weights }));

  const n = x.length;
  const d = x[0].length;
  const h = multi.heads.length;
  const tokens = labels(undefined, n, 'x');
  const lnN = singleEntropy.maxEntropy;
  const bound = `ln ${n} = ${formatNumber(lnN)}`;

  const qkvOf = (head: HeadTrace): AttentionInputs => ({ query: head.query, key: head.key, value: head.value });
  // Each weight is explained by the attention call it came from: a head's own Q, K and V slices.
  const weights = (name: string, caption: string, data: number[][], rowSums: number[], entropy: EntropyTrace, qkv: AttentionInputs): MatrixPanel => ({
    type: 'matrix', name, caption, data, rowLabels: tokens, colLabels: tokens, colour: 'weights', rowSums,
    explain: { stage: 'weight', args: qkv, symbol: 'weight' },
    detail: `entropy per row: mean ${formatNumber(entropy.meanEntropy)}, min ${formatNumber(entropy.minEntropy)}, max ${formatNumber(entropy.maxRowEntropy)} nats`,
  });
  const series = (label: string, entropy: EntropyTrace): ChartPanel['series'][number] =>
    ({ label, points: entropy.entropy.map((value, position): [number, number] => [position, value]) });
  const chart = (name: string, caption: string, lines: ChartPanel['series']): ChartPanel => ({
    type: 'chart', name, caption, xLabel: 'query position i (row xᵢ)', yLabel: 'entropy (nats)', xScale: 'linear', series: lines,
    references: [{ label: `${bound}: equal weights`, y: lnN }],
  });
  const facts = (name: string, caption: string, entropy: EntropyTrace): TextPanel => ({
    type: 'facts', name, caption, facts: [
      ['mean entropy over the rows', formatNumber(entropy.meanEntropy)],
      ['lowest row (sharpest query)', formatNumber(entropy.minEntropy)],
      ['highest row (flattest query)', formatNumber(entropy.maxRowEntropy)],
      ['largest possible, ln n', formatNumber(entropy.maxEntropy)],
    ],
  });
  const headName = (i: number) => `head ${i + 1}`;

  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: 'Sequence and heads',
    fields: [
      integerField('length', 'tokens n', inputs.length, LIMITS.entropy.length),
      integerField('dModel', 'd_model', inputs.dModel, LIMITS.entropy.dModel),
      integerField('heads', 'heads h', inputs.heads, LIMITS.entropy.heads),
      seedField(seed),
    ],
  };

  const steps: Step[] = [];
  steps.push({
    id: 'inputs',
    title: `A random sequence of ${n} tokens`,
    text: `Entropy measures how spread out one query's attention is. If all the weight sits on one key, the entropy is 0; if all ${n} keys get the same weight, it is ${bound} nats, the largest possible. ` +
      `To see it, we attend over ${n} tokens whose ${d}-number vectors are random normal numbers (seed ${seed}): X below, one row per token.`,
    formula: ENTROPY_FORMULA,
    panels: [
      parameters,
      { type: 'matrix', name: 'input', caption: `X, the token vectors (${shape(n, d)})`, data: x, rowLabels: tokens, colLabels: labels(undefined, d, 'd'), colour: 'diverging',
        explain: randomExplain('X', seed) },
    ],
  });

  steps.push({
    id: 'single-head',
    title: 'One head: entropy per query',
    text: `A single head projects X with W_Q, W_K, W_V (${shape(d, d)}, seeded Xavier, untrained) and attends with d_k = ${single.dK}. ` +
      `Each row of its weights gets its own entropy: the lower the value, the more that query focuses on a few tokens.`,
    formula: String.raw`\htmlClass{focus}{H_i = -\sum_{j} w_{ij} \ln w_{ij}},\quad w = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{${single.dK}}}\right)`,
    panels: [
      weights('single-weights', `single head: weights (${shape(n, n)})`, single.heads[0].weights, single.heads[0].weightSums, singleEntropy, qkvOf(single.heads[0])),
      chart('single-entropy', 'Entropy of each query’s weights, single head', [series('single head', singleEntropy)]),
      facts('single-facts', `Single head, d_k = ${single.dK}`, singleEntropy),
    ],
  });

  steps.push({
    id: 'multi-head',
    title: h > 1 ? `${h} heads: entropy per head` : 'One head again',
    text: (h > 1
      ? `Now the same projections are split into ${h} heads of d_k = ${multi.dK}. Each head computes its scores from only ${multi.dK} of the ${d} columns, so each has its own pattern and its own entropies. `
      : `With h = 1 the "multi-head" attention is the single head of the previous step. `) +
      'These weights come from untrained, seeded parameters: how focused a head is here is arithmetic, not something it has learned.',
    formula: String.raw`\htmlClass{focus}{H^{(k)}_i = -\sum_{j} w^{(k)}_{ij} \ln w^{(k)}_{ij}},\quad w^{(k)} = \mathrm{softmax}\!\left(\frac{Q_k K_k^{\top}}{\sqrt{${multi.dK}}}\right)`,
    panels: [
      chart('head-entropy', `Entropy of each query’s weights, ${h} head${h > 1 ? 's' : ''}`, headEntropy.map((entropy, i) => series(headName(i), entropy))),
      ...multi.heads.map((head, i) => weights(`head-${i}-weights`, `${headName(i)}: weights (${shape(n, n)})`, head.weights, head.weightSums, headEntropy[i], qkvOf(head))),
    ],
  });

  steps.push({
    id: 'compare',
    title: 'One head against several',
    text: `All the lines on one chart, with the bound ${bound} as a dashed line. Each number below is the engine's own mean, lowest and highest row entropy for one head, ` +
      `so you can check which heads focus more than the single head and which spread their attention more evenly.`,
    formula: ENTROPY_FORMULA,
    panels: [
      chart('compare-entropy', 'Entropy per query position, every head', [
        // The heads first, so each keeps its colour from the previous chart.
        ...headEntropy.map((entropy, i) => series(headName(i), entropy)),
        series('single head', singleEntropy),
      ]),
      {
        type: 'matrix',
        name: 'entropy-summary',
        caption: 'Row entropy per head (nats)',
        data: [singleEntropy, ...headEntropy].map((e) => [e.meanEntropy, e.minEntropy, e.maxRowEntropy]),
        rowLabels: ['single head', ...headEntropy.map((_, i) => headName(i))],
        colLabels: ['mean', 'lowest', 'highest'],
        colour: 'none',
        explain: { stage: 'given', symbol: 'H', args: { what: 'the engine’s attentionEntropy of the row’s head: each query’s entropy −Σⱼ wⱼ·ln wⱼ over its weights, then their mean, lowest and highest, in nats. Select a weight of a head to see its softmax.' } },
      },
    ],
  });

  // The seed notebook's "single head" has no projections at all: Q = K = V = X.
  const plain = lab.attention({ query: x, key: x, value: x });
  const plainEntropy = lab.attentionEntropy({ weights: plain.weights });
  steps.push({
    id: 'no-projection',
    title: 'Without projections: each token looks at itself',
    text: `A common shortcut skips W_Q and W_K and attends with Q = K = X. Then each query's score with its own key is x·x, a sum of ${d} squares, which is always positive and often the largest in its row, ` +
      `so many rows put their biggest weight on the diagonal. Here the mean entropy is ${formatNumber(plainEntropy.meanEntropy)} nats, against ${formatNumber(singleEntropy.meanEntropy)} for the projected single head. ` +
      'A low entropy from this shortcut says nothing about what a trained head would do.',
    formula: String.raw`\htmlClass{focus}{w = \mathrm{softmax}\!\left(\frac{XX^{\top}}{\sqrt{${d}}}\right)},\quad ${ENTROPY_FORMULA}`,
    panels: [
      weights('plain-weights', `Q = K = V = X: weights (${shape(n, n)})`, plain.weights, plain.weightSums, plainEntropy, { query: x, key: x, value: x }),
      chart('plain-entropy', 'Entropy per query position: no projections against one projected head', [
        series('single head, projected', singleEntropy),
        series('Q = K = X, no projections', plainEntropy),
      ]),
      facts('plain-facts', `No projections, d_k = ${d}`, plainEntropy),
    ],
  });
  return { steps, trace: { single, multi } };
}
