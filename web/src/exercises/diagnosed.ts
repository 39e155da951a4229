// What the typed-number exercises share: the check of an optional tolerance, and a grade worded
// from an engine diagnosis (lab.diagnose, lab.diagnoseRope), which names the mistake it matched.
import { formatNumber } from '../model/format.js';
import { expected, type Problem } from '../model/json-checks.js';
import { parseCell } from '../model/read-input.js';
import type { Grade, Mistake } from './exercise-type.js';
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

/** What an engine diagnosis gives: the grade, the expected number and the mistake it matched. */
type Diagnosis<M extends Mistake> = { correct: boolean; expected: number; misconception: M | null };

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
