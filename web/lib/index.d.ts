/**
 * Attention Lab: exact attention maths from a C++ engine compiled to WebAssembly.
 * Every function takes one object argument and returns plain nested arrays.
 * What each computes, pass by pass: docs/engine.md.
 */

/** A matrix as rows of numbers. Rows may be typed arrays on input; outputs are always number[][]. */
export type Matrix = number[][];
/** A vector of numbers. */
export type Vector = number[];
/** A matrix accepted as input: rows of numbers (arrays or typed arrays). */
export type MatrixInput = ReadonlyArray<ReadonlyArray<number> | Float64Array | Float32Array>;
/** A vector accepted as input. */
export type VectorInput = ReadonlyArray<number> | Float64Array | Float32Array;

/**
 * Which keys each query may attend to.
 * - `'causal'`: query i sees keys j ≤ i;
 * - `{ keyLength: L }`: padding, keys with index ≥ L are blocked (0 ≤ L ≤ m);
 * - an n × m matrix of 0/1 or booleans, 1 / true = attend.
 */
export type Mask = 'causal' | { keyLength: number } | ReadonlyArray<ReadonlyArray<number | boolean>>;

/** Thrown for every invalid argument. The message starts with the argument's name. */
export declare class AttentionError extends Error {
  constructor(message: string);
  readonly name: 'AttentionError';
  /** The argument the message is about, e.g. `"key"` or `"query[0][1]"`. */
  readonly argument: string;
}

/** The engine's cap on every dimension (rows, columns, heads, d_ff, positions): 1024. */
export declare const MAX_DIMENSION: number;

export interface LoadOptions {
  /**
   * `true` (default): the full engine, `attention-core.wasm` (~156 KB gzip), with `createTrainer`.
   * `false`: the lite engine, `attention-lite.wasm` (compiled for size, about half the bytes):
   * the forward passes (attention, multi-head, positions, layer norm, feed-forward, encoder
   * layer, entropy, scaling), their explanations, `randomMatrix`, `embedTokens`,
   * `permutationTest` and `diagnose`, with the same results. It has no trainer and no backward
   * passes, efficient attention (flash, chunked, linear, sparse, RNN, KV cache),
   * `matrixDifference` or `measureCost`: those and `createTrainer` throw an AttentionError.
   */
  training?: boolean | undefined;
  /** The engine's .wasm bytes, if you have them already (no fetch is made); the build `training` names. */
  wasmBinary?: ArrayBuffer | Uint8Array | undefined;
  /** Where to fetch `attention-core.wasm` (or `attention-lite.wasm`) from (default: beside the package's index.js). */
  wasmUrl?: string | URL | undefined;
  /** Emscripten-style: given the file name `attention-core.wasm` (or `attention-lite.wasm`), return its URL. */
  locateFile?: ((file: string) => string) | undefined;
}

/** Loads the WebAssembly engine. Rejects with an AttentionError naming the URL if the .wasm cannot be loaded. */
export declare function loadAttentionLab(options?: LoadOptions): Promise<AttentionLab>;

// ---------------------------------------------------------------------------------------------
// Arguments

export interface MaskingArgs {
  /** No mask when omitted. */
  mask?: Mask | undefined;
  /** What blocked scores become before the softmax: `-Infinity` (default) or any finite number, e.g. `-1e9`. */
  maskFill?: number | undefined;
}

export interface SoftmaxArgs {
  /** (n × m) finite numbers or -Infinity. */
  logits: MatrixInput;
}

/** Dropout on the attention weights, for training (docs/engine.md, "Dropout"). */
export interface DropoutArgs {
  /** Probability p, 0 ≤ p < 1, of zeroing each weight; kept weights × 1/(1 − p). Default 0: no dropout (evaluation). */
  dropout?: number | undefined;
  /** Seed (0 … 2³²−1) of the dropout mask; default 0. Same seed and shape, same mask. */
  dropoutSeed?: number | undefined;
}

/** The query, key and value of one attention, with its mask. */
export interface QueryKeyValueArgs extends MaskingArgs {
  /** (n × d_k) */
  query: MatrixInput;
  /** (m × d_k) */
  key: MatrixInput;
  /** (m × d_v) */
  value: MatrixInput;
}

export interface AttentionArgs extends QueryKeyValueArgs, DropoutArgs {
  /** The type the passes compute in: `'float64'` (default) or `'float32'`, as GPUs; results are numbers either way. */
  precision?: Precision | undefined;
}

export interface ProjectionArgs {
  /** (d_model × d_model), applied as x·W + b; seeded Xavier init when omitted. */
  wQ?: MatrixInput | undefined;
  wK?: MatrixInput | undefined;
  wV?: MatrixInput | undefined;
  wO?: MatrixInput | undefined;
  /** (d_model); no bias when omitted. */
  bQ?: VectorInput | undefined;
  bK?: VectorInput | undefined;
  bV?: VectorInput | undefined;
  bO?: VectorInput | undefined;
}

export interface MultiHeadAttentionArgs extends ProjectionArgs, MaskingArgs, DropoutArgs {
  /** (n × d_model) */
  query: MatrixInput;
  /** (m × d_model) */
  key: MatrixInput;
  /** (m × d_model) */
  value: MatrixInput;
  /** Number of heads h; must divide d_model. */
  heads: number;
  /** Seed (0 … 2³²−1) for omitted weights; default 0. Same seed, same numbers, on every platform. */
  seed?: number | undefined;
}

export interface PositionalEncodingArgs {
  /** Number of positions, 1 … 1024. */
  length: number;
  /** Width d_model, 1 … 1024 (odd allowed: the last column is then a sine). */
  dModel: number;
}

export interface LayerNormArgs {
  /** (n × d) */
  input: MatrixInput;
  /** (d), default ones. */
  gamma?: VectorInput | undefined;
  /** (d), default zeros. */
  beta?: VectorInput | undefined;
  /** Default 1e-5. */
  eps?: number | undefined;
}

export type Activation = 'relu' | 'gelu';

export interface FeedForwardArgs {
  /** (n × d_model) */
  input: MatrixInput;
  /** (d_model × d_ff) */
  w1: MatrixInput;
  /** (d_ff) */
  b1?: VectorInput | undefined;
  /** (d_ff × d_model) */
  w2: MatrixInput;
  /** (d_model) */
  b2?: VectorInput | undefined;
  /** Default `'relu'`; `'gelu'` is the exact erf form. */
  activation?: Activation | undefined;
}

export interface LayerNormBackwardArgs extends LayerNormArgs {
  /** (n × d) ∂L/∂output: how the loss changes with each output cell. */
  gradOutput: MatrixInput;
}

export interface FeedForwardBackwardArgs extends FeedForwardArgs {
  /** (n × d_model) ∂L/∂output: how the loss changes with each output cell. */
  gradOutput: MatrixInput;
}

export interface EncoderLayerArgs extends ProjectionArgs, MaskingArgs, DropoutArgs {
  /** (n × d_model) */
  input: MatrixInput;
  /** Number of heads; must divide d_model. */
  heads: number;
  /** Default `'relu'`. */
  activation?: Activation | undefined;
  /** Feed-forward width; needed only when w1 and w2 are both omitted. */
  dFF?: number | undefined;
  /** (d_model × d_ff); seeded Xavier init when omitted. */
  w1?: MatrixInput | undefined;
  /** (d_ff), default zeros. */
  b1?: VectorInput | undefined;
  /** (d_ff × d_model); seeded Xavier init when omitted. */
  w2?: MatrixInput | undefined;
  /** (d_model), default zeros. */
  b2?: VectorInput | undefined;
  /** LayerNorm 1 and 2 scale (default ones) and shift (default zeros), each (d_model). */
  gamma1?: VectorInput | undefined;
  beta1?: VectorInput | undefined;
  gamma2?: VectorInput | undefined;
  beta2?: VectorInput | undefined;
  /** Seed for omitted weights; default 0. */
  seed?: number | undefined;
  /**
   * Default `true` (as `nn.TransformerEncoderLayer`): the attention projections have biases,
   * zero when omitted. `false`: no attention biases at all (as `nn.MultiheadAttention(bias=False)`),
   * `parameterCount.attention` is 4·d², and giving any of `bQ … bO` is an error naming it.
   */
  attentionBias?: boolean | undefined;
}

export interface EncoderLayerBackwardArgs extends EncoderLayerArgs {
  /** (n × d_model) ∂L/∂output, the gradient arriving from above. */
  gradOutput: MatrixInput;
}

