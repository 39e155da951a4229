/**
 * Attention Lab: exact attention maths from a C++ engine compiled to WebAssembly.
 * Every function takes one object argument and returns plain nested arrays.
 * What each computes, pass by pass: docs/engine.md.
 *
 * This file is written by hand: the loader, the errors, the trainer and the API object. The
 * engine's operations (their arguments, results and methods) are declared in operations.d.ts,
 * which scripts/engine-types.mjs writes from the engine's descriptions; the values they take and
 * return in values.d.ts.
 */

import type { AttentionOperations, AttentionEntropyArgs } from './operations.js';
import type { Matrix, Vector } from './values.js';

export * from './operations.js';
export * from './values.js';

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
   * the operations of the first lessons (the forward passes, their explanations, `diagnose`),
   * with the same results, and no trainer. Each operation's doc says whether the lite engine
   * has it; there the others and `createTrainer` throw an AttentionError.
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
// The trainer (lab.createTrainer): a small transformer trained by the engine. Not an engine
// operation: an object with state, freed by dispose(). What it computes: docs/engine.md, "Trainer".

/** The tasks a trainer can learn. */
export type TrainerTask = 'reverse' | 'sort' | 'induction' | 'iris' | 'compare';
/** The optimizers, with PyTorch 1.13's update rules. */
export type TrainerOptimizer = 'adam' | 'adamw' | 'sgd';

/** The model's shape; an omitted field takes the task's default. */
export interface TrainerModelOptions {
  /** Width of every token's vector, 1 … 256 (iris: 2 … 256), divisible by `heads`. */
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
  /** What to learn (default `'reverse'`): reverse or sort a sequence, induction (predict the token that followed the earlier occurrence), classify Iris flowers, or compare (1 where the previous token is larger than the first, else 0: two patterns, which one layer's heads divide). */
  task?: TrainerTask | undefined;
  model?: TrainerModelOptions | undefined;
  /** Seeds the initial weights, the data and dropout: a whole number 0 … 2³²−1 (default 0). Same options and seed → the same loss at every step, bit for bit. */
  seed?: number | undefined;
  /** Above 0, at most 10. */
  learningRate?: number | undefined;
  /** Examples per step, 1 … 256 (iris: at most 120). */
  batchSize?: number | undefined;
  optimizer?: TrainerOptimizer | undefined;
  /** 0 … 1 (AdamW's decoupled decay, or L2 for Adam and SGD as in PyTorch). */
  weightDecay?: number | undefined;
  /** Probability of zeroing an attention weight while training, 0 ≤ p < 1; off in evaluate(). */
  dropout?: number | undefined;
  /** Largest global gradient norm before clipping: finite, 0 or more; 0 turns clipping off (default 1). */
  clipNorm?: number | undefined;
  /** Toy tasks: tokens per sequence, 2 … 32 (induction: 4 … 32; default 6). Iris takes none. */
  length?: number | undefined;
  /** Toy tasks: distinct symbols, 2 … 64 (induction: at least `length` / 2; default 10). Iris takes none. */
  vocabulary?: number | undefined;
}

/**
 * What a trainer's options cost, estimated from them alone: what createTrainer checks against
 * the work budget (multiply-adds of one call, about ten seconds) and the memory budget (1 GiB).
 * How it is counted: docs/engine.md, "Trainer".
 */
