// A number typed for one cell of an ALiBi head (its slope, its bias, scaled + bias, a weight or
// the output), graded by the engine's diagnoseAlibi on the lesson's layer (kinds/alibi/layer.ts),
// which also names the mistake a wrong number matches by running the head with it: the slope of
// the wrong head, the plain formula for a head count that is not a power of two, a positive bias,
// the distance without its absolute value, the bias scaled with the scores.
import type { AlibiMisconception } from '../../lib/index.js';
import { alibiHead, alibiLayer } from '../kinds/alibi/layer.js';
import type { AlibiInputs } from '../kinds/alibi/inputs.js';
import { expected, oneOf, wholeNumber } from '../model/json-checks.js';
import type { AlibiNumericExercise } from '../model/types.js';
import { gradeDiagnosed, toleranceProblem } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';

const STAGES = ['slope', 'bias', 'biased', 'weight', 'output'];

/** What each mistake means, said to the learner whose number matches it (its message's id). */
const MISTAKES: Record<AlibiMisconception, string> = {
  offByOneHead: 'mistake-alibi-off-by-one-head',
  reversedHeads: 'mistake-alibi-reversed-heads',
  plainSlopes: 'mistake-alibi-plain-slopes',
  positiveBias: 'mistake-alibi-positive-bias',
  signedDistance: 'mistake-alibi-signed-distance',
  scaledBias: 'mistake-alibi-scaled-bias',
};

export const alibiNumeric: ExerciseType<AlibiNumericExercise> = {
  interaction: 'numeric',
  // diagnoseAlibi is in the full engine only, as the lesson's multi-head attention under ALiBi.
  engine: 'full',
  fields: ['stage', 'head', 'row', 'column', 'otherHeads', 'tolerance'],
  // A head, row or column the layer does not have is the engine's to refuse.
  problem: (exercise, _sizes, at) => oneOf(STAGES)(exercise.stage, at('stage'))
    ?? wholeNumber({ min: 0, max: 15 })(exercise.head, at('head'))
    ?? wholeNumber({ min: 0, max: 255 })(exercise.row, at('row'))
    ?? wholeNumber({ min: 0, max: 255 })(exercise.column, at('column'))
    ?? (exercise.otherHeads === undefined || typeof exercise.otherHeads === 'boolean' ? undefined : expected(at('otherHeads'), 'true or false', exercise.otherHeads))
    ?? toleranceProblem(exercise.tolerance, at),
  grade: (exercise, text, { lab, inputs }) => gradeDiagnosed(text, exercise.tolerance, (answer, tolerance) => lab.diagnoseAlibi({
    ...alibiHead(alibiLayer(lab, inputs as AlibiInputs, exercise.otherHeads ? 'other' : 'worked'), exercise.head),
    stage: exercise.stage, row: exercise.row, column: exercise.column, answer, ...tolerance,
  }), MISTAKES),
};
