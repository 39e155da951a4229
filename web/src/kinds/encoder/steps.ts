// Steps of the encoder-layer lesson: tokens → embedTokens → addPositionalEncoding →
// encoderLayer. Step ids follow the layer's passes (cpp/src/encoder_layer.cpp): input,
// attention, add-norm-1, feed-forward, add-norm-2, then the parameter counts. Every number shown,
// counts included, is read from an engine trace; shapes are the lengths of the trace's arrays.
import type { AttentionLab, EncoderLayerTrace, Matrix, Vector } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { EncoderInputs, MatrixPanel, Panel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { LIMITS } from '../../model/limits.js';
import { formatCount, formatNumber } from '../../model/format.js';
import { integerField, labels, seedField } from '../shared/fields.js';
import { probeInputFormula, probeInputText, probeInputTitle, weightsFacts } from '../shared/trained.js';
import { embeddingExplain, layerNormExplain, linearExplain } from '../shared/explain-sources.js';
import { weightOrigin, weightPanel } from '../shared/weight-panel.js';

const shape = (m: Matrix) => `${m.length}×${m[0].length}`;
const length = (v: Vector) => String(v.length);

/** A small standard layer to count against: d_model 64, 4 heads, d_ff 256, GELU, ten tokens. */
const REFERENCE = { rows: 10, dModel: 64, heads: 4, dFF: 256 } as const;

function settings(inputs: EncoderInputs): ParametersPanel {
  return {
    type: 'parameters',
    name: 'settings',
    caption: 'Sentence and layer sizes',
    fields: [
      { name: 'tokens', label: 'words', kind: 'tokens', value: inputs.tokens.join(' ') },
      integerField('dModel', 'd_model', inputs.dModel, LIMITS.encoder.dModel),
      integerField('heads', 'heads h', inputs.heads, LIMITS.encoder.heads),
      integerField('dFF', 'd_ff', inputs.dFF, LIMITS.encoder.dFF),
      { name: 'activation', label: 'activation', kind: 'choice', value: inputs.activation, options: [['gelu', 'GELU'], ['relu', 'ReLU']] },
      { name: 'attentionBias', label: 'attention biases', kind: 'choice', value: inputs.attentionBias, options: [['off', 'off'], ['on', 'on (zero)']] },
      seedField(inputs.seed),
    ],
  };
}

/** One fact per row: the mean and (biased) variance LayerNorm computed for it. */
function rowStatistics(name: string, caption: string, mean: Vector, variance: Vector, tokens: string[]): TextPanel {
  return {
    type: 'facts',
    name,
    caption,
    facts: tokens.map((token, i) => [token, `mean ${formatNumber(mean[i])}, variance ${formatNumber(variance[i])}`]),
  };
}

function ledger(t: EncoderLayerTrace, embeddings: Matrix | undefined, encoding: Matrix | undefined): TextPanel {
  const a = t.attention;
  const head = a.heads[0];
  const h = a.heads.length;
  const biases = a.params.bQ ? `${length(a.params.bQ)} each` : 'none';
  return {
    type: 'facts',
    name: 'ledger',
    caption: 'Dimension ledger',
    facts: [
      ...(embeddings && encoding ? [['embeddings E', shape(embeddings)], ['positional encoding PE', shape(encoding)]] as [string, string][] : []),
      [embeddings ? 'X = E + PE' : 'X, the layer’s input', shape(t.input)],
      ['W_Q, W_K, W_V, W_O', `${shape(a.params.wQ)} each`],
      ['b_Q, b_K, b_V, b_O', biases],
      ['Q, K, V', shape(a.projectedQuery)],
      [`per head (${h} heads)`, `Qᵢ, Kᵢ, Vᵢ ${shape(head.query)}`],
      ['weights per head', `${h} × ${shape(head.weights)}`],
      ['concat, attention output', shape(a.output)],
      ['residual 1, LayerNorm 1', shape(t.norm1.output)],
      ['γ₁, β₁, γ₂, β₂', `${length(t.norm1.gamma)} each`],
      ['W₁', shape(t.params.w1)],
      ['b₁', length(t.params.b1)],
      ['hidden, activated', shape(t.feedForward.hidden)],
      ['W₂', shape(t.params.w2)],
      ['b₂', length(t.params.b2)],
      ['feed-forward output, residual 2', shape(t.feedForward.output)],
      ['layer output', shape(t.output)],
    ],
  };
}

/** The seeded layer on the sentence's embeddings plus positions, with E and PE to show. */
function seededLayer(lab: AttentionLab, inputs: EncoderInputs) {
  const { tokens, heads, activation, dFF, seed } = inputs;
  const embedded = lab.embedTokens({ tokens, dModel: inputs.dModel, seed });
  const positioned = lab.addPositionalEncoding({ input: embedded.embeddings });
  const t = lab.encoderLayer({ input: positioned.output, heads, activation, dFF, seed, attentionBias: inputs.attentionBias !== 'off' });
  return { t, embeddings: embedded.embeddings, encoding: positioned.encoding };
}

/** The trained layer on the probe as it read it: the trainer's model uses ReLU and attention biases. */
function trainedLayerRun(lab: AttentionLab, trained: TrainedLayer) {
  const t = lab.encoderLayer({
    input: trained.input, heads: trained.config.model.heads, activation: 'relu', ...trained.weights,
    ...(trained.causal ? { mask: 'causal' as const } : {}),
  });
  return { t, embeddings: undefined, encoding: undefined };
}

export function encoderSteps(lab: AttentionLab, inputs: EncoderInputs, trained?: TrainedLayer): Built<EncoderLayerTrace> {
  const { seed } = inputs;
  const tokens = trained ? trained.tokens : inputs.tokens;
  const activation = trained ? 'relu' : inputs.activation;
  const attentionBias = trained ? true : inputs.attentionBias !== 'off';
  const mask = trained?.causal ? 'causal' as const : undefined;
  const { t, embeddings, encoding } = trained ? trainedLayerRun(lab, trained) : seededLayer(lab, inputs);

  const a = t.attention;
  const d = t.output[0].length;
  const h = a.heads.length;
  const width = t.feedForward.hidden[0].length;
  const dims = labels(undefined, d, 'd');
  const hiddenDims = labels(undefined, width, 'f');
  const matrix = (name: string, caption: string, data: Matrix, explain: MatrixPanel['explain'], colLabels = dims): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels: tokens, colLabels, colour: 'diverging', explain });
  // The weights where they are used, each cell saying where it comes from and what it feeds.
  const weights = weightOrigin(trained, seed);
  const repeatedWord = tokens.find((token, i) => tokens.indexOf(token) !== i);
  const parametersPanel = trained ? weightsFacts(trained) : settings(inputs);
  const steps: Step[] = [];

  steps.push({
    id: 'input',
    title: trained ? probeInputTitle(trained) : 'Input: embeddings plus positions',
    text: trained
      ? `${probeInputText(trained)} The layer’s output will have the same shape.`
      : `Each word is looked up in a seeded, untrained embedding table of width d_model = ${d}, and the positional encoding of its place in the sentence is added. ` +
      (repeatedWord ? `The two “${repeatedWord}” rows of E are identical; after adding PE they differ, because they stand at different positions. ` : '') +
      'X is what the layer reads; its output will have the same shape.',
    formula: trained ? probeInputFormula(trained) : String.raw`\htmlClass{focus}{X = E + PE}`,
    panels: embeddings && encoding ? [
      parametersPanel,
      matrix('embeddings', `embeddings E (${shape(embeddings)})`, embeddings, embeddingExplain('E', seed)),
      matrix('encoding', `positional encoding PE (${shape(encoding)})`, encoding, { stage: 'positional', args: { dModel: d }, symbol: 'PE' }),
      matrix('input', `X = E + PE (${shape(t.input)})`, t.input,
        { stage: 'sum', args: { parts: [{ symbol: 'E', panel: 'embeddings', data: embeddings }, { symbol: 'PE', panel: 'encoding', data: encoding }] }, symbol: 'X' }),
    ] : [parametersPanel, matrix('input', `X: the probe as layer ${(trained?.source.layer ?? 0) + 1} reads it (${shape(t.input)})`, t.input,
      { stage: 'given', args: { what: `the probe as the trained model’s layer ${(trained?.source.layer ?? 0) + 1} reads it, from the trained run (the engine’s numbers).` }, symbol: 'X' })],
  });

  const headPanels: Panel[] = a.heads.map((head, i): MatrixPanel => ({
    type: 'matrix',
    name: `head-${i}-weights`,
    caption: `head ${i + 1} weights (${shape(head.weights)})`,
    data: head.weights,
    rowLabels: tokens,
    colLabels: tokens,
    colour: 'weights',
    rowSums: head.weightSums,
    explain: { stage: 'weight', args: { query: head.query, key: head.key, value: head.value, mask }, symbol: 'weight' },
  }));
  steps.push({
    id: 'attention',
    title: `Multi-head self-attention: ${h} head${h > 1 ? 's' : ''}`,
    text: `Every word attends to every word of X. The ${h} head${h > 1 ? 's each work' : ' works'} on d_k = ${a.dK} columns of the projected queries, keys and values; ` +
      'each row of a head’s weights sums to 1 (Σ), and you can select a weight to see its softmax. ' +
      `The head outputs are concatenated and mixed by W_O into one row per word; W_Q, W_K, W_V and W_O are below the output. ` +
      (trained
        ? `The projections and their biases are the trained model’s${trained.causal ? ', and the attention is causal, as the model ran it' : ''}. These patterns are learned: they are the training lesson’s heatmaps of layer ${trained.source.layer + 1} at step ${trained.source.steps}.`
        : (attentionBias ? 'The projections have biases (zero here, as PyTorch starts them). ' : 'The projections have no biases, as nn.MultiheadAttention(bias=False) builds them. ') +
          'The weights are seeded, not trained: the patterns are real arithmetic, not learned meaning.'),
    formula: String.raw`X + \htmlClass{focus}{\mathrm{MultiHead}(X, X, X)}`,
    panels: [
      ...headPanels,
      matrix('attention-output', `attention output (${shape(a.output)})`, a.output,
        linearExplain('attention', { input: a.concat, weight: a.params.wO, bias: a.params.bO, inputSymbol: 'the heads’ outputs side by side', weightSymbol: 'W_O' })),
      weightPanel('weight-query', 'W_Q', a.params.wQ, 'each query', weights),
      weightPanel('weight-key', 'W_K', a.params.wK, 'each key', weights),
      weightPanel('weight-value', 'W_V', a.params.wV, 'each value', weights),
      weightPanel('weight-output', 'W_O', a.params.wO, 'the attention output', weights),
    ],
  });

  steps.push({
    id: 'add-norm-1',
    title: 'Add & norm: residual, then LayerNorm',
    text: 'The attention output is added to the layer’s input (the residual connection keeps the original signal). ' +
      'LayerNorm then works on each row on its own: it subtracts the row’s mean and divides by √(variance + ε), so every row comes out with mean 0 and variance just under 1. ' +
      (trained
        ? 'Its scale γ and shift β were learned in training: each column is then scaled by its γ and shifted by its β. '
        : 'Its scale γ is 1 and its shift β is 0 here, so nothing else changes. ') +
      'The means and variances below are the engine’s, for the rows before normalising.',
    formula: String.raw`\htmlClass{focus}{\mathrm{LayerNorm}(X + \mathrm{MultiHead}(X))}`,
    panels: [
      matrix('residual1', `residual 1 = X + attention (${shape(t.residual1)})`, t.residual1,
        { stage: 'sum', args: { parts: [{ symbol: 'X', data: t.input }, { symbol: 'attention', data: a.output }] }, symbol: 'r' }),
      rowStatistics('norm1-statistics', 'Each row of residual 1', t.norm1.mean, t.norm1.variance, tokens),
      matrix('norm1', `LayerNorm 1 output (${shape(t.norm1.output)})`, t.norm1.output, layerNormExplain('norm', t.norm1, t.residual1, 'residual 1', 'residual1')),
    ],
  });

  steps.push({
    id: 'feed-forward',
    title: `Feed-forward: out to d_ff = ${width} and back`,
    text: `Each word’s row goes through the same two linear layers, without looking at the other words. W₁ widens it from ${d} to d_ff = ${width} numbers, ` +
      (activation === 'relu'
        ? 'ReLU sets every negative one to 0, '
        : 'GELU keeps large positive values, shrinks small ones and pushes large negative ones to about 0, ') +
      `and W₂ brings it back to ${d}. W₁ and W₂ are below the output.`,
    formula: String.raw`\mathrm{FFN}(x) = \htmlClass{focus}{\mathrm{${activation === 'relu' ? 'ReLU' : 'GELU'}}(xW_1 + b_1)}\,W_2 + b_2`,
    panels: [
      matrix('hidden', `hidden = xW₁ + b₁ (${shape(t.feedForward.hidden)})`, t.feedForward.hidden,
        linearExplain('hidden', { input: t.norm1.output, weight: t.params.w1, bias: t.params.b1, inputSymbol: 'LayerNorm 1’s output', weightSymbol: 'W₁' }), hiddenDims),
      matrix('activated', `${activation === 'relu' ? 'ReLU' : 'GELU'}(hidden) (${shape(t.feedForward.activated)})`, t.feedForward.activated,
        { stage: 'activation', args: { activation, input: t.feedForward.hidden, inputSymbol: 'hidden', inputPanel: 'hidden' }, symbol: 'a' }, hiddenDims),
      matrix('ffn-output', `feed-forward output (${shape(t.feedForward.output)})`, t.feedForward.output,
        linearExplain('FFN', { input: t.feedForward.activated, weight: t.params.w2, bias: t.params.b2, inputSymbol: 'activated', weightSymbol: 'W₂', inputPanel: 'activated' })),
      weightPanel('weight-1', 'W₁', t.params.w1, 'hidden', weights, 'f'),
      weightPanel('weight-2', 'W₂', t.params.w2, 'the feed-forward output', weights, 'd', 'f'),
    ],
  });

  steps.push({
    id: 'add-norm-2',
    title: 'Add & norm again: the layer’s output',
    text: 'The feed-forward output is added to its own input (LayerNorm 1’s output), and LayerNorm 2 normalises each row again. ' +
      `The result has the input’s shape, ${shape(t.output)}, so layers can be stacked: a deep encoder repeats this block with its own weights.`,
    formula: String.raw`\htmlClass{focus}{\mathrm{LayerNorm}(x + \mathrm{FFN}(x))}`,
    panels: [
      matrix('residual2', `residual 2 = norm 1 + feed-forward (${shape(t.residual2)})`, t.residual2,
        { stage: 'sum', args: { parts: [{ symbol: 'norm', data: t.norm1.output }, { symbol: 'FFN', data: t.feedForward.output }] }, symbol: 'r' }),
      rowStatistics('norm2-statistics', 'Each row of residual 2', t.norm2.mean, t.norm2.variance, tokens),
      matrix('output', `layer output (${shape(t.output)})`, t.output, layerNormExplain('y', t.norm2, t.residual2, 'residual 2', 'residual2')),
    ],
  });

  // The reference layer, once with and once without attention biases; only the count is read.
  const referenceInput = lab.addPositionalEncoding({ input: lab.randomMatrix({ rows: REFERENCE.rows, cols: REFERENCE.dModel, seed }) }).output;
  const reference = (bias: boolean) => lab.encoderLayer({
    input: referenceInput, heads: REFERENCE.heads, dFF: REFERENCE.dFF, activation: 'gelu', seed, attentionBias: bias,
  });
  const without = reference(false);
  const withBias = reference(true);
  const pc = t.parameterCount;
  steps.push({
    id: 'parameters',
    title: 'Counting the parameters',
    text: `This layer has ${formatCount(pc.total)} learned numbers. A small standard layer (d_model ${without.output[0].length}, ${without.attention.heads.length} heads, d_ff ${without.dFF}, as in many introductory models) has ` +
      `${formatCount(without.parameterCount.total)} when its attention has no biases (nn.MultiheadAttention(bias=False)), and ${formatCount(withBias.parameterCount.total)} with them, ` +
      'as in nn.TransformerEncoderLayer: the four bias vectors are the whole difference. In that layer the feed-forward part holds most of the parameters. ' +
      'The engine runs one sentence at a time and without dropout, as a layer does when it is used rather than trained.',
    formula: String.raw`\underbrace{4d^2}_{W_Q \dots W_O} + \underbrace{4d}_{\text{biases, if on}} + \underbrace{2\,d\,d_{ff} + d_{ff} + d}_{\text{feed-forward}} + \underbrace{4d}_{\text{norms}}`,
    panels: [
      {
        type: 'facts',
        name: 'layer-count',
        caption: `This layer (d_model ${d}, d_ff ${width}, attention biases ${attentionBias ? 'on' : 'off'})`,
        facts: [
          [`attention: W_Q, W_K, W_V, W_O${attentionBias ? ' and biases' : ''}`, formatCount(pc.attention)],
          ['feed-forward: W₁, b₁, W₂, b₂', formatCount(pc.feedForward)],
          ['two LayerNorms: γ and β', formatCount(pc.norms)],
          ['total', formatCount(pc.total)],
        ],
      },
      {
        type: 'facts',
        name: 'reference-count',
        caption: `A small standard layer (d_model ${without.output[0].length}, ${without.attention.heads.length} heads, d_ff ${without.dFF})`,
        facts: [
          ['attention without biases', formatCount(without.parameterCount.attention)],
          ['attention with biases', formatCount(withBias.parameterCount.attention)],
          ['feed-forward', formatCount(without.parameterCount.feedForward)],
          ['two LayerNorms', formatCount(without.parameterCount.norms)],
          ['total, bias-free attention', formatCount(without.parameterCount.total)],
          ['total, as nn.TransformerEncoderLayer', formatCount(withBias.parameterCount.total)],
        ],
      },
      ledger(t, embeddings, encoding),
      parametersPanel,
    ],
  });
  return { steps, trace: t };
}