export interface EntropyArgs {
  /** (n × m) rows that are non-negative and sum to 1 (or are all zero). */
  weights: MatrixInput;
}

export type Distribution = 'normal' | 'uniform';

export interface RandomMatrixArgs {
  /** 1 … 1024. */
  rows: number;
  /** 1 … 1024. */
  cols: number;
  /** 0 … 2³²−1, default 0. Same seed, same matrix, wherever the package runs. */
  seed?: number | undefined;
  /** Default `'normal'` (Box–Muller); `'uniform'` draws from [−scale, scale). */
  distribution?: Distribution | undefined;
  /** Positive and finite, default 1: the standard deviation (normal) or the half-width (uniform). */
  scale?: number | undefined;
}

export interface EmbedTokensArgs {
  /** 1 … 1024 tokens, each a non-empty string of at most 64 bytes of UTF-8. */
  tokens: ReadonlyArray<string>;
  /** Embedding width, 1 … 1024. */
  dModel: number;
  /** 0 … 2³²−1, default 0. */
  seed?: number | undefined;
}

export interface AddPositionalEncodingArgs {
  /** (n × d) one row per position, e.g. token embeddings. */
  input: MatrixInput;
}

export interface ScalingExperimentArgs {
  /** Width of each query and key, 1 … 1024. */
  dK: number;
  /** Keys per query, 1 … 1024. */
  keys: number;
  /** Number of (query, keys) draws, 1 … 10000, with samples × keys × dK ≤ 2²⁴. */
  samples: number;
  /** 0 … 2³²−1, default 0. */
  seed?: number | undefined;
}

export interface SoftmaxJacobianArgs {
  /** (1 × m) one row of logits: finite numbers or -Infinity. */
  logits: MatrixInput;
}

/** Which matrix of the attention trace the explained cell is in. */
export type ExplainStage = 'score' | 'scaled' | 'weight' | 'output';

export interface ExplainAttentionArgs<S extends ExplainStage = ExplainStage> extends QueryKeyValueArgs {
  /** The query row i, 0 … n−1. */
  row: number;
  /** The key j (0 … m−1) for `score`, `scaled` and `weight`; the value column c (0 … d_v−1) for `output`. */
  column: number;
  stage: S;
}

/** Which gradient of the attention backward trace the explained cell is in. */
export type GradientStage = 'gradValue' | 'gradWeight' | 'gradScaled' | 'gradScore' | 'gradQuery' | 'gradKey';

/** The backward's arguments without dropout (an explanation is of the plain forward), and the cell. */
export interface ExplainAttentionBackwardArgs<S extends GradientStage = GradientStage> extends QueryKeyValueArgs {
  /** (n × d_v) ∂L/∂output, the gradient arriving from above. */
  gradOutput: MatrixInput;
  /** The key j (0 … m−1) for `gradValue` and `gradKey`; the query i (0 … n−1) for the others. */
  row: number;
  /** The value column (`gradValue`), the key j (`gradWeight`, `gradScaled`, `gradScore`) or the dimension (`gradQuery`, `gradKey`). */
  column: number;
  stage: S;
}

export interface ExplainLinearArgs {
  /** (n × in) one row per token. */
  input: MatrixInput;
  /** (in × out) W, in y = x·W + b. */
  weight: MatrixInput;
  /** (out) b; no bias when omitted. */
  bias?: VectorInput | undefined;
  /** The row i, 0 … n−1. */
  row: number;
  /** The column j, 0 … out−1. */
  column: number;
}

export interface ExplainPositionalEncodingArgs {
  /** pos, 0 … 1023. */
  position: number;
  /** The column, 0 … dModel−1: 2i (a sine) or 2i+1 (a cosine). */
  column: number;
  /** d, the width, 1 … 1024. */
  dModel: number;
}

export interface PermutationTestArgs {
  /** (n × d_model) one row per token. */
  input: MatrixInput;
  /** Each of 0 … n−1 once: row i of the shuffled input is token `permutation[i]`. */
  permutation: VectorInput;
  /** Number of heads; must divide d_model. */
  heads: number;
  /** Seed for the Xavier weights both runs share; default 0. */
  seed?: number | undefined;
  /** Add the positional encoding after shuffling (tokens move, positions stay). */
  positionalEncoding: boolean;
}

export interface AttentionBackwardArgs extends QueryKeyValueArgs, DropoutArgs {
  /** (n × d_v) ∂L/∂output, the gradient arriving from above. */
  gradOutput: MatrixInput;
}

export interface MultiHeadAttentionBackwardArgs extends MultiHeadAttentionArgs {
  /** (n × d_model) ∂L/∂output, the gradient arriving from above. */
  gradOutput: MatrixInput;
}

export interface CrossEntropyArgs {
  /** (n × c) finite numbers: one row per example, one column per class. */
  logits: MatrixInput;
  /** (n) each row's class, a whole number from 0 to c − 1 (as torch.nn.functional.cross_entropy). */
  targets: VectorInput;
}

// ---------------------------------------------------------------------------------------------
// Traces

/** The intermediates of a row softmax. */
export interface SoftmaxSteps {
  /** (n) max of each row; -Infinity for a fully masked row. */
  rowMax: Vector;
  /** (n × m) exp(x − rowMax). */
  exps: Matrix;
  /** (n) Σ exps; 0 for a fully masked row. */
  rowSum: Vector;
}

export interface SoftmaxTrace extends SoftmaxSteps {
  /** (n × m) exps / rowSum. */
  weights: Matrix;
}

export interface AttentionTrace {
  /** (n × m) pass 1: Q·Kᵀ. */
  scores: Matrix;
  /** The divisor of pass 2, √d_k. */
  sqrtDk: number;
  /** (n × m) pass 2: scores / √d_k. */
  scaled: Matrix;
  /** (n × m) the resolved mask, 1 = attend; only when a mask was given. */
  mask?: Matrix;
  /** (n × m) pass 3: scaled with blocked cells set to maskFill; only when a mask was given. */
  masked?: Matrix;
  /** Pass 4's intermediates. */
  softmax: SoftmaxSteps;
  /** (n × m) pass 4: the attention weights; each row sums to 1 (or is all 0 when fully masked under −∞). */
  weights: Matrix;
  /** (n) the sum of each row of weights: 1, or 0 for a fully masked row under −∞. */
  weightSums: Vector;
  /** (n × m) each weight's dropout factor, 0 or 1/(1 − p); only with dropout. */
  dropoutMask?: Matrix;
  /** (n × m) weights ∘ dropoutMask; only with dropout. */
  droppedWeights?: Matrix;
  /** (n × d_v) pass 5: weights·V (droppedWeights·V with dropout). */
  output: Matrix;
  /** Query rows whose every key is blocked. */
  fullyMaskedRows: number[];
}

export interface HeadTrace extends AttentionTrace {
  /** (n × d_k) this head's columns of the projected query. */
  query: Matrix;
  /** (m × d_k) */
  key: Matrix;
  /** (m × d_k) */
  value: Matrix;
  /** How spread out this head's weights are: attentionEntropy({ weights }) of the head. */
  entropy: EntropyTrace;
}

export interface MultiHeadParams {
  wQ: Matrix;
  wK: Matrix;
  wV: Matrix;
  wO: Matrix;
  /** Present only when the bias was given. */
  bQ?: Vector;
  bK?: Vector;
  bV?: Vector;
  bO?: Vector;
}

export interface MultiHeadAttentionTrace {
  dModel: number;
  /** d_model / heads. */
  dK: number;
  /** The weights actually used (given or seeded). */
  params: MultiHeadParams;
  /** (n × d_model) pass 1: query·W_Q + b_Q. */
  projectedQuery: Matrix;
  /** (m × d_model) */
  projectedKey: Matrix;
  /** (m × d_model) */
  projectedValue: Matrix;
  /** Passes 2–3: every head's slices and attention trace. */
  heads: HeadTrace[];
  /** (n × d_model) pass 4: head outputs side by side. */
  concat: Matrix;
  /** (n × d_model) pass 5: concat·W_O + b_O. */
  output: Matrix;
  /** (h × n × m) every head's weights. */
  weights: Matrix[];
  /** 4·d_model² + d_model per bias present. */
  parameterCount: number;
}

export interface LayerNormTrace {
  /** (n) */
  mean: Vector;
  /** (n) biased, as PyTorch. */
  variance: Vector;
  /** (n × d) (x − mean) / √(variance + eps). */
  normalized: Matrix;
  /** (n × d) normalized·γ + β. */
  output: Matrix;
  gamma: Vector;
  beta: Vector;
  /** ε as used, added to the variance. */
  eps: number;
}

