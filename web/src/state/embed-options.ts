// Embed options: what an instructor can hide when the page sits in a course (an iframe, the web
// component, the offline file), exam mode, and the learner a practice or exam draws its numbers
// for. Read from the link (?embed=1&hide=prose,editors, ?mode=exam, ?seed=ana) or from the
// component's attributes; unknown parts give a notice, like every other bad link parameter.
import { echo } from '../i18n/echo.js';

/** The parts of the page that can be hidden, in the order the docs list them. */
export const PARTS = {
  header: 'the site header: name and lesson menu',
  menu: 'the lesson menu only',
  title: 'the lesson label, walkthrough title, introduction and walkthrough tabs',
  prose: 'the introduction and each step’s explanation',
  formula: 'each step’s formula',
  steps: 'the list of steps',
  player: 'the whole bar of step controls',
  play: 'the play/pause button and its speed',
  reset: 'the reset button',
  editors: 'every way to change the inputs: parameters, cell editing, mask toggles, reset',
  explain: 'explain this number (cells are then not selectable)',
  embed: 'the Embed button',
  export: 'the export menu',
} as const;

export type Part = keyof typeof PARTS;

export interface EmbedOptions {
  /** Compact layout for an iframe: implies hiding the header and the Embed button. */
  embedded: boolean;
  hide: ReadonlySet<Part>;
  /**
   * Exam mode (`?mode=exam`), for instructors: one answer per exercise, recorded without the
   * engine's diagnosis or value, and no restart (implies hiding `editors` and `reset`).
   */
  exam: boolean;
  /**
   * Who the learner is, for a walkthrough that draws its numbers per learner (`?seed=`, the
   * component's `seed`): any text of 1 … 256 characters, e.g. a name or a number the instructor
   * hands out. An LMS's learner id, where there is one, comes first (app.ts).
   */
  seed?: string;
}

/** The link parameters read here (the page state's own are in state/url-state.ts). */
export const EMBED_PARAMS = ['embed', 'hide', 'mode', 'seed'] as const;

/** The longest learner seed, in characters (the engine takes 256 bytes of UTF-8: 64 characters of 4 bytes fit). */
export const MAX_SEED_LENGTH = 64;

export const NOT_EMBEDDED: EmbedOptions = { embedded: false, hide: new Set(), exam: false };

/** What exam mode hides: every way to change the inputs, so an exam cannot be started over. */
const EXAM_HIDES: readonly Part[] = ['editors', 'reset'];

const isPart = (name: string): name is Part => Object.hasOwn(PARTS, name);

/**
 * Reads `embed` ("1"/"true"/"0"/"false"), `hide` (comma- or space-separated parts), `mode`
 * ("exam", or "practice", the default) and `seed` (a learner's: 1 … 64 characters, spaces
 * around it trimmed).
 */
export function readEmbedOptions(embed: string | null, hide: string | null, mode: string | null = null, seed: string | null = null): { options: EmbedOptions; notices: string[] } {
  const notices: string[] = [];
  const learner = seed?.trim();
  if (seed !== null && (!learner || [...learner].length > MAX_SEED_LENGTH)) {
    notices.push(`seed: expected a learner's seed of 1 to ${MAX_SEED_LENGTH} characters, got ${echo(seed)}; the page shows the walkthrough's own numbers.`);
  }
  const seeded = learner && [...learner].length <= MAX_SEED_LENGTH ? { seed: learner } : {};
  let exam = false;
  if (mode !== null) {
    if (mode.toLowerCase() === 'exam') exam = true;
    else if (mode.toLowerCase() !== 'practice') notices.push(`mode: expected exam or practice, got ${echo(mode)}; the page is in practice mode.`);
  }
  let embedded = false;
  if (embed !== null) {
    if (['', '1', 'true', 'yes'].includes(embed)) embedded = true;
    else if (!['0', 'false', 'no'].includes(embed)) notices.push(`embed: expected 1 or 0, got ${echo(embed)}; the page is shown in full.`);
  }
  const parts = new Set<Part>([...(embedded ? ['header', 'embed'] as const : []), ...(exam ? EXAM_HIDES : [])]);
  for (const name of (hide ?? '').toLowerCase().split(/[\s,]+/).filter(Boolean)) {
    if (isPart(name)) parts.add(name);
    else notices.push(`hide: ${echo(name)} is not a part of the page; expected some of ${Object.keys(PARTS).join(', ')}.`);
  }
  return { options: { embedded, hide: parts, exam, ...seeded }, notices };
}

/** The link parameters that reproduce these options (empty when there are none). */
export function embedParams(options: EmbedOptions): [string, string][] {
  const implied = new Set<Part>([...(options.embedded ? ['header', 'embed'] as const : []), ...(options.exam ? EXAM_HIDES : [])]);
  const hide = [...options.hide].filter((part) => !implied.has(part));
  return [
    ...(options.embedded ? [['embed', '1'] as [string, string]] : []),
    ...(hide.length > 0 ? [['hide', hide.join(',')] as [string, string]] : []),
    ...(options.exam ? [['mode', 'exam'] as [string, string]] : []),
    ...(options.seed !== undefined ? [['seed', options.seed] as [string, string]] : []),
  ];
}
