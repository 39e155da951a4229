// The page state lives in the URL, declared once in PARAMS: which walkthrough, which step, and
// the inputs a learner edited. A link reproduces exactly what its author saw; a bad or outdated
// link falls back to defaults with a visible notice, never a blank page.
import { DEFAULT_WALKTHROUGH, findWalkthrough, LESSONS } from '../model/walkthroughs.js';
import type { Walkthrough } from '../model/types.js';
import { inputsFit } from '../model/input-rules.js';
import { EMBED_PARAMS } from '../embed/options.js';
import { AUTHORING_PARAMS } from '../authoring/load-walkthrough.js';

export interface PageState {
  walkthrough: string;
  /** A step id (e.g. "softmax"); resolved against the generated steps. */
  step: string;
  /** Edited inputs, or undefined for the walkthrough's own. */
  inputs?: Walkthrough['inputs'];
}

export interface ParsedState {
  state: PageState;
  /** One sentence per parameter that could not be used. */
  notices: string[];
}

interface Param {
  key: string;
  read(value: string, state: PageState): string | undefined; // an error sentence, or nothing
  write(state: PageState): string | undefined;
}

/** Every URL parameter, in the order they are read. */
const PARAMS: Param[] = [
  {
    // A lesson by its id opens the lesson's first walkthrough; `w`, read next, names one exactly.
    key: 'lesson',
    read(value, state) {
      const lesson = LESSONS.find((l) => l.id === value);
      if (!lesson) return `There is no lesson called “${value.slice(0, 40)}” (expected one of ${LESSONS.map((l) => l.id).join(', ')}), so the worked example is shown.`;
      state.walkthrough = lesson.walkthroughs[0].id;
      return undefined;
    },
    write: () => undefined,
  },
  {
    key: 'w',
    read(value, state) {
      if (!findWalkthrough(value)) return `There is no walkthrough called “${value}”, so the worked example is shown.`;
      state.walkthrough = value;
      return undefined;
    },
    write: (state) => (state.walkthrough === DEFAULT_WALKTHROUGH ? undefined : state.walkthrough),
  },
  {
    key: 'step',
    read(value, state) {
      if (!/^[a-z0-9-]{1,40}$/.test(value)) return `The step “${value.slice(0, 40)}” is not a step name, so the walkthrough starts at its first step.`;
      state.step = value;
      return undefined;
    },
    write: (state) => (state.step === 'inputs' ? undefined : state.step),
  },
  {
    key: 'in',
    read(value, state) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(value);
      } catch {
        return 'The inputs in this link are not valid JSON, so the walkthrough’s own inputs are shown.';
      }
      const walkthrough = findWalkthrough(state.walkthrough);
      if (!walkthrough || !inputsFit(walkthrough.kind, parsed)) {
        return 'The inputs in this link do not fit this walkthrough, so its own inputs are shown.';
      }
      state.inputs = parsed as Walkthrough['inputs'];
      return undefined;
    },
    write: (state) => (state.inputs ? JSON.stringify(state.inputs) : undefined),
  },
];

/**
 * Reads the state from a link. `quietAboutUnknown`: parameters the page does not know are
 * ignored without a notice (an embedded page, whose address an LMS or a course site may extend
 * with its own parameters).
 */
export function parseState(search: string, { quietAboutUnknown = false } = {}): ParsedState {
  const params = new URLSearchParams(search);
  const state: PageState = { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' };
  const notices: string[] = [];
  for (const param of PARAMS) {
    const value = params.get(param.key);
    if (value === null) continue;
    const error = param.read(value, state);
    if (error) notices.push(error);
  }
  const known = new Set<string>([...PARAMS.map((p) => p.key), ...EMBED_PARAMS, ...AUTHORING_PARAMS]);
  for (const key of quietAboutUnknown ? [] : params.keys()) {
    if (!known.has(key)) notices.push(`The link parameter “${key.slice(0, 40)}” is not one this page knows; it was ignored.`);
  }
  return { state, notices };
}

export function serializeState(state: PageState): string {
  const params = new URLSearchParams();
  for (const param of PARAMS) {
    const value = param.write(state);
    if (value !== undefined) params.set(param.key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