export interface FeedForwardTrace {
  /** (n × d_ff) x·W1 + b1. */
  hidden: Matrix;
  /** (n × d_ff) activation(hidden). */
  activated: Matrix;
  /** (n × d_model) activated·W2 + b2. */
  output: Matrix;
}

/** Layer norm's gradients, the forward's passes in reverse (as PyTorch's autograd). */
export interface LayerNormBackwardTrace {
  /** (n × d) as given. */
  gradOutput: Matrix;
  /** (d) pass 1: Σ over rows of gradOutput. */
  gradBeta: Vector;
  /** (d) pass 2: Σ over rows of gradOutput ∘ normalized. */
  gradGamma: Vector;
  /** (n × d) pass 3: gradOutput ∘ γ. */
  gradNormalized: Matrix;
  /** (n × d) pass 4: (1/σ)(ĝ − mean(ĝ) − x̂·mean(ĝ ∘ x̂)) per row, ĝ = gradNormalized, σ = √(variance + eps); finite for a constant row. */
  gradInput: Matrix;
}

/** The feed-forward network's gradients, the forward's passes in reverse (as PyTorch's autograd). */
export interface FeedForwardBackwardTrace {
  /** (n × d_model) as given. */
  gradOutput: Matrix;
  /** (d_model) pass 1: Σ over rows of gradOutput; only when b2 was given. */
  gradB2?: Vector;
  /** (d_ff × d_model) pass 1: activatedᵀ·gradOutput. */
  gradW2: Matrix;
  /** (n × d_ff) pass 1: gradOutput·W2ᵀ. */
  gradActivated: Matrix;
  /** (n × d_ff) pass 2: gradActivated ∘ activation′(hidden); ReLU′(0) = 0 as PyTorch, GELU′(x) = Φ(x) + x·φ(x). */
  gradHidden: Matrix;
  /** (d_ff) pass 3: Σ over rows of gradHidden; only when b1 was given. */
  gradB1?: Vector;
  /** (d_model × d_ff) pass 3: inputᵀ·gradHidden. */
  gradW1: Matrix;
  /** (n × d_model) pass 3: gradHidden·W1ᵀ. */
  gradInput: Matrix;
}

export interface EncoderParameterCount {
  /** 4·d² + 4·d, or 4·d² with `attentionBias: false`. */
  attention: number;
  /** d·d_ff + d_ff + d_ff·d + d */
  feedForward: number;
  /** 4·d */
  norms: number;
  total: number;
}

export interface EncoderLayerTrace {
  /** (n × d_model) */
  input: Matrix;
  /** Pass 1: self-attention. */
  attention: MultiHeadAttentionTrace;
  /** Pass 2: input + attention.output. */
  residual1: Matrix;
  /** Pass 3: LayerNorm₁(residual1). */
  norm1: LayerNormTrace;
  /** Pass 4: FFN(norm1.output). */
  feedForward: FeedForwardTrace;
  /** Pass 5: norm1.output + feedForward.output. */
  residual2: Matrix;
  /** Pass 6: LayerNorm₂(residual2). */
  norm2: LayerNormTrace;
  /** (n × d_model) = norm2.output. */
  output: Matrix;
  dFF: number;
  /** The feed-forward weights actually used. */
  params: { w1: Matrix; b1: Vector; w2: Matrix; b2: Vector };
  parameterCount: EncoderParameterCount;
}

/** Every gradient of one backward pass of the encoder layer, its six passes in reverse. */
export interface EncoderLayerBackwardTrace {
  /** (n × d_model) ∂L/∂output, as given. */
  gradOutput: Matrix;
  /** (d_model) pass 1: LN₂ backward, Σ over rows of g ∘ x̂. */
  gradGamma2: Vector;
  /** (d_model) pass 1: LN₂ backward, Σ over rows of g. */
  gradBeta2: Vector;
  /** (n × d_model) pass 1: ∂L/∂residual2, LN₂'s input. */
  gradResidual2: Matrix;
  /** (d_ff × d_model) pass 2: feed-forward backward, activatedᵀ·g. */
  gradW2: Matrix;
  /** (d_model) pass 2. */
  gradB2: Vector;
  /** (d_model × d_ff) pass 2: norm1.outputᵀ·gHidden. */
  gradW1: Matrix;
  /** (d_ff) pass 2. */
  gradB1: Vector;
  /** (n × d_model) pass 3: gradResidual2 plus the feed-forward's input gradient (two paths add). */
  gradNorm1Output: Matrix;
  /** (d_model) pass 4: LN₁ backward. */
  gradGamma1: Vector;
  /** (d_model) pass 4: LN₁ backward. */
  gradBeta1: Vector;
  /** (n × d_model) pass 4: ∂L/∂residual1, LN₁'s input. */
  gradResidual1: Matrix;
  /** (d_model × d_model) pass 5: self-attention backward. */
  gradWQ: Matrix;
  gradWK: Matrix;
  gradWV: Matrix;
  gradWO: Matrix;
  /** (d_model) pass 5; absent when `attentionBias` is false. */
  gradBQ?: Vector;
  gradBK?: Vector;
  gradBV?: Vector;
  gradBO?: Vector;
  /** (n × d_model) pass 6: gradResidual1 + self-attention's gradQuery + gradKey + gradValue. */
  gradInput: Matrix;
}

export interface EntropyTrace {
  /** (n) −Σ w·ln w in nats. */
  entropy: Vector;
  /** ln m, the entropy of uniform weights. */
  maxEntropy: number;
  /** Mean of `entropy` over all n rows (fully masked rows count as 0). */
  meanEntropy: number;
  /** Smallest entry of `entropy`. */
  minEntropy: number;
  /** Largest entry of `entropy` (≤ maxEntropy). */
  maxRowEntropy: number;
}

export interface TokenEmbeddingTrace {
  /** (n) the tokens as given. */
  tokens: string[];
  /** (v) the distinct tokens, in first-seen order. */
  vocabulary: string[];
  /** (n) each token's index in `vocabulary`. */
  ids: number[];
  /** (v × dModel) one seeded N(0, 1) row per distinct token, depending only on the seed and the token. */
  table: Matrix;
  /** (n × dModel) row i = table[ids[i]]: a repeated token has identical rows. */
  embeddings: Matrix;
}

export interface PositionalAdditionTrace {
  /** (n × d) PE for positions 0 … n−1. */
  encoding: Matrix;
  /** (n × d) input + encoding. */
  output: Matrix;
}

export interface PositionSimilarityTrace {
  /** (length × dModel) PE. */
  encoding: Matrix;
  /** (length × length) PE·PEᵀ: the dot product of every two positions' encodings. */
  similarity: Matrix;
  /** (length) ‖PE(i)‖ = √similarity[i][i]. */
  norms: Vector;
  /** (length × length) similarity[i][j] / √(similarity[i][i]·similarity[j][j]); diagonal exactly 1, 0 for an all-zero encoding. */
  cosine: Matrix;
}

/** Averages over the samples of one softmax. */
export interface SoftmaxStatistics {
  /** Mean of the largest weight. */
  meanPeakWeight: number;
  /** Mean of −Σ p·ln p, in nats. */
  meanEntropy: number;
  /** Mean Frobenius norm of the softmax Jacobian diag(p) − p·pᵀ: how much gradient passes back. */
  meanGradientNorm: number;
}

/** The experiment's first draw, in full. */
export interface ScalingExample {
  /** (1 × dK) */
  query: Matrix;
  /** (keys × dK) */
  key: Matrix;
  /** (1 × keys) query·keyᵀ, computed as attention's pass 1. */
  scores: Matrix;
  /** √dK */
  sqrtDk: number;
  /** (1 × keys) scores / √dK. */
  scaled: Matrix;
  /** (1 × keys) softmax(scores). */
  weightsUnscaled: Matrix;
  /** (1 × keys) softmax(scaled). */
  weightsScaled: Matrix;
}

export interface ScalingExperimentTrace {
  dK: number;
  keys: number;
  samples: number;
  /** Mean of all samples × keys scores (≈ 0). */
  scoreMean: number;
  /** Population variance of all scores (≈ dK). */
  scoreVariance: number;
  /** Mean of all scaled scores (≈ 0). */
  scaledMean: number;
  /** Population variance of all scaled scores (≈ 1). */
  scaledVariance: number;
  /** softmax(scores): saturates as dK grows. */
  unscaled: SoftmaxStatistics;
  /** softmax(scores / √dK): about the same for every dK. */
  scaled: SoftmaxStatistics;
  /** ln keys, the entropy of uniform weights. */
  maxEntropy: number;
  example: ScalingExample;
}

