// Steps of a multi-head (or single-head) attention walkthrough on tokens, generated from the
// engine's embedTokens and multiHeadAttention traces. Step ids follow the engine's passes
// (cpp/src/multi_head_attention.cpp): embed, project, split, heads, concat, output.
import type { AttentionLab, MultiHeadAttentionArgs, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { MatrixPanel, MultiHeadInputs, Panel, Step } from '../../model/types.js';
import { LIMITS } from '../../model/limits.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape } from '../shared/fields.js';


export function multiHeadSteps(lab: AttentionLab, inputs: MultiHeadInputs): Built<MultiHeadAttentionTrace> {
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
  const t = lab.multiHeadAttention(args);

  const n = target.embeddings.length;
  const m = source.embeddings.length;
  const d = inputs.dModel;
  const h = inputs.heads;
  const dK = t.dK;
  const queryTokens = inputs.tokens;
  const keyTokens = cross ? (inputs.sourceTokens as string[]) : inputs.tokens;
  const dims = (count: number, prefix = 'd') => labels(undefined, count, prefix);
  const matrix = (name: string, caption: string, data: number[][], rowLabels: string[], colLabels: string[], colour: MatrixPanel['colour'] = 'diverging'): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels, colLabels, colour });

  const steps: Step[] = [];
  const embedPanels: Panel[] = [{
    type: 'parameters',
    name: 'settings',
    caption: 'Sentence and sizes',
    fields: [
      { name: 'tokens', label: cross ? 'target words' : 'words', kind: 'tokens', value: inputs.tokens.join(' ') },
      ...(cross ? [{ name: 'sourceTokens', label: 'source words', kind: 'tokens' as const, value: keyTokens.join(' ') }] : []),
      integerField('dModel', 'd_model', d, LIMITS['multi-head'].dModel),
      integerField('heads', 'heads h', h, LIMITS['multi-head'].heads),
      seedField(inputs.seed),
      ...(cross ? [] : [{
        name: 'mask', label: 'mask', kind: 'choice' as const, value: inputs.mask === 'causal' ? 'causal' : 'none',
        options: [['none', 'none'], ['causal', 'causal']] as [string, string][],
      }]),
    ],
  },
  matrix('embeddings', `${cross ? 'target ' : ''}embeddings X (${shape(n, d)})`, target.embeddings, queryTokens, dims(d))];
  if (cross) embedPanels.push(matrix('source-embeddings', `source embeddings (${shape(m, d)})`, source.embeddings, keyTokens, dims(d)));
  const repeated = target.vocabulary.length < n;
  steps.push({
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
    text: `Three learned matrices W_Q, W_K, W_V (each ${shape(d, d)}, seeded Xavier here) turn every embedding into a query, a key and a value.`,
    formula: String.raw`\htmlClass{focus}{Q = XW_Q,\ K = ${cross ? 'X_{\\text{src}}' : 'X'}W_K,\ V = ${cross ? 'X_{\\text{src}}' : 'X'}W_V}`,
    panels: [
      matrix('projected-query', `Q = XW_Q (${shape(n, d)})`, t.projectedQuery, queryTokens, dims(d)),
      matrix('projected-key', `K (${shape(m, d)})`, t.projectedKey, keyTokens, dims(d)),
      matrix('projected-value', `V (${shape(m, d)})`, t.projectedValue, keyTokens, dims(d)),
    ],
  });

  if (h > 1) {
    steps.push({
      id: 'split',
      title: `Split: ${h} heads of width ${dK}`,
      text: `d_model = ${d} is cut into ${h} slices of d_k = ${d} / ${h} = ${dK} columns. Head 1 gets columns 0 to ${dK - 1} of Q, K and V, head 2 the next ${dK}, and so on (in the formula, head i counts from 0 and takes columns i·${dK} to i·${dK} + ${dK - 1}); each attends on its own.`,
      formula: String.raw`\htmlClass{focus}{\mathrm{head}_i = \mathrm{Attention}(Q_{[:,\,i d_k : (i+1) d_k]},\ K_{[\dots]},\ V_{[\dots]})},\quad d_k = \frac{d_{\text{model}}}{h} = ${dK}`,
      panels: [{
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
      explain: { stage: 'weight', args: { query: head.query, key: head.key, value: head.value, mask: inputs.mask ?? undefined, maskFill: inputs.maskFill ?? undefined }, symbol: 'weight' },
    } satisfies MatrixPanel;
  });
  steps.push({
    id: 'heads',
    title: h > 1 ? `Attend: ${h} heads, ${h} patterns` : 'Attend: who looks at whom',
    text: (h > 1
      ? `Each head runs scaled dot-product attention on its own slice, dividing by √${dK}. Each row of a head’s weights sums to 1 (Σ). Entropy says how spread out a head’s attention is: ln ${m} = ${formatNumber(entropies[0].maxEntropy)} would be perfectly even.`
      : `Each row says how much one word attends to every word; it sums to 1 (Σ). Select a weight to see its softmax.`) +
      ' These weights come from untrained, seeded parameters: the patterns are real arithmetic, not learned meaning.',
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
      panels: [matrix('concat', `concat (${shape(n, d)})`, t.concat, queryTokens, dims(d))],
    });
  }
  steps.push({
    id: 'output',
    title: h > 1 ? 'Mix: the output projection W_O' : 'Output: mix the values',
    text: h > 1
      ? `W_O (${shape(d, d)}) mixes what the heads found into one ${d}-wide vector per token. Multi-head attention here has ${t.parameterCount} parameters.`
      : `Each output row is the attention-weighted mix of the value rows, projected by W_O. ${t.parameterCount} parameters in all.`,
    formula: String.raw`\mathrm{Concat}(\dots)\htmlClass{focus}{W_O}`,
    panels: [matrix('output', `output (${shape(n, d)})`, t.output, queryTokens, dims(d))],
  });
  return { steps, trace: t };
}
