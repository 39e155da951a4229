// The engine's operations: written by `node scripts/engine-types.mjs` from the descriptions in
// cpp/include/attn/describe/ (as build/native/attn_describe prints them). Do not edit by hand:
// change a description, rebuild (bash scripts/build.sh) and run the script again;
// tests/api/engine-types.test.mjs fails until the file is what the script writes.
// What each operation computes, pass by pass: docs/engine.md.

import type { Mask, Matrix, MatrixInput, Vector, VectorInput } from './values.js';

// ---- the sets of choices

/** the type computed in: float64 (double), or float32 (float) as GPUs, widened to numbers only when returned */
export type Precision = 'float64' | 'float32';

/** positions inside the heads: none, rotary (RoPE) on queries and keys, or ALiBi's bias on the scores */
export type HeadPositions = 'none' | 'rope' | 'alibi';

/** which columns RoPE pairs: 'half' (i, i + d/2) as GPT-NeoX and Hugging Face, 'interleaved' (2i, 2i+1) as RoFormer and Meta's Llama */
export type RopeConvention = 'half' | 'interleaved';

/** the feed-forward network's activation function */
export type Activation = 'relu' | 'gelu';

/** how randomMatrix draws its numbers */
export type Distribution = 'normal' | 'uniform';

/** which matrix of the attention trace an explained cell is in */
export type ExplainStage = 'score' | 'scaled' | 'weight' | 'output';

/** which gradient of the attention backward trace an explained cell is in */
export type GradientStage = 'gradValue' | 'gradWeight' | 'gradScaled' | 'gradScore' | 'gradQuery' | 'gradKey';

/** the variants measureCost and costGrowth time */
export type CostVariant = 'full' | 'flash' | 'chunked' | 'linear' | 'sparse' | 'rnn';

/** the mistakes diagnose recognises, in its order of precedence */
export type Misconception = 'unscaled' | 'dividedByDk' | 'maskIgnored' | 'noSoftmax' | 'columnSoftmax' | 'roundedEarly';

/** a cell of the turned query, of the scores q′·k′, or of the output */
export type RopeStage = 'rotated' | 'score' | 'output';

/** the mistakes diagnoseRope recognises, in its order of precedence */
export type RopeMisconception = 'thetaToThePosition' | 'wrongConvention' | 'rotatedValues';

/** the head's slope, its bias, scaled scores plus bias, the weights or the output */
export type AlibiStage = 'slope' | 'bias' | 'biased' | 'weight' | 'output';

/** the mistakes diagnoseAlibi recognises, in its order of precedence */
export type AlibiMisconception = 'offByOneHead' | 'reversedHeads' | 'plainSlopes' | 'positiveBias' | 'signedDistance' | 'scaledBias';

/** the key/value head a query head reads, or the cache in bytes or in GiB */
export type GroupedQueryStage = 'kvHead' | 'cacheBytes' | 'cacheGibibytes';

/** the mistakes diagnoseGroupedQuery recognises, in its order of precedence */
export type GroupedQueryMisconception = 'roundRobin' | 'dividedByKvHeads' | 'queryHeads' | 'keysOnly' | 'oneLayer' | 'oneToken' | 'numbersNotBytes';

/** a weight of the windowed layer, a cell of its output, or a token's reach back */
export type WindowStage = 'weight' | 'output' | 'reach';

/** the mistakes diagnoseSlidingWindow recognises, in its order of precedence */
export type WindowMisconception = 'offByOneWindow' | 'notCausal' | 'forgotSinks' | 'sinksInsideWindow' | 'layersTimesWindow' | 'windowOnly' | 'singleLayer';

/** the text's bytes; merge k's pair count, its first position, the length after it; the new text's tokens */
export type TokenizerQuestion = 'bytes' | 'count' | 'first' | 'length' | 'tokens';

/** the mistakes diagnoseTokenizer recognises, in its order of precedence */
export type TokenizerMisconception = 'characters' | 'wrongTie' | 'noOverlap' | 'firstOccurrenceOnly' | 'longestMatch';

// ---- softmax: Row softmax

/** The arguments of softmax — Row softmax. */
export interface SoftmaxArgs {
  /** (n × m) finite numbers or −∞ */
  logits: MatrixInput;
}

/** What softmax returns — Row softmax. */
export interface SoftmaxTrace {
  /** max of each row; −∞ for a row that is all −∞ */
  rowMax: Vector;
  /** exp(x − rowMax) */
  exps: Matrix;
  /** Σ exps per row; 0 for an all −∞ row */
  rowSum: Vector;
  /** exps / rowSum; a zero row where rowSum is 0 */
  weights: Matrix;
}

// ---- attention: Scaled dot-product attention

/** The arguments of attention — Scaled dot-product attention. */
export interface AttentionArgs {
  /** (n × d_k) one row per query */
  query: MatrixInput;
  /** (m × d_k) one row per key */
  key: MatrixInput;
  /** (m × d_v) one row per key */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
  /** the type computed in: float64, or float32 as GPUs (results as numbers); default 'float64' */
  precision?: Precision | undefined;
}

/** What attention returns — Scaled dot-product attention. */
export interface AttentionTrace {
  /** pass 1: Q·Kᵀ */
  scores: Matrix;
  /** √d_k, the divisor of pass 2 */
  sqrtDk: number;
  /** pass 2: scores / √d_k */
  scaled: Matrix;
  /** 0/1, 1 = attend; only with a mask */
  mask?: Matrix;
  /** pass 3: scaled with blocked cells = maskFill; only with a mask */
  masked?: Matrix;
  /** pass 4 intermediates */
  softmax: SoftmaxSteps;
  /** pass 4: row softmax */
  weights: Matrix;
  /** each row's Σ: 1, or 0 when fully masked */
  weightSums: Vector;
  /** 0 or 1/(1 − p) per weight; only with dropout */
  dropoutMask?: Matrix;
  /** weights ∘ dropoutMask; only with dropout */
  droppedWeights?: Matrix;
  /** pass 5: weights·V (droppedWeights·V with dropout) */
  output: Matrix;
  /** rows whose every key is blocked */
  fullyMaskedRows: number[];
}

/** AttentionTrace.softmax: pass 4 intermediates */
export interface SoftmaxSteps {
  /** max of each row; −∞ for a row that is all −∞ */
  rowMax: Vector;
  /** exp(x − rowMax) */
  exps: Matrix;
  /** Σ exps per row; 0 for an all −∞ row */
  rowSum: Vector;
}

// ---- multiHeadAttention: Multi-head attention

/** The arguments of multiHeadAttention — Multi-head attention. */
export interface MultiHeadAttentionArgs {
  /** (n × d_model) queries */
  query: MatrixInput;
  /** (m × d_model) keys */
  key: MatrixInput;
  /** (m × d_model) values */
  value: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × d_model) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × d_model) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model) query bias; default no bias */
  bQ?: VectorInput | undefined;
  /** (d_model) key bias; default no bias */
  bK?: VectorInput | undefined;
  /** (d_model) value bias; default no bias */
  bV?: VectorInput | undefined;
  /** (d_model) output bias; default no bias */
  bO?: VectorInput | undefined;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** key/value heads, dividing heads (grouped-query; 1 = multi-query); wK, wV, bK, bV are then kvHeads·d_k wide; a whole number, 1 … 1024; default heads */
  kvHeads?: number | undefined;
  /** 'rope' turns each head's queries and keys by position, 'alibi' adds −slope·|i − j| to its scaled scores; default 'none' */
  positional?: HeadPositions | undefined;
  /** RoPE's base, finite and > 0; default 10000 */
  ropeBase?: number | undefined;
  /** RoPE's pairs: 'half' (i, i + d_k/2) or 'interleaved' (2i, 2i+1); default 'half' */
  ropeConvention?: RopeConvention | undefined;
  /** sliding window: query i sees keys i − window < j ≤ i (causal); not with mask; a whole number, 1 … 1024 */
  window?: number | undefined;
  /** with window: keys 0 … sinks−1 stay visible to every later query; a whole number, 0 … 1024 */
  sinks?: number | undefined;
}

/** What multiHeadAttention returns — Multi-head attention. */
export interface MultiHeadAttentionTrace {
  /** model width */
  dModel: number;
  /** width per head, d_model / h */
  dK: number;
  /** key/value heads (heads unless grouped) */
  kvHeads: number;
  /** each head's ALiBi slope; only with 'alibi' */
  alibiSlopes?: Vector;
  /** the weights and biases used */
  params: MultiHeadParams;
  /** pass 1: query·W_Q + b_Q */
  projectedQuery: Matrix;
  /** pass 1: key·W_K + b_K (m × kvHeads·d_k) */
  projectedKey: Matrix;
  /** pass 1: value·W_V + b_V (m × kvHeads·d_k) */
  projectedValue: Matrix;
  /** passes 2 and 3: one attention trace per head */
  heads: HeadTrace[];
  /** pass 4: head outputs side by side */
  concat: Matrix;
  /** pass 5: concat·W_O + b_O */
  output: Matrix;
  /** h × n × m: every head's weights */
  weights: Matrix[];
  /** weights and biases in use */
  parameterCount: number;
}

/** MultiHeadAttentionTrace.params: the weights and biases used */
export interface MultiHeadParams {
  /** as used */
  wQ: Matrix;
  /** as used; d_model × kvHeads·d_k */
  wK: Matrix;
  /** as used; d_model × kvHeads·d_k */
  wV: Matrix;
  /** as used */
  wO: Matrix;
  /** only when given */
  bQ?: Vector;
  /** only when given */
  bK?: Vector;
  /** only when given */
  bV?: Vector;
  /** only when given */
  bO?: Vector;
}

/** MultiHeadAttentionTrace.heads[]: passes 2 and 3: one attention trace per head */
export interface HeadTrace {
  /** pass 1: Q·Kᵀ */
  scores: Matrix;
  /** √d_k, the divisor of pass 2 */
  sqrtDk: number;
  /** pass 2: scores / √d_k */
  scaled: Matrix;
  /** 0/1, 1 = attend; only with a mask */
  mask?: Matrix;
  /** pass 3: scaled with blocked cells = maskFill; only with a mask */
  masked?: Matrix;
  /** pass 4 intermediates */
  softmax: SoftmaxSteps;
  /** pass 4: row softmax */
  weights: Matrix;
  /** each row's Σ: 1, or 0 when fully masked */
  weightSums: Vector;
  /** 0 or 1/(1 − p) per weight; only with dropout */
  dropoutMask?: Matrix;
  /** weights ∘ dropoutMask; only with dropout */
  droppedWeights?: Matrix;
  /** pass 5: weights·V (droppedWeights·V with dropout) */
  output: Matrix;
  /** rows whose every key is blocked */
  fullyMaskedRows: number[];
  /** pass 2: this head's columns of projectedQuery */
  query: Matrix;
  /** pass 2: its key/value head's columns of projectedKey */
  key: Matrix;
  /** pass 2: its key/value head's columns of projectedValue */
  value: Matrix;
  /** the key/value head it reads, ⌊head·kvHeads / heads⌋ */
  kvHead: number;
  /** pass 2: query turned by RoPE at positions 0 … n−1; only with 'rope' */
  rotatedQuery?: Matrix;
  /** pass 2: key turned by RoPE at positions 0 … m−1; only with 'rope' */
  rotatedKey?: Matrix;
  /** its ALiBi slope (bias = −slope·|i − j|); only with 'alibi' */
  alibiSlope?: number;
  /** pass 2: ALiBi's −slope·|i − j|, added to scaled; only with 'alibi' */
  bias?: Matrix;
  /** pass 2: scaled + bias, what the mask and softmax take; only with 'alibi' */
  biased?: Matrix;
  /** attentionEntropy of this head's weights */
  entropy: EntropyTrace;
}

/** HeadTrace.entropy: attentionEntropy of this head's weights */
export interface EntropyTrace {
  /** per row, −Σ w·ln w in nats */
  entropy: Vector;
  /** ln m, the entropy of uniform weights */
  maxEntropy: number;
  /** over all rows */
  meanEntropy: number;
  /** the smallest entry of entropy */
  minEntropy: number;
  /** the largest entry of entropy */
  maxRowEntropy: number;
}

// ---- positionalEncoding: Sinusoidal positional encoding

/** The arguments of positionalEncoding — Sinusoidal positional encoding. */
export interface PositionalEncodingArgs {
  /** number of positions; a whole number, 1 … 1024 */
  length: number;
  /** width d_model (odd allowed: the last column is a sine); a whole number, 1 … 1024 */
  dModel: number;
}

// ---- layerNorm: Layer norm

/** The arguments of layerNorm — Layer norm. */
export interface LayerNormArgs {
  /** (n × d) one row per token */
  input: MatrixInput;
  /** (d) scale γ; default ones */
  gamma?: VectorInput | undefined;
  /** (d) shift β; default zeros */
  beta?: VectorInput | undefined;
  /** added to the variance; default 1e-5 */
  eps?: number | undefined;
}

/** What layerNorm returns — Layer norm. */
export interface LayerNormTrace {
  /** per row */
  mean: Vector;
  /** per row, biased (divides by d), as PyTorch */
  variance: Vector;
  /** (x − mean) / √(variance + eps) */
  normalized: Matrix;
  /** normalized·γ + β */
  output: Matrix;
  /** γ as used */
  gamma: Vector;
  /** β as used */
  beta: Vector;
  /** ε as used, added to the variance */
  eps: number;
}

// ---- feedForward: Feed-forward

/** The arguments of feedForward — Feed-forward. */
export interface FeedForwardArgs {
  /** (n × d_model) one row per token */
  input: MatrixInput;
  /** (d_model × d_ff) first layer */
  w1: MatrixInput;
  /** (d_ff) first bias; default no bias */
  b1?: VectorInput | undefined;
  /** (d_ff × d_model) second layer */
  w2: MatrixInput;
  /** (d_model) second bias; default no bias */
  b2?: VectorInput | undefined;
  /** relu, or exact GELU 0.5·x·(1 + erf(x/√2)); default 'relu' */
  activation?: Activation | undefined;
}

/** What feedForward returns — Feed-forward. */
export interface FeedForwardTrace {
  /** x·W1 + b1 */
  hidden: Matrix;
  /** activation(hidden) */
  activated: Matrix;
  /** activated·W2 + b2 */
  output: Matrix;
}

// ---- layerNormBackward: Layer norm, backward

/** The arguments of layerNormBackward — Layer norm, backward. */
export interface LayerNormBackwardArgs {
  /** (n × d) one row per token */
  input: MatrixInput;
  /** (d) scale γ; default ones */
  gamma?: VectorInput | undefined;
  /** (d) shift β; default zeros */
  beta?: VectorInput | undefined;
  /** added to the variance; default 1e-5 */
  eps?: number | undefined;
  /** (n × d) ∂L/∂output, one row per token */
  gradOutput: MatrixInput;
}

