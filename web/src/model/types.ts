// The page's model: walkthroughs are data, steps are generated from the engine's trace.
// Nothing here touches the DOM. What explains a panel's cells is in explain-source.ts; each kind's
// inputs are declared in its folder (kinds/<kind>/inputs.ts), which adds its entry to KindTable.
import type { ExplainSource, ExplainStage } from './explain-source.js';
import type { LessonId } from './lessons.js';

export type {
  AttentionBackwardCall, AttentionCall, BackwardExplainStage, ExplainSource, ExplainStage, LayerExplainSource, LayerNormSource, LinearSource,
  LinearStateSource,
} from './explain-source.js';
export type { LessonId } from './lessons.js';

interface WalkthroughBase {
  /** Unique and URL-safe: it is what the URL names. */
  id: string;
  /** Exercises among the steps (exercises/: the `value` type in any kind, the others in attention walkthroughs). */
  exercises?: Exercise[];
  /** The lesson it belongs to; an instructor's own walkthrough may have none. */
  lesson?: LessonId;
  title: string;
  /** One or two sentences shown above the steps. */
  intro: string;
  /**
   * Words of its own for some steps (by step id), in place of the kind's, which fit any inputs:
   * shown while the inputs are the walkthrough's own, so they may describe its numbers.
   */
  stepTexts?: Record<string, StepText>;
}

/** A step's title, text or both, as a walkthrough words it (`stepTexts`). */
export interface StepText {
  title?: string;
  text?: string;
}

/**
 * Every kind of walkthrough by name, with what its walkthrough files hold beyond the common fields:
 * `inputs`, and `labels: true` for kinds whose query rows and key columns may be labelled. Each
 * kind's descriptor adds its entry (`declare module` in kinds/<kind>/kind.ts), its inputs' type
 * inferred from its fields (model/input-fields.ts); the registry (kinds/index.ts) lists them.
 */
export interface KindTable {}

/** A kind of walkthrough's name: "attention", "multi-head", … */
export type Kind = keyof KindTable & string;

/** What a kind's entry in KindTable holds. */
export interface KindEntry {
  inputs: object;
  labels?: true;
}

/** Labels of an attention walkthrough's query rows and key columns, e.g. tokens. */
interface Labels {
  queryLabels?: string[];
  keyLabels?: string[];
}

type EntryOf<K extends Kind> = KindTable[K] extends KindEntry ? KindTable[K] : never;

/** A walkthrough of kind `K`. */
export type WalkthroughOf<K extends Kind> = WalkthroughBase & { kind: K; inputs: EntryOf<K>['inputs'] }
  & (EntryOf<K> extends { labels: true } ? Labels : unknown);

/** A walkthrough of any kind (narrowed by its `kind`). */
export type Walkthrough = { [K in Kind]: WalkthroughOf<K> }[Kind];

/** The engine's variants, as measureCost names them. */
export type CostVariant = 'full' | 'flash' | 'chunked' | 'linear' | 'sparse' | 'rnn';

/** How a matrix is coloured: attention weights on 0–1, signed values around 0, or not at all. */
export type ColourScale = 'weights' | 'diverging' | 'none';

export interface MatrixPanel {
  type: 'matrix';
  /** Stable name within the step, used in tests and the URL-free DOM ids. */
  name: string;
  /** What the page calls the matrix, e.g. "scores = QKᵀ". */
  title: string;
  /** Its title with its shape, e.g. "scores = QKᵀ (4×4)". */
  caption: string;
  /** A second, smaller caption line (e.g. a head's entropy). */
  detail?: string;
  data: number[][];
  rowLabels?: string[];
  colLabels?: string[];
  colour: ColourScale;
  /** Cells to highlight in this step, [row, column]. */
  focus?: [number, number][];
  /** The input this panel edits, when it is an editable input (the kind's editCell reads it). */
  editable?: string;
  explain?: ExplainSource;
  /** Sums per row shown beside the matrix (values from the engine). */
  rowSums?: number[];
  /** The mask (1 = attend): cells where it is 0 are drawn as blocked and kept out of the colour range. */
  blocked?: number[][];
}

export interface TextPanel {
  type: 'facts';
  name: string;
  caption: string;
  /** Label/value pairs, values already computed by the engine. */
  facts: [string, string][];
}