export interface SoftmaxJacobianTrace {
  /** (1 × m) p = softmax(logits). */
  weights: Matrix;
  /** (m × m) diag(p) − p·pᵀ: entry [i][j] is ∂p_i/∂x_j. */
  jacobian: Matrix;
  /** √(Σ jacobian[i][j]²). */
  frobeniusNorm: number;
}

/** Which cell an explanation is about. */
export interface ExplainedCell<S extends ExplainStage | GradientStage> {
  stage: S;
  row: number;
  column: number;
}

/** One term of a dot product. */
export interface ProductTerm {
  left: number;
  right: number;
  /** left·right */
  product: number;
}

/** scores[i][j] = Σ_c query[i][c]·key[j][c]: left = query[i][c], right = key[j][c]. */
export interface ScoreExplanation extends ExplainedCell<'score'> {
  terms: ProductTerm[];
  /** The score as the engine computed it: the products added in order. */
  sum: number;
}

/** scaled[i][j] = score / √dK. */
export interface ScaledExplanation extends ExplainedCell<'scaled'> {
  score: number;
  sqrtDk: number;
  dK: number;
  scaled: number;
}

/** weights[i][j] = exps[j] / rowSum with exps = exp(logits − rowMax). */
export interface WeightExplanation extends ExplainedCell<'weight'> {
  /** (m) row i after scaling and masking; blocked keys hold maskFill. */
  logits: Vector;
  /** (m) 1 where key j is blocked for this query, else 0. */
  blocked: Vector;
  rowMax: number;
  /** (m) */
  exps: Vector;
  rowSum: number;
  /** exps[j] */
  numerator: number;
  weight: number;
  /** Every key of the row is blocked (under -Infinity: weight 0, rowSum 0; under a finite fill: uniform). */
  fullyMasked: boolean;
}

/** output[i][c] = Σ_j weights[i][j]·value[j][c]: left = weights[i][j], right = value[j][c]. */
export interface OutputExplanation extends ExplainedCell<'output'> {
  terms: ProductTerm[];
  /** The output cell as the engine computed it. */
  sum: number;
}

/** The explanation each stage returns. */
export interface ExplanationByStage {
  score: ScoreExplanation;
  scaled: ScaledExplanation;
  weight: WeightExplanation;
  output: OutputExplanation;
}

export type AttentionExplanation = ExplanationByStage[ExplainStage];

/** y[i][j] = Σ_k input[i][k]·weight[k][j] + bias[j]: left = input[i][k], right = weight[k][j]. */
export interface LinearExplanation {
  row: number;
  column: number;
  /** The products in index order. */
  terms: ProductTerm[];
  /** (input·weight)[i][j]: the products added in order. */
  productSum: number;
  /** bias[j], present when a bias was given. */
  bias?: number;
  /** The cell, bit-identical to the layer's (multi-head projections, W_O, the feed-forward layers). */
  value: number;
}

/** PE(pos, 2i) = sin(pos / 10000^(2i/d)), PE(pos, 2i+1) = cos of the same angle. */
export interface PositionalExplanation {
  position: number;
  column: number;
  dModel: number;
  /** i: the column pair (2i, 2i+1). */
  pair: number;
  /** 2i/d */
  exponent: number;
  /** 10000^(2i/d) */
  divisor: number;
  /** pos / divisor */
  angle: number;
  /** An odd column: cos; an even one: sin. */
  cosine: boolean;
  /** The cell, bit-identical to `positionalEncoding`'s. */
  value: number;
}

/** A gradient cell that is a sum of products, e.g. ∂L/∂V[j][c] = Σ_i weights[i][j]·gradOutput[i][c]. */
export interface GradientSumExplanation<S extends GradientStage> extends ExplainedCell<S> {
  /**
   * gradValue: weights[i][j]·gradOutput[i][c] over queries i; gradWeight: gradOutput[i][c]·value[j][c]
   * over c; gradQuery: gradScores[i][j]·key[j][c] over keys j; gradKey: gradScores[i][j]·query[i][c] over queries i.
   */
  terms: ProductTerm[];
  /** The gradient cell as the engine computed it. */
  sum: number;
}

/** gradScaled[i][j] = w_j·(g_j − Σ_k w_k·g_k), with w = weights[i] and g = gradWeights[i]. */
export interface GradScaledExplanation extends ExplainedCell<'gradScaled'> {
  weight: number;
  gradWeight: number;
  /** w_k·g_k for every key k of the row, in order. */
  terms: ProductTerm[];
  /** Σ_k w_k·g_k, adding the terms in order. */
  rowDot: number;
  /** gradWeight − rowDot */
  difference: number;
  /** The cell as the engine computed it (≈ weight·difference, or 0 when blocked). */
  gradScaled: number;
  /** Key j is masked for query i: the mask replaced its score by the fill, so its gradient is 0 whatever the fill. */
  blocked: boolean;
}

/** gradScores[i][j] = gradScaled[i][j] / √dK. */
export interface GradScoreExplanation extends ExplainedCell<'gradScore'> {
  gradScaled: number;
  sqrtDk: number;
  dK: number;
  gradScore: number;
}

/** The explanation each gradient stage returns. */
export interface GradientExplanationByStage {
  gradValue: GradientSumExplanation<'gradValue'>;
  gradWeight: GradientSumExplanation<'gradWeight'>;
  gradScaled: GradScaledExplanation;
  gradScore: GradScoreExplanation;
  gradQuery: GradientSumExplanation<'gradQuery'>;
  gradKey: GradientSumExplanation<'gradKey'>;
}

export interface PermutationTestTrace {
  /** (n) as given: row i of the shuffle is token permutation[i]. */
  permutation: number[];
  /** (n × d) what attention saw in order: X, or X + PE. */
  input: Matrix;
  /** (n × d) the tokens shuffled, then (optionally) PE added: X[p[i]] (+ PE(i)). */
  permutedInput: Matrix;
  /** (n × d) MHA(input). */
  output: Matrix;
  /** (n × d) MHA(permutedInput), same weights. */
  permutedOutput: Matrix;
  /** (n × d) permutedOutput with row i moved back to row permutation[i]. */
  realigned: Matrix;
  /** max |realigned − output|: rounding only (≈ 1e-16) without PE, clearly non-zero with it. */
  maxDifference: number;
}

export interface CrossEntropyTrace {
  /** Pass 3: the mean of rowLosses, as torch's default reduction. */
  loss: number;
  /** (n) pass 2: −ln probabilities[i][targets[i]], from the log-sum-exp (finite even when the probability underflows). */
  rowLosses: Vector;
  /** (n × c) pass 1: row softmax of the logits, max-subtracted. */
  probabilities: Matrix;
  /** (n × c) pass 4: ∂loss/∂logits = (probabilities − onehot(targets)) / n. */
  gradLogits: Matrix;
}

/** Every gradient of one backward pass of attention, pass by pass in reverse. */
export interface AttentionBackwardTrace {
  /** (n × d_v) ∂L/∂output, as given. */
  gradOutput: Matrix;
  /** (m × d_v) pass 1: ∂L/∂V = weightsᵀ·gradOutput (the dropped weights under dropout). */
  gradValue: Matrix;
  /** (n × m) pass 2: ∂L/∂weights = gradOutput·Vᵀ, through the dropout mask when there is one. */
  gradWeights: Matrix;
  /** (n × m) pass 3: softmax backward per row, w ∘ (g − Σ w·g); 0 on blocked cells and on a fully masked row. */
  gradScaled: Matrix;
  /** (n × m) pass 4: gradScaled / √d_k. */
  gradScores: Matrix;
  /** (n × d_k) pass 5: ∂L/∂Q = gradScores·K. */
  gradQuery: Matrix;
  /** (m × d_k) pass 6: ∂L/∂K = gradScoresᵀ·Q. */
  gradKey: Matrix;
}

