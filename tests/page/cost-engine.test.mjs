// Lesson 12's measurements with the real engine, without a browser: the cost lab's plan, and its
// measurement on the same thread holding exactly what measureCost returns, with a call the engine
// refuses as the cell's note.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { CostMeasurement } = await importCompiled('session/cost/measurement');
const { sameThreadCostPort } = await importCompiled('session/cost/same-thread');
const { planOf, sizesUpTo } = await importCompiled('kinds/cost/steps');

describe('the cost lab with the engine', () => {
  test('the plan: sizes double from 64 up to the largest n, and every variant is measured at each', () => {
    assert.deepEqual(sizesUpTo(64), [64]);
    assert.deepEqual(sizesUpTo(4096), [64, 128, 256, 512, 1024, 2048, 4096]);
    const plan = planOf({ maxN: 256, d: 8, repeats: 3, block: 16, window: 4, seed: 0 });
    assert.deepEqual(plan.variants, ['full', 'flash', 'chunked', 'linear', 'sparse', 'rnn']);
    assert.deepEqual(plan.sizes, [64, 128, 256]);
  });

  test('each measured cell holds what measureCost returns: the repeats’ times, and the same peakCells and multiply-adds as a direct call', async () => {
    const plan = planOf({ maxN: 128, d: 16, repeats: 2, block: 16, window: 4, seed: 3 });
    const m = new CostMeasurement(plan, () => sameThreadCostPort(lab));
    const finished = new Promise((resolve) => m.subscribe((/** @type {any} */ e) => e.type === 'state' && e.state === 'finished' && resolve(undefined)));
    m.start();
    await finished;
    for (const cell of m.cells) {
      assert.ok(cell.result, `${cell.variant} at n = ${cell.n} measured`);
      assert.equal(cell.result.seconds.length, 2);
      assert.ok(cell.result.seconds.every((/** @type {number} */ t) => Number.isFinite(t) && t >= 0));
      const direct = lab.measureCost({ variant: cell.variant, n: cell.n, d: 16, repeats: 1, block: 16, window: 4, seed: 3 });
      assert.equal(cell.result.peakCells, direct.peakCells, `${cell.variant} at ${cell.n}: peakCells`);
      assert.equal(cell.result.multiplyAdds, direct.multiplyAdds, `${cell.variant} at ${cell.n}: multiplyAdds`);
    }
  });

  test('a call the engine refuses becomes the cell’s note, with the engine’s message, and the next cell is measured', async () => {
    // d past measureCost's cap: every call is refused by the engine, none aborts the run.
    const plan = { ...planOf({ maxN: 64, d: 16, repeats: 1, block: 16, window: 4, seed: 0 }), d: 100000 };
    const m = new CostMeasurement(plan, () => sameThreadCostPort(lab));
    const finished = new Promise((resolve) => m.subscribe((/** @type {any} */ e) => e.type === 'state' && e.state === 'finished' && resolve(undefined)));
    m.start();
    await finished;
    assert.equal(m.cells.length, 6);
    for (const cell of m.cells) assert.match(cell.refused, /^d: expected/);
  });
});
