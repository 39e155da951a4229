// Steps of the lesson "A language model, step by step": the lessons' language model reading the
// learner's prompt pass by pass, as the engine's language_model_forward runs them (the embedding
// lookup, each decoder layer's RMSNorm, attention with RoPE, SwiGLU and residuals, the final norm,
// the unembedding), then the next token drawn from the last position's logits (temperature, top-k,
// top-p, the draw) and more tokens generated with the KV cache. Each pass is the engine's own
// operation fed the model's parameters (embeddingLookup, decoderLayer, rmsNorm, nextTokenLoss,
// sample); the generation is the model's generate. This file picks numbers out, labels and words them.
import type { AttentionLab, DecoderLayerTrace, EmbeddingLookupTrace, LanguageModel, LanguageModelTokens, Matrix, RmsNormTrace, Vector } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParameterField, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { integerField, shape, titled } from '../shared/fields.js';
import { languageModelInputs, type LanguageModelInputs } from './inputs.js';
import { cellWords } from './cells.js';
import { CANDIDATES, type CellWords, type LanguageModelTraces } from './traces.js';
import { shownPiece, vocabularyOf } from './labels.js';
import { w } from './words-en.js';

/** The model's parameters by name, read once per model (95,104 numbers cross the boundary once). */
const parametersOf = new WeakMap<LanguageModel, Record<string, Matrix | Vector>>();

function parameters(model: LanguageModel): Record<string, Matrix | Vector> {
  let read = parametersOf.get(model);
  if (!read) {
    read = model.parameters();
    parametersOf.set(model, read);
  }
  return read;
}

/** The prompt read through the model, up to the final norm: the passes a sampling setting leaves alone. */
interface Forward {
  tokens: LanguageModelTokens;
  embedding: EmbeddingLookupTrace;
  layers: DecoderLayerTrace[];
  finalNorm: RmsNormTrace;
}

/** Each model's last forward pass, by prompt: a slider's every move redraws the sampling steps alone. */
const lastForward = new WeakMap<LanguageModel, { prompt: string; forward: Forward }>();

function forward(lab: AttentionLab, model: LanguageModel, prompt: string): Forward {
  const kept = lastForward.get(model);
  if (kept?.prompt === prompt) return kept.forward;
  const config = model.config();
  const p = parameters(model);
  const matrixOf = (name: string) => p[name] as Matrix;
  const vectorOf = (name: string) => p[name] as Vector;
  const tokens = model.tokenize(prompt);
  const embedding = lab.embeddingLookup({ tokens: tokens.tokens, embedding: matrixOf('embedding') });
  const layers: DecoderLayerTrace[] = [];
  let x = embedding.output;
  for (let l = 0; l < config.layers; l++) {
    const at = (name: string) => `layers[${l}].${name}`;
    const layer = lab.decoderLayer({
      input: x, heads: config.heads, kvHeads: config.kvHeads,
      wQ: matrixOf(at('wQ')), wK: matrixOf(at('wK')), wV: matrixOf(at('wV')), wO: matrixOf(at('wO')),
      wGate: matrixOf(at('wGate')), wUp: matrixOf(at('wUp')), wDown: matrixOf(at('wDown')),
      gamma1: vectorOf(at('gamma1')), gamma2: vectorOf(at('gamma2')), ropeBase: config.ropeBase, eps: config.eps,
    });
    layers.push(layer);
    x = layer.output;
  }
  const finalNorm = lab.rmsNorm({ input: x, gamma: vectorOf('finalGamma'), eps: config.eps });
  const read = { tokens, embedding, layers, finalNorm };
  lastForward.set(model, { prompt, forward: read });
  return read;
}

