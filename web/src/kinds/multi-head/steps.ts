// Steps of a multi-head (or single-head) attention walkthrough on tokens, generated from the
// engine's embedTokens and multiHeadAttention traces. Step ids follow the engine's passes
// (cpp/src/multi_head_attention.cpp): embed, project, split, heads, concat, output.
import type { AttentionLab, MultiHeadAttentionArgs, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { MatrixPanel, MultiHeadInputs, Panel, Step } from '../../model/types.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { formatNumber } from '../../model/format.js';
import { labels, shape } from '../shared/fields.js';
import { settings, trainedInputStep, weightsFacts } from './panels.js';
import { weightOrigin, weightPanel } from '../shared/weight-panel.js';
import { embeddingExplain, linearExplain } from '../shared/explain-sources.js';

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

export function multiHeadSteps(lab: AttentionLab, inputs: MultiHeadInputs, trained?: TrainedLayer): Built<MultiHeadAttentionTrace> {
  const cross = !trained && inputs.sourceTokens !== undefined;
  const { queryTokens, keyTokens, x, source, args } = reading(lab, inputs, trained);
  const t = lab.multiHeadAttention(args);
  const mask = args.mask ?? undefined;
  const maskFill = args.maskFill ?? undefined;
  const n = x.length;
  const m = source.length;
  const d = x[0].length;
  const h = t.heads.length;
  const dK = t.dK;
  const dims = (count: number, prefix = 'd') => labels(undefined, count, prefix);
  const matrix = (name: string, caption: string, data: number[][], rowLabels: string[], colLabels: string[], colour: MatrixPanel['colour'] = 'diverging'): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels, colLabels, colour });

  // The weights where they are used, each cell saying where it comes from and what it feeds.
  const weights = weightOrigin(trained, inputs.seed);

  const steps: Step[] = [];
  const embedPanels: Panel[] = trained
    ? [weightsFacts(trained), { ...matrix('embeddings', `X: the probe as layer ${trained.source.layer + 1} reads it (${shape(n, d)})`, x, queryTokens, dims(d)),
      explain: { stage: 'given', args: { what: `the probe as the trained model’s layer ${trained.source.layer + 1} reads it, from the trained run (the engine’s numbers).` }, symbol: 'X' } }]
    : [settings(inputs, keyTokens), { ...matrix('embeddings', `${cross ? 'target ' : ''}embeddings X (${shape(n, d)})`, x, queryTokens, dims(d)), explain: embeddingExplain('X', inputs.seed) }];
  if (cross) embedPanels.push({ ...matrix('source-embeddings', `source embeddings (${shape(m, d)})`, source, keyTokens, dims(d)), explain: embeddingExplain('X_src', inputs.seed) });
  const keyInput = { symbol: cross ? 'X_src' : 'X', panel: cross ? 'source-embeddings' : 'embeddings' };
  const repeated = new Set(queryTokens).size < n;
  steps.push(trained ? trainedInputStep(trained, n, d, embedPanels) : {
    id: 'embed',
    title: 'Embed: every token becomes a vector',
    text: `Each token is looked up in a table of d_model = ${d} numbers per word (seeded and untrained here, seed ${inputs.seed}).` +
      (repeated ? ' The same word always gets the same row: both “' + queryTokens.find((tok, i) => queryTokens.indexOf(tok) !== i) + '” rows are identical, and without position information attention cannot tell them apart.' : '') +
      (cross ? ' The queries come from the target sentence, the keys and values from the source sentence.' : ''),
    formula: String.raw`X \in \mathbb{R}^{n \times d_{\text{model}}},\quad n = ${n},\ d_{\text{model}} = ${d}`,
    panels: embedPanels,
  });

  steps.push({
    id: 'project',
    title: 'Project: queries, keys and values',
    text: trained
      ? `Three learned matrices W_Q, W_K, W_V (each ${shape(d, d)}) and their bias vectors turn every row of X into a query, a key and a value. These are the trained model’s own, as ${trained.config.task} training left them: shown below with every digit (hover a cell).`
      : `Three learned matrices W_Q, W_K, W_V (each ${shape(d, d)}, seeded Xavier here, shown below Q, K and V) turn every embedding into a query, a key and a value. Select a number of Q, K or V to see its products.`,
    formula: trained
      ? String.raw`\htmlClass{focus}{Q = XW_Q + b_Q,\ K = XW_K + b_K,\ V = XW_V + b_V}`
      : String.raw`\htmlClass{focus}{Q = XW_Q,\ K = ${cross ? 'X_{\\text{src}}' : 'X'}W_K,\ V = ${cross ? 'X_{\\text{src}}' : 'X'}W_V}`,
    panels: [
      { ...matrix('projected-query', `Q = XW_Q${trained ? ' + b_Q' : ''} (${shape(n, d)})`, t.projectedQuery, queryTokens, dims(d)),
        explain: linearExplain('Q', { input: x, weight: t.params.wQ, bias: t.params.bQ, inputSymbol: 'X', weightSymbol: 'W_Q', inputPanel: 'embeddings' }) },
      { ...matrix('projected-key', `K (${shape(m, d)})`, t.projectedKey, keyTokens, dims(d)),
        explain: linearExplain('K', { input: source, weight: t.params.wK, bias: t.params.bK, inputSymbol: keyInput.symbol, weightSymbol: 'W_K', inputPanel: keyInput.panel }) },
      { ...matrix('projected-value', `V (${shape(m, d)})`, t.projectedValue, keyTokens, dims(d)),
        explain: linearExplain('V', { input: source, weight: t.params.wV, bias: t.params.bV, inputSymbol: keyInput.symbol, weightSymbol: 'W_V', inputPanel: keyInput.panel }) },
      weightPanel('weight-query', 'W_Q', t.params.wQ, 'Q', weights),
      weightPanel('weight-key', 'W_K', t.params.wK, 'K', weights),
      weightPanel('weight-value', 'W_V', t.params.wV, 'V', weights),
    ],
  });

  if (h > 1) {
    steps.push({
      id: 'split',
      title: `Split: ${h} heads of width ${dK}`,
      text: `d_model = ${d} is cut into ${h} slices of d_k = ${d} / ${h} = ${dK} columns. Head 1 gets columns 0 to ${dK - 1} of Q, K and V, head 2 the next ${dK}, and so on (in the formula, head i counts from 0 and takes columns i·${dK} to i·${dK} + ${dK - 1}); each attends on its own.`,
      formula: String.raw`\htmlClass{focus}{\mathrm{head}_i = \mathrm{Attention}(Q_{[:,\,i d_k : (i+1) d_k]},\ K_{[\dots]},\ V_{[\dots]})},\quad d_k = \frac{d_{\text{model}}}{h} = ${dK}`,
      panels: [...t.heads.map((head, i): MatrixPanel => ({
        ...matrix(`head-${i}-query`, `head ${i + 1}: Q, columns ${i * dK}–${i * dK + dK - 1} (${shape(n, dK)})`, head.query, queryTokens, dims(dK)),
        explain: { stage: 'slice', args: { from: t.projectedQuery, fromSymbol: 'Q', firstColumn: i * dK, head: i + 1 }, symbol: `Q${SUPERSCRIPT[i + 1] ?? ''}` },
      })), {
        type: 'facts',
        name: 'ledger',
        caption: 'Dimension ledger',
        facts: [
          ['X', shape(n, d)],
          ['W_Q, W_K, W_V, W_O', `${shape(d, d)} each`],
          ['Q = XW_Q', shape(n, d)],
          [`Q split into ${h} heads`, `${h} × (${shape(n, dK)})`],
          [`K, V split into ${h} heads`, `${h} × (${shape(m, dK)})`],
          ['scores per head, QᵢKᵢᵀ', shape(n, m)],
          ['all heads’ weights', `${h} × ${shape(n, m)}`],
          ['head outputs, concatenated', `${h} × ${dK} = ${d} columns: ${shape(n, d)}`],
          ['output = concat·W_O', shape(n, d)],
          ['parameters', `4·${d}² = ${t.parameterCount}`],
        ],
      }],
    });
  }

  const entropies = t.heads.map((head) => lab.attentionEntropy({ weights: head.weights }));
  const headPanels: Panel[] = t.heads.map((head, i) => {
    const entropy = entropies[i];
    return {
      type: 'matrix',
      name: `head-${i}-weights`,
      caption: `${h > 1 ? `head ${i + 1}` : 'attention'} weights (${shape(n, m)})`,
      detail: `mean entropy ${formatNumber(entropy.meanEntropy)} of at most ${formatNumber(entropy.maxEntropy)} nats`,
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
    title: h > 1 ? `Attend: ${h} heads, ${h} patterns` : 'Attend: who looks at whom',
    text: (h > 1
      ? `Each head runs scaled dot-product attention on its own slice, dividing by √${dK}. Each row of a head’s weights sums to 1 (Σ). Entropy says how spread out a head’s attention is: ln ${m} = ${formatNumber(entropies[0].maxEntropy)} would be perfectly even.`
      : `Each row says how much one word attends to every word; it sums to 1 (Σ). Select a weight to see its softmax.`) +
      (trained
        ? ` These patterns are learned: ${trained.config.task} training shaped W_Q and W_K until the heads looked where the task needs. They are the same numbers as the training lesson’s heatmaps of layer ${trained.source.layer + 1} at step ${trained.source.steps}.`
        : ' These weights come from untrained, seeded parameters: the patterns are real arithmetic, not learned meaning.'),
    formula: String.raw`\htmlClass{focus}{\mathrm{softmax}\!\left(\frac{Q_iK_i^{\top}}{\sqrt{d_k}}\right)}V_i`,
    panels: h === 1
      ? [{ type: 'tokens', name: 'token-attention', caption: 'Focus or hover a word', queries: queryTokens, keys: keyTokens, weights: t.heads[0].weights }, ...headPanels]
      : headPanels,
  });

  if (h > 1) {
    steps.push({
      id: 'concat',
      title: 'Concatenate the heads',
      text: `The ${h} head outputs (${shape(n, dK)} each) are placed side by side, back to ${shape(n, d)}.`,
      formula: String.raw`\htmlClass{focus}{\mathrm{Concat}(\mathrm{head}_1, \dots, \mathrm{head}_{${h}})}W_O`,
      panels: [{ ...matrix('concat', `concat (${shape(n, d)})`, t.concat, queryTokens, dims(d)), explain: { stage: 'concat', args: { heads: t.heads.map((head) => head.output) }, symbol: 'concat' } }],
    });
  }
  steps.push({
    id: 'output',
    title: h > 1 ? 'Mix: the output projection W_O' : 'Output: mix the values',
    text: h > 1
      ? `W_O (${shape(d, d)}) mixes what the heads found into one ${d}-wide vector per token. Multi-head attention here has ${t.parameterCount} parameters.`
      : `Each output row is the attention-weighted mix of the value rows, projected by W_O. ${t.parameterCount} parameters in all.`,
    formula: String.raw`\mathrm{Concat}(\dots)\htmlClass{focus}{W_O}`,
    panels: [
      { ...matrix('output', `output (${shape(n, d)})`, t.output, queryTokens, dims(d)),
        explain: linearExplain('output', { input: t.concat, weight: t.params.wO, bias: t.params.bO, inputSymbol: h > 1 ? 'concat' : 'weights·V', weightSymbol: 'W_O', inputPanel: h > 1 ? 'concat' : undefined }) },
      weightPanel('weight-output', 'W_O', t.params.wO, 'the output', weights),
    ],
  });
  return { steps, trace: t };
}
