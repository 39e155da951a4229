// What a kind of walkthrough (attention, multi-head, scaling, …) is to the page once its code is
// loaded: one module per kind, kinds/<kind>/index.ts, which its descriptor loads (kind.ts). It asks the engine for a trace and words
// it as steps and panels, turns a changed parameter or an edited cell into new inputs, and writes
// its part of the exports from the trace it already has. DOM-free: the session calls it, the
// views only draw the steps it returns.
import type { AttentionLab, LanguageModel } from '../../lib/index.js';
import type { LatexScope } from '../export/latex.js';
import type { Script } from '../export/python.js';
import type { MatrixPanel, Step, Walkthrough } from '../model/types.js';
import type { TrainedLayer } from '../model/trained-layer.js';

/** Steps and the engine trace they were built from (the exports read the trace, not the engine). */
export interface Built<T = unknown> {
  steps: Step[];
  trace: T;
}

/**
 * A build in two parts, for a kind whose later steps need an engine call its first steps do not
 * (the multi-head walkthrough: embedTokens for its embeddings, an 8-head trace for the rest):
 * `first`, the first steps, made now, and `rest`, which makes that call and the steps after them.
 * The session decides when `rest` runs (session/steps-on-read.ts), as the kind's descriptor
 * allows (`alwaysAccepted`); without that, at once.
 */
export interface Staged<T = unknown> {
  first: Step[];
  rest(): Built<T>;
}

/** Every step and the trace of a build, its `rest` made now. */
export function wholeBuild<T>(building: Built<T> | Staged<T>): Built<T> {
  if (!('rest' in building)) return building;
  const { steps, trace } = building.rest();
  return { steps: [...building.first, ...steps], trace };
}

/** A parameter as the parameters panel read it: a number, a choice, or words. */
export interface ScriptWriter<W extends { inputs: object }, T> {
  /** A kind's part of the exported Python script, from the steps and trace it built (on `trained`, when given). */
  script(inputs: W['inputs'], built: Built<T>, trained?: TrainedLayer): Script;
}

export type ParameterValue = number | string | string[];

/** "Explain this number": the arithmetic behind one cell, every term from the engine (shared/explain.ts). */
export interface Explanation {
  /** One line per equality, e.g. "score₀₂ = 1·1 + 2·1 = 3". */
  lines: string[];
  /** A sentence in words after the arithmetic (where a number comes from, why a step is taken). */
  note?: string;
  /** The value explained, exact. */
  exact: string;
  /** Which cells of the other matrices contributed. */
  related: { panel: string; row?: number; col?: number }[];
}

export interface KindModule<W extends { inputs: object } = Walkthrough, T = unknown> {
  /**
   * Asks the engine and words its trace as steps; throws the engine's refusal of bad inputs
   * (from `rest` too, for a build in two parts). `trained`: one layer of a trained model whose
   * weights and probe input replace the seeded ones (only kinds whose descriptor says it trains
   * are given one). `languageModel`: the lessons' language model, given to kinds whose
   * descriptor says `languageModel: true` (and only to them).
   */
  build(lab: AttentionLab, walkthrough: W, inputs: W['inputs'], trained?: TrainedLayer, languageModel?: LanguageModel): Built<T> | Staged<T>;
  /** New inputs after a parameters panel changed `name` (a size, a seed, words, a choice). */
  changeInputs(lab: AttentionLab, inputs: W['inputs'], name: string, value: ParameterValue): W['inputs'];
  /**
   * New inputs after a learner typed `value` into cell (row, column) of the input `input` (a
   * panel's `editable`), or flipped a mask cell (`value` undefined); undefined when nothing
   * changes. Kinds whose panels are not editable leave it out.
   */
  editCell?(inputs: W['inputs'], input: string, row: number, column: number, value?: number): W['inputs'] | undefined;
  /**
   * Its part of the exported Python script, loaded when a learner first exports one: the script
   * writers (export/python.ts) stay off the landing page.
   */
  loadScript(): Promise<ScriptWriter<W, T>>;
  /** What its LaTeX export typesets. */
  latex: LatexScope;
  /**
   * "Explain this number" for a panel whose `explain` is `{ stage: 'trace' }`: the arithmetic laid
   * out from the trace it built (kinds whose numbers no engine explain call covers, e.g. a tile's
   * running max). Undefined for a cell it has nothing to say about.
   */
  explain?(built: Built<T>, panel: MatrixPanel, row: number, column: number): Explanation | undefined;
}

/** A kind module seen from the session, which does not know the kind's own types. */
export type AnyKindModule = KindModule<Walkthrough, unknown>;
