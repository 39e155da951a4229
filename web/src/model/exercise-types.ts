// The exercises a walkthrough can end in, one interface per type (exercises/ has one module per
// type that checks, grades and shows it), and the cost lab's variants they and its panels name.
import type { ExplainStage } from './explain-source.js';

/** The engine's variants, as measureCost names them. */
export type CostVariant = 'full' | 'flash' | 'chunked' | 'linear' | 'sparse' | 'rnn';

/** The sizes an exercise's cells are checked against: queries n, keys m, value width d_v. */
export interface ExerciseSizes {
  n: number;
  m: number;
  dV: number;
}

/** What every exercise has, whatever its type (exercises/, one module per type). */
export interface ExerciseBase {
  /** Unique within the walkthrough, URL-safe: the step's id is `exercise-<id>`. */
  id: string;
  /** The step's title. */
  title: string;
  /** The question, in words. */
  prompt: string;
  /** The step it follows; the exercise comes last when omitted. */
  after?: string;
}

/**
 * The learner types the number in one cell of attention, and the engine grades it
 * (lab.diagnose), naming the mistake a wrong number matches. The expected value is never written
 * in the walkthrough: it is the engine's, on the inputs on screen (edited ones included).
 */
export interface NumericExercise extends ExerciseBase {
  type: 'numeric';
  /** Which matrix the cell is in, as lab.diagnose's `stage`. */
  stage: ExplainStage;
  /** The query row. */
  row: number;
  /** The key (or, for 'output', the value column). */
  column: number;
  /** How close counts, > 0; the engine's 0.005 when omitted. */
  tolerance?: number;
}

/**
 * Predict, then reveal: before the weights are shown, the learner picks the key that query `row`
 * will weigh most; the engine's weights decide (any of tied largest weights is right).
 */
export interface PickKeyExercise extends ExerciseBase {
  type: 'pick-key';
  /** The query row. */
  row: number;
}

/** The learner puts the walkthrough's computing steps (scores, ÷√d_k, mask, softmax, ·V) in order. */
export interface OrderPassesExercise extends ExerciseBase {
  type: 'order-passes';
}

/**
 * Any kind of walkthrough: the learner types one number of a matrix a later step shows, worked out
 * from what earlier steps show; graded against the engine's number in that panel.
 */
export interface ValueExercise extends ExerciseBase {
  type: 'value';
  /** The step whose panel holds the number. */
  step: string;
  /** The panel's name (a matrix or heatmap of that step). */
  panel: string;
  row: number;
  column: number;
  /** How close counts, > 0; 0.005 when omitted. */
  tolerance?: number;
}

/** What a pick-the-cell exercise asks for: the largest or smallest number, or a cell the mask blocks. */
export type PickRule = 'max' | 'min' | 'blocked';

/**
 * Any kind of walkthrough: the learner picks one cell of a matrix a step shows (the weight a word
 * gives most, the most focused head, a blocked score). The right cell is found in the engine's
 * numbers of that panel by `rule`, within `row` or `column` (or the whole matrix without either).
 */
export interface PickCellExercise extends ExerciseBase {
  type: 'pick-cell';
  /** The step whose panel the cell is picked from. */
  step: string;
  /** The panel's name (a matrix or heatmap of that step). */
  panel: string;
  rule: PickRule;
  /** Only this row's cells are picked from. */
  row?: number;
  /** Only this column's cells are picked from. */
  column?: number;
  /** 'hidden': the cells are shown without their numbers, to predict them; 'shown' when omitted. */
  numbers?: 'shown' | 'hidden';
}

/**
 * The cost lab: by what factor does a variant's work or memory grow when n doubles? Graded by the
 * engine's measureCost at n and 2n on the lab's settings (exact counts, never times).
 */
export interface CostGrowthExercise extends ExerciseBase {
  type: 'cost-growth';
  variant: CostVariant;
  /** measureCost's count: the multiply-adds of one call, or the cells of its largest intermediate. */
  measure: 'multiplyAdds' | 'peakCells';
  /** The size doubled: 64, 128, 256 or 512. */
  n: number;
  /** How close counts, > 0; 0.05 when omitted. */
  tolerance?: number;
}