/** Every gradient of one backward pass of multi-head attention, pass by pass in reverse. */
export interface MultiHeadAttentionBackwardTrace {
  /** (n × d_model) ∂L/∂output, as given. */
  gradOutput: Matrix;
  /** (d_model × d_model) pass 1: concatᵀ·gradOutput. */
  gradWO: Matrix;
  /** (d_model) pass 1: Σ rows of gradOutput; only when bO was given. */
  gradBO?: Vector;
  /** (n × d_model) pass 1: gradOutput·W_Oᵀ. */
  gradConcat: Matrix;
  /** Pass 2: each head's attention backward, from its columns of gradConcat. */
  heads: AttentionBackwardTrace[];
  /** (n × d_model) pass 3: the heads' gradQuery side by side. */
  gradProjectedQuery: Matrix;
  /** (m × d_model) pass 3: the heads' gradKey side by side. */
  gradProjectedKey: Matrix;
  /** (m × d_model) pass 3: the heads' gradValue side by side. */
  gradProjectedValue: Matrix;
  /** (d_model × d_model) pass 4: queryᵀ·gradProjectedQuery. */
  gradWQ: Matrix;
  /** (d_model × d_model) pass 4: keyᵀ·gradProjectedKey. */
  gradWK: Matrix;
  /** (d_model × d_model) pass 4: valueᵀ·gradProjectedValue. */
  gradWV: Matrix;
  /** (d_model) pass 4: Σ rows of gradProjectedQuery; only when bQ was given. */
  gradBQ?: Vector;
  /** (d_model) only when bK was given. */
  gradBK?: Vector;
  /** (d_model) only when bV was given. */
  gradBV?: Vector;
  /** (n × d_model) pass 4: gradProjectedQuery·W_Qᵀ. For self-attention, x's gradient is gradQuery + gradKey + gradValue. */
  gradQuery: Matrix;
  /** (m × d_model) pass 4: gradProjectedKey·W_Kᵀ. */
  gradKey: Matrix;
  /** (m × d_model) pass 4: gradProjectedValue·W_Vᵀ. */
  gradValue: Matrix;
}

// ---------------------------------------------------------------------------------------------
// Decoding with a key/value cache (lab.kvCacheDecode).

export interface KvCacheDecodeArgs extends ProjectionArgs {
  /** (n × d_model) the rows decoded one at a time; n·(n+1)·d_model ≤ 2097152 (each step returns its cache). */
  input: MatrixInput;
  /** Number of heads h; must divide d_model. */
  heads: number;
  /** Seed (0 … 2³²−1) for omitted weights; default 0. The same seed gives multiHeadAttention's weights. */
  seed?: number | undefined;
}

/** One decoding step: row `position` joins the cache and attends over it. */
export interface KvCacheStep {
  /** The row decoded, 0 … n−1. */
  position: number;
  /** (d_model) pass 1: this row's x·W_Q + b_Q. */
  query: Vector;
  /** ((position+1) × d_model) pass 1: the cached keys of rows 0 … position. */
  keys: Matrix;
  /** ((position+1) × d_model) the cached values. */
  values: Matrix;
  /** (h × (position+1)) pass 2: each head's softmax over the cached keys. */
  weights: Matrix;
  /** (d_model) pass 3: concat·W_O + b_O for this row. */
  outputRow: Vector;
  /** 4·d² + 2·(t+1)·d: this row's projections and attention. */
  multiplyAddsWithCache: number;
  /** 4·(t+1)·d² + 2·(t+1)²·d: the whole layer rerun on rows 0 … t. */
  multiplyAddsWithoutCache: number;
}

/** The memory of a model's key/value cache for one sequence (lab.kvCacheMemory). */
export interface KvCacheMemoryArgs {
  /** Decoder layers, 1 … 1024: each keeps its own cache. */
  layers: number;
  /** Tokens in the cache (the context n), 1 … 2²⁰. */
  length: number;
  /** Model width, 1 … 65536: the width of each cached key and value. */
  dModel: number;
  /** 1, 2, 4 or 8 (int8, float16, float32, float64). */
  bytesPerNumber: number;
}

export interface KvCacheMemoryTrace {
  /** Pass 1: 2·layers·length·dModel numbers cached. */
  numbers: number;
  /** Pass 2: numbers × bytesPerNumber. */
  bytes: number;
  /** Pass 3: bytes / 1024². */
  mebibytes: number;
  /** Pass 3: bytes / 1024³. */
  gibibytes: number;
}

export interface KvCacheDecodeTrace {
  dModel: number;
  /** d_model / heads. */
  dK: number;
  /** The weights actually used (given or seeded). */
  params: MultiHeadParams;
  /** One step per input row, in order. */
  positions: KvCacheStep[];
  /** (n × d_model) the output rows stacked: multiHeadAttention's output with mask 'causal'. */
  output: Matrix;
  /** 2·n·d_model: the keys and values cached at the end. */
  cacheCells: number;
}

// ---------------------------------------------------------------------------------------------
// Grading an answer (lab.diagnose), for exercises.

/** The mistakes lab.diagnose recognises, in its order of precedence. */
export type Misconception = 'unscaled' | 'dividedByDk' | 'maskIgnored' | 'noSoftmax' | 'columnSoftmax' | 'roundedEarly';

export interface DiagnoseArgs extends QueryKeyValueArgs {
  /** Which matrix the cell is in. */
  stage: ExplainStage;
  /** The query row i, 0 … n−1. */
  row: number;
  /** The key j (0 … m−1), or for `output` the value column c (0 … d_v−1). */
  column: number;
  /** The learner's number (finite). */
  answer: number;
  /** How close counts as the same number, > 0; default 0.005. */
  tolerance?: number | undefined;
}

export interface Diagnosis {
  /** |answer − expected| ≤ tolerance. */
  correct: boolean;
  /** The cell of attention's own trace. */
  expected: number;
  /** The mistake the answer matches (the first in `candidates` whose value is within tolerance of the answer and not of `expected`); null when correct or none matches. */
  misconception: Misconception | null;
  /** Every mistake that can change this stage, with the cell's value when attention is run with it. */
  candidates: { misconception: Misconception; value: number }[];
}

// ---------------------------------------------------------------------------------------------
// Measuring what a variant costs (lab.measureCost), for the cost lab.

/** The variants lab.measureCost times. */
export type CostVariant = 'full' | 'flash' | 'chunked' | 'linear' | 'sparse' | 'rnn';

export interface MeasureCostArgs {
  /** Which kernel to time. */
  variant: CostVariant;
  /** Sequence length, 1 … 4096 (queries = keys = values = rows). */
  n: number;
  /** Width of query, key and value (the RNN's input and state), 1 … 1024; default 64. */
  d?: number | undefined;
  /** Timed runs on the same inputs, 1 … 50; default 3. */
  repeats?: number | undefined;
  /** Flash tile and chunk size, 1 … 4096, used as min(block, n); default 64. */
  block?: number | undefined;
  /** Sparse: keys within ±window of each query, 0 … 4096; default 32. */
  window?: number | undefined;
  /** Seed (0 … 2³²−1) of the inputs, drawn in the engine; default 0. */
  seed?: number | undefined;
}

export interface CostMeasurement {
  variant: CostVariant;
  n: number;
  d: number;
  /** Each repeat's wall time in seconds, the lean kernel alone (std::chrono::steady_clock). */
  seconds: Vector;
  /** Cells (8 bytes each) of the largest single intermediate of one run. */
  peakCells: number;
  /** Multiply-adds of one run. */
  multiplyAdds: number;
}

export interface CostGrowthArgs {
  /** Which kernel to measure. */
  variant: CostVariant;
  /** Sequence length, 1 … 2048: the variant is measured at n and at 2n. */
  n: number;
  /** Width of query, key and value (the RNN's input and state), 1 … 1024; default 64. */
  d?: number | undefined;
  /** Flash tile and chunk size, 1 … 4096, used as min(block, n); default 64. */
  block?: number | undefined;
  /** Sparse: keys within ±window of each query, 0 … 4096; default 32. */
  window?: number | undefined;
  /** Seed (0 … 2³²−1) of the inputs, drawn in the engine; default 0. */
  seed?: number | undefined;
}

/** How a variant's exact counts grow when n doubles (lab.costGrowth). */
export interface CostGrowth {
  /** Pass 1: one run at n. */
  atN: CostMeasurement;
  /** Pass 2: one run at 2n. */
  atDoubleN: CostMeasurement;
  /** Pass 3: atDoubleN.multiplyAdds / atN.multiplyAdds. */
  multiplyAddsFactor: number;
  /** Pass 3: atDoubleN.peakCells / atN.peakCells. */
  peakCellsFactor: number;
}

