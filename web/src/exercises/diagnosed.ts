// What the typed-number exercises share: the check of an optional tolerance, a grade worded
// from an engine diagnosis (lab.diagnose and each lesson's own), which
// names the mistake it matched, and the type of exercise a lesson's own diagnose operation makes.
import type { AttentionLab } from '../../lib/index.js';
import { formatNumber } from '../model/format.js';
import { expected, oneOf, wholeNumber, type Problem } from '../model/json-checks.js';
import { parseCell } from '../model/read-input.js';
import type { Exercise, Walkthrough } from '../model/types.js';
import type { ExerciseType, Grade, Mistake } from './exercise-type.js';
import { t } from '../i18n/messages.js';

/** An exercise's `tolerance`: left out, or a finite number above 0. */
export const toleranceProblem = (tolerance: unknown, at: (name: string) => string): Problem =>
  (tolerance === undefined || (typeof tolerance === 'number' && Number.isFinite(tolerance) && tolerance > 0)
    ? undefined
    : expected(at('tolerance'), 'a number above 0', tolerance));

/** The grade of `answer` from the engine's diagnosis; `mistakes` gives each mistake's message id. */
export function diagnosedGrade<M extends Mistake>(
  d: { correct: boolean; expected: number; misconception: M | null },
  answer: number,
  mistakes: Record<M, string>,
): Grade {
  const value = formatNumber(d.expected, 4);
  return {
    correct: d.correct,
    misconception: d.misconception,
    said: d.correct ? t('exercise-right-value', { value }) : d.misconception ? t(mistakes[d.misconception]) : t('exercise-not-quite-no-mistake'),
    answer: t('exercise-engine-value', { value }),
    response: String(answer),
    given: formatNumber(answer, 4),
  };
}

/**
 * The grade of a typed number: `text` read as a number, then diagnosed by the engine (`diagnose`,
 * given the answer and the exercise's tolerance when it has one); a refusal is the grade's error.
 */
export function gradeDiagnosed<M extends Mistake>(
  text: string,
  tolerance: number | undefined,
  diagnose: (answer: number, tolerance: { tolerance?: number }) => Diagnosis<M>,
  mistakes: Record<M, string>,
): Grade | { error: string } {
  const answer = parseCell(text);
  if (typeof answer === 'string') return { error: answer };
  let d;
  try {
    d = diagnose(answer, tolerance === undefined ? {} : { tolerance });
  } catch (error) {
    return { error: (error as Error).message };
  }
  return diagnosedGrade(d, answer, mistakes);
}

/** The fields of an exercise a lesson's diagnose operation grades: a stage, a cell, a tolerance. */
interface DiagnosedCell {
  stage: string;
  row: number;
  column: number;
  tolerance?: number;
}

/** The engine's diagnosis of one answer. */
interface Diagnosis<M extends Mistake> {
  correct: boolean;
  expected: number;
  misconception: M | null;
}

/**
 * A typed number about a lesson's layer, graded by its diagnose operation (in the full engine):
 * `diagnose` asks the engine about the cell on the inputs on screen; `rows` bounds the row a file
 * may give (a cell the layer does not have is the engine's to refuse, naming it).
 */
export function diagnosedNumeric<E extends Exercise & DiagnosedCell, M extends Mistake>(options: {
  stages: readonly E['stage'][];
  rows: number;
  mistakes: Record<M, string>;
  diagnose(lab: AttentionLab, inputs: Walkthrough['inputs'], cell: Omit<DiagnosedCell, 'stage'> & { stage: E['stage']; answer: number }): Diagnosis<M>;
}): ExerciseType<E> {
  return {
    interaction: 'numeric',
    engine: 'full',
    fields: ['stage', 'row', 'column', 'tolerance'],
    problem: (exercise, _sizes, at) => oneOf(options.stages)(exercise.stage, at('stage'))
      ?? wholeNumber({ min: 0, max: options.rows - 1 })(exercise.row, at('row'))
      ?? wholeNumber({ min: 0, max: 1023 })(exercise.column, at('column'))
      ?? toleranceProblem(exercise.tolerance, at),
    grade: (exercise, text, { lab, inputs }) => gradeDiagnosed(text, exercise.tolerance, (answer, tolerance) =>
      options.diagnose(lab, inputs, { stage: exercise.stage, row: exercise.row, column: exercise.column, answer, ...tolerance }), options.mistakes),
  };
}
