// A number typed for one cell of attention with rotary positions (the turned query, a score
// q′·k′, or the output), graded by the engine's diagnoseRope on the lesson's layer
// (kinds/rope/layer.ts), which also names the mistake a wrong number matches by running the layer
// with it: angles θ^position, the other pairing, the values turned too.
import type { RopeMisconception } from '../../lib/index.js';
import { ropeLayer } from '../kinds/rope/layer.js';
import type { RopeInputs } from '../kinds/rope/inputs.js';
import type { RopeNumericExercise } from '../model/types.js';
import { diagnosedNumeric } from './diagnosed.js';

/** What each mistake means, said to the learner whose number matches it (its message's id). */
const MISTAKES: Record<RopeMisconception, string> = {
  thetaToThePosition: 'mistake-theta-to-the-position',
  wrongConvention: 'mistake-wrong-convention',
  rotatedValues: 'mistake-rotated-values',
};

// diagnoseRope is in the full engine only, as the lesson's rope. Two queries: at m and m + shift.
export const ropeNumeric = diagnosedNumeric<RopeNumericExercise, RopeMisconception>({
  stages: ['rotated', 'score', 'output'],
  rows: 2,
  mistakes: MISTAKES,
  diagnose: (lab, inputs, cell) => lab.diagnoseRope({ ...ropeLayer(lab, inputs as RopeInputs), ...cell }),
});