// ---------------------------------------------------------------------------------------------
// The trainer (lab.createTrainer): a small transformer trained by the engine. Not an engine
// operation: an object with state, freed by dispose(). What it computes: docs/engine.md, "Trainer".

/** The tasks a trainer can learn. */
export type TrainerTask = 'reverse' | 'sort' | 'induction' | 'iris';
/** The optimizers, with PyTorch 1.13's update rules. */
export type TrainerOptimizer = 'adam' | 'adamw' | 'sgd';

/** The model's shape; an omitted field takes the task's default. */
export interface TrainerModelOptions {
  /** Width of every token's vector, 2 … 256, divisible by `heads`. */
  dModel?: number | undefined;
  /** Attention heads per layer, 1 … 16. */
  heads?: number | undefined;
  /** Encoder layers (post-norm), 1 … 4. */
  layers?: number | undefined;
  /** Hidden width of each feed-forward block, 1 … 1024. */
  dFF?: number | undefined;
}

/** The options of {@link AttentionLab.createTrainer}. Every omitted option takes the task's default ({@link TrainerStatus.options} shows them). */
export interface TrainerOptions {
  /** What to learn (default `'reverse'`): reverse or sort a sequence, induction (predict the token that followed the earlier occurrence), or classify Iris flowers. */
  task?: TrainerTask | undefined;
  model?: TrainerModelOptions | undefined;
  /** Seeds the initial weights, the data and dropout: a whole number 0 … 2³²−1 (default 0). Same options and seed → the same loss at every step, bit for bit. */
  seed?: number | undefined;
  /** Positive, finite, at most 10. */
  learningRate?: number | undefined;
  /** Examples per step, 1 … 256 (iris: at most 120). */
  batchSize?: number | undefined;
  optimizer?: TrainerOptimizer | undefined;
  /** 0 … 1 (AdamW's decoupled decay, or L2 for Adam and SGD as in PyTorch). */
  weightDecay?: number | undefined;
  /** Probability of zeroing an attention weight while training, 0 ≤ p < 1; off in evaluate(). */
  dropout?: number | undefined;
  /** Largest global gradient norm before clipping; 0 turns clipping off. */
  clipNorm?: number | undefined;
  /** Toy tasks: tokens per sequence, 2 … 32 (default 6). */
  length?: number | undefined;
  /** Toy tasks: distinct symbols, 2 … 64 (default 10). */
  vocabulary?: number | undefined;
}

/** The options a trainer runs with, defaults filled in. */
export interface TrainerConfig {
  task: TrainerTask;
  model: { dModel: number; heads: number; layers: number; dFF: number };
  seed: number;
  learningRate: number;
  batchSize: number;
  optimizer: TrainerOptimizer;
  weightDecay: number;
  dropout: number;
  clipNorm: number;
  /** Iris: 4, one token per feature. */
  length: number;
  /** Iris: 3, the classes. */
  vocabulary: number;
}

/** What {@link Trainer.step} returns. */
export interface TrainerStep {
  /** Steps taken so far, in total. */
  step: number;
  /** The training loss (mean cross-entropy) of the last step taken. */
  loss: number;
  /** The loss of each step of this call, in order. */
  losses: Vector;
}

/** What {@link Trainer.evaluate} and {@link Trainer.ablate} return. */
export interface TrainerEvaluation {
  /** Mean cross-entropy over the scored positions of the held-out set. */
  loss: number;
  /** Fraction of scored positions (iris: test examples) predicted right, 0 … 1. */
  accuracy: number;
  /** How many positions (iris: examples) were scored. */
  scored: number;
  /** The class labels in class order: iris `'setosa'`, `'versicolor'`, `'virginica'`; toy tasks the symbols `'0'` … `'vocabulary − 1'`. */
  classes: string[];
  /**
   * (classes × classes) counts over the scored positions: row = true class, column = predicted,
   * both in the order of {@link TrainerEvaluation.classes}. The entries add up to `scored` and
   * the diagonal to the right ones, so `accuracy` is exactly trace / scored.
   */
  confusion: Matrix;
}

/** Iris's probe flower as the model read it, in the order of {@link TrainerAttention.tokens} (the feature names). */
export interface TrainerProbeFeatures {
  /** The four measurements in cm (sepal length, sepal width, petal length, petal width). */
  cm: Vector;
  /** The same standardised with the training split's mean and standard deviation: the model's input. */
  standardised: Vector;
}

/** What {@link Trainer.attention} returns: every head's weights on the task's fixed probe example. */
export interface TrainerAttention {
  /** The probe's input, one label per position. */
  tokens: string[];
  /** The expected output per position, `""` where unscored. */
  targets: string[];
  /** The model's prediction per position (iris: one, the class), `""` where unscored. */
  predictions: string[];
  /** `weights[layer][head]`, each (n × n), rows summing to 1. */
  weights: Matrix[][];
  /**
   * `inputs[layer]`, each (n × d_model): the probe as that layer read it: the embedded tokens plus
   * positions (iris: value·w_f + b_f) for layer 0, the previous layer's output after. With the
   * layer's {@link Trainer.parameters} and `activation: 'relu'`, `encoderLayer` on it gives
   * `weights[layer]` again, bit for bit.
   */
  inputs: Matrix[];
  /** Whether the model's attention is causal (induction): a rerun of a layer needs `mask: 'causal'`. */
  causal: boolean;
  /** Iris: the probe flower's measurements; `null` for the toy tasks, whose input is the tokens. */
  features: TrainerProbeFeatures | null;
}

/** What {@link Trainer.headScores} returns. */
export interface TrainerHeadScores {
  /** What a score measures, in words (e.g. mean attention on the mirrored position). */
  measure: string;
  /** `scores[layer][head]`, each 0 … 1. */
  scores: number[][];
  /** False for iris, which has no ideal pattern: there a score says how concentrated the head is. */
  hasIdeal: boolean;
  /** (n × n) the ideal pattern on the probe; null when there is none. */
  ideal: Matrix | null;
}

/** What {@link Trainer.status} returns. */
export interface TrainerStatus {
  /** `'diverged'` once a loss or gradient went non-finite: then step() throws. */
  state: 'ready' | 'diverged';
  /** Why the trainer stopped (e.g. the step whose loss became NaN); `""` while ready. */
  message: string;
  /** Steps taken so far. */
  step: number;
  options: TrainerConfig;
}

/**
 * A training run in the engine. Every method may throw {@link AttentionError}; after
 * {@link Trainer.dispose} every other method throws one naming itself.
 */
export interface Trainer {
  /** Takes `steps` training steps (a whole number 1 … 10000, default 1), each on a fresh batch. Throws an AttentionError when the run diverges. */
  step(steps?: number): TrainerStep;
  /** Loss and accuracy on the held-out set (toy tasks: 500 sequences; iris: the 30 test rows), without dropout. */
  evaluate(): TrainerEvaluation;
  /** Every head's attention weights on the task's probe example. */
  attention(): TrainerAttention;
  /** How strongly each head follows the task's ideal pattern on the probe. */
  headScores(): TrainerHeadScores;
  /** evaluate() with one head's output zeroed before W_O. */
  ablate(which: { layer: number; head: number }): TrainerEvaluation;
  /** Every parameter by name (e.g. `"embedding"`, `"layer0.attention.wQ"`): matrices as Matrix, biases and layer-norm γ, β as Vector. */
  parameters(): Record<string, Matrix | Vector>;
  status(): TrainerStatus;
  /** Frees the model, the optimizer's state and the data in the engine. Calling it again does nothing. */
  dispose(): void;
}

export interface MemoryUse {
  /** Bytes malloc has handed out and not taken back; flat across calls when nothing leaks. */
  heapBytesInUse: number;
  /** Size of the WebAssembly memory (grows, never shrinks). */
  wasmMemoryBytes: number;
  /** Live Embind value handles. */
  liveHandles: number;
  /** Trainers created and not yet disposed (or collected). */
  liveTrainers: number;
}

// ---------------------------------------------------------------------------------------------
// matrixDifference: the proof panels' comparisons (issue 11)

export interface MatrixDifferenceArgs {
  /** (n × m) finite numbers, e.g. flashAttention's output. */
  left: MatrixInput;
  /** (n × m) finite numbers of the same shape, e.g. attention's output on the same inputs. */
  right: MatrixInput;
}

