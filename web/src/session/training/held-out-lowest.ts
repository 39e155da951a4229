// Where the held-out loss was lowest on a training curve, and whether it has risen since: the
// sign of overfitting that early stopping answers. A reading of the engine's evaluations (the
// curve's points), not a new number: the lowest loss and its step are picked, never computed.
import type { CurvePoint } from './training-session.js';
import { formatNumber } from '../../model/format.js';
import { trainingT as t } from './words-en.js';

/**
 * A held-out loss this much above its lowest (as a fraction of the lowest) counts as risen: less
 * is within the step-to-step wobble of a small held-out set.
 */
export const RISE_FRACTION = 0.1;

export interface HeldOutLowest {
  /** The evaluated step where the held-out loss was lowest (the first, on a tie). */
  lowest: CurvePoint;
  /** The latest evaluated step. */
  latest: CurvePoint;
  /** Whether the latest held-out loss lies more than RISE_FRACTION above the lowest: overfitting. */
  risen: boolean;
}

/** The lowest held-out loss of the curve and the latest, or undefined before any finite evaluation. */
export function heldOutLowest(curve: readonly CurvePoint[]): HeldOutLowest | undefined {
  const finite = curve.filter((p) => Number.isFinite(p.evaluation.loss));
  if (finite.length === 0) return undefined;
  const lowest = finite.reduce((best, p) => (p.evaluation.loss < best.evaluation.loss ? p : best));
  const latest = finite[finite.length - 1];
  const risen = latest.step > lowest.step && latest.evaluation.loss > lowest.evaluation.loss * (1 + RISE_FRACTION);
  return { lowest, latest, risen };
}

/**
 * Where the held-out loss was lowest, and, once it has risen since, that the model overfits and
 * what early stopping would keep; empty before any evaluation.
 */
export function heldOutWords(curve: readonly CurvePoint[]): string {
  const reading = heldOutLowest(curve);
  if (!reading) return '';
  const { lowest, latest, risen } = reading;
  const args = { best: String(lowest.step), lowest: formatNumber(lowest.evaluation.loss, 3) };
  return risen
    ? t('iris-overfit', { ...args, now: formatNumber(latest.evaluation.loss, 3), step: String(latest.step) })
    : t('iris-lowest', args);
}
