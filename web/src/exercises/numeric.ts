// A number typed for one cell of attention (score, scaled score, weight or output), graded by the
// engine's diagnose, which also names the mistake a wrong number matches by running attention
// with that mistake.
import type { Misconception } from '../../lib/index.js';
import { attentionArgs } from '../kinds/shared/explain-terms.js';
import { oneOf, wholeNumber } from '../model/json-checks.js';
import type { AttentionCall, NumericExercise } from '../model/types.js';
import { parseCell } from '../model/read-input.js';
import { diagnosedGrade, toleranceProblem } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';

const STAGES = ['score', 'scaled', 'weight', 'output'];

/** What each mistake means, said to the learner whose number matches it (its message's id). */
const MISTAKES: Record<Misconception, string> = {
  unscaled: 'mistake-unscaled',
  dividedByDk: 'mistake-divided-by-dk',
  maskIgnored: 'mistake-mask-ignored',
  noSoftmax: 'mistake-no-softmax',
  columnSoftmax: 'mistake-column-softmax',
  roundedEarly: 'mistake-rounded-early',
};

export const numeric: ExerciseType<NumericExercise> = {
  interaction: 'numeric',
  fields: ['stage', 'row', 'column', 'tolerance'],
  problem(exercise, { n, m, dV }, at) {
    const width = exercise.stage === 'output' ? dV : m;
    return oneOf(STAGES)(exercise.stage, at('stage'))
      ?? wholeNumber({ min: 0, max: n - 1 })(exercise.row, at('row'))
      ?? wholeNumber({ min: 0, max: width - 1 })(exercise.column, at('column'))
      ?? toleranceProblem(exercise.tolerance, at);
  },
  grade(exercise, text, { lab, inputs: given }) {
    const inputs = given as AttentionCall;
    const answer = parseCell(text);
    if (typeof answer === 'string') return { error: answer };
    const { tolerance } = exercise;
    const d = lab.diagnose({ ...attentionArgs(inputs), stage: exercise.stage, row: exercise.row, column: exercise.column, answer, ...(tolerance === undefined ? {} : { tolerance }) });
    return diagnosedGrade(d, answer, MISTAKES);
  },
};
