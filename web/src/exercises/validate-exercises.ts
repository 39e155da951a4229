// The `exercises` of a walkthrough file: each one's fields, its cell within the walkthrough's own
// inputs, and the step it follows, each problem naming the field (`exercises[1].column: expected
// a whole number from 0 to 2, got 3`). Which types a kind's walkthroughs may have is its
// descriptor's `exercises` (kinds/<kind>/kind.ts); where `value` and `pick-cell` point among the
// built steps is checked when the walkthrough opens (session/exercises.ts).
import { expected, field, isRecord, item, oneOf, onlyFields, type Problem, text } from '../model/json-checks.js';
import type { Exercise, ExerciseSizes } from '../model/types.js';
import { EXERCISE_TYPES } from './index.js';

/** What a kind allows: its exercise types, and for a kind whose inputs fix its steps and cells, those. */
export interface ExercisePlaces {
  types: readonly Exercise['type'][];
  /** The sizes the cells are checked against; undefined when only the built steps tell. */
  sizes?: ExerciseSizes;
  /** The steps an exercise may follow, when its inputs fix them. */
  steps?: readonly string[];
}

/** Every type's own fields, for the message about an exercise whose type is unknown. */
const ALL_TYPE_FIELDS = [...new Set(Object.values(EXERCISE_TYPES).flatMap((t) => t.fields))];

/** Most exercises in one walkthrough. */
export const MAX_EXERCISES = 20;
/** Longest title and question, in characters. */
export const EXERCISE_TEXT = { title: 100, prompt: 500 };
/** The fields every type has; each type's module lists its own (exercises/). */
const COMMON_FIELDS = ['id', 'type', 'title', 'prompt', 'after'];

export function exercisesProblem(exercises: unknown, places: ExercisePlaces, path = 'exercises'): Problem {
  if (exercises === undefined) return undefined;
  if (!Array.isArray(exercises) || exercises.length === 0 || exercises.length > MAX_EXERCISES) {
    return expected(path, `a list of 1 to ${MAX_EXERCISES} exercises`, exercises);
  }
  const ids = new Set<string>();
  for (let i = 0; i < exercises.length; i += 1) {
    const found = exerciseProblem(exercises[i], places, item(path, i), ids);
    if (found) return found;
  }
  return undefined;
}

function exerciseProblem(exercise: unknown, { types, sizes, steps }: ExercisePlaces, path: string, ids: Set<string>): Problem {
  if (!isRecord(exercise)) return expected(path, 'an object (one exercise)', exercise);
  const at = (name: string) => field(path, name);
  const { id } = exercise;
  const idProblem = typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)
    ? expected(at('id'), '1 to 64 letters, digits or "-"', id)
    : ids.has(id) ? expected(at('id'), 'a name no other exercise of this walkthrough has', id) : undefined;
  if (typeof id === 'string') ids.add(id);
  const allowed = Object.keys(EXERCISE_TYPES).filter((name) => (types as readonly string[]).includes(name));
  const typeProblem = oneOf(allowed)(exercise.type, at('type'));
  if (typeProblem) return onlyFields(exercise, [...COMMON_FIELDS, ...ALL_TYPE_FIELDS], path) ?? idProblem ?? typeProblem;
  const type = EXERCISE_TYPES[exercise.type as keyof typeof EXERCISE_TYPES];
  return onlyFields(exercise, [...COMMON_FIELDS, ...type.fields], path)
    ?? idProblem
    ?? text(EXERCISE_TEXT.title, 'a title')(exercise.title, at('title'))
    ?? text(EXERCISE_TEXT.prompt, 'a question')(exercise.prompt, at('prompt'))
    ?? (exercise.after === undefined || !steps ? undefined : oneOf(steps)(exercise.after, at('after')))
    ?? (exercise.after === undefined || typeof exercise.after === 'string' ? undefined : expected(at('after'), 'a step id', exercise.after))
    ?? type.problem(exercise, sizes ?? { n: Infinity, m: Infinity, dV: Infinity }, at);
}
