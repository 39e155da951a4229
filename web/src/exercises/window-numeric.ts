// A number typed about the sliding-window lesson's layer (a weight under the window, a cell of
// its output, or how many positions back a token reaches after the lesson's layers), graded by
// the engine's diagnoseSlidingWindow on the lesson's tokens (kinds/sliding-window/layer.ts), which
// also names the mistake a wrong number matches: a window one key too wide, a band that looks
// ahead, the sinks forgotten or counted inside the window, the reach taken as L·w or as w alone.
import type { WindowMisconception } from '../../lib/index.js';
import { windowLayer } from '../kinds/sliding-window/layer.js';
import type { SlidingWindowInputs } from '../kinds/sliding-window/inputs.js';
import type { WindowNumericExercise } from '../model/types.js';
import { diagnosedNumeric } from './diagnosed.js';

/**
 * What each mistake means, said to the learner whose number matches it (its message's id, in the
 * kind's words: the lesson's code is loaded before any of its exercises is graded).
 */
const MISTAKES: Record<WindowMisconception, string> = {
  offByOneWindow: 'mistake-off-by-one-window',
  notCausal: 'mistake-not-causal',
  forgotSinks: 'mistake-forgot-sinks',
  sinksInsideWindow: 'mistake-sinks-inside-window',
  layersTimesWindow: 'mistake-layers-times-window',
  windowOnly: 'mistake-window-only',
  singleLayer: 'mistake-single-layer',
};

// diagnoseSlidingWindow is in the full engine only, as the lesson's kvCacheDecode; a row the
// lesson's sequence does not have is the engine's to refuse.
export const windowNumeric = diagnosedNumeric<WindowNumericExercise, WindowMisconception>({
  stages: ['weight', 'output', 'reach'],
  rows: 1024,
  mistakes: MISTAKES,
  diagnose: (lab, inputs, cell) => lab.diagnoseSlidingWindow({ ...windowLayer(lab, inputs as SlidingWindowInputs), ...cell }),
});
