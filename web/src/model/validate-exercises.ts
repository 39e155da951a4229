// The `exercises` of a walkthrough file: each one's fields, its cell within the walkthrough's own
// inputs, and the step it follows, each problem naming the field (`exercises[1].column: expected
// a whole number from 0 to 2, got 3`). The types graded by attention's engine calls (numeric,
// pick-key, order-passes) are for "attention" walkthroughs; `value` and `pick-cell` for any kind
// with matrices, and where they point among the built steps is checked when the walkthrough opens
// (session/exercises.ts); `cost-growth` for the cost lab.
import type { ExerciseSizes } from '../exercises/exercise-type.js';
import { EXERCISE_TYPES } from '../exercises/index.js';
import type { Kind } from '../kinds/shared/rules.js';
import { expected, field, isRecord, item, oneOf, onlyFields, type Problem, text } from './json-checks.js';

/** Every type's own fields, for the message about an exercise whose type is unknown. */
const ALL_TYPE_FIELDS = [...new Set(Object.values(EXERCISE_TYPES).flatMap((t) => t.fields))];

/** Most exercises in one walkthrough. */
export const MAX_EXERCISES = 20;
/** Longest title and question, in characters. */
export const EXERCISE_TEXT = { title: 100, prompt: 500 };
/** The steps of an attention walkthrough, which an exercise may follow. */
export const ATTENTION_STEP_IDS = ['inputs', 'scores', 'scale', 'mask', 'softmax', 'output'] as const;
/** The fields every type has; each type's module lists its own (exercises/). */
const COMMON_FIELDS = ['id', 'type', 'title', 'prompt', 'after'];

/**
 * `sizes`: an attention walkthrough's n, m and d_v, which its cells are checked against; other
 * kinds' steps are known only once built.
 */
export function exercisesProblem(exercises: unknown, kind: Kind, sizes: ExerciseSizes | undefined, path = 'exercises'): Problem {
  if (exercises === undefined) return undefined;
  if (!Array.isArray(exercises) || exercises.length === 0 || exercises.length > MAX_EXERCISES) {
    return expected(path, `a list of 1 to ${MAX_EXERCISES} exercises`, exercises);
  }
  const ids = new Set<string>();
  for (let i = 0; i < exercises.length; i += 1) {
    const found = exerciseProblem(exercises[i], kind, sizes, item(path, i), ids);
    if (found) return found;
  }
  return undefined;
}

function exerciseProblem(exercise: unknown, kind: Kind, sizes: ExerciseSizes | undefined, path: string, ids: Set<string>): Problem {
  if (!isRecord(exercise)) return expected(path, 'an object (one exercise)', exercise);
  const at = (name: string) => field(path, name);
  const { id } = exercise;
  const idProblem = typeof id !== 'string' || !/^[A-Za-z0-9-]{1,64}$/.test(id)
    ? expected(at('id'), '1 to 64 letters, digits or "-"', id)
    : ids.has(id) ? expected(at('id'), 'a name no other exercise of this walkthrough has', id) : undefined;
  if (typeof id === 'string') ids.add(id);
  const allowed = Object.entries(EXERCISE_TYPES).filter(([, t]) => !t.kinds || t.kinds.includes(kind)).map(([name]) => name);
  const typeProblem = oneOf(allowed)(exercise.type, at('type'));
  if (typeProblem) return onlyFields(exercise, [...COMMON_FIELDS, ...ALL_TYPE_FIELDS], path) ?? idProblem ?? typeProblem;
  const type = EXERCISE_TYPES[exercise.type as keyof typeof EXERCISE_TYPES];
  return onlyFields(exercise, [...COMMON_FIELDS, ...type.fields], path)
    ?? idProblem
    ?? text(EXERCISE_TEXT.title, 'a title')(exercise.title, at('title'))
    ?? text(EXERCISE_TEXT.prompt, 'a question')(exercise.prompt, at('prompt'))
    ?? (exercise.after === undefined || kind !== 'attention' ? undefined : oneOf(ATTENTION_STEP_IDS)(exercise.after, at('after')))
    ?? (exercise.after === undefined || typeof exercise.after === 'string' ? undefined : expected(at('after'), 'a step id', exercise.after))
    ?? type.problem(exercise, sizes ?? { n: Infinity, m: Infinity, dV: Infinity }, at);
}
