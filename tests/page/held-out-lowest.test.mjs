// Iris overfits with the lesson's defaults: its held-out loss falls, then rises while training goes
// on. The lesson says so from the engine's evaluations: the step where the held-out loss was lowest
// (read from the curve, not written in), that it has risen since, and what early stopping keeps.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { heldOutLowest, heldOutWords, RISE_FRACTION } = await importCompiled('session/training/held-out-lowest');
const { DEFAULT_STEPS } = await importCompiled('session/training/training-session');
const { SNAPSHOT_EVERY } = await importCompiled('session/training/protocol');
const { formatNumber } = await importCompiled('model/format');

/** The curve the lesson draws: the engine's held-out evaluation every SNAPSHOT_EVERY steps. */
function curveOf(options, steps) {
  const trainer = lab.createTrainer(options);
  const curve = [{ step: 0, evaluation: trainer.evaluate() }];
  for (let step = SNAPSHOT_EVERY; step <= steps; step += SNAPSHOT_EVERY) {
    trainer.step(SNAPSHOT_EVERY);
    curve.push({ step, evaluation: trainer.evaluate() });
  }
  trainer.dispose();
  return curve;
}

const point = (step, loss) => ({ step, evaluation: { loss, accuracy: 0 } });

describe('the lowest held-out loss', () => {
  test('Iris with the lesson’s defaults: lowest early, risen by the end, and the lesson says so with the engine’s numbers', () => {
    const curve = curveOf({ task: 'iris' }, DEFAULT_STEPS.iris);
    const reading = heldOutLowest(curve);
    const losses = curve.map((p) => p.evaluation.loss);
    const lowest = Math.min(...losses);
    assert.equal(reading.lowest.evaluation.loss, lowest);
    assert.equal(reading.lowest.step, curve[losses.indexOf(lowest)].step);
    assert.ok(reading.lowest.step < DEFAULT_STEPS.iris / 2, `lowest at step ${reading.lowest.step}`);
    assert.equal(reading.latest.step, DEFAULT_STEPS.iris);
    assert.equal(reading.risen, true, `held-out losses ${losses.map((l) => l.toFixed(3)).join(' ')}`);
    const words = heldOutWords(curve);
    assert.equal(words, `The held-out loss was lowest at step ${reading.lowest.step} (${formatNumber(lowest, 3)}) and has risen since, to ${formatNumber(reading.latest.evaluation.loss, 3)} at step ${DEFAULT_STEPS.iris}: the model is overfitting, ever more confident on the training flowers while its predictions for unseen ones get worse (their loss rises, even while the accuracy holds). Early stopping means stopping there and keeping the parameters of step ${reading.lowest.step}, where the held-out loss was lowest.`);
  });

  test('a loss still falling, or risen by less than the wobble, is not called overfitting; early stopping is still explained', () => {
    const falling = [point(0, 1.1), point(25, 0.8), point(50, 0.5)];
    assert.deepEqual(heldOutLowest(falling), { lowest: falling[2], latest: falling[2], risen: false });
    assert.match(heldOutWords(falling), /^The held-out loss is lowest so far at step 50: 0\.5\. If it starts to rise .* Early stopping keeps the parameters of the step where the held-out loss was lowest\.$/);
    const wobble = [point(0, 1), point(25, 0.5), point(50, 0.5 * (1 + RISE_FRACTION / 2))];
    assert.equal(heldOutLowest(wobble).risen, false);
    const risen = [point(0, 1), point(25, 0.5), point(50, 0.5 * (1 + 2 * RISE_FRACTION))];
    assert.equal(heldOutLowest(risen).risen, true);
    // A diverged evaluation's non-finite loss is no lowest.
    assert.equal(heldOutLowest([point(0, 1), point(25, Number.NaN)]).lowest.step, 0);
    assert.equal(heldOutLowest([]), undefined);
    assert.equal(heldOutWords([]), '');
  });
});