/** What layerNormBackward returns — Layer norm, backward. */
export interface LayerNormBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: Σ over rows of gradOutput */
  gradBeta: Vector;
  /** pass 2: Σ over rows of gradOutput ∘ normalized */
  gradGamma: Vector;
  /** pass 3: gradOutput ∘ γ */
  gradNormalized: Matrix;
  /** pass 4: (1/σ)(ĝ − mean(ĝ) − x̂·mean(ĝ ∘ x̂)) per row, ĝ = gradNormalized, σ = √(variance + eps) */
  gradInput: Matrix;
}

// ---- feedForwardBackward: Feed-forward, backward

/** The arguments of feedForwardBackward — Feed-forward, backward. */
export interface FeedForwardBackwardArgs {
  /** (n × d_model) one row per token */
  input: MatrixInput;
  /** (d_model × d_ff) first layer */
  w1: MatrixInput;
  /** (d_ff) first bias; default no bias */
  b1?: VectorInput | undefined;
  /** (d_ff × d_model) second layer */
  w2: MatrixInput;
  /** (d_model) second bias; default no bias */
  b2?: VectorInput | undefined;
  /** relu, or exact GELU 0.5·x·(1 + erf(x/√2)); default 'relu' */
  activation?: Activation | undefined;
  /** (n × d_model) ∂L/∂output, one row per token */
  gradOutput: MatrixInput;
}

/** What feedForwardBackward returns — Feed-forward, backward. */
export interface FeedForwardBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: Σ over rows of gradOutput; only when b2 was given */
  gradB2?: Vector;
  /** pass 1: activatedᵀ·gradOutput */
  gradW2: Matrix;
  /** pass 1: gradOutput·W2ᵀ */
  gradActivated: Matrix;
  /** pass 2: gradActivated ∘ activation′(hidden); ReLU′(0) = 0, GELU′(x) = Φ(x) + x·φ(x) */
  gradHidden: Matrix;
  /** pass 3: Σ over rows of gradHidden; only when b1 was given */
  gradB1?: Vector;
  /** pass 3: inputᵀ·gradHidden */
  gradW1: Matrix;
  /** pass 3: gradHidden·W1ᵀ */
  gradInput: Matrix;
}

// ---- encoderLayer: Encoder layer (post-norm)

/** The arguments of encoderLayer — Encoder layer (post-norm). */
export interface EncoderLayerArgs {
  /** (n × d_model) x */
  input: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** relu, or exact GELU 0.5·x·(1 + erf(x/√2)); default 'relu' */
  activation?: Activation | undefined;
  /** feed-forward width; needed when w1 is omitted; a whole number, 1 … 1024 */
  dFF?: number | undefined;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × d_model) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × d_model) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model) query bias; default no bias */
  bQ?: VectorInput | undefined;
  /** (d_model) key bias; default no bias */
  bK?: VectorInput | undefined;
  /** (d_model) value bias; default no bias */
  bV?: VectorInput | undefined;
  /** (d_model) output bias; default no bias */
  bO?: VectorInput | undefined;
  /** (d_model × d_ff) first feed-forward layer; default seeded Xavier */
  w1?: MatrixInput | undefined;
  /** (d_ff) first bias; default zeros */
  b1?: VectorInput | undefined;
  /** (d_ff × d_model) second feed-forward layer; default seeded Xavier */
  w2?: MatrixInput | undefined;
  /** (d_model) second bias; default zeros */
  b2?: VectorInput | undefined;
  /** (d_model) γ of LN₁; default ones */
  gamma1?: VectorInput | undefined;
  /** (d_model) β of LN₁; default zeros */
  beta1?: VectorInput | undefined;
  /** (d_model) γ of LN₂; default ones */
  gamma2?: VectorInput | undefined;
  /** (d_model) β of LN₂; default zeros */
  beta2?: VectorInput | undefined;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** false: attention projections without biases; default true */
  attentionBias?: boolean | undefined;
}

/** What encoderLayer returns — Encoder layer (post-norm). */
export interface EncoderLayerTrace {
  /** x */
  input: Matrix;
  /** pass 1: MHA(x, x, x) */
  attention: MultiHeadAttentionTrace;
  /** pass 2: x + attention.output */
  residual1: Matrix;
  /** pass 3: LN₁(residual1) */
  norm1: LayerNormTrace;
  /** pass 4: FFN(norm1.output) */
  feedForward: FeedForwardTrace;
  /** pass 5: norm1.output + feedForward.output */
  residual2: Matrix;
  /** pass 6: LN₂(residual2) */
  norm2: LayerNormTrace;
  /** norm2.output */
  output: Matrix;
  /** feed-forward width */
  dFF: number;
  /** the feed-forward weights and biases used */
  params: {
    /** as used */
    w1: Matrix;
    /** as used */
    b1: Vector;
    /** as used */
    w2: Matrix;
    /** as used */
    b2: Vector;
  };
  /** per part and in total */
  parameterCount: EncoderParameterCount;
}

/** EncoderLayerTrace.parameterCount: per part and in total */
export interface EncoderParameterCount {
  /** 4·d² + 4·d, or 4·d² without attention biases */
  attention: number;
  /** d·d_ff + d_ff + d_ff·d + d */
  feedForward: number;
  /** 4·d (two γ, two β) */
  norms: number;
  /** the sum */
  total: number;
}

// ---- attentionEntropy: Entropy

/** The arguments of attentionEntropy — Entropy. */
export interface AttentionEntropyArgs {
  /** (n × m) rows ≥ 0 summing to 1, or all zero (a fully masked row) */
  weights: MatrixInput;
}

// ---- randomMatrix: Seeded matrices

/** The arguments of randomMatrix — Seeded matrices. */
export interface RandomMatrixArgs {
  /** rows; a whole number, 1 … 1024 */
  rows: number;
  /** columns; a whole number, 1 … 1024 */
  cols: number;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** normal: z·scale; uniform: (2u − 1)·scale; default 'normal' */
  distribution?: Distribution | undefined;
  /** positive and finite: standard deviation or half-width; default 1 */
  scale?: number | undefined;
}

// ---- embedTokens: Token embeddings

/** The arguments of embedTokens — Token embeddings. */
export interface EmbedTokensArgs {
  /** (n) 1 … 1024 tokens of 1 … 64 bytes of UTF-8, compared as they are */
  tokens: ReadonlyArray<string>;
  /** width d_model (odd allowed: the last column is a sine); a whole number, 1 … 1024 */
  dModel: number;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What embedTokens returns — Token embeddings. */
export interface TokenEmbeddingTrace {
  /** as given */
  tokens: string[];
  /** pass 1: distinct tokens in first-seen order */
  vocabulary: string[];
  /** pass 1: each token's index in the vocabulary */
  ids: number[];
  /** pass 3: row i = table[ids[i]] */
  embeddings: Matrix;
  /** pass 2: one row per distinct token */
  table: Matrix;
}

// ---- addPositionalEncoding: Adding positions

/** The arguments of addPositionalEncoding — Adding positions. */
export interface AddPositionalEncodingArgs {
  /** (n × d) one row per token, say token embeddings */
  input: MatrixInput;
}

/** What addPositionalEncoding returns — Adding positions. */
export interface PositionalAdditionTrace {
  /** pass 1: PE for n positions */
  encoding: Matrix;
  /** pass 2: input + encoding */
  output: Matrix;
}

// ---- positionSimilarity: How alike positions are

/** The arguments of positionSimilarity — How alike positions are. */
export interface PositionSimilarityArgs {
  /** number of positions; a whole number, 1 … 1024 */
  length: number;
  /** width d_model (odd allowed: the last column is a sine); a whole number, 1 … 1024 */
  dModel: number;
}

/** What positionSimilarity returns — How alike positions are. */
export interface PositionSimilarityTrace {
  /** pass 1: PE */
  encoding: Matrix;
  /** pass 2: PE·PEᵀ */
  similarity: Matrix;
  /** pass 3: √similarity[i][i] */
  norms: Vector;
  /** pass 4: s_ij / √(s_ii·s_jj), diagonal exactly 1 */
  cosine: Matrix;
}

// ---- scalingExperiment: Why divide by √d_k

/** The arguments of scalingExperiment — Why divide by √d_k. */
export interface ScalingExperimentArgs {
  /** query/key width; a whole number, 1 … 1024 */
  dK: number;
  /** keys per sample; a whole number, 1 … 1024 */
  keys: number;
  /** samples, with samples × keys × dK ≤ 2²⁴; a whole number, 1 … 10000 */
  samples: number;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What scalingExperiment returns — Why divide by √d_k. */
export interface ScalingExperimentTrace {
  /** as given */
  dK: number;
  /** as given */
  keys: number;
  /** as given */
  samples: number;
  /** over all samples × keys scores */
  scoreMean: number;
  /** population variance; ≈ d_k */
  scoreVariance: number;
  /** the same for scores / √d_k */
  scaledMean: number;
  /** ≈ 1 */
  scaledVariance: number;
  /** statistics of softmax(scores) */
  unscaled: SoftmaxStatistics;
  /** statistics of softmax(scores / √d_k) */
  scaled: SoftmaxStatistics;
  /** ln keys */
  maxEntropy: number;
  /** the first sample, in full */
  example: ScalingExample;
}

/** ScalingExperimentTrace.unscaled: statistics of softmax(scores) */
export interface SoftmaxStatistics {
  /** mean of max p */
  meanPeakWeight: number;
  /** mean of −Σ p·ln p, in nats */
  meanEntropy: number;
  /** mean of ‖diag(p) − p·pᵀ‖_F */
  meanGradientNorm: number;
}

/** ScalingExperimentTrace.example: the first sample, in full */
export interface ScalingExample {
  /** 1 × d_k */
  query: Matrix;
  /** keys × d_k */
  key: Matrix;
  /** query·keyᵀ */
  scores: Matrix;
  /** the divisor */
  sqrtDk: number;
  /** scores / √d_k */
  scaled: Matrix;
  /** softmax(scores) */
  weightsUnscaled: Matrix;
  /** softmax(scaled) */
  weightsScaled: Matrix;
}

// ---- softmaxJacobian: Softmax gradient

/** The arguments of softmaxJacobian — Softmax gradient. */
export interface SoftmaxJacobianArgs {
  /** (1 × m) one row of finite numbers or −∞ */
  logits: MatrixInput;
}

/** What softmaxJacobian returns — Softmax gradient. */
export interface SoftmaxJacobianTrace {
  /** pass 1: p = softmax(logits) */
  weights: Matrix;
  /** pass 2: J[i][j] = p_i·(δ_ij − p_j) */
  jacobian: Matrix;
  /** √Σ J[i][j]² */
  frobeniusNorm: number;
}

// ---- explainAttention: Explain this number

/** The arguments of explainAttention — Explain this number. */
export interface ExplainAttentionArgs<S extends ExplainStage = ExplainStage> {
  /** (n × d_k) one row per query */
  query: MatrixInput;
  /** (m × d_k) one row per key */
  key: MatrixInput;
  /** (m × d_v) one row per key */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** the query i, 0 … n−1 */
  row: number;
  /** key j (0 … m−1), or for output the value column c */
  column: number;
  /** which matrix the cell is in */
  stage: S;
}

/** What every case of explainAttention's result has: the cell, and the stage it is in. */
export interface ExplainedCell<S extends ExplainStage> {
  /** as asked */
  stage: S;
  /** the query i */
  row: number;
  /** key j, or for output the value column c */
  column: number;
}

/** What explainAttention returns for stage 'score'. */
export interface ScoreExplanation extends ExplainedCell<'score'> {
  /** the products, in index order */
  terms: ProductTerm[];
  /** the cell, adding the products in order */
  sum: number;
}

/** ScoreExplanation.terms[]: the products, in index order */
export interface ProductTerm {
  /** first factor */
  left: number;
  /** second factor */
  right: number;
  /** left·right */
  product: number;
}

/** What explainAttention returns for stage 'scaled'. */
export interface ScaledExplanation extends ExplainedCell<'scaled'> {
  /** scores[i][j] */
  score: number;
  /** the divisor */
  sqrtDk: number;
  /** query/key width */
  dK: number;
  /** scaled[i][j] */
  scaled: number;
}

/** What explainAttention returns for stage 'weight'. */
export interface WeightExplanation extends ExplainedCell<'weight'> {
  /** row i after scaling and masking */
  logits: Vector;
  /** 1 where key j is blocked */
  blocked: Vector;
  /** max of logits */
  rowMax: number;
  /** exp(logits − rowMax) */
  exps: Vector;
  /** Σ exps */
  rowSum: number;
  /** exps[j] */
  numerator: number;
  /** weights[i][j] */
  weight: number;
  /** every key of the row blocked */
  fullyMasked: boolean;
}

/** What explainAttention returns for stage 'output'. */
export interface OutputExplanation extends ExplainedCell<'output'> {
  /** the products, in index order */
  terms: ProductTerm[];
  /** the cell, adding the products in order */
  sum: number;
}

/** What explainAttention returns for each stage. */
export interface ExplanationByStage {
  score: ScoreExplanation;
  scaled: ScaledExplanation;
  weight: WeightExplanation;
  output: OutputExplanation;
}

/** What explainAttention returns, whichever the stage. */
export type AttentionExplanation = ExplanationByStage[ExplainStage];

// ---- permutationTest: Order blindness

/** The arguments of permutationTest — Order blindness. */
export interface PermutationTestArgs {
  /** (n × d_model) one row per token */
  input: MatrixInput;
  /** (n) each of 0 … n−1 once */
  permutation: VectorInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** add PE after shuffling the tokens (required) */
  positionalEncoding: boolean;
}

/** What permutationTest returns — Order blindness. */
export interface PermutationTestTrace {
  /** row i of the shuffle is token permutation[i] */
  permutation: number[];
  /** pass 1: what attention sees, X or X + PE */
  input: Matrix;
  /** pass 1: X[p[i]] (+ PE(i)) */
  permutedInput: Matrix;
  /** pass 2: MHA(input) */
  output: Matrix;
  /** pass 2: MHA(permutedInput), same weights */
  permutedOutput: Matrix;
  /** pass 3: row p[i] = permutedOutput row i */
  realigned: Matrix;
  /** pass 4: max |realigned − output| */
  maxDifference: number;
}

// ---- crossEntropy: Cross-entropy loss and its gradient

/** The arguments of crossEntropy — Cross-entropy loss and its gradient. */
export interface CrossEntropyArgs {
  /** (n × c) finite numbers, one column per class */
  logits: MatrixInput;
  /** (n) each row's class, a whole number from 0 to c − 1 */
  targets: VectorInput;
}

/** What crossEntropy returns — Cross-entropy loss and its gradient. */
export interface CrossEntropyTrace {
  /** pass 3: the mean of rowLosses */
  loss: number;
  /** pass 2: −ln probabilities[i][targets[i]] */
  rowLosses: Vector;
  /** pass 1: row softmax of the logits */
  probabilities: Matrix;
  /** pass 4: ∂loss/∂logits = (probabilities − onehot) / n */
  gradLogits: Matrix;
}

// ---- attentionBackward: Backward pass of scaled dot-product attention

/** The arguments of attentionBackward — Backward pass of scaled dot-product attention. */
export interface AttentionBackwardArgs {
  /** (n × d_k) one row per query */
  query: MatrixInput;
  /** (m × d_k) one row per key */
  key: MatrixInput;
  /** (m × d_v) one row per key */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
  /** (n × d_v) ∂L/∂output, the gradient arriving from above */
  gradOutput: MatrixInput;
}

/** What attentionBackward returns — Backward pass of scaled dot-product attention. */
export interface AttentionBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: ∂L/∂V = weightsᵀ·gradOutput */
  gradValue: Matrix;
  /** pass 2: ∂L/∂weights = gradOutput·Vᵀ (through the dropout mask) */
  gradWeights: Matrix;
  /** pass 3: softmax backward, w ∘ (g − Σ w·g) per row; 0 on blocked cells */
  gradScaled: Matrix;
  /** pass 4: gradScaled / √d_k */
  gradScores: Matrix;
  /** pass 5: ∂L/∂Q = gradScores·K */
  gradQuery: Matrix;
  /** pass 6: ∂L/∂K = gradScoresᵀ·Q */
  gradKey: Matrix;
}

// ---- multiHeadAttentionBackward: Backward pass of multi-head attention

/** The arguments of multiHeadAttentionBackward — Backward pass of multi-head attention. */
export interface MultiHeadAttentionBackwardArgs {
  /** (n × d_model) queries */
  query: MatrixInput;
  /** (m × d_model) keys */
  key: MatrixInput;
  /** (m × d_model) values */
  value: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × d_model) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × d_model) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model) query bias; default no bias */
  bQ?: VectorInput | undefined;
  /** (d_model) key bias; default no bias */
  bK?: VectorInput | undefined;
  /** (d_model) value bias; default no bias */
  bV?: VectorInput | undefined;
  /** (d_model) output bias; default no bias */
  bO?: VectorInput | undefined;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** (n × d_model) ∂L/∂output, the gradient arriving from above */
  gradOutput: MatrixInput;
}

