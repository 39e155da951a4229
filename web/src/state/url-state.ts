// The page state lives in the link, declared once in PARAMS: which walkthrough, which step, and
// the inputs a learner edited. A link reproduces exactly what its author saw; a bad or outdated
// link falls back to defaults with a visible notice, never a blank page.
//
// Where each part goes: the walkthrough and step in the query (`?w=…&step=…`, short, and what a
// server or an LMS may read), the edited inputs in the hash (`#in=…`). A hash never reaches the
// server, so it has no header limit (a 32×64 matrix is tens of kilobytes: in the query, the
// preview server refused it with HTTP 431). Old links with `?in=` still open. The hash also
// carries an instructor's own walkthrough (`#walkthrough=…`, authoring/load-walkthrough.ts):
// entries the state does not own are kept when the state is written. A training run's inputs are
// the exception: readable query parameters (state/training-link.ts), as links in the wild have them.
import { DEFAULT_WALKTHROUGH, findWalkthrough, LESSONS } from '../model/walkthroughs.js';
import type { Walkthrough } from '../model/types.js';
import { inputsFit } from '../kinds/check-inputs.js';
import type { TrainedSource } from '../model/trained-layer.js';
import { acceptsTrainedWeights } from '../kinds/index.js';
import { EMBED_PARAMS } from './embed-options.js';
import { LANGUAGE_PARAMS } from '../i18n/languages.js';
import { echo } from '../i18n/echo.js';
import { decodeInputs, encodeInputs, readParams, writeParams } from './link-parts.js';
import { trainerOptions, trainingInputsOf, type TrainingInputs } from '../kinds/training/inputs.js';
import {
  carriesTrainingLink, readTrainingLink, sameTrainingLink, TRAINING_KEYS, TRAINING_WALKTHROUGH, trainingParams, type TrainingLink,
} from './training-link.js';
import { t } from '../i18n/messages.js';

export interface PageState {
  walkthrough: string;
  /** A step id (e.g. "softmax"); resolved against the generated steps. */
  step: string;
  /** Edited inputs, or undefined for the walkthrough's own. */
  inputs?: Walkthrough['inputs'];
  /**
   * The walkthrough shows this layer of a trained model (`?w=multi-head&train=reverse&seed=1&
   * steps=300&layer=0`): the page retrains to it, bit for bit, rather than carry its weights.
   */
  weights?: TrainedSource;
}

export interface ParsedState {
  state: PageState;
  /** One sentence per parameter that could not be used. */
  notices: string[];
}

export interface ParsedLink extends ParsedState {
  /** Whether the link names a walkthrough (`w` or `lesson`), rather than leaving it to a default. */
  named: boolean;
  /** The instructor's walkthrough address (`src`), when well formed. */
  src?: string;
  /** The hash is an in-page anchor (e.g. the skip link's `#step`): it holds no state. */
  anchor: boolean;
}

/** The parts of `window.location` a link is read from. */
export interface LinkLocation {
  search: string;
  hash: string;
}

export interface ReadOptions {
  /**
   * Parameters the page does not know are ignored without a notice (an embedded page, whose
   * address an LMS or a course site may extend with its own parameters).
   */
  quietAboutUnknown?: boolean;
}

export interface LinkExtras {
  /** Query parameters written after the state's own (embed options, `src`). */
  params?: Iterable<[string, string]>;
  /** The current hash: its entries other than the state's own are kept (e.g. `walkthrough`). */
  hash?: string;
}

interface Param {
  key: string;
  /** Where it is written: the query, or the hash. It is read from either. */
  place: 'query' | 'hash';
  read(value: string, state: PageState): string | undefined; // an error sentence, or nothing
  write(state: PageState): string | undefined;
}

