// One number of a matrix a later step shows, worked out by the learner from what the earlier steps
// show (a residual sum, a gradient, a sine): any kind of walkthrough. Graded against the engine's
// number in that panel, within a tolerance; no mistake is named (only attention's diagnose runs
// attention with each mistake).
import { formatNumber } from '../model/format.js';
import { problem, string, wholeNumber } from '../model/json-checks.js';
import type { ValueExercise } from '../model/types.js';
import { parseCell } from '../model/read-input.js';
import { toleranceProblem } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';
import { panelOf, placedPanel } from './panel-of.js';
import { t } from '../i18n/messages.js';

/** How close counts when the exercise does not say: an answer to two decimals, graded as written. */
const TOLERANCE = 0.005;

export const value: ExerciseType<ValueExercise> = {
  interaction: 'numeric',
  fields: ['step', 'panel', 'row', 'column', 'tolerance'],
  problem: (exercise, _sizes, at) => string(exercise.step, at('step'))
    ?? string(exercise.panel, at('panel'))
    ?? wholeNumber({ min: 0, max: 1023 })(exercise.row, at('row'))
    ?? wholeNumber({ min: 0, max: 1023 })(exercise.column, at('column'))
    ?? toleranceProblem(exercise.tolerance, at),
  placed(exercise, steps, at) {
    const placed = placedPanel(exercise, steps, at);
    if ('problem' in placed) return placed.problem;
    const { data } = placed.panel;
    if (exercise.row >= data.length) return problem(at('row'), `a row of ${exercise.panel}, 0 to ${data.length - 1}`, String(exercise.row));
    if (exercise.column >= data[0].length) return problem(at('column'), `a column of ${exercise.panel}, 0 to ${data[0].length - 1}`, String(exercise.column));
    return undefined;
  },
  grade(exercise, text, { steps }) {
    const answer = parseCell(text);
    if (typeof answer === 'string') return { error: answer };
    const expectedValue = panelOf(exercise, steps)?.data[exercise.row]?.[exercise.column];
    if (expectedValue === undefined) return { error: t('exercise-value-gone') };
    const correct = Math.abs(answer - expectedValue) <= (exercise.tolerance ?? TOLERANCE);
    const shown = formatNumber(expectedValue, 4);
    return {
      correct,
      misconception: null,
      said: correct ? t('exercise-right-value', { value: shown }) : t('exercise-not-quite'),
      answer: t('exercise-engine-value', { value: shown }),
      response: String(answer),
      given: formatNumber(answer, 4),
    };
  },
};