/** What multiHeadAttentionBackward returns — Backward pass of multi-head attention. */
export interface MultiHeadAttentionBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: concatᵀ·gradOutput */
  gradWO: Matrix;
  /** pass 1: Σ rows of gradOutput; only when bO was given */
  gradBO?: Vector;
  /** pass 1: gradOutput·W_Oᵀ */
  gradConcat: Matrix;
  /** pass 2: each head's attention backward */
  heads: AttentionBackwardTrace[];
  /** pass 3: the heads' gradQuery side by side */
  gradProjectedQuery: Matrix;
  /** pass 3: the heads' gradKey side by side */
  gradProjectedKey: Matrix;
  /** pass 3: the heads' gradValue side by side */
  gradProjectedValue: Matrix;
  /** pass 4: queryᵀ·gradProjectedQuery */
  gradWQ: Matrix;
  /** pass 4: keyᵀ·gradProjectedKey */
  gradWK: Matrix;
  /** pass 4: valueᵀ·gradProjectedValue */
  gradWV: Matrix;
  /** pass 4: Σ rows of gradProjectedQuery; only when bQ was given */
  gradBQ?: Vector;
  /** pass 4: Σ rows of gradProjectedKey; only when bK was given */
  gradBK?: Vector;
  /** pass 4: Σ rows of gradProjectedValue; only when bV was given */
  gradBV?: Vector;
  /** pass 4: gradProjectedQuery·W_Qᵀ */
  gradQuery: Matrix;
  /** pass 4: gradProjectedKey·W_Kᵀ */
  gradKey: Matrix;
  /** pass 4: gradProjectedValue·W_Vᵀ */
  gradValue: Matrix;
}

// ---- encoderLayerBackward: Backward pass of the encoder layer (post-norm)

/** The arguments of encoderLayerBackward — Backward pass of the encoder layer (post-norm). */
export interface EncoderLayerBackwardArgs {
  /** (n × d_model) x */
  input: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** relu, or exact GELU 0.5·x·(1 + erf(x/√2)); default 'relu' */
  activation?: Activation | undefined;
  /** feed-forward width; needed when w1 is omitted; a whole number, 1 … 1024 */
  dFF?: number | undefined;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × d_model) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × d_model) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model) query bias; default no bias */
  bQ?: VectorInput | undefined;
  /** (d_model) key bias; default no bias */
  bK?: VectorInput | undefined;
  /** (d_model) value bias; default no bias */
  bV?: VectorInput | undefined;
  /** (d_model) output bias; default no bias */
  bO?: VectorInput | undefined;
  /** (d_model × d_ff) first feed-forward layer; default seeded Xavier */
  w1?: MatrixInput | undefined;
  /** (d_ff) first bias; default zeros */
  b1?: VectorInput | undefined;
  /** (d_ff × d_model) second feed-forward layer; default seeded Xavier */
  w2?: MatrixInput | undefined;
  /** (d_model) second bias; default zeros */
  b2?: VectorInput | undefined;
  /** (d_model) γ of LN₁; default ones */
  gamma1?: VectorInput | undefined;
  /** (d_model) β of LN₁; default zeros */
  beta1?: VectorInput | undefined;
  /** (d_model) γ of LN₂; default ones */
  gamma2?: VectorInput | undefined;
  /** (d_model) β of LN₂; default zeros */
  beta2?: VectorInput | undefined;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** false: attention projections without biases; default true */
  attentionBias?: boolean | undefined;
  /** (n × d_model) ∂L/∂output, the gradient arriving from above */
  gradOutput: MatrixInput;
}

/** What encoderLayerBackward returns — Backward pass of the encoder layer (post-norm). */
export interface EncoderLayerBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: LN₂ backward, Σ rows of g ∘ x̂ */
  gradGamma2: Vector;
  /** pass 1: LN₂ backward, Σ rows of g */
  gradBeta2: Vector;
  /** pass 1: ∂L/∂residual2, LN₂'s input */
  gradResidual2: Matrix;
  /** pass 2: FFN backward, activatedᵀ·g */
  gradW2: Matrix;
  /** pass 2: FFN backward */
  gradB2: Vector;
  /** pass 2: FFN backward, norm1.outputᵀ·gHidden */
  gradW1: Matrix;
  /** pass 2: FFN backward */
  gradB1: Vector;
  /** pass 3: gradResidual2 + the FFN's input gradient (two paths add) */
  gradNorm1Output: Matrix;
  /** pass 4: LN₁ backward */
  gradGamma1: Vector;
  /** pass 4: LN₁ backward */
  gradBeta1: Vector;
  /** pass 4: ∂L/∂residual1, LN₁'s input */
  gradResidual1: Matrix;
  /** pass 5: self-attention backward */
  gradWQ: Matrix;
  /** pass 5: self-attention backward */
  gradWK: Matrix;
  /** pass 5: self-attention backward */
  gradWV: Matrix;
  /** pass 5: self-attention backward */
  gradWO: Matrix;
  /** pass 5; only with attention biases */
  gradBQ?: Vector;
  /** pass 5; only with attention biases */
  gradBK?: Vector;
  /** pass 5; only with attention biases */
  gradBV?: Vector;
  /** pass 5; only with attention biases */
  gradBO?: Vector;
  /** pass 6: gradResidual1 + gradQuery + gradKey + gradValue of self-attention */
  gradInput: Matrix;
}

// ---- explainAttentionBackward: Explain this gradient

/** The arguments of explainAttentionBackward — Explain this gradient. */
export interface ExplainAttentionBackwardArgs<S extends GradientStage = GradientStage> {
  /** (n × d_k) one row per query */
  query: MatrixInput;
  /** (m × d_k) one row per key */
  key: MatrixInput;
  /** (m × d_v) one row per key */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** (n × d_v) ∂L/∂output, the gradient arriving from above */
  gradOutput: MatrixInput;
  /** key j for gradValue and gradKey (0 … m−1), else query i (0 … n−1) */
  row: number;
  /** value column (gradValue), key j (gradWeight, gradScaled, gradScore) or dimension (gradQuery, gradKey) */
  column: number;
  /** which gradient the cell is in */
  stage: S;
}

/** What every case of explainAttentionBackward's result has: the cell, and the stage it is in. */
export interface ExplainedGradientCell<S extends GradientStage> {
  /** as asked */
  stage: S;
  /** the cell's row: key j for gradValue and gradKey, else query i */
  row: number;
  /** the cell's column */
  column: number;
}

/** What explainAttentionBackward returns for stage 'gradValue', 'gradWeight', 'gradQuery' or 'gradKey'. */
export interface GradientSumExplanation<S extends GradientStage> extends ExplainedGradientCell<S> {
  /** the products, in index order */
  terms: ProductTerm[];
  /** the cell, adding the products in order */
  sum: number;
}

/** What explainAttentionBackward returns for stage 'gradScaled'. */
export interface GradScaledExplanation extends ExplainedGradientCell<'gradScaled'> {
  /** w_j = weights[i][j] */
  weight: number;
  /** g_j = gradWeights[i][j] */
  gradWeight: number;
  /** w_k·g_k for every key k of row i, in order */
  terms: ProductTerm[];
  /** Σ_k w_k·g_k, adding the terms in order */
  rowDot: number;
  /** g_j − rowDot */
  difference: number;
  /** the cell, ≈ weight·difference unless blocked */
  gradScaled: number;
  /** key j is masked for query i: the cell is 0 */
  blocked: boolean;
}

/** What explainAttentionBackward returns for stage 'gradScore'. */
export interface GradScoreExplanation extends ExplainedGradientCell<'gradScore'> {
  /** gradScaled[i][j] */
  gradScaled: number;
  /** the divisor of the forward's scale */
  sqrtDk: number;
  /** query/key width */
  dK: number;
  /** gradScores[i][j] */
  gradScore: number;
}

/** What explainAttentionBackward returns for each stage. */
export interface GradientExplanationByStage {
  gradValue: GradientSumExplanation<'gradValue'>;
  gradWeight: GradientSumExplanation<'gradWeight'>;
  gradScaled: GradScaledExplanation;
  gradScore: GradScoreExplanation;
  gradQuery: GradientSumExplanation<'gradQuery'>;
  gradKey: GradientSumExplanation<'gradKey'>;
}

/** What explainAttentionBackward returns, whichever the stage. */
export type AttentionBackwardExplanation = GradientExplanationByStage[GradientStage];

// ---- linearAttention: Linear attention (Katharopoulos et al. 2020)

/** The arguments of linearAttention — Linear attention (Katharopoulos et al. 2020). */
export interface LinearAttentionArgs {
  /** (n × d_k) one row per query, n ≤ 4096; up to 4096 rows × 1024 columns */
  query: MatrixInput;
  /** (m × d_k) one row per key, m ≤ 4096; up to 4096 rows × 1024 columns */
  key: MatrixInput;
  /** (m × d_v) one row per key; up to 4096 rows × 1024 columns */
  value: MatrixInput;
  /** query i sees keys 0 … i only (m = n); one running state; default false */
  causal?: boolean | undefined;
  /** false: only the lean result (output, sizes, peakCells), for long sequences; default true */
  trace?: boolean | undefined;
}

/** What linearAttention returns — Linear attention (Katharopoulos et al. 2020). */
export interface LinearAttentionTrace {
  /** pass 1: φ(Q), φ(x) = elu(x) + 1; only traced */
  featureQuery?: Matrix;
  /** pass 1: φ(K); only traced */
  featureKey?: Matrix;
  /** pass 2: φ(K)ᵀ·V, d_k × d_v, over all keys */
  state: Matrix;
  /** pass 2: φ(K)ᵀ·1, over all keys */
  normalizer: Vector;
  /** causal, traced: n × d_k × d_v, row i the state over keys 0 … i */
  prefixStates?: Matrix[];
  /** causal, traced: n × d_k, row i the normalizer over keys 0 … i */
  prefixNormalizers?: Matrix;
  /** pass 3: φ(q_i)·S / (φ(q_i)·z), S and z the prefix ones when causal */
  output: Matrix;
  /** cells the lean path holds: state d_k·d_v + output n·d_v, never n × m */
  peakCells: number;
}

// ---- sparseAttention: Sparse attention (Longformer window, BigBird random)

/** The arguments of sparseAttention — Sparse attention (Longformer window, BigBird random). */
export interface SparseAttentionArgs {
  /** (n × d_k) one row per token, n ≤ 4096; up to 4096 rows × 1024 columns */
  query: MatrixInput;
  /** (n × d_k) one row per token; up to 4096 rows × 1024 columns */
  key: MatrixInput;
  /** (n × d_v) one row per token; up to 4096 rows × 1024 columns */
  value: MatrixInput;
  /** key j allowed for query i when |i − j| ≤ window; a whole number, 0 … 4096 */
  window: number;
  /** (g) tokens attending to and attended by every token, g ≤ n; default none */
  globalTokens?: VectorInput | undefined;
  /** extra random keys per query (BigBird), at most n; a whole number, 0 … 4096; default 0 */
  randomPerRow?: number | undefined;
  /** seed of the random keys; same seed, same pattern; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** false: only the lean result (output, sizes, peakCells), for long sequences; default true */
  trace?: boolean | undefined;
}

/** What sparseAttention returns — Sparse attention (Longformer window, BigBird random). */
export interface SparseAttentionTrace {
  /** pass 1: Q·Kᵀ */
  scores?: Matrix;
  /** √d_k, the divisor of pass 2 */
  sqrtDk?: number;
  /** pass 2: scores / √d_k */
  scaled?: Matrix;
  /** 0/1, 1 = attend; only with a mask */
  mask?: Matrix;
  /** pass 3: scaled with blocked cells = maskFill; only with a mask */
  masked?: Matrix;
  /** pass 4 intermediates */
  softmax?: SoftmaxSteps;
  /** pass 4: row softmax */
  weights?: Matrix;
  /** each row's Σ: 1, or 0 when fully masked */
  weightSums?: Vector;
  /** rows whose every key is blocked */
  fullyMaskedRows?: number[];
  /** pass 5: weights·V over the allowed keys */
  output: Matrix;
  /** allowed keys of each query */
  keysPerRow: number[];
  /** Σ keysPerRow: the weights the lean path keeps, never n × n */
  peakCells: number;
}

