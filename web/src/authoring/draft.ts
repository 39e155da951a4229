// The walkthrough an instructor is writing in the editor (views/editor-view.ts), without a DOM:
// a copy of the walkthrough they start from under an id of its own, changed one field at a time
// by its path ("title", "stepTexts.scores.text", "exercises[1].row"), checked by the same rules
// as a file (validate-walkthrough.ts), and the field each refusal names, so the editor can show it
// beside that field. The exercise forms are derived from the exercises' schema branches
// (walkthrough-schema.ts), where each type's fields are described once.
import type { Exercise, Walkthrough } from '../model/types.js';
import { EXERCISE_BRANCHES, type Schema } from './walkthrough-schema.js';
import { parseWalkthroughText, type ParsedWalkthrough } from './validate-walkthrough.js';
import { freshId } from './own-copy.js';

/** A walkthrough being written: any JSON object (the checks say what is wrong with it). */
export type Draft = Record<string, unknown>;

/**
 * The draft made from `walkthrough`: a deep copy under an id no other walkthrough has, outside the
 * numbered lessons (a copy is the instructor's, not the course's lesson).
 */
export function draftFrom(walkthrough: Walkthrough, taken: (id: string) => boolean): Draft {
  const { lesson: _lesson, ...rest } = structuredClone(walkthrough) as Walkthrough & { lesson?: string };
  return { ...rest, id: freshId(walkthrough.id, taken) };
}

/** A path's parts: "exercises[1].row" → ["exercises", 1, "row"]. */
export function pathParts(path: string): (string | number)[] {
  return path.split('.').flatMap((part) => {
    const match = /^([^[\]]*)((?:\[\d+\])*)$/.exec(part);
    if (!match) return [part];
    const indices = [...match[2].matchAll(/\[(\d+)\]/g)].map((m) => Number(m[1]));
    return [...(match[1] ? [match[1]] : []), ...indices];
  });
}

/**
 * The draft with `value` at `path` (objects made on the way); `undefined` removes the field, and
 * an object or list left empty by it goes too (an empty stepTexts entry would be refused).
 */
export function setAt(draft: Draft, path: string, value: unknown): Draft {
  const parts = pathParts(path);
  const set = (node: unknown, at: number): unknown => {
    const key = parts[at];
    const container: Record<string | number, unknown> = Array.isArray(node) ? [...node] as unknown as Record<number, unknown> : { ...(node as Record<string, unknown> ?? {}) };
    const next = at === parts.length - 1 ? value : set(container[key], at + 1);
    if (next === undefined && !Array.isArray(container)) delete container[key];
    else container[key] = next;
    const empty = Array.isArray(container) ? container.length === 0 : Object.keys(container).length === 0;
    return empty && at > 0 ? undefined : container;
  };
  return set(draft, 0) as Draft;
}

/** The value at `path`, or undefined. */
export function getAt(draft: Draft, path: string): unknown {
  let node: unknown = draft;
  for (const part of pathParts(path)) node = node === null || typeof node !== 'object' ? undefined : (node as Record<string | number, unknown>)[part];
  return node;
}

/**
 * The fields a refusal may name, most likely first: each path-like part followed by ": "
 * ("exercises[0].row: expected …", "This walkthrough’s exercises cannot be shown:
 * exercises[0].panel: expected …"); none for a message that names no field.
 */
export function refusedPaths(message: string): string[] {
  const paths = [...message.matchAll(/(?:^|: )([A-Za-z$][\w$-]*(?:\[\d+\])*(?:\.[\w$-]+(?:\[\d+\])*)*)(?=: )/g)].map((m) => m[1]);
  return paths.filter((path) => path !== 'Your walkthrough');
}

/** The draft checked as a file is: the walkthrough, or the refusal. */
export function checkDraft(draft: Draft, takenIds: { has(id: string): boolean }): ParsedWalkthrough {
  return parseWalkthroughText(JSON.stringify(draft), { takenIds });
}

/** One field of an exercise's form: how it is edited, derived from its schema. */
export interface ExerciseField {
  name: string;
  control: 'select' | 'integer' | 'number' | 'text';
  /** The choices of a select (an optional field also offers none). */
  options?: readonly (string | number)[];
  required: boolean;
  description: string;
}

/** The fields of an exercise of `type` besides id, type, title, prompt and after, from its schema branch. */
export function exerciseFields(type: Exercise['type']): ExerciseField[] {
  const branch = EXERCISE_BRANCHES[type];
  const required = new Set((branch.required as string[] | undefined) ?? []);
  return Object.entries((branch.properties ?? {}) as Record<string, Schema>).filter(([name]) => name !== 'type').map(([name, field]) => {
    const options = field.enum as (string | number)[] | undefined;
    const control = options ? 'select' : field.type === 'integer' ? 'integer' : field.type === 'number' ? 'number' : 'text';
    return { name, control, ...(options ? { options } : {}), required: required.has(name), description: String(field.description ?? '') };
  });
}

/**
 * A new exercise of `type` to add: an id no other exercise has, the words given, placed after
 * `after`, and each required field at its first choice or 0 (a text field left empty for the
 * instructor, whose refusal then names it).
 */
export function newExercise(type: Exercise['type'], existing: readonly { id?: unknown }[], words: { title: string; prompt: string }, after: string | undefined): Record<string, unknown> {
  const ids = new Set(existing.map((e) => e.id));
  let k = 1;
  while (ids.has(`${type}-${k}`)) k += 1;
  const fields = Object.fromEntries(exerciseFields(type).filter((f) => f.required).map((f) => [f.name, f.options ? f.options[0] : f.control === 'text' ? '' : 0]));
  return { id: `${type}-${k}`, type, title: words.title, prompt: words.prompt, ...(after ? { after } : {}), ...fields };
}