/**
 * The rotary-positions lesson: the learner types the number in one cell of its layer (the turned
 * query, a score q′·k′, the output), and the engine grades it (lab.diagnoseRope), naming the
 * mistake a wrong number matches. Like `numeric`, the expected value is the engine's, on the
 * inputs on screen.
 */
export interface RopeNumericExercise extends ExerciseBase {
  type: 'rope-numeric';
  /** Which matrix the cell is in, as lab.diagnoseRope's `stage`. */
  stage: 'rotated' | 'score' | 'output';
  /** The query row: 0 (at m) or 1 (at m + shift). */
  row: number;
  /** A column of the turned query, a key (0 at n, 1 at n + shift), or an output column. */
  column: number;
  /** How close counts, > 0; the engine's 0.005 when omitted. */
  tolerance?: number;
}

/**
 * The grouped-query lesson: the learner types which key/value head a query head of a model (given
 * by its shape, as its configuration file has it) reads, or the size of its key/value cache, and
 * the engine grades it (lab.diagnoseGroupedQuery), naming the mistake a wrong number matches.
 */
export interface GroupedQueryNumericExercise extends ExerciseBase {
  type: 'grouped-query-numeric';
  /** What is asked, as lab.diagnoseGroupedQuery's `stage`. */
  stage: 'kvHead' | 'cacheBytes' | 'cacheGibibytes';
  /** The model: query heads, key/value heads (dividing heads), layers and width. */
  heads: number;
  kvHeads: number;
  layers: number;
  dModel: number;
  /** kvHead: the query head asked about. */
  head?: number;
  /** The cache: tokens held; 1 when omitted (per token). */
  length?: number;
  /** The cache: bytes a number takes; the published 2 when omitted. */
  bytesPerNumber?: number;
  /** How close counts, > 0; the engine's 0.005 when omitted. */
  tolerance?: number;
}

/**
 * The sliding-window lesson: the learner types a weight under the window, a cell of the output,
 * or how many positions back a token draws on after the lesson's layers, and the engine grades it
 * (lab.diagnoseSlidingWindow), naming the mistake a wrong number matches.
 */
export interface WindowNumericExercise extends ExerciseBase {
  type: 'window-numeric';
  /** As lab.diagnoseSlidingWindow's `stage`. */
  stage: 'weight' | 'output' | 'reach';
  /** The query (the token, for the reach), 0 … n − 1. */
  row: number;
  /** A key, an output column, or 0 for the reach. */
  column: number;
  /** How close counts, > 0; the engine's 0.005 when omitted. */
  tolerance?: number;
}

/**
 * The ALiBi lesson: the learner types the number in one cell of one head of its layer (the
 * head's slope, its bias, scaled + bias, a weight, the output), and the engine grades it
 * (lab.diagnoseAlibi), naming the mistake a wrong number matches.
 */
export interface AlibiNumericExercise extends ExerciseBase {
  type: 'alibi-numeric';
  /** Which number, as lab.diagnoseAlibi's `stage`. */
  stage: 'slope' | 'bias' | 'biased' | 'weight' | 'output';
  /** The head k, 0 … H − 1. */
  head: number;
  /** The query row (0 for the slope). */
  row: number;
  /** The key, or the output column (0 for the slope). */
  column: number;
  /** Graded on the layer with the walkthrough's `otherHeads` heads instead of `heads`. */
  otherHeads?: boolean;
  /** How close counts, > 0; the engine's 0.005 when omitted. */
  tolerance?: number;
}

/**
 * The lesson "From text to tokens": the learner types a whole number about byte-level BPE on the
 * sentence on screen (its bytes, a merge's pair count or first position, the length after a merge,
 * a new sentence's tokens), and the engine grades it (lab.diagnoseTokenizer), naming the mistake
 * a wrong number matches.
 */
export interface TokensNumericExercise extends ExerciseBase {
  type: 'tokens-numeric';
  /** As lab.diagnoseTokenizer's `question`. */
  question: 'bytes' | 'count' | 'first' | 'length' | 'tokens';
  /** The merge k asked about (count, first, length), from 0. */
  merge?: number;
}

export type Exercise = NumericExercise | PickKeyExercise | OrderPassesExercise | ValueExercise | PickCellExercise | CostGrowthExercise | RopeNumericExercise | AlibiNumericExercise | GroupedQueryNumericExercise | WindowNumericExercise | TokensNumericExercise;