// ---- rnnForward: A minimal recurrent network (Elman)

/** The arguments of rnnForward — A minimal recurrent network (Elman). */
export interface RnnForwardArgs {
  /** (n × d) one row per step, n ≤ 4096; up to 4096 rows × 1024 columns */
  input: MatrixInput;
  /** width of the state h; a whole number, 1 … 1024; default d */
  hidden?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** (d × hidden) input weights; default seeded Xavier */
  wX?: MatrixInput | undefined;
  /** (hidden × hidden) recurrent weights; default seeded Xavier */
  wH?: MatrixInput | undefined;
  /** (hidden) bias; default no bias */
  b?: VectorInput | undefined;
}

/** What rnnForward returns — A minimal recurrent network (Elman). */
export interface RnnForwardTrace {
  /** d × hidden, as used */
  wX: Matrix;
  /** hidden × hidden, as used */
  wH: Matrix;
  /** only when given */
  b?: Vector;
  /** n × hidden: row t = tanh(x_t·W_x + h_{t−1}·W_h + b) */
  states: Matrix;
  /** n·(d·hidden + hidden²), step after step */
  multiplyAdds: number;
  /** the states, n·hidden */
  peakCells: number;
}

// ---- kvCacheDecode: Decoding with a key/value cache

/** The arguments of kvCacheDecode — Decoding with a key/value cache. */
export interface KvCacheDecodeArgs {
  /** (n × d_model) the rows decoded one at a time (n·(n+1)·d_model ≤ 2097152: each step returns its cache); up to 4096 rows × 1024 columns */
  input: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** key/value heads, dividing heads (grouped-query; 1 = multi-query); wK, wV, bK, bV are then kvHeads·d_k wide; a whole number, 1 … 1024; default heads */
  kvHeads?: number | undefined;
  /** 'rope' turns each head's queries and keys by position, 'alibi' adds −slope·|i − j| to its scaled scores; default 'none' */
  positional?: HeadPositions | undefined;
  /** RoPE's base, finite and > 0; default 10000 */
  ropeBase?: number | undefined;
  /** RoPE's pairs: 'half' (i, i + d_k/2) or 'interleaved' (2i, 2i+1); default 'half' */
  ropeConvention?: RopeConvention | undefined;
  /** a sliding window: the cache keeps the last window rows (and the sinks); a whole number, 1 … 4096 */
  window?: number | undefined;
  /** with window: keys 0 … sinks−1 stay visible to every later query; a whole number, 0 … 1024 */
  sinks?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × d_model) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × d_model) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model) query bias; default no bias */
  bQ?: VectorInput | undefined;
  /** (d_model) key bias; default no bias */
  bK?: VectorInput | undefined;
  /** (d_model) value bias; default no bias */
  bV?: VectorInput | undefined;
  /** (d_model) output bias; default no bias */
  bO?: VectorInput | undefined;
}

/** What kvCacheDecode returns — Decoding with a key/value cache. */
export interface KvCacheDecodeTrace {
  /** model width */
  dModel: number;
  /** width per head, d_model / h */
  dK: number;
  /** key/value heads, each d_k wide */
  kvHeads: number;
  /** the weights and biases used */
  params: MultiHeadParams;
  /** each head's ALiBi slope; only with 'alibi' */
  alibiSlopes?: Vector;
  /** one decoding step per input row, in order */
  positions: KvCacheStep[];
  /** the output rows stacked: multiHeadAttention's with mask 'causal' (or the window) */
  output: Matrix;
  /** 2·held·kvHeads·d_k: the keys and values cached at the end */
  cacheCells: number;
}

/** KvCacheDecodeTrace.positions[]: one decoding step per input row, in order */
export interface KvCacheStep {
  /** the row decoded, 0 … n−1 */
  position: number;
  /** pass 2: the positions the cache holds, in order: 0 … position, or the sinks and the last window */
  cachedPositions: number[];
  /** pass 1: this row's x·W_Q + b_Q (under 'rope' rotated at position) */
  query: Vector;
  /** pass 2: the cached keys x·W_K + b_K, held × kvHeads·d_k (under 'rope' each rotated at its position) */
  keys: Matrix;
  /** pass 2: the cached values x·W_V + b_V, held × kvHeads·d_k */
  values: Matrix;
  /** pass 3: h × held, ALiBi's −slope·(position − j) for each cached position j; only with 'alibi' */
  bias?: Matrix;
  /** pass 4: h × held, each head's softmax */
  weights: Matrix;
  /** pass 5: concat·W_O + b_O for this row */
  outputRow: Vector;
  /** 2·d² + 2·d·w + 2·held·d (w = kvHeads·d_k): this row's projections and attention */
  multiplyAddsWithCache: number;
  /** (t+1)·(2·d² + 2·d·w) + 2·(t+1)²·d: the layer rerun on rows 0 … t */
  multiplyAddsWithoutCache: number;
}

// ---- kvCacheMemory: The memory of a model's key/value cache

/** The arguments of kvCacheMemory — The memory of a model's key/value cache. */
export interface KvCacheMemoryArgs {
  /** decoder layers, each with its own cache; a whole number, 1 … 1024 */
  layers: number;
  /** tokens in the sequence (the context n); a whole number, 1 … 1048576 */
  length: number;
  /** model width; a key or value head is dModel/heads wide; a whole number, 1 … 65536 */
  dModel: number;
  /** 1, 2, 4 or 8 (int8 … float64); a whole number, 1 … 8 */
  bytesPerNumber: number;
  /** query heads, dividing dModel (not with latent); a whole number, 1 … 65536; default 1 */
  heads?: number | undefined;
  /** key/value heads, dividing heads: each caches dModel/heads numbers for its key and as many for its value (not with latent); a whole number, 1 … 65536; default heads */
  kvHeads?: number | undefined;
  /** multi-head latent attention: the compressed vector each token caches in place of its keys and values, shared by every head (DeepSeek-V2's d_c); a whole number, 1 … 65536 */
  latent?: number | undefined;
  /** with latent: the rotary key cached beside it (d_h^R); a whole number, 0 … 65536; default 0 */
  ropeWidth?: number | undefined;
  /** a sliding window: the cache keeps the last window tokens; a whole number, 1 … 1048576 */
  window?: number | undefined;
}

/** What kvCacheMemory returns — The memory of a model's key/value cache. */
export interface KvCacheMemoryTrace {
  /** pass 1: 2·kvHeads·dModel/heads (a key and a value per key/value head), or latent + ropeWidth */
  numbersPerTokenLayer: number;
  /** pass 2: × layers */
  numbersPerToken: number;
  /** pass 3: min(length, window) */
  cachedTokens: number;
  /** pass 4: numbersPerToken × cachedTokens */
  numbers: number;
  /** pass 5: numbersPerToken × bytesPerNumber */
  bytesPerToken: number;
  /** pass 5: numbers × bytesPerNumber */
  bytes: number;
  /** pass 6: bytes / 1024² */
  mebibytes: number;
  /** pass 6: bytes / 1024³ */
  gibibytes: number;
}

// ---- matrixDifference: How far apart two results are

/** The arguments of matrixDifference — How far apart two results are. */
export interface MatrixDifferenceArgs {
  /** (n × m) finite numbers, e.g. flashAttention's output, n ≤ 4096; up to 4096 rows × 1024 columns */
  left: MatrixInput;
  /** (n × m) finite numbers of the same shape, e.g. attention's; up to 4096 rows × 1024 columns */
  right: MatrixInput;
}

/** What matrixDifference returns — How far apart two results are. */
export interface MatrixDifferenceTrace {
  /** pass 1: left − right, cell by cell */
  difference: Matrix;
  /** pass 2: max |left − right| */
  maxAbsDifference: number;
  /** pass 2: the row of that cell (the first, row-major) */
  maxRow: number;
  /** pass 2: its column */
  maxColumn: number;
  /** pass 3: cells where left and right are the same double */
  identicalCells: number;
  /** n·m */
  cells: number;
}

// ---- flashAttention: Tiled attention with the online softmax (flash)

/** The arguments of flashAttention — Tiled attention with the online softmax (flash). */
export interface FlashAttentionArgs {
  /** (n × d_k) one row per query, n ≤ 4096; up to 4096 rows × 1024 columns */
  query: MatrixInput;
  /** (m × d_k) one row per key, m ≤ 4096; up to 4096 rows × 1024 columns */
  key: MatrixInput;
  /** (m × d_v) one row per key; up to 4096 rows × 1024 columns */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); up to 4096 rows × 4096 columns; default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** queries per tile, 1 … n; a whole number, 1 … 4096; default min(n, 16) */
  blockRows?: number | undefined;
  /** keys per tile, 1 … m; a whole number, 1 … 4096; default min(m, 16) */
  blockCols?: number | undefined;
  /** the type computed in: float64, or float32 as GPUs (results as numbers); default 'float64' */
  precision?: Precision | undefined;
  /** false: only the lean result (output, sizes, peakCells), for long sequences; default true */
  trace?: boolean | undefined;
}

/** What flashAttention returns — Tiled attention with the online softmax (flash). */
export interface FlashAttentionTrace {
  /** pass 6: Õ / ℓ, equal to attention's output */
  output: Matrix;
  /** the final running max of each row */
  rowMax: Vector;
  /** the final running sum: Σ exp(score − rowMax) */
  rowSum: Vector;
  /** queries per tile, as used */
  blockRows: number;
  /** keys per tile, as used */
  blockCols: number;
  /** 1, or the power of two value was scaled by to keep Õ finite near 1e308 */
  valueScale: number;
  /** cells of the largest intermediate allocated: tile buffers, never n × m */
  peakCells: number;
  /** every tile in order (row block outer); only with trace */
  tiles?: FlashTile[];
}

/** FlashAttentionTrace.tiles[]: every tile in order (row block outer); only with trace */
export interface FlashTile {
  /** the tile's block of queries (0, 1, …) */
  rowBlock: number;
  /** the tile's block of keys (0, 1, …) */
  colBlock: number;
  /** its first query */
  rowStart: number;
  /** its first key */
  colStart: number;
  /** pass 2: Q·Kᵀ/√d_k of the tile, blocked cells = maskFill */
  scores: Matrix;
  /** pass 3: each row's max over the tile */
  tileMax: Vector;
  /** the running max m before the tile (−∞ at first) */
  maxBefore: Vector;
  /** m after: max(maxBefore, tileMax) */
  maxAfter: Vector;
  /** α = exp(maxBefore − maxAfter), 0 at first */
  rescale: Vector;
  /** pass 4: exp(score − maxAfter) */
  exps: Matrix;
  /** the running sum ℓ after: α·ℓ_before + Σ exps */
  sumAfter: Vector;
  /** pass 5: α·Õ_before + exps·V of the tile, not yet divided by ℓ */
  partialOutput: Matrix;
}

// ---- chunkedAttention: Attention by chunks (Rabe & Staats)

/** The arguments of chunkedAttention — Attention by chunks (Rabe & Staats). */
export interface ChunkedAttentionArgs {
  /** (n × d_k) one row per query, n ≤ 4096; up to 4096 rows × 1024 columns */
  query: MatrixInput;
  /** (m × d_k) one row per key, m ≤ 4096; up to 4096 rows × 1024 columns */
  key: MatrixInput;
  /** (m × d_v) one row per key; up to 4096 rows × 1024 columns */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); up to 4096 rows × 4096 columns; default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** queries and keys per chunk, 1 … n; a whole number, 1 … 4096 */
  chunkSize: number;
  /** false: only the lean result (output, sizes, peakCells), for long sequences; default true */
  trace?: boolean | undefined;
}

/** What chunkedAttention returns — Attention by chunks (Rabe & Staats). */
export interface ChunkedAttentionTrace {
  /** equal to attention's output */
  output: Matrix;
  /** queries and keys per chunk */
  chunkSize: number;
  /** 1, or the power of two value was scaled by to keep sums finite near 1e308 */
  valueScale: number;
  /** cells of the largest intermediate allocated: a chunk, never n × m */
  peakCells: number;
  /** every chunk's summary (query chunk outer); only with trace */
  chunks?: AttentionChunk[];
  /** each query chunk's combination; only with trace */
  combinations?: ChunkCombination[];
}

/** ChunkedAttentionTrace.chunks[]: every chunk's summary (query chunk outer); only with trace */
export interface AttentionChunk {
  /** its first query */
  queryStart: number;
  /** its first key */
  keyStart: number;
  /** queries in the chunk */
  rows: number;
  /** keys in the chunk */
  cols: number;
  /** pass 2: each row's max over the chunk's scores */
  chunkMax: Vector;
  /** pass 2: Σ exp(score − chunkMax) over the chunk */
  chunkSum: Vector;
  /** pass 2: Σ exp(score − chunkMax)·V */
  chunkOutput: Matrix;
}

/** ChunkedAttentionTrace.combinations[]: each query chunk's combination; only with trace */
export interface ChunkCombination {
  /** the query chunk's first query */
  queryStart: number;
  /** queries in the chunk */
  rows: number;
  /** pass 3: the max of the chunk maxes per row */
  globalMax: Vector;
  /** pass 3: exp(chunkMax − globalMax), key chunk × row */
  factors: Matrix;
  /** pass 3: Σ factor·chunkSum, the softmax's denominator */
  sum: Vector;
  /** pass 3: Σ factor·chunkOutput / sum */
  output: Matrix;
}

// ---- measureCost: Measuring what a variant costs

