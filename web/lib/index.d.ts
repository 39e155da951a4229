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
  /** The engine's .wasm bytes, if you have them already (no fetch is made). */
  wasmBinary?: ArrayBuffer | Uint8Array | undefined;
  /** Where to fetch `attention-core.wasm` from (default: beside the package's index.js). */
  wasmUrl?: string | URL | undefined;
  /** Emscripten-style: given the file name `attention-core.wasm`, return its URL. */
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

export interface AttentionArgs extends MaskingArgs {
  /** (n × d_k) */
  query: MatrixInput;
  /** (m × d_k) */
  key: MatrixInput;
  /** (m × d_v) */
  value: MatrixInput;
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

export interface MultiHeadAttentionArgs extends ProjectionArgs, MaskingArgs {
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

export interface EncoderLayerArgs extends ProjectionArgs, MaskingArgs {
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
}

export interface EntropyArgs {
  /** (n × m) rows that are non-negative and sum to 1 (or are all zero). */
  weights: MatrixInput;
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
  /** (n × d_v) pass 5: weights·V. */
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
}

export interface FeedForwardTrace {
  /** (n × d_ff) x·W1 + b1. */
  hidden: Matrix;
  /** (n × d_ff) activation(hidden). */
  activated: Matrix;
  /** (n × d_model) activated·W2 + b2. */
  output: Matrix;
}

export interface EncoderParameterCount {
  /** 4·d² + 4·d */
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

export interface EntropyTrace {
  /** (n) −Σ w·ln w in nats. */
  entropy: Vector;
  /** ln m, the entropy of uniform weights. */
  maxEntropy: number;
}

export interface MemoryUse {
  /** Bytes malloc has handed out and not taken back; flat across calls when nothing leaks. */
  heapBytesInUse: number;
  /** Size of the WebAssembly memory (grows, never shrinks). */
  wasmMemoryBytes: number;
  /** Live Embind value handles. */
  liveHandles: number;
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
  /** Post-norm encoder layer: x = LN₁(x + MHA(x)); y = LN₂(x + FFN(x)). */
  encoderLayer(args: EncoderLayerArgs): EncoderLayerTrace;
  /** Row entropy of attention weights, with the ln m bound. */
  attentionEntropy(args: EntropyArgs): EntropyTrace;
  /** The cap on every dimension. */
  readonly maxDimension: number;
  /** Memory diagnostics, for leak checks. */
  memory(): MemoryUse;
}
