// What "explain this number" asks for a cell of a matrix panel: an engine explain call and its
// arguments, or the operands of the trace the panel came from (kinds/shared/explain*.ts lay them
// out). Each kind declares one on its panels; DOM-free data, like the rest of the model.
import type { Mask } from '../../lib/index.js';

/** Which arithmetic "explain this number" shows for a cell of a matrix. */
export type ExplainStage = 'score' | 'scaled' | 'weight' | 'output';

/**
 * The same for a gradient of the backward pass (the engine's explainAttentionBackward), plus
 * `rowDot`: a row's Σₖ wₖ·gₖ, which the softmax backward subtracts.
 */
export type BackwardExplainStage = 'gradValue' | 'gradWeight' | 'rowDot' | 'gradScaled' | 'gradScore' | 'gradQuery' | 'gradKey';

/** The arguments of an attention call, as the engine's explain calls take them. */
export interface AttentionCall {
  query: number[][];
  key: number[][];
  value: number[][];
  mask?: Mask | null;
  maskFill?: number | null;
}

/** An attention call and the gradient arriving at its output (the backward pass's explain calls). */
export interface AttentionBackwardCall extends AttentionCall {
  gradOutput: number[][];
}

/** The attention call whose numbers a panel shows, so a cell can be explained by the engine. */
export type ExplainSource = {
  /** Names used in the arithmetic, e.g. "score", "weight". */
  symbol: string;
} & ({ stage: ExplainStage; args: AttentionCall } | { stage: BackwardExplainStage; args: AttentionBackwardCall }
  /** A number the kind's own explain module lays out from the trace it built (e.g. a tile's running max). */
  | { stage: 'trace' }
  | { stage: 'linearState'; args: LinearStateSource }
  | LayerExplainSource);

/**
 * The numbers around attention (kinds/shared/explain-layers.ts): a linear layer's cell and a
 * positional encoding's (the engine's explainLinear, explainPositionalEncoding), or a cell laid
 * out from the trace it came from, whose operands are all on screen: a sum (a residual, E + PE),
 * LayerNorm, an activation, a head's column of the concatenation, a looked-up embedding, a
 * seeded random input, a masked score.
 */
export type LayerExplainSource =
  | { stage: 'linear'; args: LinearSource }
  | { stage: 'positional'; args: { dModel: number } }
  /** a + b, or a − b when the second part is `subtracted` (a difference of two outputs). */
  | { stage: 'sum'; args: { parts: { symbol: string; panel?: string; data: number[][] }[]; subtracted?: boolean } }
  | { stage: 'layerNorm'; args: LayerNormSource }
  /** An activation of one cell: ReLU, GELU, or linear attention's feature map φ(x) = elu(x) + 1. */
  | { stage: 'activation'; args: { activation: 'relu' | 'gelu' | 'elu+1'; input: number[][]; inputSymbol: string; inputPanel?: string } }
  /** The softmax's Jacobian diag(p) − p·pᵀ at one cell, from the weights p it was taken at. */
  | { stage: 'jacobian'; args: { weights: number[] } }
  /** A cell copied from row `rows[r]` of `from` to row r (a shuffled output put back in order, a tile's rows of V); `why` says so. */
  | { stage: 'moved'; args: { from: number[][]; fromSymbol: string; fromPanel?: string; rows: number[]; why: string } }
  /** A head's slice of a projection: its column c is column `firstColumn` + c of `from`. */
  | { stage: 'slice'; args: { from: number[][]; fromSymbol: string; firstColumn: number; head: number } }
  /** Linear attention's output φ(qᵢ)·S / φ(qᵢ)·z, its two dot products from the engine's explainLinear. */
  | { stage: 'linearRatio'; args: { featureQuery: number[][]; state: number[][]; normalizer: number[] } }
  /** A softmax of raw logits (no scaling, no mask), from the engine's softmax of that row. */
  | { stage: 'softmax'; args: { logits: number[][]; logitSymbol: string; logitPanel?: string } }
  /** A column's sum over the rows of `data` (linear attention's normalizer z = φ(K)ᵀ1). */
  | { stage: 'columnSum'; args: { data: number[][]; dataSymbol: string; dataPanel?: string } }
  | { stage: 'concat'; args: { heads: number[][][] } }
  | { stage: 'embedding'; args: { seed: number } }
  /** A number given to the step, not computed in it (a weight, a trained layer's input): `what` says where it comes from. */
  | { stage: 'given'; args: { what: string } }
  /** A number of a seeded random input (the engine's randomMatrix): `what` names the matrix. */
  | { stage: 'random'; args: { seed: number; what: string } }
  | { stage: 'masked'; args: { scaled: number[][]; mask: number[][]; fill: number } }
  /** The cosine of rows i and j, s_ij / √(s_ii·s_jj), from the trace's dot products s of every two rows. */
  | { stage: 'cosine'; args: { dot: number[][]; rowSymbol: string } };

/** y = x·W (+ b), its operands as the trace holds them. */
export interface LinearSource {
  input: number[][];
  weight: number[][];
  bias?: number[];
  /** How the arithmetic names them, e.g. "x" and "W_Q". */
  inputSymbol: string;
  weightSymbol: string;
  /** The panel the input rows are on, when the step shows it. */
  inputPanel?: string;
}

/** One LayerNorm of the encoder layer, from its trace: y = (x − μ)/√(σ² + ε)·γ + β. */
export interface LayerNormSource {
  input: number[][];
  mean: number[];
  variance: number[];
  normalized: number[][];
  gamma: number[];
  beta: number[];
  /** The ε the engine added to the variance (its trace's). */
  eps: number;
  inputSymbol: string;
  inputPanel?: string;
}

/**
 * Linear attention's state S = φ(K)ᵀV as the engine returned it with its factors: cell (a, b) is
 * Σⱼ φ(kⱼ)ₐ·vⱼᵦ, so its explanation needs only these three matrices.
 */
export interface LinearStateSource {
  /** (n × d_k) φ(K) = elu(K) + 1. */
  featureKey: number[][];
  /** (n × d_v) V. */
  value: number[][];
  /** (d_k × d_v) the engine's state. */
  state: number[][];
}