export function languageModelSteps(lab: AttentionLab, model: LanguageModel, inputs: LanguageModelInputs): Built<LanguageModelTraces> {
  const { prompt, temperature, topK, topP, seed } = inputs;
  const config = model.config();
  const p = parameters(model);
  const matrixOf = (name: string) => p[name] as Matrix;
  const unembedding = matrixOf(config.tied ? 'embedding' : 'unembedding');

  // ---- the forward pass, one engine operation per pass ----------------------------------------
  const { tokens, embedding, layers, finalNorm } = forward(lab, model, prompt);
  // The generation checks the prompt against the context first: its refusal names `prompt` or `tokens`.
  const generation = model.generate({ prompt, tokens: inputs.tokens, temperature, topK, topP, seed });
  const labels = tokens.pieces.map((piece, i) => shownPiece(piece, tokens.tokens[i]));
  const n = tokens.tokens.length;
  const x = layers[layers.length - 1].output;
  // Each position's target is the token after it; the last one's is the token generation drew,
  // so its loss is how surprised the model is by its own draw.
  const targets = [...tokens.tokens.slice(1), generation.tokens[0]];
  const next = lab.nextTokenLoss({ hidden: finalNorm.output, unembedding, targets });
  const lastLogits = next.logits[n - 1];
  const candidates = lab.sample({ logits: lastLogits, topK: CANDIDATES }).kept;
  // The step's own seed: generate drew its first token with the same call.
  const sampled = lab.sample({ logits: lastLogits, temperature, topK, topP, seed: generation.steps[0].seed });

  // ---- panels ---------------------------------------------------------------------------------
  const cells: Record<string, CellWords> = {};
  const trace: LanguageModelTraces = { config, tokens, embedding, layers, finalNorm, next, candidates, sampled, generation, cells };
  const vocabulary = vocabularyOf(model);
  const pieceOf = (token: number) => shownPiece(vocabulary[token] ?? null, token);
  const candidateLabels = candidates.map(pieceOf);
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[] | undefined, colLabels: string[] | undefined, symbol: string, words: CellWords, colour: MatrixPanel['colour'] = 'diverging'): MatrixPanel => {
    cells[name] = words;
    return {
      type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data,
      ...(rowLabels ? { rowLabels } : {}), ...(colLabels ? { colLabels } : {}), colour, explain: { stage: 'trace', symbol },
    };
  };
  const explained = cellWords(trace, labels, pieceOf, unembedding);
  const promptField: ParameterField = { name: 'prompt', label: w('lm-prompt'), kind: 'text', value: prompt };
  const sliders: ParameterField[] = [
    { name: 'temperature', label: w('lm-temperature'), kind: 'number', value: temperature, min: 0, max: languageModelInputs.temperature.max, step: 0.05, slider: true },
    { ...integerField('topK', w('lm-top-k'), topK, { min: 0, max: config.vocab }), slider: true },
    { name: 'topP', label: w('lm-top-p'), kind: 'number', value: topP, min: 0.05, max: 1, step: 0.05, slider: true },
    integerField('seed', w('lm-seed'), seed, languageModelInputs.seed),
  ];
  const parametersPanel = (name: string, fields: ParameterField[], caption = w('lm-parameters-caption')): ParametersPanel => ({ type: 'parameters', name, caption, fields });
  const steps: Step[] = [];

  // ---- prompt: characters to token ids ----------------------------------------------------------
  steps.push({
    id: 'prompt',
    title: w('lm-prompt-title'),
    text: w('lm-prompt-text', { tokens: String(n), vocab: String(config.vocab), context: String(config.context) }),
    formula: String.raw`\text{prompt} \;\to\; \htmlClass{focus}{(t_0, t_1, \dots, t_{n-1})}`,
    panels: [
      parametersPanel('prompt', [promptField, integerField('tokens', w('lm-tokens'), inputs.tokens, languageModelInputs.tokens)], w('lm-prompt-caption')),
      matrix('token-ids', w('lm-matrix-token-ids'), [tokens.tokens], [w('lm-token-id')], labels, 't', explained.tokenId, 'none'),
      {
        type: 'facts', name: 'model-facts', caption: w('lm-model-facts'),
        facts: [
          [w('lm-fact-vocab'), String(config.vocab)], [w('lm-fact-d-model'), String(config.dModel)],
          [w('lm-fact-layers'), String(config.layers)], [w('lm-fact-heads'), `${config.heads} (${w('lm-fact-kv-heads', { kv: String(config.kvHeads) })})`],
          [w('lm-fact-d-ff'), String(config.dFF)], [w('lm-fact-context'), String(config.context)],
        ],
      } satisfies TextPanel,
    ],
  });

  // ---- embed: a row of the table per token --------------------------------------------------
  steps.push({
    id: 'embed',
    title: w('lm-embed-title'),
    text: w('lm-embed-text', { n: String(n), d: String(config.dModel), vocab: String(config.vocab) }),
    formula: String.raw`\htmlClass{focus}{x_i = E[t_i]} \in \mathbb{R}^{${config.dModel}}`,
    panels: [matrix('embeddings', w('lm-matrix-embeddings'), embedding.output, labels, undefined, 'x', explained.lookup)],
  });

  // ---- each layer: norm, attention with RoPE, SwiGLU, residuals --------------------------------
  layers.forEach((layer, l) => {
    const number = String(l + 1);
    steps.push({
      id: `layer-${l}-norm`,
      title: w('lm-norm-title', { layer: number }),
      text: w(l === 0 ? 'lm-norm-text-first' : 'lm-norm-text', { layer: number, eps: formatNumber(layer.norm1.eps) }),
      formula: String.raw`\htmlClass{focus}{\mathrm{RMSNorm}(x)_i = \frac{x_i}{\sqrt{\tfrac{1}{d}\sum_j x_{ij}^2 + \varepsilon}} \odot \gamma}`,
      panels: [
        matrix(`rms-${l}`, w('lm-matrix-rms'), layer.norm1.rms.map((r) => [r]), labels, ['rms'], 'rms', explained.rms(layer.norm1)),
        matrix(`norm-${l}`, w('lm-matrix-norm', { layer: number }), layer.norm1.output, labels, undefined, 'y', explained.normed(layer.norm1, layer.input)),
      ],
    });
    const heads = layer.attention.heads;
    steps.push({
      id: `layer-${l}-attention`,
      title: w('lm-attention-title', { layer: number }),
      text: w('lm-attention-text', { heads: String(config.heads), kv: String(config.kvHeads), dk: String(layer.attention.dK), base: formatNumber(config.ropeBase) }),
      formula: String.raw`h = x + \htmlClass{focus}{\mathrm{softmax}\!\left(\frac{R_iq\,(R_jk)^{\top}}{\sqrt{d_k}} + \text{causal}\right)V}\,W_O`,
      panels: [
        ...heads.map((head, k): MatrixPanel => ({
          type: 'matrix', name: `head-${l}-${k}`,
          ...titled(w('lm-matrix-head', { head: String(k + 1), kv: String(head.kvHead + 1) }), shape(n, n)),
          data: head.weights, rowLabels: labels, colLabels: labels, colour: 'weights', rowSums: head.weightSums,
          ...(head.mask ? { blocked: head.mask } : {}),
          explain: { stage: 'weight', args: { query: head.rotatedQuery ?? head.query, key: head.rotatedKey ?? head.key, value: head.value, mask: 'causal' }, symbol: 'w' },
        })),
        matrix(`residual1-${l}`, w('lm-matrix-residual1', { layer: number }), layer.residual1, labels, undefined, 'h', explained.sum(layer.input, layer.attention.output, 'x', w('lm-attention-out'))),
      ],
    });
    steps.push({
      id: `layer-${l}-feed-forward`,
      title: w('lm-feed-forward-title', { layer: number }),
      text: w('lm-feed-forward-text', { d: String(config.dModel), dff: String(layer.dFF) }),
      formula: String.raw`x' = h + \htmlClass{focus}{\big(\mathrm{SiLU}(\hat h W_{\text{gate}}) \odot \hat h W_{\text{up}}\big) W_{\text{down}}},\quad \hat h = \mathrm{RMSNorm}(h)`,
      panels: [
        matrix(`feed-forward-${l}`, w('lm-matrix-feed-forward', { layer: number }), layer.feedForward.output, labels, undefined, 'f', explained.down(layer.feedForward, matrixOf(`layers[${l}].wDown`))),
        matrix(`output-${l}`, w('lm-matrix-layer-output', { layer: number }), layer.output, labels, undefined, 'x′', explained.sum(layer.residual1, layer.feedForward.output, 'h', 'f')),
      ],
    });
  });

  // ---- final norm, then the unembedding -------------------------------------------------------
  steps.push({
    id: 'final-norm',
    title: w('lm-final-norm-title'),
    text: w('lm-final-norm-text'),
    formula: String.raw`\htmlClass{focus}{\hat x = \mathrm{RMSNorm}(x_L) \odot \gamma_{\text{final}}}`,
    panels: [matrix('final-norm', w('lm-matrix-final-norm'), finalNorm.output, labels, undefined, 'x̂', explained.normed(finalNorm, x))],
  });

  const last = n - 1;
  const candidateRows = candidates.map((token) => [next.logits[last][token], next.probabilities[last][token]]);
  steps.push({
    id: 'logits',
    title: w('lm-logits-title'),
    text: w('lm-logits-text', { vocab: String(config.vocab), shown: String(candidates.length), loss: formatNumber(next.loss), piece: labels[last] }),
    formula: String.raw`\htmlClass{focus}{z = \hat x_{n-1} E^{\top}},\quad p = \mathrm{softmax}(z),\quad \ell_i = -\ln p_i(t_{i+1})`,
    panels: [
      matrix('candidates', w('lm-matrix-candidates', { piece: labels[last] }), candidateRows, candidateLabels, [w('lm-logit'), w('lm-probability')], 'z', explained.candidates(last), 'none'),
      ...(n > 1
        ? [matrix('prompt-losses', w('lm-matrix-prompt-losses'), [next.losses.slice(0, last)], [w('lm-loss')], labels.slice(1), 'ℓ', explained.losses, 'none')]
        : []),
    ],
  });

  // ---- temperature, top-k, top-p, the draw -----------------------------------------------------
  const ranked = sampled.order.slice(0, CANDIDATES);
  const distribution: ChartPanel = {
    type: 'chart', name: 'distribution', caption: w('lm-chart-caption'), xLabel: w('lm-chart-rank'), yLabel: w('lm-probability'), xScale: 'linear',
    yDomain: [0, 1],
    series: [
      { label: w('lm-series-softmax', { t: formatNumber(temperature) }), points: ranked.map((token, r): [number, number] => [r + 1, sampled.softmax[token]]) },
      { label: w('lm-series-final'), points: ranked.map((token, r): [number, number] => [r + 1, sampled.probabilities[token]]) },
    ],
  };
  const samplingRows = (columns: (token: number) => number[]) => candidates.map(columns);
  const settingsPanel = parametersPanel('sampling', sliders);
  const greedy = temperature === 0;
  steps.push({
    id: 'temperature',
    title: w('lm-temperature-title'),
    text: w(greedy ? 'lm-temperature-text-greedy' : 'lm-temperature-text', { t: formatNumber(temperature) }),
    formula: String.raw`\htmlClass{focus}{p = \mathrm{softmax}(z / T)}`,
    panels: [
      settingsPanel,
      matrix('temperature', w('lm-matrix-temperature', { t: formatNumber(temperature) }), samplingRows((v) => [lastLogits[v], sampled.scaledLogits[v], sampled.softmax[v]]),
        candidateLabels, [w('lm-logit'), 'z / T', w('lm-softmax')], 'p', explained.temperature(sampled, lastLogits, temperature), 'none'),
      distribution,
    ],
  });
  steps.push({
    id: 'top-k',
    title: w('lm-top-k-title'),
    text: w(topK === 0 ? 'lm-top-k-text-off' : 'lm-top-k-text', { k: String(topK) }),
    formula: String.raw`\htmlClass{focus}{p^{(k)}_v = \frac{p_v\,[v \in \text{top-}k]}{\sum_{u \in \text{top-}k} p_u}}`,
    panels: [
      settingsPanel,
      matrix('top-k', w('lm-matrix-top-k', { k: String(topK) }), samplingRows((v) => [sampled.softmax[v], sampled.topKProbabilities[v]]),
        candidateLabels, [w('lm-softmax'), w('lm-after-top-k')], 'p', explained.topK(sampled), 'none'),
      distribution,
    ],
  });
  // Ranks along the engine's order: the cumulative sums are taken in that order.
  steps.push({
    id: 'top-p',
    title: w('lm-top-p-title'),
    text: w(topP === 1 ? 'lm-top-p-text-off' : 'lm-top-p-text', { p: formatNumber(topP), kept: String(sampled.kept.length) }),
    formula: String.raw`\htmlClass{focus}{\text{keep the fewest most likely tokens with } \textstyle\sum p^{(k)} \ge p}`,
    panels: [
      settingsPanel,
      matrix('top-p', w('lm-matrix-top-p', { p: formatNumber(topP) }), ranked.map((v, r) => [sampled.topKProbabilities[v], sampled.cumulative[r], sampled.probabilities[v]]),
        ranked.map(pieceOf), [w('lm-after-top-k'), w('lm-cumulative'), w('lm-final')], 'p', explained.topP(sampled, ranked), 'none'),
      distribution,
    ],
  });
  const chosen = sampled.chosen;
  steps.push({
    id: 'draw',
    title: w('lm-draw-title'),
    text: w('lm-draw-text', { u: formatNumber(sampled.uniform), piece: pieceOf(chosen), p: formatNumber(sampled.probabilities[chosen]), kept: String(sampled.kept.length) }),
    formula: String.raw`\htmlClass{focus}{t_n = \min\{\, v : \textstyle\sum_{u \le v} p_u > U \,\}},\quad U \sim \mathcal{U}[0, 1)`,
    panels: [
      settingsPanel,
      matrix('kept', w('lm-matrix-kept'), [sampled.kept.map((v) => sampled.probabilities[v])], [w('lm-final')], sampled.kept.map(pieceOf), 'p', explained.kept(sampled), 'none'),
      {
        type: 'facts', name: 'draw-facts', caption: w('lm-from-engine'),
        facts: [[w('lm-fact-uniform'), formatNumber(sampled.uniform)], [w('lm-fact-drawn'), `${pieceOf(chosen)} (${chosen})`], [w('lm-fact-drawn-probability'), formatNumber(sampled.probabilities[chosen])]],
      } satisfies TextPanel,
    ],
  });

  // ---- generate: one token at a time, each reading the caches -----------------------------------
  const drawn = generation.steps.map((s) => shownPiece(s.text, s.token));
  steps.push({
    id: 'generate',
    title: w('lm-generate-title'),
    text: w('lm-generate-text', { count: String(generation.tokens.length), prompt: String(n), layers: String(config.layers) }),
    formula: String.raw`t_{k+1} \sim \mathrm{sample}\big(\htmlClass{focus}{\mathrm{model}(t_k \mid \text{cache}_{0 \dots k-1})}\big)`,
    panels: [
      parametersPanel('generation-settings', [promptField, integerField('tokens', w('lm-tokens'), inputs.tokens, languageModelInputs.tokens), ...sliders]),
      { type: 'facts', name: 'generated', caption: w('lm-generated-caption'), facts: [[w('lm-prompt'), prompt], [w('lm-fact-generated'), generation.text]] } satisfies TextPanel,
      matrix('generated-tokens', w('lm-matrix-generated-tokens'), [generation.tokens], [w('lm-token-id')], drawn, 't', explained.generatedToken, 'none'),
      matrix('generation', w('lm-matrix-generation'), generation.steps.map((s) => [s.probabilities[s.token]]),
        generation.steps.map((s, k) => `${s.position} ${drawn[k]}`), [w('lm-probability')], 'p', explained.generation, 'none'),
    ],
  });

  return { steps, trace };
}