/** The arguments of measureCost — Measuring what a variant costs. */
export interface MeasureCostArgs {
  /** full: attention keeping one n × n matrix; flash: tiles of block × block (online softmax); chunked: chunks of block (Rabe & Staats); linear: φ = elu + 1; sparse: a sliding window of ±window keys; rnn: a tanh recurrent network of width d */
  variant: CostVariant;
  /** sequence length; a whole number, 1 … 4096 */
  n: number;
  /** width of query, key and value; a whole number, 1 … 1024; default 64 */
  d?: number | undefined;
  /** timed runs on the same inputs; a whole number, 1 … 50; default 3 */
  repeats?: number | undefined;
  /** flash tile and chunk size, used as min(block, n); a whole number, 1 … 4096; default 64 */
  block?: number | undefined;
  /** sparse: keys within ±window; a whole number, 0 … 4096; default 32 */
  window?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What measureCost returns — Measuring what a variant costs. */
export interface CostMeasurement {
  /** the variant timed */
  variant: CostVariant;
  /** sequence length */
  n: number;
  /** width of query, key and value (the RNN's input and state) */
  d: number;
  /** each repeat's wall time of the lean kernel alone */
  seconds: Vector;
  /** cells of the largest single intermediate of a run */
  peakCells: number;
  /** multiply-adds of one run */
  multiplyAdds: number;
}

// ---- costGrowth: How a variant's cost grows when n doubles

/** The arguments of costGrowth — How a variant's cost grows when n doubles. */
export interface CostGrowthArgs {
  /** full: attention keeping one n × n matrix; flash: tiles of block × block (online softmax); chunked: chunks of block (Rabe & Staats); linear: φ = elu + 1; sparse: a sliding window of ±window keys; rnn: a tanh recurrent network of width d */
  variant: CostVariant;
  /** sequence length; the variant is measured at n and at 2n; a whole number, 1 … 2048 */
  n: number;
  /** width of query, key and value; a whole number, 1 … 1024; default 64 */
  d?: number | undefined;
  /** flash tile and chunk size, used as min(block, n); a whole number, 1 … 4096; default 64 */
  block?: number | undefined;
  /** sparse: keys within ±window; a whole number, 0 … 4096; default 32 */
  window?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What costGrowth returns — How a variant's cost grows when n doubles. */
export interface CostGrowth {
  /** pass 1: one run at n */
  atN: CostMeasurement;
  /** pass 2: one run at 2n */
  atDoubleN: CostMeasurement;
  /** pass 3: atDoubleN.multiplyAdds / atN.multiplyAdds */
  multiplyAddsFactor: number;
  /** pass 3: atDoubleN.peakCells / atN.peakCells */
  peakCellsFactor: number;
}

// ---- diagnose: Grading an answer and naming its mistake

/** The arguments of diagnose — Grading an answer and naming its mistake. */
export interface DiagnoseArgs {
  /** (n × d_k) one row per query */
  query: MatrixInput;
  /** (m × d_k) one row per key */
  key: MatrixInput;
  /** (m × d_v) one row per key */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** which matrix the cell is in */
  stage: ExplainStage;
  /** the query i, 0 … n−1 */
  row: number;
  /** key j (0 … m−1), or for output the value column c */
  column: number;
  /** the learner's number */
  answer: number;
  /** how close counts, > 0; default 0.005 */
  tolerance?: number | undefined;
}

/** What diagnose returns — Grading an answer and naming its mistake. */
export interface Diagnosis {
  /** |answer − expected| ≤ tolerance */
  correct: boolean;
  /** the cell of attention's own trace */
  expected: number;
  /** the mistake the answer matches (first in candidates' order), or null */
  misconception: Misconception | null;
  /** each mistake that can change this stage, with its value at the cell */
  candidates: MisconceptionCandidate[];
}

/** Diagnosis.candidates[]: each mistake that can change this stage, with its value at the cell */
export interface MisconceptionCandidate {
  /** the mistake */
  misconception: Misconception;
  /** the cell when attention is run with that mistake */
  value: number;
}

// ---- explainLinear: Explain a linear layer's number

/** The arguments of explainLinear — Explain a linear layer's number. */
export interface ExplainLinearArgs {
  /** (n × in) one row per token */
  input: MatrixInput;
  /** (in × out) W, in y = x·W + b */
  weight: MatrixInput;
  /** (out) b; default no bias */
  bias?: VectorInput | undefined;
  /** the row i, 0 … n−1 */
  row: number;
  /** the column j, 0 … out−1 */
  column: number;
}

/** What explainLinear returns — Explain a linear layer's number. */
export interface LinearExplanation {
  /** the row i of input */
  row: number;
  /** the column j of weight */
  column: number;
  /** input[i][k]·weight[k][j], k in index order */
  terms: ProductTerm[];
  /** (input·weight)[i][j]: the products added in order */
  productSum: number;
  /** bias[j], when a bias was given */
  bias?: number;
  /** the cell, input·weight + bias */
  value: number;
}

// ---- explainPositionalEncoding: Explain a positional encoding's number

/** The arguments of explainPositionalEncoding — Explain a positional encoding's number. */
export interface ExplainPositionalEncodingArgs {
  /** pos, 0 … 1023 */
  position: number;
  /** the column, 0 … d_model−1 */
  column: number;
  /** width d_model (odd allowed: the last column is a sine); a whole number, 1 … 1024 */
  dModel: number;
}

/** What explainPositionalEncoding returns — Explain a positional encoding's number. */
export interface PositionalExplanation {
  /** pos, the row */
  position: number;
  /** the column, 2i or 2i+1 */
  column: number;
  /** d, the width */
  dModel: number;
  /** i: the column pair (2i, 2i+1) */
  pair: number;
  /** 2i/d */
  exponent: number;
  /** 10000^(2i/d) */
  divisor: number;
  /** pos / divisor */
  angle: number;
  /** true in an odd column (cos), false in an even one (sin) */
  cosine: boolean;
  /** PE(pos, column): sin or cos of the angle */
  value: number;
}

// ---- rope: Rotary position embedding (RoPE)

/** The arguments of rope — Rotary position embedding (RoPE). */
export interface RopeArgs {
  /** (n × d) one row per position, d even (say a head's queries) */
  input: MatrixInput;
  /** (n) each row's position, any finite numbers (fractions: interpolation); default 0 … n−1 */
  positions?: VectorInput | undefined;
  /** θ_i = base^(−2i/d), finite and > 0; default 10000 */
  base?: number | undefined;
  /** which columns are paired: 'half' or 'interleaved'; default 'half' */
  convention?: RopeConvention | undefined;
}

/** What rope returns — Rotary position embedding (RoPE). */
export interface RopeTrace {
  /** pass 1: θ_i = base^(−2i/d), d/2 of them */
  theta: Vector;
  /** pass 2: position·θ_i (n × d/2) */
  angles: Matrix;
  /** pass 3: cos of angles */
  cos: Matrix;
  /** pass 3: sin of angles */
  sin: Matrix;
  /** pass 4: each pair (a, b) → (a·cos − b·sin, a·sin + b·cos) */
  output: Matrix;
}

// ---- diagnoseRope: Grading an answer about rotary positions

/** The arguments of diagnoseRope — Grading an answer about rotary positions. */
export interface DiagnoseRopeArgs {
  /** (n × d) queries before turning, d even */
  query: MatrixInput;
  /** (m × d) keys before turning */
  key: MatrixInput;
  /** (m × d_v) values, never turned */
  value: MatrixInput;
  /** (n) each query's position, any finite numbers; default 0 … n−1 */
  queryPositions?: VectorInput | undefined;
  /** (m) each key's position, any finite numbers; default 0 … m−1 */
  keyPositions?: VectorInput | undefined;
  /** θ_i = base^(−2i/d), finite and > 0; default 10000 */
  base?: number | undefined;
  /** which columns are paired: 'half' or 'interleaved'; default 'half' */
  convention?: RopeConvention | undefined;
  /** the matrix of the cell: 'rotated' (query turned), 'score' (q′·k′) or 'output' */
  stage: RopeStage;
  /** the query i, 0 … n−1 */
  row: number;
  /** a column of q′ (0 … d−1), a key (0 … m−1) or a value column (0 … d_v−1) */
  column: number;
  /** the learner's number */
  answer: number;
  /** how close counts, > 0; default 0.005 */
  tolerance?: number | undefined;
}

/** What diagnoseRope returns — Grading an answer about rotary positions. */
export interface RopeDiagnosis {
  /** |answer − expected| ≤ tolerance */
  correct: boolean;
  /** the cell as rope and attention compute it */
  expected: number;
  /** the mistake the answer matches (first in candidates' order), or null */
  misconception: RopeMisconception | null;
  /** each mistake that can change this stage, with its value at the cell */
  candidates: RopeMisconceptionCandidate[];
}

/** RopeDiagnosis.candidates[]: each mistake that can change this stage, with its value at the cell */
export interface RopeMisconceptionCandidate {
  /** the mistake */
  misconception: RopeMisconception;
  /** the cell when the layer is run with that mistake */
  value: number;
}

// ---- diagnoseAlibi: Grading an answer about ALiBi

/** The arguments of diagnoseAlibi — Grading an answer about ALiBi. */
export interface DiagnoseAlibiArgs {
  /** (n × d_k) the head's queries (projected) */
  query: MatrixInput;
  /** (m × d_k) the head's keys */
  key: MatrixInput;
  /** (m × d_v) the head's values */
  value: MatrixInput;
  /** H, the layer's number of heads; a whole number, 1 … 1024 */
  heads: number;
  /** k, the head graded, 0 … H−1 (its slope is the paper's) */
  head: number;
  /** query i sees keys j ≤ i, as the paper's decoder; default true */
  causal?: boolean | undefined;
  /** 'slope' (1 × 1), 'bias' (−slope·|i − j|), 'biased' (Q·Kᵀ/√d_k + bias), 'weight' or 'output' */
  stage: AlibiStage;
  /** the query i, 0 … n−1 (0 for slope) */
  row: number;
  /** a key (0 … m−1), a value column (0 … d_v−1), or 0 for slope */
  column: number;
  /** the learner's number */
  answer: number;
  /** how close counts, > 0; default 0.005 */
  tolerance?: number | undefined;
}

/** What diagnoseAlibi returns — Grading an answer about ALiBi. */
export interface AlibiDiagnosis {
  /** |answer − expected| ≤ tolerance */
  correct: boolean;
  /** the cell as the ALiBi head computes it */
  expected: number;
  /** head k's slope, the paper's */
  slope: number;
  /** the mistake the answer matches (first in candidates' order), or null */
  misconception: AlibiMisconception | null;
  /** each mistake that can change this stage, with its value at the cell */
  candidates: AlibiMisconceptionCandidate[];
}

/** AlibiDiagnosis.candidates[]: each mistake that can change this stage, with its value at the cell */
export interface AlibiMisconceptionCandidate {
  /** the mistake */
  misconception: AlibiMisconception;
  /** the cell when the head is run with that mistake */
  value: number;
}

// ---- diagnoseGroupedQuery: Grading an answer about grouped-query attention

/** The arguments of diagnoseGroupedQuery — Grading an answer about grouped-query attention. */
export interface DiagnoseGroupedQueryArgs {
  /** the question: 'kvHead' (which key/value head query head `head` reads), 'cacheBytes' or 'cacheGibibytes' (the model's cache at `length` tokens) */
  stage: GroupedQueryStage;
  /** query heads, dividing dModel; a whole number, 1 … 65536 */
  heads: number;
  /** key/value heads, dividing heads; a whole number, 1 … 65536 */
  kvHeads: number;
  /** kvHead: the query head asked about, 0 … heads−1; a whole number, 0 … 65536; default 0 */
  head?: number | undefined;
  /** decoder layers, each with its own cache; a whole number, 1 … 1024 */
  layers: number;
  /** model width; a key or value head is dModel/heads wide; a whole number, 1 … 65536 */
  dModel: number;
  /** tokens in the sequence (the context n); a whole number, 1 … 1048576 */
  length: number;
  /** 1, 2, 4 or 8 (int8 … float64); a whole number, 1 … 8 */
  bytesPerNumber: number;
  /** the learner's number */
  answer: number;
  /** how close counts, > 0; default 0.005 */
  tolerance?: number | undefined;
}

/** What diagnoseGroupedQuery returns — Grading an answer about grouped-query attention. */
export interface GroupedQueryDiagnosis {
  /** |answer − expected| ≤ tolerance */
  correct: boolean;
  /** ⌊head·kvHeads/heads⌋, or kvCacheMemory's bytes or gibibytes */
  expected: number;
  /** the mistake the answer matches (first in candidates' order), or null */
  misconception: GroupedQueryMisconception | null;
  /** each mistake of the stage, with the answer it gives */
  candidates: GroupedQueryCandidate[];
}

/** GroupedQueryDiagnosis.candidates[]: each mistake of the stage, with the answer it gives */
export interface GroupedQueryCandidate {
  /** the mistake */
  misconception: GroupedQueryMisconception;
  /** the answer that mistake gives */
  value: number;
}

// ---- diagnoseSlidingWindow: Grading an answer about a sliding window

/** The arguments of diagnoseSlidingWindow — Grading an answer about a sliding window. */
export interface DiagnoseSlidingWindowArgs {
  /** (n × d) queries; query i sits at position i */
  query: MatrixInput;
  /** (m × d) keys; key j sits at position j */
  key: MatrixInput;
  /** (m × d_v) values */
  value: MatrixInput;
  /** query i sees keys i − window < j ≤ i; a whole number, 1 … 1024 */
  window: number;
  /** keys 0 … sinks−1 stay visible to every later query; a whole number, 0 … 1024; default 0 */
  sinks?: number | undefined;
  /** the layers the reach stage composes; a whole number, 1 … 1024; default 1 */
  layers?: number | undefined;
  /** 'weight' (softmax under the window), 'output' (weights·V) or 'reach' (positions back token row draws on after layers layers of the band, sinks aside) */
  stage: WindowStage;
  /** the query i, 0 … n−1 */
  row: number;
  /** a key (0 … m−1), a value column (0 … d_v−1), or 0 for reach */
  column: number;
  /** the learner's number */
  answer: number;
  /** how close counts, > 0; default 0.005 */
  tolerance?: number | undefined;
}

/** What diagnoseSlidingWindow returns — Grading an answer about a sliding window. */
export interface WindowDiagnosis {
  /** |answer − expected| ≤ tolerance */
  correct: boolean;
  /** the cell, or the reach, as the window defines it */
  expected: number;
  /** the mistake the answer matches (first in candidates' order), or null */
  misconception: WindowMisconception | null;
  /** each mistake that can change this stage, with its value */
  candidates: WindowMisconceptionCandidate[];
}

/** WindowDiagnosis.candidates[]: each mistake that can change this stage, with its value */
export interface WindowMisconceptionCandidate {
  /** the mistake */
  misconception: WindowMisconception;
  /** the cell, or the reach, when worked out with that mistake */
  value: number;
}

// ---- rmsNorm: RMS norm

/** The arguments of rmsNorm — RMS norm. */
export interface RmsNormArgs {
  /** (n × d) one row per token */
  input: MatrixInput;
  /** (d) scale γ; default ones */
  gamma?: VectorInput | undefined;
  /** added to the mean square, in (0, 1]; LLaMA's 1e-6 by default; default 1e-6 */
  eps?: number | undefined;
}

/** What rmsNorm returns — RMS norm. */
export interface RmsNormTrace {
  /** per row, mean(x²) */
  meanSquare: Vector;
  /** per row, √(meanSquare + eps) */
  rms: Vector;
  /** x / rms */
  normalized: Matrix;
  /** normalized·γ */
  output: Matrix;
  /** γ as used */
  gamma: Vector;
  /** ε as used, added to the mean square */
  eps: number;
}

// ---- rmsNormBackward: RMS norm, backward

/** The arguments of rmsNormBackward — RMS norm, backward. */
export interface RmsNormBackwardArgs {
  /** (n × d) one row per token */
  input: MatrixInput;
  /** (d) scale γ; default ones */
  gamma?: VectorInput | undefined;
  /** added to the mean square, in (0, 1]; LLaMA's 1e-6 by default; default 1e-6 */
  eps?: number | undefined;
  /** (n × d) ∂L/∂output, one row per token */
  gradOutput: MatrixInput;
}

/** What rmsNormBackward returns — RMS norm, backward. */
export interface RmsNormBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: Σ over rows of gradOutput ∘ normalized */
  gradGamma: Vector;
  /** pass 2: gradOutput ∘ γ */
  gradNormalized: Matrix;
  /** pass 3: per row, −Σ gradNormalized ∘ x / rms², the path through the rms */
  gradRms: Vector;
  /** pass 4: gradNormalized / rms + gradRms·x / (d·rms) per row */
  gradInput: Matrix;
}

// ---- swiGlu: SwiGLU feed-forward

/** The arguments of swiGlu — SwiGLU feed-forward. */
export interface SwiGluArgs {
  /** (n × d_model) one row per token */
  input: MatrixInput;
  /** (d_model × d_ff) the gate's projection, through SiLU */
  wGate: MatrixInput;
  /** (d_model × d_ff) the projection the gate multiplies */
  wUp: MatrixInput;
  /** (d_ff × d_model) back to d_model */
  wDown: MatrixInput;
}

/** What swiGlu returns — SwiGLU feed-forward. */
export interface SwiGluTrace {
  /** x·W_gate */
  gate: Matrix;
  /** x·W_up */
  up: Matrix;
  /** SiLU(gate) = gate·σ(gate) */
  activated: Matrix;
  /** activated ∘ up */
  hidden: Matrix;
  /** hidden·W_down */
  output: Matrix;
}

// ---- swiGluBackward: SwiGLU feed-forward, backward

/** The arguments of swiGluBackward — SwiGLU feed-forward, backward. */
export interface SwiGluBackwardArgs {
  /** (n × d_model) one row per token */
  input: MatrixInput;
  /** (d_model × d_ff) the gate's projection, through SiLU */
  wGate: MatrixInput;
  /** (d_model × d_ff) the projection the gate multiplies */
  wUp: MatrixInput;
  /** (d_ff × d_model) back to d_model */
  wDown: MatrixInput;
  /** (n × d_model) ∂L/∂output, one row per token */
  gradOutput: MatrixInput;
}

/** What swiGluBackward returns — SwiGLU feed-forward, backward. */
export interface SwiGluBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: hiddenᵀ·gradOutput */
  gradWDown: Matrix;
  /** pass 1: gradOutput·W_downᵀ */
  gradHidden: Matrix;
  /** pass 2: gradHidden ∘ up */
  gradActivated: Matrix;
  /** pass 2: gradHidden ∘ activated */
  gradUp: Matrix;
  /** pass 3: gradActivated ∘ SiLU′(gate), SiLU′(x) = σ(x)·(1 + x·(1 − σ(x))) */
  gradGate: Matrix;
  /** pass 4: inputᵀ·gradGate */
  gradWGate: Matrix;
  /** pass 4: inputᵀ·gradUp */
  gradWUp: Matrix;
  /** pass 4: gradGate·W_gateᵀ + gradUp·W_upᵀ */
  gradInput: Matrix;
}

