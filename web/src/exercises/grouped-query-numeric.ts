// A number typed about a model's grouped heads (which key/value head a query head reads) or its
// key/value cache (in bytes or GiB), the model given by its shape, graded by the engine's
// diagnoseGroupedQuery,
// which also names the mistake a wrong number matches: round-robin grouping, dividing by kvHeads,
// the query heads for the key/value heads, the keys alone, one layer, one token, numbers for bytes.
import type { GroupedQueryMisconception } from '../../lib/index.js';
import { oneOf, wholeNumber } from '../model/json-checks.js';
import type { GroupedQueryNumericExercise } from '../model/types.js';
import { parseCell } from '../model/read-input.js';
import { diagnosedGrade, toleranceProblem } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';

const STAGES = ['kvHead', 'cacheBytes', 'cacheGibibytes'];

/** What each mistake means, said to the learner whose number matches it (its message's id, in the kind's words). */
const MISTAKES: Record<GroupedQueryMisconception, string> = {
  roundRobin: 'gq-mistake-round-robin',
  dividedByKvHeads: 'gq-mistake-divided-by-kv-heads',
  queryHeads: 'gq-mistake-query-heads',
  keysOnly: 'gq-mistake-keys-only',
  oneLayer: 'gq-mistake-one-layer',
  oneToken: 'gq-mistake-one-token',
  numbersNotBytes: 'gq-mistake-numbers-not-bytes',
};

export const groupedQueryNumeric: ExerciseType<GroupedQueryNumericExercise> = {
  interaction: 'numeric',
  // diagnoseGroupedQuery is in the full engine only, which the lesson loads anyway.
  engine: 'full',
  fields: ['stage', 'heads', 'kvHeads', 'layers', 'dModel', 'head', 'length', 'bytesPerNumber', 'tolerance'],
  // Heads that do not divide, a head the model does not have, or bytes per number it cannot take
  // are the engine's to refuse.
  problem: (exercise, _sizes, at) => oneOf(STAGES)(exercise.stage, at('stage'))
    ?? wholeNumber({ min: 1, max: 65536 })(exercise.heads, at('heads'))
    ?? wholeNumber({ min: 1, max: 65536 })(exercise.kvHeads, at('kvHeads'))
    ?? wholeNumber({ min: 1, max: 1024 })(exercise.layers, at('layers'))
    ?? wholeNumber({ min: 1, max: 65536 })(exercise.dModel, at('dModel'))
    ?? (exercise.head === undefined ? undefined : wholeNumber({ min: 0, max: 65535 })(exercise.head, at('head')))
    ?? (exercise.length === undefined ? undefined : wholeNumber({ min: 1, max: 1048576 })(exercise.length, at('length')))
    ?? (exercise.bytesPerNumber === undefined ? undefined : wholeNumber({ min: 1, max: 8 })(exercise.bytesPerNumber, at('bytesPerNumber')))
    ?? toleranceProblem(exercise.tolerance, at),
  grade(exercise, text, { lab }) {
    const answer = parseCell(text);
    if (typeof answer === 'string') return { error: answer };
    const { stage, heads, kvHeads, layers, dModel, head, length, bytesPerNumber, tolerance } = exercise;
    let d;
    try {
      d = lab.diagnoseGroupedQuery({
        stage, heads, kvHeads, layers, dModel, length: length ?? 1, bytesPerNumber: bytesPerNumber ?? 2, answer,
        ...(head === undefined ? {} : { head }), ...(tolerance === undefined ? {} : { tolerance }),
      });
    } catch (error) {
      return { error: (error as Error).message };
    }
    return diagnosedGrade(d, answer, MISTAKES);
  },
};