export interface MatrixDifferenceTrace {
  /** (n × m) pass 1: left − right, cell by cell. */
  difference: Matrix;
  /** Pass 2: max |left − right| (0 when every cell is the same double). */
  maxAbsDifference: number;
  /** Pass 2: the row of that largest difference (the first such cell, row-major). */
  maxRow: number;
  /** Pass 2: its column. */
  maxColumn: number;
  /** Pass 3: cells where left and right are the same double (==, no tolerance). */
  identicalCells: number;
  /** n·m. */
  cells: number;
}

// ---------------------------------------------------------------------------------------------
// Issue 11: attention at scale (tiled, chunked), over sequences of up to `maxSequence` rows

/** `'float64'` (double) or `'float32'` (float, widened to numbers only when returned). */
export type Precision = 'float64' | 'float32';

/** The query, key and value of a scale operation: up to `lab.maxSequence` (4096) rows each. */
export interface SequenceArgs extends MaskingArgs {
  /** (n × d_k), n ≤ 4096 */
  query: MatrixInput;
  /** (m × d_k), m ≤ 4096 */
  key: MatrixInput;
  /** (m × d_v) */
  value: MatrixInput;
  /** Default true; `false` returns only the lean fields (for n in the thousands, whose trace would be refused). */
  trace?: boolean | undefined;
}

export interface FlashAttentionArgs extends SequenceArgs {
  /** Queries per tile, 1 … n; default min(n, 16). */
  blockRows?: number | undefined;
  /** Keys per tile, 1 … m; default min(m, 16). */
  blockCols?: number | undefined;
  precision?: Precision | undefined;
}

/** One tile of flash attention; every vector has one entry per query row of the tile. */
export interface FlashTile {
  rowBlock: number;
  colBlock: number;
  /** Its first query. */
  rowStart: number;
  /** Its first key. */
  colStart: number;
  /** (rows × cols) pass 2: Q·Kᵀ/√d_k of the tile, blocked cells = maskFill. */
  scores: Matrix;
  /** Pass 3: each row's max over the tile. */
  tileMax: Vector;
  /** The running max m before the tile (−Infinity before the first). */
  maxBefore: Vector;
  /** m after: max(maxBefore, tileMax). */
  maxAfter: Vector;
  /** α = exp(maxBefore − maxAfter); 0 for the first tile. */
  rescale: Vector;
  /** (rows × cols) pass 4: exp(score − maxAfter). */
  exps: Matrix;
  /** The running sum ℓ after: α·ℓ_before + Σ exps. */
  sumAfter: Vector;
  /** (rows × d_v) pass 5: α·Õ_before + exps·V of the tile, not yet divided by ℓ. */
  partialOutput: Matrix;
}

export interface FlashAttentionTrace {
  /** (n × d_v) pass 6: Õ / ℓ, equal to `attention(…).output` within 1e-12 (0 for a fully masked row). */
  output: Matrix;
  /** (n) the final running max: each row's max masked score (−Infinity for a fully masked row). */
  rowMax: Vector;
  /** (n) the final running sum Σ exp(score − rowMax) (0 for a fully masked row). */
  rowSum: Vector;
  /** Queries per tile, as used. */
  blockRows: number;
  /** Keys per tile, as used. */
  blockCols: number;
  /** 1, or the power of two `value` was multiplied by (values within a factor m of the largest double) so the running output Õ stays finite; `partialOutput` is in those units, `output` is not. */
  valueScale: number;
  /** Cells of the largest intermediate allocated: tile buffers, never n × m. */
  peakCells: number;
  /** Every tile in the order computed (row block outer); only with trace. */
  tiles?: FlashTile[];
}

export interface ChunkedAttentionArgs extends SequenceArgs {
  /** Queries and keys per chunk, 1 … n. */
  chunkSize: number;
}

/** One query chunk against one key chunk, summarised on its own. */
export interface AttentionChunk {
  queryStart: number;
  keyStart: number;
  rows: number;
  cols: number;
  /** (rows) each row's max over the chunk's scores. */
  chunkMax: Vector;
  /** (rows) Σ exp(score − chunkMax) over the chunk's keys. */
  chunkSum: Vector;
  /** (rows × d_v) Σ exp(score − chunkMax)·V over the chunk's keys. */
  chunkOutput: Matrix;
}

/** How one query chunk's summaries combine into its output. */
export interface ChunkCombination {
  queryStart: number;
  rows: number;
  /** (rows) the max of the chunk maxes. */
  globalMax: Vector;
  /** (key chunks × rows) exp(chunkMax − globalMax). */
  factors: Matrix;
  /** (rows) Σ factor·chunkSum, the softmax's denominator. */
  sum: Vector;
  /** (rows × d_v) Σ factor·chunkOutput / sum. */
  output: Matrix;
}

export interface ChunkedAttentionTrace {
  /** (n × d_v) equal to `attention(…).output` within 1e-12. */
  output: Matrix;
  chunkSize: number;
  /** 1, or the power of two `value` was multiplied by (values within a factor m of the largest double) so the summed outputs stay finite; `chunkOutput` is in those units, `output` is not. */
  valueScale: number;
  /** Cells of the largest intermediate allocated: a chunk or one query chunk's summaries, never n × m. */
  peakCells: number;
  /** Every chunk's summary (query chunk outer, key chunk inner); only with trace. */
  chunks?: AttentionChunk[];
  /** Each query chunk's combination; only with trace. */
  combinations?: ChunkCombination[];
}

