// A number typed for one cell of attention (score, scaled score, weight or output), graded by the
// engine's diagnose, which also names the mistake a wrong number matches by running attention
// with that mistake.
import type { Misconception } from '../../lib/index.js';
import { attentionArgs } from '../kinds/shared/explain-terms.js';
import { formatNumber } from '../model/format.js';
import { expected, oneOf, wholeNumber } from '../model/json-checks.js';
import type { NumericExercise } from '../model/types.js';
import { parseCell } from '../session/read-input.js';
import type { ExerciseType } from './exercise-type.js';

const STAGES = ['score', 'scaled', 'weight', 'output'];

/** What each mistake means, said to the learner whose number matches it. */
const MISTAKES: Record<Misconception, string> = {
  unscaled: 'That is the value without dividing the scores by √d_k.',
  dividedByDk: 'That is what dividing by d_k gives; the scores are divided by √d_k, its square root.',
  maskIgnored: 'That is the value with the mask left out; a blocked key gets no weight.',
  noSoftmax: 'That is the scaled score itself; the weights are the softmax of each row of scaled scores.',
  columnSoftmax: 'That is a softmax down the column, over the queries; each query’s weights are a softmax over its own row of keys.',
  roundedEarly: 'Close: that is what rounding every intermediate to two decimals gives. Keep more digits until the end.',
};

export const numeric: ExerciseType<NumericExercise> = {
  interaction: 'numeric',
  fields: ['stage', 'row', 'column', 'tolerance'],
  problem(exercise, { n, m, dV }, at) {
    const width = exercise.stage === 'output' ? dV : m;
    return oneOf(STAGES)(exercise.stage, at('stage'))
      ?? wholeNumber({ min: 0, max: n - 1 })(exercise.row, at('row'))
      ?? wholeNumber({ min: 0, max: width - 1 })(exercise.column, at('column'))
      ?? (exercise.tolerance === undefined || (typeof exercise.tolerance === 'number' && Number.isFinite(exercise.tolerance) && exercise.tolerance > 0)
        ? undefined
        : expected(at('tolerance'), 'a number above 0', exercise.tolerance));
  },
  grade(exercise, text, { lab, inputs }) {
    const answer = parseCell(text);
    if (typeof answer === 'string') return { error: answer };
    const { tolerance } = exercise;
    const d = lab.diagnose({ ...attentionArgs(inputs), stage: exercise.stage, row: exercise.row, column: exercise.column, answer, ...(tolerance === undefined ? {} : { tolerance }) });
    const value = formatNumber(d.expected, 4);
    return {
      correct: d.correct,
      misconception: d.misconception,
      said: d.correct ? `Right: the engine’s value is ${value}.` : d.misconception ? MISTAKES[d.misconception] : 'Not quite, and it matches none of the usual mistakes.',
      answer: `The engine’s value is ${value}.`,
      response: String(answer),
      given: formatNumber(answer, 4),
    };
  },
};