// ---- ropeBackward: Rotary position embedding, backward

/** The arguments of ropeBackward — Rotary position embedding, backward. */
export interface RopeBackwardArgs {
  /** (n × d) one row per position, d even (say a head's queries) */
  input: MatrixInput;
  /** (n) each row's position, any finite numbers (fractions: interpolation); default 0 … n−1 */
  positions?: VectorInput | undefined;
  /** θ_i = base^(−2i/d), finite and > 0; default 10000 */
  base?: number | undefined;
  /** which columns are paired: 'half' or 'interleaved'; default 'half' */
  convention?: RopeConvention | undefined;
  /** (n × d) ∂L/∂output, one row per position */
  gradOutput: MatrixInput;
}

/** What ropeBackward returns — Rotary position embedding, backward. */
export interface RopeBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: each pair (g_a, g_b) → (g_a·cos + g_b·sin, −g_a·sin + g_b·cos), the rotation's transpose */
  gradInput: Matrix;
}

// ---- decoderLayer: Decoder layer (pre-norm, LLaMA)

/** The arguments of decoderLayer — Decoder layer (pre-norm, LLaMA). */
export interface DecoderLayerArgs {
  /** (n × d_model) x, causal */
  input: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** key/value heads, dividing heads (grouped-query; 1 = multi-query); wK and wV are then kvHeads·d_k wide; a whole number, 1 … 1024; default heads */
  kvHeads?: number | undefined;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × kvHeads·d_k) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × kvHeads·d_k) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model × d_ff) SwiGLU's gate projection, through SiLU */
  wGate: MatrixInput;
  /** (d_model × d_ff) SwiGLU's projection the gate multiplies */
  wUp: MatrixInput;
  /** (d_ff × d_model) SwiGLU's projection back to d_model */
  wDown: MatrixInput;
  /** (d_model) γ of RMSNorm₁, before attention; default ones */
  gamma1?: VectorInput | undefined;
  /** (d_model) γ of RMSNorm₂, before SwiGLU; default ones */
  gamma2?: VectorInput | undefined;
  /** RoPE's base, finite and > 0; default 10000 */
  ropeBase?: number | undefined;
  /** RoPE's pairs: 'half' (i, i + d_k/2) or 'interleaved' (2i, 2i+1); default 'half' */
  ropeConvention?: RopeConvention | undefined;
  /** both norms' ε, added to the mean square, in (0, 1]; LLaMA's 1e-6 by default; default 1e-6 */
  eps?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What decoderLayer returns — Decoder layer (pre-norm, LLaMA). */
export interface DecoderLayerTrace {
  /** x */
  input: Matrix;
  /** pass 1: RMSNorm₁(x) */
  norm1: RmsNormTrace;
  /** pass 2: causal self-attention of norm1.output, RoPE on queries and keys */
  attention: MultiHeadAttentionTrace;
  /** pass 3: h = x + attention.output */
  residual1: Matrix;
  /** pass 4: RMSNorm₂(h) */
  norm2: RmsNormTrace;
  /** pass 5: SwiGLU(norm2.output) */
  feedForward: SwiGluTrace;
  /** pass 6: h + feedForward.output */
  residual2: Matrix;
  /** residual2: no norm after the last residual */
  output: Matrix;
  /** feed-forward width, the columns of wGate */
  dFF: number;
  /** per part and in total */
  parameterCount: DecoderParameterCount;
}

/** DecoderLayerTrace.parameterCount: per part and in total */
export interface DecoderParameterCount {
  /** 2·d² + 2·d·kvHeads·d_k (no biases) */
  attention: number;
  /** 3·d·d_ff (wGate, wUp, wDown) */
  feedForward: number;
  /** 2·d (two γ) */
  norms: number;
  /** the sum */
  total: number;
}

// ---- decoderLayerBackward: Backward pass of the decoder layer (pre-norm, LLaMA)

/** The arguments of decoderLayerBackward — Backward pass of the decoder layer (pre-norm, LLaMA). */
export interface DecoderLayerBackwardArgs {
  /** (n × d_model) x, causal */
  input: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** key/value heads, dividing heads (grouped-query; 1 = multi-query); wK and wV are then kvHeads·d_k wide; a whole number, 1 … 1024; default heads */
  kvHeads?: number | undefined;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × kvHeads·d_k) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × kvHeads·d_k) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model × d_ff) SwiGLU's gate projection, through SiLU */
  wGate: MatrixInput;
  /** (d_model × d_ff) SwiGLU's projection the gate multiplies */
  wUp: MatrixInput;
  /** (d_ff × d_model) SwiGLU's projection back to d_model */
  wDown: MatrixInput;
  /** (d_model) γ of RMSNorm₁, before attention; default ones */
  gamma1?: VectorInput | undefined;
  /** (d_model) γ of RMSNorm₂, before SwiGLU; default ones */
  gamma2?: VectorInput | undefined;
  /** RoPE's base, finite and > 0; default 10000 */
  ropeBase?: number | undefined;
  /** RoPE's pairs: 'half' (i, i + d_k/2) or 'interleaved' (2i, 2i+1); default 'half' */
  ropeConvention?: RopeConvention | undefined;
  /** both norms' ε, added to the mean square, in (0, 1]; LLaMA's 1e-6 by default; default 1e-6 */
  eps?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
  /** (n × d_model) ∂L/∂output, the gradient arriving from above */
  gradOutput: MatrixInput;
}

/** What decoderLayerBackward returns — Backward pass of the decoder layer (pre-norm, LLaMA). */
export interface DecoderLayerBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: SwiGLU backward, hiddenᵀ·gradOutput */
  gradWDown: Matrix;
  /** pass 1: SwiGLU backward, norm2.outputᵀ·gradGate */
  gradWGate: Matrix;
  /** pass 1: SwiGLU backward, norm2.outputᵀ·gradUp */
  gradWUp: Matrix;
  /** pass 1: ∂L/∂norm2.output, SwiGLU's input gradient */
  gradNorm2Output: Matrix;
  /** pass 2: RMSNorm₂ backward */
  gradGamma2: Vector;
  /** pass 3: ∂L/∂h = gradOutput + RMSNorm₂'s input gradient (two paths add) */
  gradResidual1: Matrix;
  /** pass 4: self-attention backward */
  gradWQ: Matrix;
  /** pass 4: self-attention backward (kvHeads·d_k wide) */
  gradWK: Matrix;
  /** pass 4: self-attention backward (kvHeads·d_k wide) */
  gradWV: Matrix;
  /** pass 4: self-attention backward */
  gradWO: Matrix;
  /** pass 5: the attention's gradQuery + gradKey + gradValue (three paths add) */
  gradNorm1Output: Matrix;
  /** pass 6: RMSNorm₁ backward */
  gradGamma1: Vector;
  /** pass 7: gradResidual1 + RMSNorm₁'s input gradient (two paths add) */
  gradInput: Matrix;
}

// ---- decoderLayerDecode: Decoding a decoder layer with its key/value cache

/** The arguments of decoderLayerDecode — Decoding a decoder layer with its key/value cache. */
export interface DecoderLayerDecodeArgs {
  /** (n × d_model) x, causal */
  input: MatrixInput;
  /** number of heads h, dividing d_model; a whole number, 1 … 1024 */
  heads: number;
  /** key/value heads, dividing heads (grouped-query; 1 = multi-query); wK and wV are then kvHeads·d_k wide; a whole number, 1 … 1024; default heads */
  kvHeads?: number | undefined;
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × kvHeads·d_k) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × kvHeads·d_k) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model × d_ff) SwiGLU's gate projection, through SiLU */
  wGate: MatrixInput;
  /** (d_model × d_ff) SwiGLU's projection the gate multiplies */
  wUp: MatrixInput;
  /** (d_ff × d_model) SwiGLU's projection back to d_model */
  wDown: MatrixInput;
  /** (d_model) γ of RMSNorm₁, before attention; default ones */
  gamma1?: VectorInput | undefined;
  /** (d_model) γ of RMSNorm₂, before SwiGLU; default ones */
  gamma2?: VectorInput | undefined;
  /** RoPE's base, finite and > 0; default 10000 */
  ropeBase?: number | undefined;
  /** RoPE's pairs: 'half' (i, i + d_k/2) or 'interleaved' (2i, 2i+1); default 'half' */
  ropeConvention?: RopeConvention | undefined;
  /** both norms' ε, added to the mean square, in (0, 1]; LLaMA's 1e-6 by default; default 1e-6 */
  eps?: number | undefined;
  /** seed of every omitted weight; same seed, same numbers; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What decoderLayerDecode returns — Decoding a decoder layer with its key/value cache. */
export interface DecoderLayerDecodeTrace {
  /** one decoding step per input row, in order */
  steps: DecoderLayerStep[];
  /** the steps' output rows stacked: decoderLayer's output, row for row */
  output: Matrix;
  /** per part and in total */
  parameterCount: DecoderParameterCount;
}

/** DecoderLayerDecodeTrace.steps[]: one decoding step per input row, in order */
export interface DecoderLayerStep {
  /** the row decoded, 0 … n−1 */
  position: number;
  /** x_t, the row */
  input: Vector;
  /** pass 1: RMSNorm₁(x_t), one row */
  norm1: RmsNormTrace;
  /** pass 2: norm1.output·W_Q, each head's d_k columns rotated at position */
  query: Vector;
  /** pass 2: norm1.output·W_K (kvHeads·d_k), each key/value head rotated at position: the row this step adds to the cache */
  key: Vector;
  /** pass 2: norm1.output·W_V (kvHeads·d_k), added as it is */
  value: Vector;
  /** pass 3: h × (position + 1), each head's query · every cached key of its key/value head */
  scores: Matrix;
  /** pass 3: scores / √d_k */
  scaled: Matrix;
  /** pass 4: h × (position + 1), each head's softmax over the cache (no mask: it holds no later row) */
  weights: Matrix;
  /** pass 4: each head's weighted sum of cached values */
  concat: Vector;
  /** pass 5: concat·W_O */
  attentionOutput: Vector;
  /** pass 6: x_t + attentionOutput */
  residual1: Vector;
  /** pass 7: RMSNorm₂(residual1), one row */
  norm2: RmsNormTrace;
  /** pass 8: SwiGLU(norm2.output), one row */
  feedForward: SwiGluTrace;
  /** pass 9: residual1 + feedForward.output */
  output: Vector;
  /** the cache after this step, position + 1 keys and values, counted as kvCacheMemory counts one layer's in 8-byte numbers */
  cache: KvCacheMemoryTrace;
}

// ---- trainTokenizer: Byte-level BPE, trained

/** The arguments of trainTokenizer — Byte-level BPE, trained. */
export interface TrainTokenizerArgs {
  /** (n bytes) 1 … 16384 bytes of UTF-8, read as its bytes */
  text: string;
  /** merges to make (fewer when no pair occurs twice); a whole number, 0 … 1024 */
  merges: number;
}

/** What trainTokenizer returns — Byte-level BPE, trained. */
export interface TrainTokenizerTrace {
  /** pass 1: the text's UTF-8 bytes, tokens 0 … 255 */
  bytes: number[];
  /** pass 2: each merge in order; merge k makes 256 + k */
  merges: ByteMerge[];
  /** pass 3: the text's tokens after the last merge */
  tokens: number[];
  /** pass 2 stopped before `merges` merges: no pair occurred twice */
  stoppedEarly: boolean;
  /** 256 + the merges made */
  vocabularySize: number;
}