/** Every state parameter, in the order they are read. */
const PARAMS: Param[] = [
  {
    // A lesson by its id opens the lesson's first walkthrough; `w`, read next, names one exactly.
    key: 'lesson',
    place: 'query',
    read(value, state) {
      // Its name, or the number on its chip in the menu (1 …).
      const number = /^\d{1,3}$/.test(value) ? Number(value) : undefined;
      const lesson = number !== undefined ? LESSONS[number - 1] : LESSONS.find((l) => l.id === value);
      if (!lesson) {
        return t('link-no-lesson', { value: echo(value), last: String(LESSONS.length), names: LESSONS.map((l) => l.id).join(', ') });
      }
      state.walkthrough = lesson.walkthroughs[0].id;
      return undefined;
    },
    write: () => undefined,
  },
  {
    key: 'w',
    place: 'query',
    read(value, state) {
      if (!findWalkthrough(value)) return t('link-no-walkthrough', { value: echo(value) });
      state.walkthrough = value;
      return undefined;
    },
    // The training lesson's link says `train=…`, which alone opens it.
    write: (state) => (state.walkthrough === DEFAULT_WALKTHROUGH || state.walkthrough === TRAINING_WALKTHROUGH ? undefined : state.walkthrough),
  },
  {
    key: 'step',
    place: 'query',
    read(value, state) {
      if (!/^[a-z0-9-]{1,40}$/.test(value)) return t('link-bad-step', { value: echo(value) });
      state.step = value;
      return undefined;
    },
    write: (state) => (state.step === 'inputs' ? undefined : state.step),
  },
  {
    key: 'weights',
    place: 'query',
    // Every walkthrough opens on its random weights: `weights=random`, which older links carry,
    // asks for what the page shows anyway, and is read without a notice.
    read: (value) => (value === 'random' ? undefined : t('link-bad-weights', { value: echo(value) })),
    write: () => undefined,
  },
  {
    key: 'in',
    place: 'hash',
    read(value, state) {
      const decoded = decodeInputs(value);
      if ('error' in decoded) return t('link-inputs-unreadable', { reason: decoded.error });
      let parsed: unknown;
      try {
        parsed = JSON.parse(decoded.json);
      } catch {
        return t('link-inputs-not-json');
      }
      const walkthrough = findWalkthrough(state.walkthrough);
      if (!walkthrough || !inputsFit(walkthrough.kind, parsed)) {
        return t('link-inputs-misfit');
      }
      state.inputs = parsed as Walkthrough['inputs'];
      return undefined;
    },
    write: (state) => (state.inputs && !trainingRun(state) ? encodeInputs(state.inputs) : undefined),
  },
];

/** The instructor's walkthrough address: given back by readLink, for authoring/load-walkthrough.ts to load. */
const SRC = 'src';
/** Query parameters read elsewhere (embed options, the instructor's walkthrough address, the language). */
const OTHER_QUERY_PARAMS = new Set<string>([...EMBED_PARAMS, SRC, ...LANGUAGE_PARAMS]);
/** Hash entries read elsewhere (an instructor's walkthrough carried in the link). */
const OTHER_HASH_KEYS = new Set<string>(['walkthrough']);

/** The inputs of the training run `state` shows, when its walkthrough is one (of kind "training"). */
function trainingRun(state: PageState): TrainingInputs | undefined {
  const walkthrough = findWalkthrough(state.walkthrough);
  if (!walkthrough || !carriesTrainingLink(walkthrough)) return undefined;
  return (state.inputs as TrainingInputs | undefined) ?? walkthrough.inputs;
}

/**
 * A training link on its own opens the lesson "Watch attention learn" at that run; beside a
 * walkthrough (`w` or `lesson`) it is that walkthrough's run when it is one, else it names the
 * trained layer that walkthrough shows.
 */
