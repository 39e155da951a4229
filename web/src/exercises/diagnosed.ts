// What the typed-number exercises share: the check of an optional tolerance, and a grade worded
// from an engine diagnosis (lab.diagnose, lab.diagnoseRope), which names the mistake it matched.
import { formatNumber } from '../model/format.js';
import { expected, type Problem } from '../model/json-checks.js';
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