/** TrainTokenizerTrace.merges[]: pass 2: each merge in order; merge k makes 256 + k */
export interface ByteMerge {
  /** [left, right]: the most frequent adjacent pair */
  pair: number[];
  /** its adjacent occurrences, overlapping ones counted */
  count: number;
  /** the new token, 256 + the merge's index */
  token: number;
  /** occurrences replaced, left to right without overlap (≤ count) */
  replaced: number;
  /** the sequence's length after the merge */
  length: number;
  /** the bytes the new token stands for */
  bytes: number[];
  /** what those bytes spell; null when they hold part of a character */
  text: string | null;
}

// ---- tokenize: Byte-level BPE, applied

/** The arguments of tokenize — Byte-level BPE, applied. */
export interface TokenizeArgs {
  /** (n bytes) 1 … 2048 bytes of UTF-8, read as its bytes */
  text: string;
  /** (k × 2) a training's merges in order, row k = [a, b] making token 256 + k, k ≤ 1024; default no merges: the bytes (omit it: an empty list is refused like any empty matrix) */
  merges?: MatrixInput | undefined;
}

/** What tokenize returns — Byte-level BPE, applied. */
export interface TokenizeTrace {
  /** pass 1: the text's UTF-8 bytes, tokens 0 … 255 */
  bytes: number[];
  /** pass 2: each merge as applied, in the order applied */
  steps: TokenizeStep[];
  /** the tokens after the last step */
  tokens: number[];
  /** pass 3: each token with the bytes it stands for */
  pieces: TokenPiece[];
}

/** TokenizeTrace.steps[]: pass 2: each merge as applied, in the order applied */
export interface TokenizeStep {
  /** the index of the merge applied (the lowest that applies) */
  merge: number;
  /** its pair, [left, right] */
  pair: number[];
  /** its token, 256 + merge */
  token: number;
  /** occurrences replaced, left to right without overlap */
  replaced: number;
  /** the sequence after this step */
  tokens: number[];
}

/** TokenizeTrace.pieces[]: pass 3: each token with the bytes it stands for */
export interface TokenPiece {
  /** the token */
  token: number;
  /** the bytes it stands for */
  bytes: number[];
  /** what they spell; null when they hold part of a character */
  text: string | null;
}

// ---- characterTokenizer: One token per character

/** The arguments of characterTokenizer — One token per character. */
export interface CharacterTokenizerArgs {
  /** (n bytes) 1 … 16384 bytes of UTF-8, read as its code points */
  text: string;
}

/** What characterTokenizer returns — One token per character. */
export interface CharacterTokenizerTrace {
  /** pass 1: the text's characters (code points) */
  characters: string[];
  /** pass 2: the distinct characters by code point */
  vocabulary: string[];
  /** pass 2: each vocabulary entry's code point */
  codePoints: number[];
  /** pass 3: each character's index in the vocabulary */
  ids: number[];
}

// ---- countPairs: Adjacent pairs, counted as BPE counts them

/** The arguments of countPairs — Adjacent pairs, counted as BPE counts them. */
export interface CountPairsArgs {
  /** (n) 1 … 16384 tokens, whole numbers from 0 to 1279 (bytes, then merges) */
  tokens: VectorInput;
}

/** What countPairs returns — Adjacent pairs, counted as BPE counts them. */
export interface CountPairsTrace {
  /** every adjacent pair, most frequent first, then by first occurrence: pairs[0] is what a training merges next */
  pairs: PairCount[];
}

/** CountPairsTrace.pairs[]: every adjacent pair, most frequent first, then by first occurrence: pairs[0] is what a training merges next */
export interface PairCount {
  /** [left, right] */
  pair: number[];
  /** its adjacent occurrences, overlapping ones counted */
  count: number;
  /** the position of its first occurrence */
  first: number;
  /** its occurrences left to right without overlap, as a merge replaces them */
  withoutOverlap: number;
}

// ---- diagnoseTokenizer: Grading an answer about byte-pair encoding

/** The arguments of diagnoseTokenizer — Grading an answer about byte-pair encoding. */
export interface DiagnoseTokenizerArgs {
  /** (n bytes) 1 … 16384 bytes of UTF-8, read as its bytes */
  text: string;
  /** merges to make (fewer when no pair occurs twice); a whole number, 0 … 1024 */
  merges: number;
  /** 'bytes' (the text's bytes), 'count', 'first' or 'length' (about merge `merge`), 'tokens' (newText's tokens with the merges) */
  question: TokenizerQuestion;
  /** k, a merge the training made: for count, first and length; a whole number, 0 … 1023 */
  merge?: number | undefined;
  /** (n bytes) a text to tokenize, 1 … 2048 bytes of UTF-8: for tokens; default none */
  newText?: string | undefined;
  /** the learner's whole number; a whole number, 0 … 16384 */
  answer: number;
}

/** What diagnoseTokenizer returns — Grading an answer about byte-pair encoding. */
export interface TokenizerDiagnosis {
  /** answer = expected */
  correct: boolean;
  /** the answer as trainTokenizer and tokenize give it */
  expected: number;
  /** the mistake the answer matches (first in candidates' order), or null */
  misconception: TokenizerMisconception | null;
  /** each mistake that can change this answer, with the answer it gives */
  candidates: TokenizerMisconceptionCandidate[];
}

/** TokenizerDiagnosis.candidates[]: each mistake that can change this answer, with the answer it gives */
export interface TokenizerMisconceptionCandidate {
  /** the mistake */
  misconception: TokenizerMisconception;
  /** the answer worked out with that mistake */
  value: number;
}

// ---- sample: Sampling the next token: temperature, top-k, top-p

/** The arguments of sample — Sampling the next token: temperature, top-k, top-p. */
export interface SampleArgs {
  /** (v) finite numbers, one per token */
  logits: VectorInput;
  /** finite, ≥ 0; logits are divided by it; 0 is greedy; default 1 */
  temperature?: number | undefined;
  /** keep the k most likely tokens; 0 keeps all; a whole number, 0 … 4294967295; default 0 (off) */
  topK?: number | undefined;
  /** in (0, 1]: keep the fewest most likely tokens whose probability reaches p; default 1 (off) */
  topP?: number | undefined;
  /** seed of the draw; same seed, same token; a whole number, 0 … 4294967295; default 0 */
  seed?: number | undefined;
}

/** What sample returns — Sampling the next token: temperature, top-k, top-p. */
export interface SampleTrace {
  /** pass 1: logits / temperature (the logits themselves at temperature 0) */
  scaledLogits: Vector;
  /** pass 2: softmax of scaledLogits, before any filter; at temperature 0, 1 on the first largest logit and 0 elsewhere */
  softmax: Vector;
  /** pass 3: the token indices by softmax probability, largest first, equal probabilities lower index first */
  order: number[];
  /** pass 4: softmax on the first topK tokens of order, renormalised; 0 elsewhere */
  topKProbabilities: Vector;
  /** pass 5: running Σ of topKProbabilities along order (cumulative[r] sums ranks 0 … r) */
  cumulative: Vector;
  /** pass 5: the tokens left by top-k and top-p, in vocabulary order */
  kept: number[];
  /** pass 6: topKProbabilities on kept, renormalised to sum to 1; 0 elsewhere */
  probabilities: Vector;
  /** pass 7: u in [0, 1), the first number of splitmix64 stream seed·256 + 10 */
  uniform: number;
  /** pass 7: the token drawn: the first index whose Σ probabilities (in vocabulary order) exceeds uniform */
  chosen: number;
}

// ---- attentionRollout: Attention rollout (Abnar & Zuidema 2020)

/** The arguments of attentionRollout — Attention rollout (Abnar & Zuidema 2020). */
export interface AttentionRolloutArgs {
  /** (L × H × n × n) every head's attention weights of every layer; rows non-negative, summing to 1 */
  layers: ReadonlyArray<ReadonlyArray<MatrixInput>>;
  /** in [0, 1]: the identity's weight, the residual connection; default 0.5 */
  residual?: number | undefined;
}

/** What attentionRollout returns — Attention rollout (Abnar & Zuidema 2020). */
export interface AttentionRolloutTrace {
  /** pass 1: each layer's weights averaged over its heads */
  mean: Matrix[];
  /** pass 2: residual·I + (1 − residual)·mean per layer, rows renormalised */
  mixed: Matrix[];
  /** pass 3: rollout[0] = mixed[0], rollout[l] = mixed[l] · rollout[l − 1]; the last is the answer */
  rollout: Matrix[];
}

// ---- embeddingLookup: Embedding lookup (token ids → rows of a table)

/** The arguments of embeddingLookup — Embedding lookup (token ids → rows of a table). */
export interface EmbeddingLookupArgs {
  /** (n) 1 … 1024 token ids, each a whole number from 0 to vocab − 1 */
  tokens: VectorInput;
  /** (vocab × dModel) the table, one row per token of the vocabulary */
  embedding: MatrixInput;
}

/** What embeddingLookup returns — Embedding lookup (token ids → rows of a table). */
export interface EmbeddingLookupTrace {
  /** pass 1: row i = embedding[tokens[i]] */
  output: Matrix;
}

// ---- embeddingLookupBackward: Embedding lookup, backward

/** The arguments of embeddingLookupBackward — Embedding lookup, backward. */
export interface EmbeddingLookupBackwardArgs {
  /** (n) 1 … 1024 token ids, each a whole number from 0 to vocab − 1 */
  tokens: VectorInput;
  /** (vocab × dModel) the table, one row per token of the vocabulary */
  embedding: MatrixInput;
  /** (n × dModel) ∂L/∂output, one row per token */
  gradOutput: MatrixInput;
}

/** What embeddingLookupBackward returns — Embedding lookup, backward. */
export interface EmbeddingLookupBackwardTrace {
  /** ∂L/∂output, as given */
  gradOutput: Matrix;
  /** pass 1: how many positions hold each token */
  counts: Vector;
  /** pass 2: row v = Σ of gradOutput's rows i with tokens[i] = v (0 for a token not used) */
  gradEmbedding: Matrix;
}

// ---- nextTokenLoss: Next-token loss (unembedding, log-softmax, cross-entropy)

/** The arguments of nextTokenLoss — Next-token loss (unembedding, log-softmax, cross-entropy). */
export interface NextTokenLossArgs {
  /** (n × dModel) the last hidden state of each position, after the final norm */
  hidden: MatrixInput;
  /** (vocab × dModel) one row per token of the vocabulary, the embedding's shape (a tied model passes its embedding) */
  unembedding: MatrixInput;
  /** (n) the token each row should predict, a whole number from 0 to vocab − 1 */
  targets: VectorInput;
}

/** What nextTokenLoss returns — Next-token loss (unembedding, log-softmax, cross-entropy). */
export interface NextTokenLossTrace {
  /** pass 1: hidden·unembeddingᵀ, one column per token */
  logits: Matrix;
  /** pass 2: per row, rowMax + ln Σ exp(logits − rowMax) */
  logSumExp: Vector;
  /** pass 3: logits − logSumExp */
  logProbabilities: Matrix;
  /** pass 3: exp(logProbabilities), each row summing to 1 */
  probabilities: Matrix;
  /** pass 4: −logProbabilities[i][targets[i]] */
  losses: Vector;
  /** pass 5: the mean of losses */
  loss: number;
}

// ---- nextTokenLossBackward: Next-token loss, backward

/** The arguments of nextTokenLossBackward — Next-token loss, backward. */
export interface NextTokenLossBackwardArgs {
  /** (n × dModel) the last hidden state of each position, after the final norm */
  hidden: MatrixInput;
  /** (vocab × dModel) one row per token of the vocabulary, the embedding's shape (a tied model passes its embedding) */
  unembedding: MatrixInput;
  /** (n) the token each row should predict, a whole number from 0 to vocab − 1 */
  targets: VectorInput;
}

/** What nextTokenLossBackward returns — Next-token loss, backward. */
export interface NextTokenLossBackwardTrace {
  /** pass 1: ∂loss/∂logits = (probabilities − onehot(targets)) / n */
  gradLogits: Matrix;
  /** pass 2: gradLogits·unembedding */
  gradHidden: Matrix;
  /** pass 3: gradLogitsᵀ·hidden; a tied model adds embeddingLookupBackward's gradEmbedding to it, the two gradients of its one matrix */
  gradUnembedding: Matrix;
}

// ---- wordAttention: Attention between words (Clark et al. 2019)

/** The arguments of wordAttention — Attention between words (Clark et al. 2019). */
export interface WordAttentionArgs {
  /** (n) the tokens the weights were computed over, in order (1 … 64 bytes each) */
  tokens: ReadonlyArray<string>;
  /** (n × n) one head's attention weights; rows non-negative, summing to 1 */
  weights: MatrixInput;
}

/** What wordAttention returns — Attention between words (Clark et al. 2019). */
export interface WordAttentionTrace {
  /** pass 1: each word's text, whitespace trimmed */
  words: string[];
  /** pass 1: the word each token belongs to (whitespace joins the next word) */
  wordOf: number[];
  /** pass 2: each token's weights summed over each word's tokens (n × m) */
  toWords: Matrix;
  /** pass 3: toWords averaged over each word's own tokens (m × m); rows sum to 1 */
  weights: Matrix;
}

// ---- drawNumbers: A learner's own numbers, drawn from a grid

/** The arguments of drawNumbers — A learner's own numbers, drawn from a grid. */
export interface DrawNumbersArgs {
  /** (1 … 256 bytes) who the numbers are for: an LMS's learner id, a link's seed (UTF-8) */
  learner: string;
  /** (1 … 256 bytes) what is drawn, e.g. a walkthrough's id and input name: another draw, other numbers */
  draw: string;
  /** rows of the matrix; a whole number, 1 … 64 */
  rows: number;
  /** columns of the matrix; a whole number, 1 … 64 */
  columns: number;
  /** the grid's first number, at most 6 decimals */
  from: number;
  /** the grid's last end, above from (a number past it is not drawn) */
  to: number;
  /** the grid's spacing, above 0, at most 6 decimals */
  step: number;
}

/** What drawNumbers returns — A learner's own numbers, drawn from a grid. */
export interface DrawNumbersTrace {
  /** pass 1: FNV-1a 64 of draw, a 0 byte and learner, in 16 hex digits: splitmix64's first state */
  seed: string;
  /** pass 2: the decimals of from and step (0 … 6) */
  decimals: number;
  /** pass 2: the grid's numbers from from to to */
  choices: number;
  /** pass 3: each number's place on the grid, 0 … choices − 1, row by row */
  picks: number[];
  /** pass 4: from + pick · step, each the decimal it is (rows × columns) */
  numbers: Matrix;
}

