// Reads a walkthrough an instructor wrote into a Walkthrough the page can show, or says what is
// wrong with it in one sentence: the field's JSON path, what was expected and what came, e.g.
// `inputs.key[2]: expected 2 numbers like the other rows, got 3`. The first problem is reported,
// in the order of the fields. docs/walkthrough-format.md describes the format for instructors and
// docs/walkthrough.schema.json for editors, both written from the kinds' descriptors by
// scripts/walkthrough-schema.mjs; tests/page/walkthrough-format.test.mjs keeps the three in step.
//
// Texts (title, intro, labels, tokens) are kept exactly as written, markup and all: the page puts
// them on screen with textContent, never as HTML, so there is nothing to escape or sanitise here.
import type { Kind, Walkthrough } from '../model/types.js';
import { describe, expected, isRecord, list, onlyFields, oneOf, type Problem, problem, string, text } from '../model/json-checks.js';
import { LESSON_TITLES } from '../model/lessons.js';
import { fixedStepIds } from '../model/pipeline.js';
import { stepTextsProblem } from '../model/validate-step-texts.js';
import { exercisesProblem } from '../exercises/validate-exercises.js';
import { inputsProblem } from '../kinds/check-inputs.js';
import { drawableInputs, perLearnerProblem } from './per-learner.js';
import { descriptorOf, isKind, KINDS } from '../kinds/index.js';

export { KINDS };

export type ParsedWalkthrough = { walkthrough: Walkthrough } | { error: string };

export interface ParseOptions {
  /** Ids already taken, e.g. the shipped walkthroughs' (WALKTHROUGHS): a file may not reuse one. */
  takenIds?: { has(id: string): boolean };
}

/** The lessons a walkthrough may name; without `lesson` it is shown as a walkthrough of its own. */
export const LESSON_IDS = LESSON_TITLES.map(([id]) => id);

/** Longest texts, in characters: a title fits one line, an intro a short paragraph. */
export const TEXT_LIMITS = { id: 64, title: 100, intro: 1000, label: 64 };

/** Longest JSON text read, in characters; the largest valid walkthrough is far smaller. */
export const MAX_JSON_LENGTH = 1_000_000;

/** How the top level is named in messages, as it has no field name. */
const TOP = '(top level)';

const COMMON_FIELDS = ['$schema', 'id', 'lesson', 'kind', 'title', 'intro', 'inputs', 'stepTexts'];
const LABEL_FIELDS = ['queryLabels', 'keyLabels'];

/**
 * The fields a walkthrough of `kind` may have: labels where its kind has them, exercises where it
 * has some, inputs drawn per learner where it has a matrix input.
 */
export function fieldsOf(kind: Kind): string[] {
  const { labels, exercises } = descriptorOf(kind);
  return [
    ...COMMON_FIELDS, ...(labels ? LABEL_FIELDS : []), ...(exercises.length > 0 ? ['exercises'] : []),
    ...(drawableInputs(kind).length > 0 ? ['perLearner'] : []),
  ];
}

/** The fields named for a file whose kind is unknown (a misspelt "kind" is named as such). */
const ANY_KIND_FIELDS = [...COMMON_FIELDS, ...LABEL_FIELDS];

function idProblem(id: unknown, taken: ParseOptions['takenIds']): Problem {
  if (typeof id !== 'string' || !/^[A-Za-z0-9-]+$/.test(id)) return expected('id', 'letters, digits and "-" (it goes in the URL)', id);
  if (id.length > TEXT_LIMITS.id) return problem('id', `at most ${TEXT_LIMITS.id} characters`, String(id.length));
  if (taken?.has(id)) return expected('id', 'a name no shipped walkthrough has', id);
  return undefined;
}

const lessonProblem = (lesson: unknown): Problem =>
  lesson === undefined || (LESSON_IDS as readonly unknown[]).includes(lesson)
    ? undefined
    : problem('lesson', `one of ${LESSON_IDS.map((id) => `"${id}"`).join(', ')}, or no lesson field for a walkthrough of your own`, describe(lesson));

