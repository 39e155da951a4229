// The page's model: walkthroughs are data, steps are generated from the engine's trace.
// Nothing here touches the DOM. What explains a panel's cells is in explain-source.ts; each kind's
// inputs are declared in its folder (kinds/<kind>/inputs.ts), which adds its entry to KindTable.
import type { ExplainSource } from './explain-source.js';
import type { CostVariant, Exercise } from './exercise-types.js';
import type { LessonId } from './lessons.js';

export type {
  AttentionBackwardCall, AttentionCall, BackwardExplainStage, ExplainSource, ExplainStage, LayerExplainSource, LayerNormSource, LinearSource,
  LinearStateSource,
} from './explain-source.js';
export type { LessonId } from './lessons.js';
export type {
  CostVariant, ExerciseSizes, ExerciseBase, NumericExercise, PickKeyExercise, OrderPassesExercise, ValueExercise, PickRule,
  PickCellExercise, CostGrowthExercise, RopeNumericExercise, GroupedQueryNumericExercise, WindowNumericExercise, AlibiNumericExercise, TokensNumericExercise, Exercise,
} from './exercise-types.js';

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
  /**
   * Inputs drawn per learner (a practice's or an exam's): for each matrix input named, every
   * number is drawn by the engine (lab.drawNumbers) from the grid from, from + step, … up to `to`,
   * seeded by the learner's id (an LMS's, a link's `seed=`, a component's `seed`) and the
   * walkthrough's id; the file's own numbers are shown when there is no learner.
   */
  perLearner?: Record<string, DrawnRange>;
}

/** The grid a drawn input's numbers come from: from, from + step, … up to to. */
export interface DrawnRange {
  from: number;
  to: number;
  step: number;
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
  /** Words drawn in each cell before its number (a predicted token beside its probability); tables only. */
  cellText?: string[][];
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
  /** 'tokens': words split on spaces; 'text': one text, as typed. */
  kind: 'integer' | 'number' | 'tokens' | 'text' | 'choice';
  value: number | string;
  min?: number;
  max?: number;
  step?: number;
  /** Shown in an empty control, e.g. for a seed the inputs were not drawn with. */
  placeholder?: string;
  /** For 'choice': [value, label] pairs. */
  options?: [string, string][];
  /**
   * For 'integer' and 'number' with `min` and `max`: a slider, whose every move is a change (the
   * sampling settings redraw a distribution as they move), with its value written beside it.
   */
  slider?: true;
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
