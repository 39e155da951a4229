// What the page knows of a kind of walkthrough before its code is loaded, declared once in its
// folder (kinds/<kind>/kind.ts) and listed in the registry (kinds/index.ts): its inputs' fields
// (model/input-fields.ts, from which follow their type, checks, ranges, schema and format doc),
// the rules between them, what draws its walkthroughs, the engine it needs, whether it charts and
// trains, its exercises, the pipeline stage of each of its steps, and the loader of its module
// (kinds/kind.ts), a chunk of its own. Small and free of steps and words: the landing page imports
// every descriptor.
import type { InputFields, InputsOf } from '../model/input-fields.js';
import type { Problem } from '../model/json-checks.js';
import type { StepTable } from '../model/pipeline.js';
import type { Exercise, ExerciseSizes, Kind, WalkthroughOf } from '../model/types.js';
import type { KindModule } from './kind.js';

/**
 * The views of their own a kind may name to draw its walkthroughs in place of the steps; the
 * page's registry of them (views/own-views.ts) loads each on demand. `training`: a run of the
 * engine's trainer, with its options, curves and heads (the lesson "Watch attention learn").
 */
export type OwnView = 'training' | 'text-training';

interface KindBase<K extends Kind, F extends InputFields> {
  kind: K;
  /** Every field of its inputs, in the order a file's are checked and documented. */
  inputs: F;
  /** Rules between fields for a file, checked once every field has passed. */
  together?(inputs: InputsOf<F>, path: string): Problem;
  /**
   * Its walkthroughs may label their query rows and key columns (`queryLabels`, `keyLabels`):
   * how many of each its inputs have.
   */
  labels?(inputs: InputsOf<F>): { queries: number; keys: number };
  /** Its steps draw charts: the page loads the chart widget (and its d3) with its module. */
  charts?: true;
  /**
   * It can show one layer of a trained model (the lesson "Watch attention learn" trains
   * self-attention encoders), instead of its seeded weights, on a self-attention walkthrough.
   */
  trains?: true;
  /** The exercise types its walkthroughs may have (exercises/), none when empty. */
  exercises: readonly Exercise['type'][];
  /**
   * The sizes its exercises' cells are checked against, when its inputs fix them, and with them
   * its steps: an exercise's `after` must then be one of `steps`.
   */
  exerciseCells?(inputs: InputsOf<F>): ExerciseSizes;
  /**
   * Step id → the pipeline stages it sits on (model/pipeline.ts): every step id it can show, with
   * [] for a step on no one stage; a key ending in "*" stands for the steps it numbers as it goes.
   */
  steps: StepTable;
}

/**
 * A field the engine accepts whatever its value, once it has accepted the other fields: `'any'`
 * (a seed), or `'as many'` (words: any, as long as there are as many).
 */
export type Accepted = 'any' | 'as many';

/** A kind whose walkthroughs are steps its module builds from the engine's trace, drawn by the stepped view. */
interface SteppedKind<K extends Kind, F extends InputFields> extends KindBase<K, F> {
  view?: undefined;
  /**
   * The fields the engine cannot refuse (Accepted); every other field is checked. An edit of
   * these alone is shown at once on the step on screen, and the steps its module builds apart
   * (`rest`, kinds/kind.ts Staged) are made when first read, with the ids and titles of the steps
   * on screen: no step's id or title may depend on these fields. An edit of a checked field is
   * built whole at once, so the engine's refusal comes with the edit. Left out: every field is
   * checked.
   */
  alwaysAccepted?: { readonly [N in keyof F]?: Accepted };
  /**
   * `'full'`: its steps need operations the lite engine leaves out (backward passes, efficient
   * attention, costs: lite_operations in cpp/include/attn/describe/operations.hpp), so the page,
   * which lands on the lite engine, loads the full one before building them.
   * (tests/page/lite-engine-kinds.test.mjs builds every shipped walkthrough of a lite kind on it.)
   */
  engine: 'lite' | 'full';
  /**
   * Its steps read the lessons' language model (session/language-model-source.ts), which the
   * session loads (on the full engine, which it needs) and hands to its module's `build` before
   * the first step: only lessons of such kinds fetch the model.
   */
  languageModel?: true;
  /** Its module, a chunk of its own fetched when a walkthrough of this kind opens. */
  load(): Promise<{ default: KindModule<WalkthroughOf<K>, unknown> }>;
}

/**
 * A kind drawn by a view of its own in the walkthrough's place, which starts from the
 * walkthrough's inputs and brings its own code and engine: the session opens its walkthroughs
 * without steps and hands them to that view, which tells the session what a link should keep.
 */
interface OwnViewKind<K extends Kind, F extends InputFields> extends KindBase<K, F> {
  view: OwnView;
  engine?: undefined;
  languageModel?: undefined;
  load?: undefined;
  alwaysAccepted?: undefined;
}

export type KindDescriptor<K extends Kind = Kind, F extends InputFields = InputFields> = SteppedKind<K, F> | OwnViewKind<K, F>;

/** A kind's descriptor, typed by its name and fields (the same file adds its KindTable entry). */
export const defineKind = <K extends Kind, F extends InputFields>(descriptor: KindDescriptor<K, F>): KindDescriptor<K, F> => descriptor;

/** A descriptor seen without its kind's types, to check a value not yet known to fit. */
export type AnyKindDescriptor = KindDescriptor<Kind, InputFields>;

/** The exercise types a kind whose steps show matrices may have: every kind but the cost lab. */
export const MATRIX_EXERCISES = ['value', 'pick-cell'] as const satisfies readonly Exercise['type'][];

/**
 * A kind in an instructor's words (kinds/<kind>/about.ts), for the JSON Schema and the format
 * doc's tables (scripts/walkthrough-schema.mjs); each field's type and range are written from its
 * descriptor. The page never loads it.
 */
export interface About<F extends InputFields> {
  /** What it computes, in a few words, as the list of kinds names it ("attention on a sentence"). */
  summary: string;
  /** One sentence on what its inputs describe. */
  description: string;
  /** Each input: what it is and what it does (not its type or range). */
  fields: { readonly [K in keyof F]: string };
}