function placeTraining({ inputs, layer }: TrainingLink, named: boolean, state: PageState, notices: string[]): void {
  if (!named) state.walkthrough = TRAINING_WALKTHROUGH;
  const walkthrough = findWalkthrough(state.walkthrough);
  if (walkthrough && carriesTrainingLink(walkthrough)) {
    if (layer !== undefined) notices.push(t('link-layer-alone'));
    // Its inputs are the run, whatever a hash carried; its own run is no edit, so the link reads
    // as its lesson's does.
    if (sameTrainingLink(inputs, walkthrough.inputs)) delete state.inputs;
    else state.inputs = inputs;
    return;
  }
  if (!walkthrough || !acceptsTrainedWeights(walkthrough)) {
    notices.push(t('link-no-trained', { value: echo(state.walkthrough) }));
    return;
  }
  state.weights = { options: trainerOptions(inputs), steps: inputs.steps ?? 0, layer: layer ?? 0 };
}

/** Reads the state from a link; every part that cannot be used gives one notice. */
export function readLink(location: LinkLocation, { quietAboutUnknown = false }: ReadOptions = {}): ParsedLink {
  const query = readParams(location.search);
  // A hash with no "=" is an in-page anchor (the skip link's #step), not state.
  const anchor = /^#[^=]+$/.test(location.hash);
  const hash = readParams(anchor ? '' : location.hash);
  const state: PageState = { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' };
  const notices: string[] = [];
  for (const [where, parts] of [['link', query], ['link-hash', hash]] as const) {
    for (const name of parts.malformed) {
      notices.push(t(`${where}-malformed`, { name: echo(name) }));
    }
    for (const name of parts.repeated) {
      notices.push(t(`${where}-repeated`, { name: echo(name) }));
    }
  }
  for (const param of PARAMS) {
    // Inputs are written to the hash; an old link may carry them in the query (`?in=`).
    const value = (param.place === 'hash' ? hash.values.get(param.key) : undefined) ?? query.values.get(param.key);
    if (value === undefined) continue;
    const error = param.read(value, state);
    if (error) notices.push(error);
  }
  const training = readTrainingLink(query.values, notices);
  if (training) placeTraining(training, query.values.has('w') || query.values.has('lesson'), state, notices);
  const known = new Set<string>([...PARAMS.map((p) => p.key), ...OTHER_QUERY_PARAMS, ...TRAINING_KEYS]);
  for (const key of quietAboutUnknown ? [] : query.values.keys()) {
    if (!known.has(key)) notices.push(t('link-unknown', { name: echo(key) }));
  }
  const src = query.values.get(SRC);
  return {
    state,
    notices,
    named: query.values.has('w') || query.values.has('lesson') || training !== undefined,
    anchor,
    ...(src === undefined ? {} : { src }),
  };
}

/**
 * The link of a state: "?…#…" (either part left out when empty), the state's parameters first,
 * then `extras.params`; the hash holds the edited inputs and keeps the entries of `extras.hash`
 * that are not the state's own.
 */
export function writeLink(state: PageState, extras: LinkExtras = {}): string {
  const query: [string, string][] = [];
  const hash: [string, string][] = [];
  for (const param of PARAMS) {
    const value = param.write(state);
    if (value !== undefined) (param.place === 'query' ? query : hash).push([param.key, value]);
  }
  const run = trainingRun(state);
  if (run) query.push(...trainingParams({ inputs: run }));
  else if (state.weights) query.push(...trainingParams({ inputs: trainingInputsOf(state.weights.options, state.weights.steps), layer: state.weights.layer }));
  // The state's own parameters win: a training link's seed is its run's, not a learner's (`seed=`).
  query.push(...[...(extras.params ?? [])].filter(([key]) => !query.some(([taken]) => taken === key)));
  const own = new Set(PARAMS.map((p) => p.key));
  for (const [key, value] of readParams(extras.hash ?? '').values) {
    if (!own.has(key) && OTHER_HASH_KEYS.has(key)) hash.push([key, value]);
  }
  const search = writeParams(query);
  const fragment = writeParams(hash);
  return `${search ? `?${search}` : ''}${fragment ? `#${fragment}` : ''}`;
}
