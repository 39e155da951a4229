// A number typed for one cell of attention with rotary positions (the turned query, a score
// q′·k′, or the output), graded by the engine's diagnoseRope on the lesson's layer
// (kinds/rope/layer.ts), which also names the mistake a wrong number matches by running the layer
// with it: angles θ^position, the other pairing, the values turned too.
import type { RopeMisconception } from '../../lib/index.js';
import { ropeLayer } from '../kinds/rope/layer.js';
import type { RopeInputs } from '../kinds/rope/inputs.js';
import { oneOf, wholeNumber } from '../model/json-checks.js';
import type { RopeNumericExercise } from '../model/types.js';
import { gradeDiagnosed, toleranceProblem } from './diagnosed.js';
import type { ExerciseType } from './exercise-type.js';

const STAGES = ['rotated', 'score', 'output'];

/** What each mistake means, said to the learner whose number matches it (its message's id). */
const MISTAKES: Record<RopeMisconception, string> = {
  thetaToThePosition: 'mistake-theta-to-the-position',
  wrongConvention: 'mistake-wrong-convention',
  rotatedValues: 'mistake-rotated-values',
};

export const ropeNumeric: ExerciseType<RopeNumericExercise> = {
  interaction: 'numeric',
  // diagnoseRope is in the full engine only, as the lesson's rope.
  engine: 'full',
  fields: ['stage', 'row', 'column', 'tolerance'],
  // Two queries (at m and m + shift); a column the layer does not have is the engine's to refuse.
  problem: (exercise, _sizes, at) => oneOf(STAGES)(exercise.stage, at('stage'))
    ?? wholeNumber({ min: 0, max: 1 })(exercise.row, at('row'))
    ?? wholeNumber({ min: 0, max: 1023 })(exercise.column, at('column'))
    ?? toleranceProblem(exercise.tolerance, at),
  grade: (exercise, text, { lab, inputs }) => gradeDiagnosed(text, exercise.tolerance, (answer, tolerance) => lab.diagnoseRope({
    ...ropeLayer(lab, inputs as RopeInputs), stage: exercise.stage, row: exercise.row, column: exercise.column, answer, ...tolerance,
  }), MISTAKES),
};
