// The page state lives in the URL, declared once in PARAMS: which walkthrough, which step, and
// the inputs a learner edited. A link reproduces exactly what its author saw; a bad or outdated
// link falls back to defaults with a visible notice, never a blank page.
import { DEFAULT_WALKTHROUGH, WALKTHROUGHS } from '../model/walkthroughs.js';
import type { Walkthrough } from '../model/types.js';

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

const isMatrix = (x: unknown): x is number[][] =>
  Array.isArray(x) && x.length > 0 && x.every((row) => Array.isArray(row) && row.length === (x[0] as unknown[]).length && row.every((v) => typeof v === 'number'));

/** Structural check of edited inputs against the walkthrough's kind; the engine checks values. */
function inputsFit(walkthrough: Walkthrough, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  if (walkthrough.kind === 'attention') {
    const maskOk = v.mask === undefined || v.mask === null || v.mask === 'causal' || isMatrix(v.mask) ||
      (typeof v.mask === 'object' && typeof (v.mask as { keyLength?: unknown }).keyLength === 'number');
    return isMatrix(v.query) && isMatrix(v.key) && isMatrix(v.value) && maskOk &&
      (v.maskFill === undefined || v.maskFill === null || typeof v.maskFill === 'number');
  }
  const numbers = (...names: string[]) => names.every((name) => typeof v[name] === 'number');
  if (walkthrough.kind === 'scaling') return numbers('dK', 'keys', 'samples', 'seed');
  if (walkthrough.kind === 'entropy') return numbers('length', 'dModel', 'heads', 'seed');
  const strings = (x: unknown) => Array.isArray(x) && x.length > 0 && x.every((t) => typeof t === 'string');
  if (walkthrough.kind === 'positional') {
    return numbers('length', 'dModel', 'tokenDModel', 'heads', 'seed') && strings(v.tokens) &&
      Array.isArray(v.dimensions) && v.dimensions.every((x) => typeof x === 'number' || typeof x === 'string');
  }
  if (walkthrough.kind === 'encoder') {
    return numbers('dModel', 'heads', 'dFF', 'seed') && strings(v.tokens) &&
      typeof v.activation === 'string' && (v.attentionBias === 'on' || v.attentionBias === 'off');
  }
  return strings(v.tokens) && (v.sourceTokens === undefined || strings(v.sourceTokens)) &&
    typeof v.dModel === 'number' && typeof v.heads === 'number' && typeof v.seed === 'number';
}

interface Param {
  key: string;
  read(value: string, state: PageState): string | undefined; // an error sentence, or nothing
  write(state: PageState): string | undefined;
}

/** Every URL parameter, in the order they are read. */
const PARAMS: Param[] = [
  {
    key: 'w',
    read(value, state) {
      if (!WALKTHROUGHS.has(value)) return `There is no walkthrough called “${value}”, so the worked example is shown.`;
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
      const walkthrough = WALKTHROUGHS.get(state.walkthrough);
      if (!walkthrough || !inputsFit(walkthrough, parsed)) {
        return 'The inputs in this link do not fit this walkthrough, so its own inputs are shown.';
      }
      state.inputs = parsed as Walkthrough['inputs'];
      return undefined;
    },
    write: (state) => (state.inputs ? JSON.stringify(state.inputs) : undefined),
  },
];

export function parseState(search: string): ParsedState {
  const params = new URLSearchParams(search);
  const state: PageState = { walkthrough: DEFAULT_WALKTHROUGH, step: 'inputs' };
  const notices: string[] = [];
  for (const param of PARAMS) {
    const value = params.get(param.key);
    if (value === null) continue;
    const error = param.read(value, state);
    if (error) notices.push(error);
  }
  const known = new Set(PARAMS.map((p) => p.key));
  for (const key of params.keys()) {
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
