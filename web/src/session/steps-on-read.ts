// The steps the session shows of a build, with the walkthrough's own words and its exercises, and
// the steps made only when first read. A kind may build in two parts (kinds/kind.ts Staged): its
// first steps, and `rest`, an engine call and the steps after them. After an edit the engine
// cannot refuse (only fields its descriptor's `alwaysAccepted` names changed since the steps on
// screen, which it accepted), the steps the screen does not show are made when first read: a new
// seed on the multi-head walkthrough's embeddings step asks the engine for embedTokens, not also
// for an 8-head trace of 76,555 numbers. Until then they carry the ids and titles of the steps
// on screen (the step list needs them), and once made they must have the same. Any other build
// is made whole at once, so the engine's refusal comes with the change that caused it. Reading
// is all it takes: nothing that uses the steps or the trace needs to know which were deferred.
import type { AttentionLab, LanguageModel } from '../../lib/index.js';
import type { Accepted } from '../kinds/descriptor.js';
import { descriptorOf } from '../kinds/index.js';
import { wholeBuild, type AnyKindModule, type Built } from '../kinds/kind.js';
import type { Step, Walkthrough } from '../model/types.js';
import type { TrainedLayer } from '../model/trained-layer.js';
import { withExercises } from './exercises.js';
import { withStepTexts } from './step-texts.js';

type Inputs = Walkthrough['inputs'];

/** What steps are built from. */
export interface BuiltFrom {
  walkthrough: Walkthrough;
  kind: AnyKindModule;
  /** The engine the steps come from: the page's, or the full one for a kind that needs it. */
  lab: AttentionLab;
  inputs: Inputs;
  /** Whether the inputs are the learner's (a link then carries them), not the walkthrough's own. */
  edited: boolean;
  /** A trained model's layer whose weights and probe the steps show, instead of seeded ones. */
  trained?: TrainedLayer;
  /** The lessons' language model, for a kind whose descriptor says languageModel. */
  languageModel?: LanguageModel;
  /** The learner id the walkthrough's own numbers were drawn for (own-numbers.ts), if they were. */
  drawnFor?: string;
}

/** What is on screen: the steps, the one shown, and what they were built from. */
export interface OnScreen extends BuiltFrom {
  built: Built;
  index: number;
}

/**
 * The steps and trace of a walkthrough as the session shows them; throws the engine's refusal.
 * `screen`: the steps on screen, when these inputs are an edit of theirs.
 */
export function stepsToShow({ walkthrough, kind, lab, inputs, edited, trained, languageModel }: BuiltFrom, screen?: OnScreen): Built {
  // A walkthrough's own words describe its own numbers (step-texts.ts).
  const ownTexts = !edited && !trained;
  const building = kind.build(lab, walkthrough, inputs, trained, languageModel);
  const whole = (): Built => {
    const { steps, trace } = wholeBuild(building);
    const worded = withStepTexts(walkthrough, steps, ownTexts);
    return { steps: walkthrough.exercises ? withExercises(walkthrough, inputs, worded) : worded, trace };
  };
  if (!screen || !('rest' in building) || !unrefusable(walkthrough, inputs, trained, ownTexts, screen)) return whole();
  return deferred(withStepTexts(walkthrough, building.first, ownTexts), whole, screen);
}

/**
 * The steps on screen, each first step of a build made now (`first`, worded) and each other one
 * made by `whole` when first read; whole at once when the step shown is not a first step.
 */
function deferred(first: Step[], whole: () => Built, screen: OnScreen): Built {
  const shown = screen.built.steps;
  const now = new Map(first.map((step) => [step.id, step]));
  if (!now.has(shown[screen.index].id) || first.some((step) => !shown.some((s) => s.id === step.id))) return whole();
  let made: Built | undefined;
  const make = (): Built => {
    if (made) return made;
    made = whole();
    const said = (steps: readonly Step[]) => steps.map((s) => `${s.id}: ${s.title}`).join('\n');
    if (said(made.steps) !== said(shown)) throw new Error(`the steps made on read are not those announced (a field in alwaysAccepted changes a step's id or title):\n${said(made.steps)}\ninstead of\n${said(shown)}`);
    return made;
  };
  return {
    steps: shown.map((step, k) => now.get(step.id) ?? madeOnRead(step, () => make().steps[k])),
    get trace() { return make().trace; },
  };
}

/** A step's parts made when first read: all but its id and title. */
const ON_READ = { text: true, formula: true, panels: true } satisfies Record<Exclude<keyof Step, 'id' | 'title'>, true>;

/** A step with the id and title `announced` whose other parts are `make()`'s, made when first read. */
function madeOnRead(announced: Step, make: () => Step): Step {
  const step = { id: announced.id, title: announced.title } as Step;
  for (const key of Object.keys(ON_READ) as (keyof typeof ON_READ)[]) {
    Object.defineProperty(step, key, { enumerable: true, get: () => make()[key] });
  }
  return step;
}

/**
 * Whether the engine accepts `inputs` because it accepted the screen's, and the steps keep their
 * titles: the same walkthrough, weights and titles, and only fields the engine cannot refuse (the
 * descriptor's `alwaysAccepted`) changed.
 */
function unrefusable(walkthrough: Walkthrough, inputs: Inputs, trained: TrainedLayer | undefined, ownTexts: boolean, screen: OnScreen): boolean {
  const accepted = descriptorOf(walkthrough.kind).alwaysAccepted;
  const ownTitles = Object.values(walkthrough.stepTexts ?? {}).some((text) => text.title !== undefined);
  const sameTitles = !ownTitles || (!screen.edited && !screen.trained) === ownTexts;
  if (!accepted || screen.walkthrough !== walkthrough || screen.trained !== trained || !sameTitles) return false;
  const now = inputs as Record<string, unknown>;
  const before = screen.inputs as Record<string, unknown>;
  const names = new Set([...Object.keys(now), ...Object.keys(before)]);
  return [...names].every((name) => sameToTheEngine(accepted[name], now[name], before[name]));
}

function sameToTheEngine(accepted: Accepted | undefined, a: unknown, b: unknown): boolean {
  if (accepted === 'any') return true;
  if (accepted === 'as many') return (a as unknown[] | undefined)?.length === (b as unknown[] | undefined)?.length;
  return sameValue(a, b);
}

/** Whether two inputs' values (numbers, words, null, nested lists and objects) are equal. */
function sameValue(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  return keys.length === Object.keys(y).length && keys.every((key) => Object.hasOwn(y, key) && sameValue(x[key], y[key]));
}
