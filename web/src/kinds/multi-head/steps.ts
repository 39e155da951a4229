// Steps of a multi-head (or single-head) attention walkthrough on tokens, generated from the
// engine's embedTokens and multiHeadAttention traces. Step ids follow the engine's passes
// (cpp/src/multi_head_attention.cpp): embed, project, split, heads, concat, output.
import type { AttentionLab, MultiHeadAttentionArgs, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Staged } from '../kind.js';
import type { MatrixPanel, Panel, Step } from '../../model/types.js';
import type { MultiHeadInputs } from './inputs.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { formatNumber } from '../../model/format.js';
import { labels, shape, titled } from '../shared/fields.js';
import { settings, trainedInputStep, weightsFacts } from './panels.js';
import { weightOrigin, weightPanel } from '../shared/weight-panel.js';
import { embeddingExplain, linearExplain } from '../shared/explain-sources.js';
import { w } from './words-en.js';

/** What the walkthrough reads: the words' seeded embeddings, or the probe as a trained layer read it. */
interface Reading {
  queryTokens: string[];
  keyTokens: string[];
  x: number[][];
  source: number[][];
  args: MultiHeadAttentionArgs;
}

function reading(lab: AttentionLab, inputs: MultiHeadInputs, trained: TrainedLayer | undefined): Reading {
  if (trained) {
    // The trained layer's own input, weights and mask: the engine redoes that layer exactly.
    const { wQ, wK, wV, wO, bQ, bK, bV, bO } = trained.weights;
    const args: MultiHeadAttentionArgs = {
      query: trained.input, key: trained.input, value: trained.input, heads: trained.config.model.heads,
      wQ, wK, wV, wO, bQ, bK, bV, bO,
    };
    if (trained.causal) args.mask = 'causal';
    return { queryTokens: trained.tokens, keyTokens: trained.tokens, x: trained.input, source: trained.input, args };
  }
  const cross = inputs.sourceTokens !== undefined;
  const target = lab.embedTokens({ tokens: inputs.tokens, dModel: inputs.dModel, seed: inputs.seed });
  const source = cross
    ? lab.embedTokens({ tokens: inputs.sourceTokens as string[], dModel: inputs.dModel, seed: inputs.seed })
    : target;
  const args: MultiHeadAttentionArgs = {
    query: target.embeddings,
    key: source.embeddings,
    value: source.embeddings,
    heads: inputs.heads,
    seed: inputs.seed,
  };
  if (inputs.mask != null) args.mask = inputs.mask;
  if (inputs.maskFill != null) args.maskFill = inputs.maskFill;
  return {
    queryTokens: inputs.tokens,
    keyTokens: cross ? (inputs.sourceTokens as string[]) : inputs.tokens,
    x: target.embeddings,
    source: source.embeddings,
    args,
  };
}

/** Head numbers as superscripts, Q¹ … Q⁹ (heads past 9 are written without one). */
const SUPERSCRIPT = ['⁰', '¹', '²', '³', '⁴', '⁵', '⁶', '⁷', '⁸', '⁹'];

/**
 * The steps of a multi-head walkthrough: the embeddings step from the engine's embedTokens, the
 * others, in `rest`, from its multiHeadAttention trace.
 */
