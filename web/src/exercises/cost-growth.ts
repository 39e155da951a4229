// The cost lab's exercise: by what factor does a variant's work (multiply-adds) or memory (its
// largest intermediate) grow when n doubles? Graded by the engine's measureCost at n and 2n on the
// lab's own settings (d, block, window, seed), through lab.costGrowth, which also divides the
// counts: they are exact, unlike the times, which vary from run to run and machine to machine and
// are never graded.
import type { CostGrowth } from '../../lib/index.js';
import { formatCount, formatNumber } from '../model/format.js';
import { expected, oneOf } from '../model/json-checks.js';
import type { CostGrowthExercise } from '../model/types.js';
import type { CostInputs } from '../kinds/cost/inputs.js';
import { parseCell } from '../model/read-input.js';
import { toleranceProblem } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';

const VARIANTS = ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn'];
const MEASURES = ['multiplyAdds', 'peakCells'];
/** The sizes n may be: 2n is measured too, and grading runs on the page's thread, so at most 1024. */
const SIZES = [64, 128, 256, 512];
/** How close counts when the exercise does not say: a factor to two decimals. */
const TOLERANCE = 0.05;

const NAMES: Record<CostGrowthExercise['measure'], string> = { multiplyAdds: 'multiply-adds', peakCells: 'cells in its largest intermediate' };

export const costGrowth: ExerciseType<CostGrowthExercise> = {
  interaction: 'numeric',
  // measureCost is in the full engine only.
  engine: 'full',
  fields: ['variant', 'measure', 'n', 'tolerance'],
  problem: (exercise, _sizes, at) => oneOf(VARIANTS)(exercise.variant, at('variant'))
    ?? oneOf(MEASURES)(exercise.measure, at('measure'))
    ?? (SIZES.includes(exercise.n as number) ? undefined : expected(at('n'), `one of ${SIZES.join(', ')}`, exercise.n))
    ?? toleranceProblem(exercise.tolerance, at),
  grade(exercise, text, { lab, inputs }) {
    const answer = parseCell(text);
    if (typeof answer === 'string') return { error: answer };
    const { d, block, window, seed } = inputs as CostInputs;
    let growth: CostGrowth;
    try {
      growth = lab.costGrowth({ variant: exercise.variant, n: exercise.n, d, block, window, seed });
    } catch (error) {
      return { error: (error as Error).message };
    }
    const { atN: small, atDoubleN: large } = growth;
    const factor = exercise.measure === 'multiplyAdds' ? growth.multiplyAddsFactor : growth.peakCellsFactor;
    const counts = `the engine counts ${formatCount(small[exercise.measure])} ${NAMES[exercise.measure]} at n = ${exercise.n} and ${formatCount(large[exercise.measure])} at n = ${2 * exercise.n}, ×${formatNumber(factor, 2)}`;
    const correct = Math.abs(answer - factor) <= (exercise.tolerance ?? TOLERANCE);
    // The usual slip: a quadratic cost taken for a linear one, or the other way round.
    const slip = !correct && Math.abs(answer - 2) <= TOLERANCE && Math.abs(factor - 4) <= 0.5
      ? ' That is how a cost linear in n grows; this one grows with n², so doubling n multiplies it by 2².'
      : !correct && Math.abs(answer - 4) <= TOLERANCE && Math.abs(factor - 2) <= 0.5
        ? ' That is how a cost quadratic in n grows; this one grows about linearly in n.'
        : '';
    return {
      correct,
      misconception: null,
      said: correct ? `Right: ${counts}.` : `Not quite.${slip}`,
      answer: `${counts[0].toUpperCase()}${counts.slice(1)}.`,
      response: String(answer),
      given: formatNumber(answer, 4),
    };
  },
};
