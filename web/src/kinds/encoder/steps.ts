// Steps of the encoder-layer lesson: tokens → embedTokens → addPositionalEncoding →
// encoderLayer. Step ids follow the layer's passes (cpp/src/encoder_layer.cpp): input,
// attention, add-norm-1, feed-forward, add-norm-2, then the parameter counts. Every number shown,
// counts included, is read from an engine trace; shapes are the lengths of the trace's arrays.
import type { AttentionLab, EncoderLayerTrace, Matrix, Vector } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { MatrixPanel, Panel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { EncoderInputs } from './inputs.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { encoderInputs } from './inputs.js';
import { formatCount, formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, titled } from '../shared/fields.js';
import { probeInputFormula, probeInputText, probeInputTitle, weightsFacts } from '../shared/trained.js';
import { embeddingExplain, layerNormExplain, linearExplain } from '../shared/explain-sources.js';
import { weightOrigin, weightPanel } from '../shared/weight-panel.js';
import { w } from './words-en.js';

const shape = (m: Matrix) => `${m.length}×${m[0].length}`;
const length = (v: Vector) => String(v.length);

/** A small standard layer to count against: d_model 64, 4 heads, d_ff 256, GELU, ten tokens. */
const REFERENCE = { rows: 10, dModel: 64, heads: 4, dFF: 256 } as const;

function settings(inputs: EncoderInputs): ParametersPanel {
  return {
    type: 'parameters',
    name: 'settings',
    caption: w('encoder-settings'),
    fields: [
      { name: 'tokens', label: w('encoder-words'), kind: 'tokens', value: inputs.tokens.join(' ') },
      integerField('dModel', 'd_model', inputs.dModel, encoderInputs.dModel),
      integerField('heads', w('encoder-heads-h'), inputs.heads, encoderInputs.heads),
      integerField('dFF', 'd_ff', inputs.dFF, encoderInputs.dFF),
      { name: 'activation', label: w('encoder-activation'), kind: 'choice', value: inputs.activation, options: [['gelu', 'GELU'], ['relu', 'ReLU']] },
      {
        name: 'attentionBias', label: w('encoder-biases-label'), kind: 'choice', value: inputs.attentionBias,
        options: [['off', w('encoder-off')], ['on', w('encoder-on-zero')]],
      },
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
    facts: tokens.map((token, i) => [token, w('encoder-row-statistics', { mean: formatNumber(mean[i]), variance: formatNumber(variance[i]) })]),
  };
}

function ledger(t: EncoderLayerTrace, embeddings: Matrix | undefined, encoding: Matrix | undefined): TextPanel {
  const a = t.attention;
  const head = a.heads[0];
  const h = a.heads.length;
  const each = (value: string) => w('encoder-each', { value });
  const biases = a.params.bQ ? each(length(a.params.bQ)) : w('encoder-none');
  return {
    type: 'facts',
    name: 'ledger',
    caption: w('encoder-ledger'),
    facts: [
      ...(embeddings && encoding ? [[w('encoder-ledger-embeddings'), shape(embeddings)], [w('encoder-ledger-encoding'), shape(encoding)]] as [string, string][] : []),
      [embeddings ? 'X = E + PE' : w('encoder-ledger-input'), shape(t.input)],
      ['W_Q, W_K, W_V, W_O', each(shape(a.params.wQ))],
      ['b_Q, b_K, b_V, b_O', biases],
      ['Q, K, V', shape(a.projectedQuery)],
      [w('encoder-ledger-per-head', { h: String(h) }), `Qᵢ, Kᵢ, Vᵢ ${shape(head.query)}`],
      [w('encoder-ledger-weights'), `${h} × ${shape(head.weights)}`],
      [w('encoder-ledger-concat'), shape(a.output)],
      [w('encoder-ledger-norm1'), shape(t.norm1.output)],
      ['γ₁, β₁, γ₂, β₂', each(length(t.norm1.gamma))],
      ['W₁', shape(t.params.w1)],
      ['b₁', length(t.params.b1)],
      [w('encoder-ledger-hidden'), shape(t.feedForward.hidden)],
      ['W₂', shape(t.params.w2)],
      ['b₂', length(t.params.b2)],
      [w('encoder-ledger-ffn'), shape(t.feedForward.output)],
      [w('encoder-ledger-output'), shape(t.output)],
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
  const matrix = (name: string, title: string, data: Matrix, explain: MatrixPanel['explain'], colLabels = dims): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data)), data, rowLabels: tokens, colLabels, colour: 'diverging', explain });
  // The weights where they are used, each cell saying where it comes from and what it feeds.
  const weights = weightOrigin(trained, seed);
  const repeatedWord = tokens.find((token, i) => tokens.indexOf(token) !== i);
  const parametersPanel = trained ? weightsFacts(trained) : settings(inputs);
  const steps: Step[] = [];

  steps.push({
    id: 'input',
    title: trained ? probeInputTitle(trained) : w('encoder-input-title'),
    text: (trained
      ? [probeInputText(trained), w('encoder-input-trained')]
      : [
        w('encoder-input-text', { d: String(d) }),
        ...(repeatedWord ? [w('encoder-input-repeated', { word: repeatedWord })] : []),
        w('encoder-input-reads'),
      ]).join(' '),
    formula: trained ? probeInputFormula(trained) : String.raw`\htmlClass{focus}{X = E + PE}`,
    panels: embeddings && encoding ? [
      parametersPanel,
      matrix('embeddings', w('encoder-matrix-embeddings'), embeddings, embeddingExplain('E', seed)),
      matrix('encoding', w('encoder-matrix-encoding'), encoding, { stage: 'positional', args: { dModel: d }, symbol: 'PE' }),
      matrix('input', 'X = E + PE', t.input,
        { stage: 'sum', args: { parts: [{ symbol: 'E', panel: 'embeddings', data: embeddings }, { symbol: 'PE', panel: 'encoding', data: encoding }] }, symbol: 'X' }),
    ] : [parametersPanel, matrix('input', w('encoder-matrix-probe', { layer: String((trained?.source.layer ?? 0) + 1) }), t.input,
      { stage: 'given', args: { what: w('encoder-probe-what', { layer: String((trained?.source.layer ?? 0) + 1) }) }, symbol: 'X' })],
  });

  const headPanels: Panel[] = a.heads.map((head, i): MatrixPanel => ({
    type: 'matrix',
    name: `head-${i}-weights`,
    ...titled(w('encoder-matrix-head-weights', { head: String(i + 1) }), shape(head.weights)),
    data: head.weights,
    rowLabels: tokens,
    colLabels: tokens,
    colour: 'weights',
    rowSums: head.weightSums,
    explain: { stage: 'weight', args: { query: head.query, key: head.key, value: head.value, mask }, symbol: 'weight' },
  }));
  steps.push({
    id: 'attention',
    title: w(h > 1 ? 'encoder-attention-title' : 'encoder-attention-title-one', { h: String(h) }),
    text: [
      w(h > 1 ? 'encoder-attention-text' : 'encoder-attention-text-one', { h: String(h), dk: String(a.dK) }),
      ...(trained
        ? [w(trained.causal ? 'encoder-attention-trained-causal' : 'encoder-attention-trained', { layer: String(trained.source.layer + 1), steps: String(trained.source.steps) })]
        : [w(attentionBias ? 'encoder-attention-biases' : 'encoder-attention-no-biases'), w('encoder-attention-seeded')]),
    ].join(' '),
    formula: String.raw`X + \htmlClass{focus}{\mathrm{MultiHead}(X, X, X)}`,
    panels: [
      ...headPanels,
      matrix('attention-output', w('encoder-matrix-attention-output'), a.output,
        linearExplain('attention', { input: a.concat, weight: a.params.wO, bias: a.params.bO, inputSymbol: w('encoder-heads-side-by-side'), weightSymbol: 'W_O' })),
      weightPanel('weight-query', 'W_Q', a.params.wQ, w('encoder-feeds-query'), weights),
      weightPanel('weight-key', 'W_K', a.params.wK, w('encoder-feeds-key'), weights),
      weightPanel('weight-value', 'W_V', a.params.wV, w('encoder-feeds-value'), weights),
      weightPanel('weight-output', 'W_O', a.params.wO, w('encoder-feeds-attention'), weights),
    ],
  });

  steps.push({
    id: 'add-norm-1',
    title: w('encoder-norm1-title'),
    text: [w('encoder-norm1-text'), w(trained ? 'encoder-norm-learned' : 'encoder-norm-identity'), w('encoder-norm-statistics')].join(' '),
    formula: String.raw`\htmlClass{focus}{\mathrm{LayerNorm}(X + \mathrm{MultiHead}(X))}`,
    panels: [
      matrix('residual1', w('encoder-matrix-residual1'), t.residual1,
        { stage: 'sum', args: { parts: [{ symbol: 'X', data: t.input }, { symbol: 'attention', data: a.output }] }, symbol: 'r' }),
      rowStatistics('norm1-statistics', w('encoder-statistics-1'), t.norm1.mean, t.norm1.variance, tokens),
      matrix('norm1', w('encoder-matrix-norm1'), t.norm1.output, layerNormExplain('norm', t.norm1, t.residual1, 'residual 1', 'residual1')),
    ],
  });

  steps.push({
    id: 'feed-forward',
    title: w('encoder-ffn-title', { width: String(width) }),
    text: w(activation === 'relu' ? 'encoder-ffn-text-relu' : 'encoder-ffn-text-gelu', { d: String(d), width: String(width) }),
    formula: String.raw`\mathrm{FFN}(x) = \htmlClass{focus}{\mathrm{${activation === 'relu' ? 'ReLU' : 'GELU'}}(xW_1 + b_1)}\,W_2 + b_2`,
    panels: [
      matrix('hidden', w('encoder-matrix-hidden'), t.feedForward.hidden,
        linearExplain('hidden', { input: t.norm1.output, weight: t.params.w1, bias: t.params.b1, inputSymbol: w('encoder-norm1-output'), weightSymbol: 'W₁' }), hiddenDims),
      matrix('activated', w('encoder-matrix-activated', { activation: activation === 'relu' ? 'ReLU' : 'GELU' }), t.feedForward.activated,
        { stage: 'activation', args: { activation, input: t.feedForward.hidden, inputSymbol: 'hidden', inputPanel: 'hidden' }, symbol: 'a' }, hiddenDims),
      matrix('ffn-output', w('encoder-matrix-ffn-output'), t.feedForward.output,
        linearExplain('FFN', { input: t.feedForward.activated, weight: t.params.w2, bias: t.params.b2, inputSymbol: 'activated', weightSymbol: 'W₂', inputPanel: 'activated' })),
      weightPanel('weight-1', 'W₁', t.params.w1, w('encoder-feeds-hidden'), weights, 'f'),
      weightPanel('weight-2', 'W₂', t.params.w2, w('encoder-feeds-ffn'), weights, 'd', 'f'),
    ],
  });

  steps.push({
    id: 'add-norm-2',
    title: w('encoder-norm2-title'),
    text: w('encoder-norm2-text', { shape: shape(t.output) }),
    formula: String.raw`\htmlClass{focus}{\mathrm{LayerNorm}(x + \mathrm{FFN}(x))}`,
    panels: [
      matrix('residual2', w('encoder-matrix-residual2'), t.residual2,
        { stage: 'sum', args: { parts: [{ symbol: 'norm', data: t.norm1.output }, { symbol: 'FFN', data: t.feedForward.output }] }, symbol: 'r' }),
      rowStatistics('norm2-statistics', w('encoder-statistics-2'), t.norm2.mean, t.norm2.variance, tokens),
      matrix('output', w('encoder-matrix-output'), t.output, layerNormExplain('y', t.norm2, t.residual2, 'residual 2', 'residual2')),
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
  const standard = { dmodel: String(without.output[0].length), heads: String(without.attention.heads.length), dff: String(without.dFF) };
  steps.push({
    id: 'parameters',
    title: w('encoder-parameters-title'),
    text: w('encoder-parameters-text', {
      total: formatCount(pc.total), ...standard, without: formatCount(without.parameterCount.total), with: formatCount(withBias.parameterCount.total),
    }),
    formula: String.raw`\underbrace{4d^2}_{W_Q \dots W_O} + \underbrace{4d}_{\text{biases, if on}} + \underbrace{2\,d\,d_{ff} + d_{ff} + d}_{\text{feed-forward}} + \underbrace{4d}_{\text{norms}}`,
    panels: [
      {
        type: 'facts',
        name: 'layer-count',
        caption: w('encoder-layer-count', { d: String(d), dff: String(width), biases: w(attentionBias ? 'encoder-on' : 'encoder-off') }),
        facts: [
          [w(attentionBias ? 'encoder-count-attention-biases' : 'encoder-count-attention'), formatCount(pc.attention)],
          [w('encoder-count-ffn'), formatCount(pc.feedForward)],
          [w('encoder-count-norms'), formatCount(pc.norms)],
          [w('encoder-count-total'), formatCount(pc.total)],
        ],
      },
      {
        type: 'facts',
        name: 'reference-count',
        caption: w('encoder-reference-count', standard),
        facts: [
          [w('encoder-reference-without'), formatCount(without.parameterCount.attention)],
          [w('encoder-reference-with'), formatCount(withBias.parameterCount.attention)],
          [w('encoder-reference-ffn'), formatCount(without.parameterCount.feedForward)],
          [w('encoder-reference-norms'), formatCount(without.parameterCount.norms)],
          [w('encoder-reference-total-free'), formatCount(without.parameterCount.total)],
          [w('encoder-reference-total-torch'), formatCount(withBias.parameterCount.total)],
        ],
      },
      ledger(t, embeddings, encoding),
      parametersPanel,
    ],
  });
  return { steps, trace: t };
}