/** The API returned by {@link loadAttentionLab}. Every call may throw {@link AttentionError}. */
export interface AttentionLab {
  /** Row softmax, max-subtracted. */
  softmax(args: SoftmaxArgs): SoftmaxTrace;
  /** softmax(Q·Kᵀ/√d_k)·V with every intermediate. */
  attention(args: AttentionArgs): AttentionTrace;
  /** Project, split into heads, attend, concatenate, W_O. */
  multiHeadAttention(args: MultiHeadAttentionArgs): MultiHeadAttentionTrace;
  /** Sinusoidal positional encoding, (length × dModel). */
  positionalEncoding(args: PositionalEncodingArgs): Matrix;
  /** Layer normalisation of each row. */
  layerNorm(args: LayerNormArgs): LayerNormTrace;
  /** activation(x·W1 + b1)·W2 + b2. */
  feedForward(args: FeedForwardArgs): FeedForwardTrace;
  /** Layer norm, then its backward pass from gradOutput: ∂L/∂input, ∂L/∂γ, ∂L/∂β. */
  layerNormBackward(args: LayerNormBackwardArgs): LayerNormBackwardTrace;
  /** The feed-forward network, then its backward pass from gradOutput: ∂L/∂input and every weight's and bias's gradient. */
  feedForwardBackward(args: FeedForwardBackwardArgs): FeedForwardBackwardTrace;
  /** Post-norm encoder layer: x = LN₁(x + MHA(x)); y = LN₂(x + FFN(x)). */
  encoderLayer(args: EncoderLayerArgs): EncoderLayerTrace;
  /** The gradients of the encoder layer's input and every parameter from ∂L/∂output (runs the forward itself). */
  encoderLayerBackward(args: EncoderLayerBackwardArgs): EncoderLayerBackwardTrace;
  /** Row entropy of attention weights, with the ln m bound and the mean, min and max over rows. */
  attentionEntropy(args: EntropyArgs): EntropyTrace;
  /** A seeded random matrix (normal by default), the same wherever the package runs. */
  randomMatrix(args: RandomMatrixArgs): Matrix;
  /** Tokens → rows of a seeded embedding table; the same token always gets the same row. */
  embedTokens(args: EmbedTokensArgs): TokenEmbeddingTrace;
  /** input + PE, row i getting position i. */
  addPositionalEncoding(args: AddPositionalEncodingArgs): PositionalAdditionTrace;
  /** PE·PEᵀ and its cosine form: how alike the encodings of every two positions are. */
  positionSimilarity(args: PositionalEncodingArgs): PositionSimilarityTrace;
  /** Why divide by √d_k: score variance, and peak, entropy and gradient of the softmax with and without scaling. */
  scalingExperiment(args: ScalingExperimentArgs): ScalingExperimentTrace;
  /** The softmax of one row of logits and its Jacobian diag(p) − p·pᵀ. */
  softmaxJacobian(args: SoftmaxJacobianArgs): SoftmaxJacobianTrace;
  /** The exact arithmetic behind one cell of an attention trace, bit-identical to `attention`'s. */
  explainAttention<S extends ExplainStage>(args: ExplainAttentionArgs<S>): ExplanationByStage[S];
  /** The exact arithmetic behind one gradient cell of `attentionBackward`, bit-identical to its trace. */
  explainAttentionBackward<S extends GradientStage>(args: ExplainAttentionBackwardArgs<S>): GradientExplanationByStage[S];
  /** The products, bias and value of one cell of a linear layer y = x·W + b, bit-identical to the layer's. */
  explainLinear(args: ExplainLinearArgs): LinearExplanation;
  /** The angle and sine or cosine behind one cell of the positional encoding, bit-identical to `positionalEncoding`'s. */
  explainPositionalEncoding(args: ExplainPositionalEncodingArgs): PositionalExplanation;
  /** Self-attention on the tokens in order and shuffled, with or without positional encoding. */
  permutationTest(args: PermutationTestArgs): PermutationTestTrace;
  /** Mean cross-entropy of each row's logits against its target class, and its gradient. */
  crossEntropy(args: CrossEntropyArgs): CrossEntropyTrace;
  /** The gradients of attention's inputs and intermediates from ∂L/∂output (runs the forward itself). */
  attentionBackward(args: AttentionBackwardArgs): AttentionBackwardTrace;
  /** The gradients of multi-head attention's inputs, weights and biases from ∂L/∂output (runs the forward itself). */
  multiHeadAttentionBackward(args: MultiHeadAttentionBackwardArgs): MultiHeadAttentionBackwardTrace;
  /** Causal multi-head self-attention decoded row by row with a growing key/value cache. */
  kvCacheDecode(args: KvCacheDecodeArgs): KvCacheDecodeTrace;
  /** The memory of a model's key/value cache: 2·layers·length·dModel numbers and their bytes. */
  kvCacheMemory(args: KvCacheMemoryArgs): KvCacheMemoryTrace;
  /** Tiled attention with the online softmax (FlashAttention): attention's output without an n × m matrix. */
  flashAttention(args: FlashAttentionArgs): FlashAttentionTrace;
  /** Attention by chunks of queries and keys (Rabe & Staats 2021): attention's output without an n × m matrix. */
  chunkedAttention(args: ChunkedAttentionArgs): ChunkedAttentionTrace;
  /** Times one variant's lean kernel on inputs drawn in the engine: seconds per repeat, peak cells, multiply-adds. */
  measureCost(args: MeasureCostArgs): CostMeasurement;
  /** Measures a variant at n and at 2n, one run each, and the factors by which its multiply-adds and largest intermediate grew. */
  costGrowth(args: CostGrowthArgs): CostGrowth;
  /** Grades a learner's number for one cell of attention and names the mistake it matches, if any. */
  diagnose(args: DiagnoseArgs): Diagnosis;
  /** A new training run of a small transformer (see {@link Trainer}); free it with `dispose()`. */
  createTrainer(options?: TrainerOptions): Trainer;
  /** The cap on every dimension (1024), except the sequence length of the scale operations. */
  readonly maxDimension: number;
  /**
   * The cap on the sequence length (rows of `query`, `key`, `value`, `input`) of the scale
   * operations (4096); their other dimensions stay within {@link AttentionLab.maxDimension}.
   */
  readonly maxSequence: number;
  /**
   * The most cells (doubles) of one intermediate a scale operation may allocate (2²⁴); a call
   * whose `peakCells` would exceed it is refused before allocating.
   */
  readonly maxPeakCells: number;
  /** Memory diagnostics, for leak checks. */
  memory(): MemoryUse;
  /** left − right cell by cell, its largest size and where, and how many cells are the same double. */
  matrixDifference(args: MatrixDifferenceArgs): MatrixDifferenceTrace;
  // Issue 11: linear and sparse attention, the recurrent network.
  /** Linear attention, φ(x) = elu(x) + 1: the sum over keys φ(K)ᵀV computed once, shared by every query. */
  linearAttention(args: LinearAttentionArgs): LinearAttentionTrace;
  /** Attention over a sliding window, global tokens and seeded random keys; traced, exactly `attention` with that mask. */
  sparseAttention(args: SparseAttentionArgs): SparseAttentionTrace;
  /** A minimal recurrent network, h_t = tanh(x_t·W_x + h_{t−1}·W_h + b): what attention replaced, to time against it. */
  rnnForward(args: RnnForwardArgs): RnnForwardTrace;
}

// ---------------------------------------------------------------------------------------------
// Issue 11: linear and sparse attention, the recurrent network

export interface LinearAttentionArgs {
  /** (n × d_k) */
  query: MatrixInput;
  /** (m × d_k); m = n when causal. */
  key: MatrixInput;
  /** (m × d_v) */
  value: MatrixInput;
  /** Query i sees keys 0 … i only, through one running state; default false. */
  causal?: boolean | undefined;
  /** false: only state, normalizer, output and peakCells (for n in the thousands); default true. */
  trace?: boolean | undefined;
}

/** Linear attention (Katharopoulos et al. 2020), every intermediate. */
export interface LinearAttentionTrace {
  /** (n × d_k) pass 1: φ(Q), φ(x) = elu(x) + 1 (x + 1 above 0, eˣ otherwise); only traced. */
  featureQuery?: Matrix;
  /** (m × d_k) pass 1: φ(K); only traced. */
  featureKey?: Matrix;
  /** (d_k × d_v) pass 2: φ(K)ᵀ·V over all keys. */
  state: Matrix;
  /** (d_k) pass 2: φ(K)ᵀ·1 over all keys. */
  normalizer: Vector;
  /** (n × d_k × d_v) causal and traced only: row i is the state over keys 0 … i. */
  prefixStates?: Matrix[];
  /** (n × d_k) causal and traced only: row i is the normalizer over keys 0 … i. */
  prefixNormalizers?: Matrix;
  /** (n × d_v) pass 3: φ(q_i)·S / (φ(q_i)·z), with the prefix S and z when causal. */
  output: Matrix;
  /** Cells the lean path holds: the state d_k·d_v plus the output n·d_v (never n × m). */
  peakCells: number;
}

export interface SparseAttentionArgs {
  /** (n × d_k) one row per token. */
  query: MatrixInput;
  /** (n × d_k) */
  key: MatrixInput;
  /** (n × d_v) */
  value: MatrixInput;
  /** Key j is allowed for query i when |i − j| ≤ window (Longformer). */
  window: number;
  /** Tokens (0 … n − 1, each once) that attend to every key and that every query attends to. */
  globalTokens?: VectorInput | undefined;
  /** Extra random keys per query (BigBird), 0 … n; default 0. */
  randomPerRow?: number | undefined;
  /** Seed (0 … 2³²−1) of the random keys; default 0. */
  seed?: number | undefined;
  /** What blocked scores become: `-Infinity` (default) or any finite number. */
  maskFill?: number | undefined;
  /** false: only output, keysPerRow and peakCells, computed without any n × n matrix; default true. */
  trace?: boolean | undefined;
}

/** Sparse attention: traced, every field of attention's trace (its mask the pattern); lean, only the last three. */
export interface SparseAttentionTrace extends Partial<Omit<AttentionTrace, 'output' | 'dropoutMask' | 'droppedWeights'>> {
  /** (n × d_v) pass 5: weights·V over the allowed keys. */
  output: Matrix;
  /** (n) allowed keys of each query. */
  keysPerRow: number[];
  /** Σ keysPerRow: the weights the lean path keeps, one per allowed cell. */
  peakCells: number;
}

export interface RnnForwardArgs {
  /** (n × d) one row per step. */
  input: MatrixInput;
  /** Width of the state h, 1 … 1024; default d. */
  hidden?: number | undefined;
  /** Seed (0 … 2³²−1) of omitted weights; default 0. */
  seed?: number | undefined;
  /** (d × hidden) input weights; seeded Xavier when omitted. */
  wX?: MatrixInput | undefined;
  /** (hidden × hidden) recurrent weights; seeded Xavier when omitted. */
  wH?: MatrixInput | undefined;
  /** (hidden) bias; none when omitted. */
  b?: VectorInput | undefined;
}

/** A minimal recurrent network's run. */
export interface RnnForwardTrace {
  /** (d × hidden) as used. */
  wX: Matrix;
  /** (hidden × hidden) as used. */
  wH: Matrix;
  /** (hidden) only when given. */
  b?: Vector;
  /** (n × hidden) row t = tanh(x_t·W_x + h_{t−1}·W_h + b), h_0 = 0. */
  states: Matrix;
  /** n·(d·hidden + hidden²), each step waiting on the one before. */
  multiplyAdds: number;
  /** The states, n·hidden. */
  peakCells: number;
}
