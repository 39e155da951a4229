// The types of exercise, by the `type` a walkthrough file gives: adding one is its module here
// and its answer control (widgets/exercise-answers/), registered in both tables.
import type { Exercise } from '../model/types.js';
import { costGrowth } from './cost-growth.js';
import type { ExerciseType } from './exercise-type.js';
import { numeric } from './numeric.js';
import { orderPasses } from './order-passes.js';
import { pickCell } from './pick-cell.js';
import { pickKey } from './pick-key.js';
import { ropeNumeric } from './rope-numeric.js';
import { alibiNumeric } from './alibi-numeric.js';
import { groupedQueryNumeric } from './grouped-query-numeric.js';
import { windowNumeric } from './window-numeric.js';
import { tokensNumeric } from './tokens-numeric.js';
import { value } from './value.js';

export const EXERCISE_TYPES: { [T in Exercise['type']]: ExerciseType<Extract<Exercise, { type: T }>> } = {
  numeric,
  'pick-key': pickKey,
  'order-passes': orderPasses,
  value,
  'pick-cell': pickCell,
  'cost-growth': costGrowth,
  'rope-numeric': ropeNumeric,
  'alibi-numeric': alibiNumeric,
  'grouped-query-numeric': groupedQueryNumeric,
  'window-numeric': windowNumeric,
  'tokens-numeric': tokensNumeric,
};

/** The module of an exercise's type. */
export const exerciseType = (exercise: Exercise): ExerciseType =>
  EXERCISE_TYPES[exercise.type] as unknown as ExerciseType;