export function multiHeadSteps(lab: AttentionLab, inputs: MultiHeadInputs, trained?: TrainedLayer): Staged<MultiHeadAttentionTrace> {
  const cross = !trained && inputs.sourceTokens !== undefined;
  const { queryTokens, keyTokens, x, source, args } = reading(lab, inputs, trained);
  const mask = args.mask ?? undefined;
  const maskFill = args.maskFill ?? undefined;
  const n = x.length;
  const m = source.length;
  const d = x[0].length;
  const h = args.heads;
  const dims = (count: number, prefix = 'd') => labels(undefined, count, prefix);
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], colour: MatrixPanel['colour'] = 'diverging'): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels, colour });

  // The weights where they are used, each cell saying where it comes from and what it feeds.
  const weights = weightOrigin(trained, inputs.seed);

  const embedPanels: Panel[] = trained
    ? [weightsFacts(trained), { ...matrix('embeddings', w('multi-head-matrix-probe', { layer: String(trained.source.layer + 1) }), x, queryTokens, dims(d)),
      explain: { stage: 'given', args: { what: w('multi-head-probe-what', { layer: String(trained.source.layer + 1) }) }, symbol: 'X' } }]
    : [settings(inputs, keyTokens), { ...matrix('embeddings', w(cross ? 'multi-head-matrix-target-embeddings' : 'multi-head-matrix-embeddings'), x, queryTokens, dims(d)), explain: embeddingExplain('X', inputs.seed) }];
  if (cross) embedPanels.push({ ...matrix('source-embeddings', w('multi-head-matrix-source-embeddings'), source, keyTokens, dims(d)), explain: embeddingExplain('X_src', inputs.seed) });
  const keyInput = { symbol: cross ? 'X_src' : 'X', panel: cross ? 'source-embeddings' : 'embeddings' };
  const repeated = new Set(queryTokens).size < n;
  const embed: Step = trained ? trainedInputStep(trained, n, d, embedPanels) : {
    id: 'embed',
    title: w('multi-head-embed-title'),
    text: [
      w('multi-head-embed-text', { d: String(d), seed: String(inputs.seed) }),
      ...(repeated ? [w('multi-head-embed-repeated', { word: queryTokens.find((tok, i) => queryTokens.indexOf(tok) !== i) as string })] : []),
      ...(cross ? [w('multi-head-embed-cross')] : []),
    ].join(' '),
    formula: String.raw`X \in \mathbb{R}^{n \times d_{\text{model}}},\quad n = ${n},\ d_{\text{model}} = ${d}`,
    panels: embedPanels,
  };

  /** The steps after the embeddings, from the attention trace. */
  const attentionSteps = (t: MultiHeadAttentionTrace): Step[] => {
    const dK = t.dK;
    const steps: Step[] = [];
    steps.push({
      id: 'project',
      title: w('multi-head-project-title'),
      text: trained
        ? w('multi-head-project-trained', { shape: shape(d, d), task: trained.config.task })
        : w('multi-head-project-text', { shape: shape(d, d) }),
      formula: trained
        ? String.raw`\htmlClass{focus}{Q = XW_Q + b_Q,\ K = XW_K + b_K,\ V = XW_V + b_V}`
        : String.raw`\htmlClass{focus}{Q = XW_Q,\ K = ${cross ? 'X_{\\text{src}}' : 'X'}W_K,\ V = ${cross ? 'X_{\\text{src}}' : 'X'}W_V}`,
      panels: [
        { ...matrix('projected-query', `Q = XW_Q${trained ? ' + b_Q' : ''}`, t.projectedQuery, queryTokens, dims(d)),
          explain: linearExplain('Q', { input: x, weight: t.params.wQ, bias: t.params.bQ, inputSymbol: 'X', weightSymbol: 'W_Q', inputPanel: 'embeddings' }) },
        { ...matrix('projected-key', 'K', t.projectedKey, keyTokens, dims(d)),
          explain: linearExplain('K', { input: source, weight: t.params.wK, bias: t.params.bK, inputSymbol: keyInput.symbol, weightSymbol: 'W_K', inputPanel: keyInput.panel }) },
        { ...matrix('projected-value', 'V', t.projectedValue, keyTokens, dims(d)),
          explain: linearExplain('V', { input: source, weight: t.params.wV, bias: t.params.bV, inputSymbol: keyInput.symbol, weightSymbol: 'W_V', inputPanel: keyInput.panel }) },
        weightPanel('weight-query', 'W_Q', t.params.wQ, 'Q', weights),
        weightPanel('weight-key', 'W_K', t.params.wK, 'K', weights),
        weightPanel('weight-value', 'W_V', t.params.wV, 'V', weights),
      ],
    });

    if (h > 1) {
      steps.push({
        id: 'split',
        title: w('multi-head-split-title', { h: String(h), dk: String(dK) }),
        text: w('multi-head-split-text', { d: String(d), h: String(h), dk: String(dK), last: String(dK - 1) }),
        formula: String.raw`\htmlClass{focus}{\mathrm{head}_i = \mathrm{Attention}(Q_{[:,\,i d_k : (i+1) d_k]},\ K_{[\dots]},\ V_{[\dots]})},\quad d_k = \frac{d_{\text{model}}}{h} = ${dK}`,
        panels: [...t.heads.map((head, i): MatrixPanel => ({
          ...matrix(`head-${i}-query`, w('multi-head-matrix-head-query', { head: String(i + 1), first: String(i * dK), last: String(i * dK + dK - 1) }), head.query, queryTokens, dims(dK)),
          explain: { stage: 'slice', args: { from: t.projectedQuery, fromSymbol: 'Q', firstColumn: i * dK, head: i + 1 }, symbol: `Q${SUPERSCRIPT[i + 1] ?? ''}` },
        })), {
          type: 'facts',
          name: 'ledger',
          caption: w('multi-head-ledger'),
          facts: [
            ['X', shape(n, d)],
            ['W_Q, W_K, W_V, W_O', w('multi-head-ledger-each', { shape: shape(d, d) })],
            ['Q = XW_Q', shape(n, d)],
            [w('multi-head-ledger-q-split', { h: String(h) }), `${h} × (${shape(n, dK)})`],
            [w('multi-head-ledger-kv-split', { h: String(h) }), `${h} × (${shape(m, dK)})`],
            [w('multi-head-ledger-scores'), shape(n, m)],
            [w('multi-head-ledger-weights'), `${h} × ${shape(n, m)}`],
            [w('multi-head-ledger-concat'), w('multi-head-ledger-columns', { h: String(h), dk: String(dK), d: String(d), shape: shape(n, d) })],
            ['output = concat·W_O', shape(n, d)],
            [w('multi-head-ledger-parameters'), `4·${d}² = ${t.parameterCount}`],
          ],
        }],
      });
    }

    // Each head's attentionEntropy comes with its trace (one engine call for every head).
    const headPanels: Panel[] = t.heads.map((head, i) => {
      const { entropy } = head;
      return {
        type: 'matrix',
        name: `head-${i}-weights`,
        ...titled(h > 1 ? w('multi-head-matrix-head-weights', { head: String(i + 1) }) : w('multi-head-matrix-attention-weights'), shape(n, m)),
        detail: w('multi-head-entropy-detail', { mean: formatNumber(entropy.meanEntropy), max: formatNumber(entropy.maxEntropy) }),
        data: head.weights,
        rowLabels: queryTokens,
        colLabels: keyTokens,
        colour: 'weights',
        rowSums: head.weightSums,
        explain: { stage: 'weight', args: { query: head.query, key: head.key, value: head.value, mask, maskFill }, symbol: 'weight' },
      } satisfies MatrixPanel;
    });
    steps.push({
      id: 'heads',
      title: h > 1 ? w('multi-head-heads-title', { h: String(h) }) : w('multi-head-heads-title-one'),
      text: [
        h > 1
          ? w('multi-head-heads-text', { dk: String(dK), m: String(m), max: formatNumber(t.heads[0].entropy.maxEntropy) })
          : w('multi-head-heads-text-one'),
        trained
          ? w('multi-head-heads-trained', { task: trained.config.task, layer: String(trained.source.layer + 1), steps: String(trained.source.steps) })
          : w('multi-head-heads-random'),
      ].join(' '),
      formula: String.raw`\htmlClass{focus}{\mathrm{softmax}\!\left(\frac{Q_iK_i^{\top}}{\sqrt{d_k}}\right)}V_i`,
      panels: h === 1
        ? [{ type: 'tokens', name: 'token-attention', caption: w('multi-head-focus-word'), queries: queryTokens, keys: keyTokens, weights: t.heads[0].weights }, ...headPanels]
        : headPanels,
    });

    if (h > 1) {
      steps.push({
        id: 'concat',
        title: w('multi-head-concat-title'),
        text: w('multi-head-concat-text', { h: String(h), shape: shape(n, dK), whole: shape(n, d) }),
        formula: String.raw`\htmlClass{focus}{\mathrm{Concat}(\mathrm{head}_1, \dots, \mathrm{head}_{${h}})}W_O`,
        panels: [{ ...matrix('concat', 'concat', t.concat, queryTokens, dims(d)), explain: { stage: 'concat', args: { heads: t.heads.map((head) => head.output) }, symbol: 'concat' } }],
      });
    }
    steps.push({
      id: 'output',
      title: w(h > 1 ? 'multi-head-output-title' : 'multi-head-output-title-one'),
      text: h > 1
        ? w('multi-head-output-text', { shape: shape(d, d), d: String(d), count: String(t.parameterCount) })
        : w('multi-head-output-text-one', { count: String(t.parameterCount) }),
      formula: String.raw`\mathrm{Concat}(\dots)\htmlClass{focus}{W_O}`,
      panels: [
        { ...matrix('output', w('multi-head-matrix-output'), t.output, queryTokens, dims(d)),
          explain: linearExplain('output', { input: t.concat, weight: t.params.wO, bias: t.params.bO, inputSymbol: h > 1 ? 'concat' : 'weights·V', weightSymbol: 'W_O', inputPanel: h > 1 ? 'concat' : undefined }) },
        weightPanel('weight-output', 'W_O', t.params.wO, w('multi-head-feeds-output'), weights),
      ],
    });
    return steps;
  };

  return {
    first: [embed],
    rest: () => {
      const t = lab.multiHeadAttention(args);
      return { steps: attentionSteps(t), trace: t };
    },
  };
}