/** A line chart (d3), always with a table of its numbers for screen readers. */
export interface ChartPanel {
  type: 'chart';
  name: string;
  caption: string;
  xLabel: string;
  yLabel: string;
  /** 'log2' for sizes such as d_k = 4 … 1024. */
  xScale: 'linear' | 'log2';
  /** 'log10' for quantities over several orders of magnitude (times); linear when omitted. */
  yScale?: 'linear' | 'log10';
  series: { label: string; points: [number, number][] }[];
  /** Horizontal reference lines, e.g. the ln m bound of entropy. */
  references?: { label: string; y: number }[];
  /** Lower and upper bound of the y axis; from the data when omitted. */
  yDomain?: [number, number];
  /** The same for the x axis (e.g. a training run's whole length while it is drawn). */
  xDomain?: [number, number];
}

/** A large matrix drawn on a canvas (e.g. positional encodings, 50×128), with a table alternative. */
export interface HeatmapPanel {
  type: 'heatmap';
  name: string;
  /** What the page calls the matrix, as a matrix panel's title. */
  title: string;
  caption: string;
  detail?: string;
  data: number[][];
  /** What the rows and columns are, e.g. "position" and "dimension". */
  rowName: string;
  colName: string;
  colour: ColourScale;
  /** "Explain this number" for a cell, as a matrix panel's (Enter or a click on the grid). */
  explain?: ExplainSource;
}

/** One control of a parameters panel. Values are read by the app into the walkthrough's inputs. */
export interface ParameterField {
  /** The input it sets. */
  name: string;
  label: string;
  kind: 'integer' | 'number' | 'tokens' | 'choice';
  value: number | string;
  min?: number;
  max?: number;
  step?: number;
  /** Shown in an empty control, e.g. for a seed the inputs were not drawn with. */
  placeholder?: string;
  /** For 'choice': [value, label] pairs. */
  options?: [string, string][];
}

/** Words a learner can focus or hover to see where each one's attention goes. */
export interface TokenAttentionPanel {
  type: 'tokens';
  name: string;
  caption: string;
  /** The query words (rows of weights). */
  queries: string[];
  /** The key words (columns of weights). */
  keys: string[];
  /** (queries × keys) attention weights from the engine. */
  weights: number[][];
}

/** Controls that change a walkthrough's inputs (sizes, seed, tokens, d_k …). */
export interface ParametersPanel {
  type: 'parameters';
  name: string;
  caption: string;
  fields: ParameterField[];
}

/** What a cost-lab panel shows of the measurements (all of them run from its controls). */
export type CostView = 'plan' | 'time' | 'memory' | 'complexity';

/**
 * The cost lab: controls that measure every variant at every size in a Web Worker (the engine's
 * measureCost), with a progress bar, and one view of the measurements so far. The measurements
 * outlive the step, so every step of the lesson shows the same ones.
 */
export interface CostPanel {
  type: 'cost';
  name: string;
  caption: string;
  /** What is measured: one measureCost call per (variant, n). */
  plan: CostPlan;
  show: CostView;
}

export interface CostPlan {
  variants: CostVariant[];
  sizes: number[];
  d: number;
  repeats: number;
  block: number;
  window: number;
  seed: number;
}

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

export type Exercise = NumericExercise | PickKeyExercise | OrderPassesExercise | ValueExercise | PickCellExercise | CostGrowthExercise | RopeNumericExercise | AlibiNumericExercise | GroupedQueryNumericExercise | WindowNumericExercise;

/** The matrix a pick-the-cell exercise is answered on, as its step shows it (from the engine's trace). */
export interface PickGrid {
  caption: string;
  /** What to pick, in the labels on screen ("pick the largest number of row “cat”"). */
  task: string;
  rowLabels: string[];
  colLabels: string[];
  /** The numbers, unless the question hides them. */
  data?: number[][];
  colour: ColourScale;
  /** The mask (1 = attend), when the panel has one. */
  blocked?: number[][];
  /** The cells that may be picked: one row, one column, or all of them. */
  row?: number;
  column?: number;
}

/** The panel of an exercise step: its question, an answer field and the engine's feedback. */
export interface ExercisePanel {
  type: 'exercise';
  name: string;
  caption: string;
  exercise: Exercise;
  /**
   * For an exercise answered by picking or ordering: the items, in the order first shown; each
   * `value` is what the answer's text holds for it (a key's index, a step's id).
   */
  choices?: { value: string; label: string }[];
  /** For an exercise answered by picking a cell: the matrix drawn to pick from. */
  grid?: PickGrid;
}

export type Panel = ExercisePanel | MatrixPanel | TextPanel | ChartPanel | HeatmapPanel | ParametersPanel | TokenAttentionPanel | CostPanel;

export interface Step {
  /** Matches the name of the engine pass it shows: inputs, scores, scale, mask, softmax, output, … */
  id: string;
  title: string;
  /** Plain-language explanation. */
  text: string;
  /** LaTeX; the part computed in this step wrapped in \htmlClass{focus}{…}. */
  formula: string;
  panels: Panel[];
}