/** Optional labels of an attention walkthrough's query rows or key columns: one per row or column. */
const labelsProblem = (labels: unknown, rows: number, path: string, per: string): Problem =>
  labels === undefined
    ? undefined
    : list(text(TEXT_LIMITS.label, 'a label'), { min: rows, max: rows }, `${rows === 1 ? 'label' : 'labels'} (one per ${per})`)(labels, path);

/**
 * Checks a walkthrough read from JSON: its structure, every value against the ranges of the page's
 * controls, the rules between fields, and that it names no unknown field (so a typo is caught).
 * On success the walkthrough is returned without its `$schema` field.
 *
 * @example parseWalkthrough(JSON.parse(text), { takenIds: WALKTHROUGHS })
 *   // → { walkthrough } or { error: 'inputs.key[2]: expected 2 numbers like the other rows, got 3' }
 */
export function parseWalkthrough(json: unknown, options: ParseOptions = {}): ParsedWalkthrough {
  if (!isRecord(json)) return { error: expected(TOP, 'an object (one walkthrough)', json) };
  // Unknown fields first, so that a misspelt "kind" is named as such rather than as missing.
  const known = isKind(json.kind) ? fieldsOf(json.kind) : ANY_KIND_FIELDS;
  const kindError = onlyFields(json, known, '') ?? oneOf(KINDS)(json.kind, 'kind');
  if (kindError) return { error: kindError };
  const kind = json.kind as Kind;
  const error = (json.$schema === undefined ? undefined : string(json.$schema, '$schema'))
    ?? idProblem(json.id, options.takenIds)
    ?? lessonProblem(json.lesson)
    ?? text(TEXT_LIMITS.title)(json.title, 'title')
    ?? text(TEXT_LIMITS.intro)(json.intro, 'intro')
    ?? inputsProblem(kind, json.inputs, 'inputs')
    ?? labelsOfProblem(kind, json)
    ?? placedExercisesProblem(kind, json)
    ?? stepTextsProblem(json.stepTexts, kind, fixedStepIds(descriptorOf(kind).steps))
    ?? perLearnerProblem(kind, json);
  if (error) return { error };
  const { $schema: _schema, ...walkthrough } = json;
  return { walkthrough: walkthrough as unknown as Walkthrough };
}

/** The exercises, within the cells and steps the inputs fix for a kind whose inputs fix them. */
function placedExercisesProblem(kind: Kind, json: Record<string, unknown>): Problem {
  const { exercises, exerciseCells, steps } = descriptorOf(kind);
  const fixed = exerciseCells ? { sizes: exerciseCells(json.inputs as never), steps: Object.keys(steps) } : {};
  return exercisesProblem(json.exercises, { types: exercises, ...fixed });
}

/** One label per query row and per key, for a kind whose walkthroughs are labelled (its inputs passed). */
function labelsOfProblem(kind: Kind, json: Record<string, unknown>): Problem {
  const counted = descriptorOf(kind).labels?.(json.inputs as never);
  if (!counted) return undefined;
  return labelsProblem(json.queryLabels, counted.queries, 'queryLabels', 'query')
    ?? labelsProblem(json.keyLabels, counted.keys, 'keyLabels', 'key');
}

/** parseWalkthrough of a JSON text, e.g. a file's contents; a text that is not JSON is an error too. */
export function parseWalkthroughText(json: string, options: ParseOptions = {}): ParsedWalkthrough {
  if (json.length > MAX_JSON_LENGTH) return { error: problem(TOP, `at most ${MAX_JSON_LENGTH} characters of JSON`, String(json.length)) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch (e) {
    return { error: problem(TOP, 'JSON', `text that is not JSON (${(e as Error).message})`) };
  }
  return parseWalkthrough(parsed, options);
}