export interface TrainerEstimate {
  /** Multiply-adds of one training step. */
  stepMultiplyAdds: number;
  /** Multiply-adds of one evaluate() (or ablate()). */
  evaluateMultiplyAdds: number;
  /** Bytes the trainer holds at its peak: parameters, the optimizer's state, a step's or an evaluation's intermediates. */
  memoryBytes: number;
  /** The most steps one `step()` call takes: 10,000, or fewer where the work budget says so. */
  stepsPerCall: number;
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

/** One of the patterns a task's heads divide between them (compare: `'previous'`, `'first'`), and each head's score for it. */
export interface TrainerHeadPattern {
  name: string;
  /** What its score measures, in words (e.g. mean attention on the previous position). */
  measure: string;
  /** (n × n) the pattern on the probe. */
  ideal: Matrix;
  /** `scores[layer][head]`, each 0 … 1: the head's mean attention on the pattern's keys. */
  scores: number[][];
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
  /** The roles of a task whose solution needs several patterns (compare: the previous position, then the first); empty for the other tasks. */
  patterns: TrainerHeadPattern[];
}

/** What {@link Trainer.status} returns. */
export interface TrainerStatus {
  /**
   * `'diverged'` once a step went wrong (a loss or gradient not finite, a loss above ten times a
   * uniform guess's, an update taking a parameter past ±10⁶): the trainer keeps the parameters
   * of before that step, step() throws, and every other method still answers on them, with
   * finite numbers only.
   */
  state: 'ready' | 'diverged';
  /** Why the trainer stopped (e.g. the step whose loss became NaN); `""` while ready. */
  message: string;
  /** Steps taken so far (the step that diverged not counted). */
  step: number;
  options: TrainerConfig;
  estimate: TrainerEstimate;
}

/**
 * A training run in the engine. Every method may throw {@link AttentionError}; after
 * {@link Trainer.dispose} every other method throws one naming itself.
 */
export interface Trainer {
  /**
   * Takes `steps` training steps (a whole number from 1 to {@link TrainerEstimate.stepsPerCall},
   * at most 10,000; default 1), each on a fresh batch. When a step diverges, throws an
   * AttentionError about `step` (the steps before it are taken); on a diverged trainer, throws
   * one saying so.
   */
  step(steps?: number): TrainerStep;
  /** Loss and accuracy on the held-out set (toy tasks: 500 sequences; iris: the 30 test rows), without dropout. */
  evaluate(): TrainerEvaluation;
  /** Every head's attention weights on the task's probe example. */
  attention(): TrainerAttention;
  /** How strongly each head follows the task's ideal pattern on the probe. */
  headScores(): TrainerHeadScores;
  /** evaluate() with one head's output zeroed before W_O: `layer` 0 … layers − 1, `head` 0 … heads − 1, whole numbers. */
  ablate(which: { layer: number; head: number }): TrainerEvaluation;
  /** Every parameter by name (e.g. `"embedding"`, `"layer0.attention.wQ"`): matrices as Matrix, biases and layer-norm γ, β as Vector. */
  parameters(): Record<string, Matrix | Vector>;
  status(): TrainerStatus;
  /** Frees the model, the optimizer's state and the data in the engine. Calling it again does nothing. */
  dispose(): void;
}

// ---------------------------------------------------------------------------------------------
// A language model (lab.createLanguageModel, lab.loadLanguageModel): a decoder-only model of the
// engine with its tokenizer (byte-level BPE, or the model file's characters). Not an engine
// operation: an object with state, freed by dispose().
// What it computes: docs/engine.md, "Reading the model".

/** The model's shape, as Hugging Face's LlamaConfig names it in camelCase. */
export interface LanguageModelConfig {
  /** Width of the residual stream, divisible by `heads` with an even quotient (RoPE's pairs). */
  dModel: number;
  /** Query heads. */
  heads: number;
  /** Key/value heads, dividing `heads` (default `heads`). */
  kvHeads?: number | undefined;
  layers: number;
  /** SwiGLU's hidden width. */
  dFF: number;
  /** The most tokens the model reads at once. */
  context: number;
  /** RoPE's base (default 10000). */
  ropeBase?: number | undefined;
  /** Every RMS norm's ε (default 1e-6). */
  eps?: number | undefined;
  /** Whether the unembedding is the embedding (default true). */
  tied?: boolean | undefined;
}

/** The options of {@link AttentionLab.createLanguageModel}. */
export interface LanguageModelOptions {
  model: LanguageModelConfig;
  /** Seeds the initial parameters (Llama's: N(0, 0.02²), γ ones), 0 … 2³² − 1 (default 0). */
  seed?: number | undefined;
  /** The tokenizer's merges in order, as `trainTokenizer` gives them (`[left, right]` each); the vocabulary is 256 + their count. Default none: one token per byte. */
  merges?: number[][] | undefined;
}

/** A config as the model holds it: every field, and the vocabulary. */
export interface LanguageModelSettings extends Required<LanguageModelConfig> {
  vocab: number;
}

/** Token ids with what each spells (null for a token holding part of a character). */
export interface LanguageModelTokens {
  tokens: number[];
  pieces: Array<string | null>;
}

/** One drawn token of {@link LanguageModel.generate}. */
export interface GenerationStep {
  token: number;
  /** What it spells (a byte that is part of a character shows as U+FFFD). */
  text: string;
  /** The position whose logits it was drawn from. */
  position: number;
  /** The step's seed: `sample({ logits, …, seed })` draws the same token. */
  seed: number;
  logits: Vector;
  /** As `sample` gives them: the distribution drawn from, the tokens kept and the index chosen. */
  probabilities: Vector;
  kept: number[];
  chosen: number;
}

export interface Generation {
  /** The prompt's tokens. */
  prompt: number[];
  /** The tokens drawn. */
  tokens: number[];
  /** What the drawn tokens spell. */
  text: string;
  steps: GenerationStep[];
}

export interface TokenLosses extends LanguageModelTokens {
  /** `losses[i]`: −ln p(token i + 1 | tokens 0 … i), n − 1 of them. */
  losses: Vector;
  /** Their mean. */
  loss: number;
}

export interface LanguageModelAttention extends LanguageModelTokens {
  /** `weights[layer][head]`: a tokens × tokens matrix, row i query i (0 right of the diagonal). */
  weights: Matrix[][];
}

export interface LogitLensLayer {
  logits: Matrix;
  probabilities: Matrix;
  topTokens: number[];
  topPieces: Array<string | null>;
  topProbabilities: Vector;
}

export interface LogitLens extends LanguageModelTokens {
  /** `layers[0]` reads the embeddings, `layers[l + 1]` the output of layer l; the last is the model's own prediction. */
  layers: LogitLensLayer[];
}

/** The attention patterns {@link LanguageModel.headScores} measures. */
export type HeadPattern = 'previous-token' | 'induction' | 'first-token';

export interface LanguageModelHeadScores {
  pattern: HeadPattern;
  /** The random sequence read twice. */
  tokens: number[];
  /** The [query, key] cells each score averages. */
  cells: number[][];
  /** `scores[layer][head]`. */
  scores: Matrix;
  /** Mean loss of the first copy's tokens 1 … L − 1 and of the second copy's L + 1 … 2L − 1. */
  firstCopyLoss: number;
  secondCopyLoss: number;
}

/** How a model reads text ({@link LanguageModel.tokenizer}). */
export interface LanguageModelTokenizer {
  /** `'bpe'`: the text's UTF-8 bytes, then merges (createLanguageModel); `'character'`: one token per character (the model file's vocabulary). */
  kind: 'bpe' | 'character';
  /** What each token spells, token id by token id (null for a BPE token holding part of a character). */
  vocabulary: Array<string | null>;
  /** BPE only: the merges in order, `[left, right]`, merge k making token 256 + k. */
  merges?: number[][];
}

/**
 * Where {@link AttentionLab.loadLanguageModel} reads a model file (docs/language-model.md, "The
 * model file"): a URL (fetched; in Node a file: URL is read from disk), or the file's bytes.
 */
export type LanguageModelSource = string | URL | ArrayBuffer | Uint8Array;

/**
 * A language model in the engine. Every method may throw {@link AttentionError}; after
 * {@link LanguageModel.dispose} every other method throws one naming itself.
 */
export interface LanguageModel {
  config(): LanguageModelSettings;
  /** The text's tokens through the model's merges. */
  tokenize(text: string): LanguageModelTokens;
  /**
   * Draws `tokens` tokens after `prompt`, decoding with a KV cache per layer; each step samples
   * as `sample` does (temperature 0 greedy, default 1; topK 0 off; topP 1 off) with its own
   * seed from `seed` (default 0), so the same seed gives the same text.
   */
  generate(request: { prompt: string; tokens: number; temperature?: number | undefined; topK?: number | undefined; topP?: number | undefined; seed?: number | undefined }): Generation;
  /** The loss of predicting each token of `text` from those before it. */
  tokenLosses(request: { text: string }): TokenLosses;
  /** Every layer's and head's attention weights on `text`. */
  attention(request: { text: string }): LanguageModelAttention;
  /** Each layer's prediction of the next token, through the final norm and the unembedding. */
  logitLens(request: { text: string }): LogitLens;
  /** Each head's score for `pattern` on a random sequence of `length` tokens (default context / 2) read twice, drawn from `seed` (default 0). */
  headScores(request: { pattern: HeadPattern; length?: number | undefined; seed?: number | undefined }): LanguageModelHeadScores;
  /** A new model, this one with head `head` of layer `layer` switched off (its rows of W_O zeroed); dispose it too. */
  ablate(which: { layer: number; head: number }): LanguageModel;
  /** Every parameter by name (`"embedding"`, `"layers[0].wQ"`, …, `"finalGamma"`): γ as Vector, the rest as Matrix. */
  parameters(): Record<string, Matrix | Vector>;
  /** The tokenizer: its kind and what every token spells. */
  tokenizer(): LanguageModelTokenizer;
  /**
   * A standalone Python script (PyTorch, float64, nothing else) that defines this model's
   * architecture with its weights embedded bit for bit and prints the logits of every position
   * of `text` (at most `context` tokens); they match `logitLens({ text })`'s last layer to 1e-9.
   */
  exportPyTorch(request: { text: string }): string;
  /** Frees the model in the engine. Calling it again does nothing. */
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
  /** Language models created and not yet disposed (or collected). */
  liveLanguageModels: number;
}

/** `attentionEntropy`'s arguments, by the name they had before the declarations were generated. */
export type EntropyArgs = AttentionEntropyArgs;

/**
 * The API returned by {@link loadAttentionLab}: every engine operation (AttentionOperations,
 * generated) and what is not an operation. Every call may throw {@link AttentionError}.
 */
export interface AttentionLab extends AttentionOperations {
  /**
   * A new training run of a small transformer (see {@link Trainer}); free it with `dispose()`.
   * Only the options object's own enumerable properties are read. Options whose step or
   * evaluation would take more than about ten seconds, or whose trainer would need more than
   * 1 GiB, are refused naming the option that costs most ({@link TrainerEstimate}).
   */
  createTrainer(options?: TrainerOptions): Trainer;
  /** A new language model of `model`'s shape, initialised from `seed` (see {@link LanguageModel}); free it with `dispose()`. Full engine only. */
  createLanguageModel(options: LanguageModelOptions): LanguageModel;
  /**
   * A language model read from a model file, by default the one the project ships (a
   * character-level model of Shakespeare, docs/language-model.md), which comes with the package;
   * free it with `dispose()`. The engine checks the whole file (format, version, config, the
   * tensors' names and shapes, the number count, every number finite, the vocabulary) and
   * rejects with an {@link AttentionError} naming what is wrong (`source.version: …`). Full
   * engine only.
   */
  loadLanguageModel(source?: LanguageModelSource): Promise<LanguageModel>;
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
}