// ---- the arguments several operations share, for building a request from parts

/** which keys each query may attend to, and what blocked scores become */
export interface MaskingArgs {
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
}

/** dropout on the attention weights, for training (docs/engine.md, Dropout) */
export interface DropoutArgs {
  /** probability p of zeroing each weight, 0 ≤ p < 1 (training; 0 = off); kept weights × 1/(1 − p); default 0 */
  dropout?: number | undefined;
  /** seed of the dropout mask; same seed, same mask; a whole number, 0 … 4294967295; default 0 */
  dropoutSeed?: number | undefined;
}

/** the query, key and value of one attention, with its mask */
export interface QueryKeyValueArgs {
  /** (n × d_k) one row per query */
  query: MatrixInput;
  /** (m × d_k) one row per key */
  key: MatrixInput;
  /** (m × d_v) one row per key */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
}

/** the weights and biases of multi-head attention's projections */
export interface ProjectionArgs {
  /** (d_model × d_model) query projection; default seeded Xavier */
  wQ?: MatrixInput | undefined;
  /** (d_model × d_model) key projection; default seeded Xavier */
  wK?: MatrixInput | undefined;
  /** (d_model × d_model) value projection; default seeded Xavier */
  wV?: MatrixInput | undefined;
  /** (d_model × d_model) output projection; default seeded Xavier */
  wO?: MatrixInput | undefined;
  /** (d_model) query bias; default no bias */
  bQ?: VectorInput | undefined;
  /** (d_model) key bias; default no bias */
  bK?: VectorInput | undefined;
  /** (d_model) value bias; default no bias */
  bV?: VectorInput | undefined;
  /** (d_model) output bias; default no bias */
  bO?: VectorInput | undefined;
}

/** the query, key and value of a scale operation: up to maxSequence (4096) rows each */
export interface SequenceArgs {
  /** (n × d_k) one row per query, n ≤ 4096; up to 4096 rows × 1024 columns */
  query: MatrixInput;
  /** (m × d_k) one row per key, m ≤ 4096; up to 4096 rows × 1024 columns */
  key: MatrixInput;
  /** (m × d_v) one row per key; up to 4096 rows × 1024 columns */
  value: MatrixInput;
  /** (n × m) 'causal', { keyLength: L } or an n × m matrix of 0/1 (1 = attend); up to 4096 rows × 4096 columns; default none */
  mask?: Mask | undefined;
  /** what blocked scores become: -Infinity or any finite number; default -Infinity */
  maskFill?: number | undefined;
  /** false: only the lean result (output, sizes, peakCells), for long sequences; default true */
  trace?: boolean | undefined;
}

/** Every engine operation: the methods of AttentionLab that the engine describes. Every call may throw an AttentionError. */
export interface AttentionOperations {
  /**
   * Row softmax: docs/engine.md, `softmax`.
   * Both engines have it.
   */
  softmax(args: SoftmaxArgs): SoftmaxTrace;
  /**
   * Scaled dot-product attention: docs/engine.md, `attention`.
   * Both engines have it.
   */
  attention(args: AttentionArgs): AttentionTrace;
  /**
   * Multi-head attention: docs/engine.md, `multiHeadAttention`.
   * Both engines have it.
   */
  multiHeadAttention(args: MultiHeadAttentionArgs): MultiHeadAttentionTrace;
  /**
   * Sinusoidal positional encoding: docs/engine.md, `positionalEncoding`.
   * Both engines have it.
   */
  positionalEncoding(args: PositionalEncodingArgs): Matrix;
  /**
   * Layer norm: docs/engine.md, `layerNorm`.
   * Both engines have it.
   */
  layerNorm(args: LayerNormArgs): LayerNormTrace;
  /**
   * Feed-forward: docs/engine.md, `feedForward`.
   * Both engines have it.
   */
  feedForward(args: FeedForwardArgs): FeedForwardTrace;
  /**
   * Layer norm, backward: docs/engine.md, `layerNormBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  layerNormBackward(args: LayerNormBackwardArgs): LayerNormBackwardTrace;
  /**
   * Feed-forward, backward: docs/engine.md, `feedForwardBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  feedForwardBackward(args: FeedForwardBackwardArgs): FeedForwardBackwardTrace;
  /**
   * Encoder layer (post-norm): docs/engine.md, `encoderLayer`.
   * Both engines have it.
   */
  encoderLayer(args: EncoderLayerArgs): EncoderLayerTrace;
  /**
   * Entropy: docs/engine.md, `attentionEntropy`.
   * Both engines have it.
   */
  attentionEntropy(args: AttentionEntropyArgs): EntropyTrace;
  /**
   * Seeded matrices: docs/engine.md, `randomMatrix`.
   * Both engines have it.
   */
  randomMatrix(args: RandomMatrixArgs): Matrix;
  /**
   * Token embeddings: docs/engine.md, `embedTokens`.
   * Both engines have it.
   */
  embedTokens(args: EmbedTokensArgs): TokenEmbeddingTrace;
  /**
   * Adding positions: docs/engine.md, `addPositionalEncoding`.
   * Both engines have it.
   */
  addPositionalEncoding(args: AddPositionalEncodingArgs): PositionalAdditionTrace;
  /**
   * How alike positions are: docs/engine.md, `positionSimilarity`.
   * Both engines have it.
   */
  positionSimilarity(args: PositionSimilarityArgs): PositionSimilarityTrace;
  /**
   * Why divide by √d_k: docs/engine.md, `scalingExperiment`.
   * Both engines have it.
   */
  scalingExperiment(args: ScalingExperimentArgs): ScalingExperimentTrace;
  /**
   * Softmax gradient: docs/engine.md, `softmaxJacobian`.
   * Both engines have it.
   */
  softmaxJacobian(args: SoftmaxJacobianArgs): SoftmaxJacobianTrace;
  /**
   * Explain this number: docs/engine.md, `explainAttention`.
   * Both engines have it.
   */
  explainAttention<S extends ExplainStage>(args: ExplainAttentionArgs<S>): ExplanationByStage[S];
  /**
   * Order blindness: docs/engine.md, `permutationTest`.
   * Both engines have it.
   */
  permutationTest(args: PermutationTestArgs): PermutationTestTrace;
  /**
   * Cross-entropy loss and its gradient: docs/engine.md, `crossEntropy`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  crossEntropy(args: CrossEntropyArgs): CrossEntropyTrace;
  /**
   * Backward pass of scaled dot-product attention: docs/engine.md, `attentionBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  attentionBackward(args: AttentionBackwardArgs): AttentionBackwardTrace;
  /**
   * Backward pass of multi-head attention: docs/engine.md, `multiHeadAttentionBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (1e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  multiHeadAttentionBackward(args: MultiHeadAttentionBackwardArgs): MultiHeadAttentionBackwardTrace;
  /**
   * Backward pass of the encoder layer (post-norm): docs/engine.md, `encoderLayerBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (1e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  encoderLayerBackward(args: EncoderLayerBackwardArgs): EncoderLayerBackwardTrace;
  /**
   * Explain this gradient: docs/engine.md, `explainAttentionBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  explainAttentionBackward<S extends GradientStage>(args: ExplainAttentionBackwardArgs<S>): GradientExplanationByStage[S];
  /**
   * Linear attention (Katharopoulos et al. 2020): docs/engine.md, `linearAttention`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  linearAttention(args: LinearAttentionArgs): LinearAttentionTrace;
  /**
   * Sparse attention (Longformer window, BigBird random): docs/engine.md, `sparseAttention`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (6e9 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  sparseAttention(args: SparseAttentionArgs): SparseAttentionTrace;
  /**
   * A minimal recurrent network (Elman): docs/engine.md, `rnnForward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  rnnForward(args: RnnForwardArgs): RnnForwardTrace;
  /**
   * Decoding with a key/value cache: docs/engine.md, `kvCacheDecode`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  kvCacheDecode(args: KvCacheDecodeArgs): KvCacheDecodeTrace;
  /**
   * The memory of a model's key/value cache: docs/engine.md, `kvCacheMemory`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  kvCacheMemory(args: KvCacheMemoryArgs): KvCacheMemoryTrace;
  /**
   * How far apart two results are: docs/engine.md, `matrixDifference`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  matrixDifference(args: MatrixDifferenceArgs): MatrixDifferenceTrace;
  /**
   * Tiled attention with the online softmax (flash): docs/engine.md, `flashAttention`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (3e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  flashAttention(args: FlashAttentionArgs): FlashAttentionTrace;
  /**
   * Attention by chunks (Rabe & Staats): docs/engine.md, `chunkedAttention`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (4e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  chunkedAttention(args: ChunkedAttentionArgs): ChunkedAttentionTrace;
  /**
   * Measuring what a variant costs: docs/engine.md, `measureCost`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (2e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  measureCost(args: MeasureCostArgs): CostMeasurement;
  /**
   * How a variant's cost grows when n doubles: docs/engine.md, `costGrowth`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (2e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  costGrowth(args: CostGrowthArgs): CostGrowth;
  /**
   * Grading an answer and naming its mistake: docs/engine.md, `diagnose`.
   * Both engines have it.
   */
  diagnose(args: DiagnoseArgs): Diagnosis;
  /**
   * Explain a linear layer's number: docs/engine.md, `explainLinear`.
   * Both engines have it.
   */
  explainLinear(args: ExplainLinearArgs): LinearExplanation;
  /**
   * Explain a positional encoding's number: docs/engine.md, `explainPositionalEncoding`.
   * Both engines have it.
   */
  explainPositionalEncoding(args: ExplainPositionalEncodingArgs): PositionalExplanation;
  /**
   * Rotary position embedding (RoPE): docs/engine.md, `rope`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  rope(args: RopeArgs): RopeTrace;
  /**
   * Grading an answer about rotary positions: docs/engine.md, `diagnoseRope`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  diagnoseRope(args: DiagnoseRopeArgs): RopeDiagnosis;
  /**
   * Grading an answer about ALiBi: docs/engine.md, `diagnoseAlibi`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  diagnoseAlibi(args: DiagnoseAlibiArgs): AlibiDiagnosis;
  /**
   * Grading an answer about grouped-query attention: docs/engine.md, `diagnoseGroupedQuery`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  diagnoseGroupedQuery(args: DiagnoseGroupedQueryArgs): GroupedQueryDiagnosis;
  /**
   * Grading an answer about a sliding window: docs/engine.md, `diagnoseSlidingWindow`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  diagnoseSlidingWindow(args: DiagnoseSlidingWindowArgs): WindowDiagnosis;
  /**
   * RMS norm: docs/engine.md, `rmsNorm`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  rmsNorm(args: RmsNormArgs): RmsNormTrace;
  /**
   * RMS norm, backward: docs/engine.md, `rmsNormBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  rmsNormBackward(args: RmsNormBackwardArgs): RmsNormBackwardTrace;
  /**
   * SwiGLU feed-forward: docs/engine.md, `swiGlu`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  swiGlu(args: SwiGluArgs): SwiGluTrace;
  /**
   * SwiGLU feed-forward, backward: docs/engine.md, `swiGluBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  swiGluBackward(args: SwiGluBackwardArgs): SwiGluBackwardTrace;
  /**
   * Rotary position embedding, backward: docs/engine.md, `ropeBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  ropeBackward(args: RopeBackwardArgs): RopeBackwardTrace;
  /**
   * Decoder layer (pre-norm, LLaMA): docs/engine.md, `decoderLayer`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  decoderLayer(args: DecoderLayerArgs): DecoderLayerTrace;
  /**
   * Backward pass of the decoder layer (pre-norm, LLaMA): docs/engine.md, `decoderLayerBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (1e10 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  decoderLayerBackward(args: DecoderLayerBackwardArgs): DecoderLayerBackwardTrace;
  /**
   * Decoding a decoder layer with its key/value cache: docs/engine.md, `decoderLayerDecode`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   * Past its work budget (5e9 multiply-adds, about ten seconds) it throws an AttentionError naming the argument, before any work.
   */
  decoderLayerDecode(args: DecoderLayerDecodeArgs): DecoderLayerDecodeTrace;
  /**
   * Byte-level BPE, trained: docs/engine.md, `trainTokenizer`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  trainTokenizer(args: TrainTokenizerArgs): TrainTokenizerTrace;
  /**
   * Byte-level BPE, applied: docs/engine.md, `tokenize`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  tokenize(args: TokenizeArgs): TokenizeTrace;
  /**
   * One token per character: docs/engine.md, `characterTokenizer`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  characterTokenizer(args: CharacterTokenizerArgs): CharacterTokenizerTrace;
  /**
   * Adjacent pairs, counted as BPE counts them: docs/engine.md, `countPairs`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  countPairs(args: CountPairsArgs): CountPairsTrace;
  /**
   * Grading an answer about byte-pair encoding: docs/engine.md, `diagnoseTokenizer`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  diagnoseTokenizer(args: DiagnoseTokenizerArgs): TokenizerDiagnosis;
  /**
   * Sampling the next token: temperature, top-k, top-p: docs/engine.md, `sample`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  sample(args: SampleArgs): SampleTrace;
  /**
   * Attention rollout (Abnar & Zuidema 2020): docs/engine.md, `attentionRollout`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  attentionRollout(args: AttentionRolloutArgs): AttentionRolloutTrace;
  /**
   * Embedding lookup (token ids → rows of a table): docs/engine.md, `embeddingLookup`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  embeddingLookup(args: EmbeddingLookupArgs): EmbeddingLookupTrace;
  /**
   * Embedding lookup, backward: docs/engine.md, `embeddingLookupBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  embeddingLookupBackward(args: EmbeddingLookupBackwardArgs): EmbeddingLookupBackwardTrace;
  /**
   * Next-token loss (unembedding, log-softmax, cross-entropy): docs/engine.md, `nextTokenLoss`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  nextTokenLoss(args: NextTokenLossArgs): NextTokenLossTrace;
  /**
   * Next-token loss, backward: docs/engine.md, `nextTokenLossBackward`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  nextTokenLossBackward(args: NextTokenLossBackwardArgs): NextTokenLossBackwardTrace;
  /**
   * Attention between words (Clark et al. 2019): docs/engine.md, `wordAttention`.
   * The full engine only: on the lite engine (`{ training: false }`) it throws an AttentionError.
   */
  wordAttention(args: WordAttentionArgs): WordAttentionTrace;
  /**
   * A learner's own numbers, drawn from a grid: docs/engine.md, `drawNumbers`.
   * Both engines have it.
   */
  drawNumbers(args: DrawNumbersArgs): DrawNumbersTrace;
}
