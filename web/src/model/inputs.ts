// What each kind of walkthrough starts from: the `inputs` of a walkthrough file, as the
// validator (kinds/<kind>/rules.ts) accepts them and the kinds' modules read them. The rest of
// the page's model is in types.ts, which re-exports these.
import type { Mask } from '../../lib/index.js';

/** Inputs of a walkthrough of plain scaled dot-product attention. */
export interface AttentionInputs {
  query: number[][];
  key: number[][];
  value: number[][];
  mask?: Mask | null;
  maskFill?: number | null;
  /** The seed the random inputs were drawn with, shown so a learner can get them back. */
  seed?: number;
}

/** Inputs of a walkthrough of multi-head (or single-head) self- or cross-attention on tokens. */
export interface MultiHeadInputs {
  /** Query tokens (the target sequence in cross-attention). */
  tokens: string[];
  /** Key/value tokens for cross-attention; omitted for self-attention. */
  sourceTokens?: string[];
  dModel: number;
  heads: number;
  seed: number;
  mask?: Mask | null;
  maskFill?: number | null;
}

/**
 * Inputs of a walkthrough of one backward pass of attention: its forward's inputs and the
 * gradient arriving at its output. The loss is L = Σᵢⱼ gradOutputᵢⱼ·outputᵢⱼ, so ∂L/∂output is
 * gradOutput itself: editing it picks another loss.
 */
export interface AttentionBackwardInputs extends AttentionInputs {
  /** (n × d_v) ∂L/∂output. */
  gradOutput: number[][];
}

/** Inputs of the positional-encoding lesson: the encoding's size, the columns drawn as waves, and a sentence to shuffle. */
export interface PositionalInputs {
  /** Positions, 1 … 1024. */
  length: number;
  /** Width of the encoding, 1 … 1024. */
  dModel: number;
  /** Columns of PE drawn as waves: numbers in the JSON, their text once typed in the parameters panel. */
  dimensions: (number | string)[];
  /** The sentence of the permutation test; it is shuffled into reverse order. */
  tokens: string[];
  /** Embedding width of that sentence (small, so its matrices can be read). */
  tokenDModel: number;
  heads: number;
  seed: number;
}

/** Inputs of the encoder-layer lesson: a sentence through one post-norm encoder layer. */
export interface EncoderInputs {
  tokens: string[];
  dModel: number;
  heads: number;
  dFF: number;
  activation: 'relu' | 'gelu';
  /** 'on': zero biases in the attention projections, as nn.TransformerEncoderLayer; 'off': none, as MultiheadAttention(bias=False). */
  attentionBias: 'on' | 'off';
  seed: number;
}

/** Inputs of the scaling lesson: seeded random queries and keys, measured with and without √d_k. */
export interface ScalingInputs {
  /** The width shown in detail, 1 … 1024; the charts always sweep d_k = 4 … 1024. */
  dK: number;
  /** Keys per query. */
  keys: number;
  /** Draws per width; samples × keys × 1024 ≤ 2²⁴ (the engine's cap, reached at d_k = 1024). */
  samples: number;
  seed: number;
}

/** Inputs of the entropy lesson: a seeded random sequence, attended by one head and by h heads. */
export interface EntropyInputs {
  /** Tokens n (rows of the random sequence). */
  length: number;
  dModel: number;
  heads: number;
  seed: number;
}

/**
 * Inputs of the flash-attention lesson: attention's inputs, computed tile by tile by the engine's
 * flashAttention, with the tile's size and which loop runs outside.
 */
export interface FlashInputs extends AttentionInputs {
  /** Query rows per tile, 1 … n. */
  blockRows: number;
  /** Keys per tile, 1 … m. */
  blockCols: number;
  /**
   * The order the tiles are shown in: 'rows' (each block of queries meets every block of keys
   * before the next, as FlashAttention-2 and the engine loop) or 'columns' (each block of keys
   * visits every block of queries, as FlashAttention-1). The tiles' numbers are the same.
   */
  order: 'rows' | 'columns';
}

/** Inputs of the KV-cache lesson: a seeded random sequence decoded one token at a time, and a model to size a cache for. */
export interface KvCacheInputs {
  /** Tokens decoded, 1 … 12 (rows of the random input). */
  length: number;
  dModel: number;
  heads: number;
  seed: number;
  /** The public model whose cache the memory step sizes (one of KV_MODELS). */
  model: string;
  /** Tokens kept in that model's cache. */
  context: number;
  /** Bytes per cached number: 4 (float32), 2 (float16/bfloat16) or 1 (int8). */
  bytes: number;
}

/**
 * Inputs of the linear and sparse attention lesson: a seeded random sequence (Q, K and V drawn
 * by the engine), attended fully, through sparse patterns and through linear attention.
 */
export interface EfficientInputs {
  /** Tokens n. */
  length: number;
  /** Width d of Q, K and V (linear attention's state is d × d). */
  dModel: number;
  /** Sliding window of the sparse patterns (sparseAttention's `window`). */
  window: number;
  /**
   * Positions every token attends to and is attended by (Longformer's global tokens): numbers in
   * the JSON, their text once typed in the parameters panel ("none" for none).
   */
  globalTokens: (number | string)[];
  /** Random keys added to each row (BigBird), drawn by the engine from `seed`. */
  randomPerRow: number;
  seed: number;
}

/** Inputs of the cost lab: what measureCost is asked, for n = 64, 128, … maxN. */
export interface CostInputs {
  /** The largest sequence length measured, a power of two from 64 to 4096. */
  maxN: number;
  /** Width d of the random Q, K, V (and of the RNN's state). */
  d: number;
  /** Timed runs per (variant, n). */
  repeats: number;
  /** Flash attention's tile and chunked attention's chunk size. */
  block: number;
  /** Sparse attention's window. */
  window: number;
  seed: number;
}

/** The engine's variants, as measureCost names them. */
export type CostVariant = 'full' | 'flash' | 'chunked' | 'linear' | 'sparse' | 'rnn';
