// The trainer in a Chromium Web Worker, where the lesson runs it, trains exactly as in Node:
// the same options and seed give the same loss at every step, bit for bit.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { JOBS } from '../../scripts/bench/train/jobs.mjs';
import { startTrainerWorker } from '../../scripts/lib/trainer-worker.mjs';

const RUNS = [
  { options: { task: 'reverse', seed: 5 }, steps: 100 },
  { options: { task: 'induction', seed: 1, dropout: 0.1 }, steps: 50 },
  { options: { task: 'iris', seed: 2 }, steps: 50 },
];

/** @type {Awaited<ReturnType<typeof startTrainerWorker>>} */
let worker;
before(async () => {
  worker = await startTrainerWorker();
});
after(() => worker?.close());

const lab = await loadAttentionLab();

for (const { options, steps } of RUNS) {
  test(`${JSON.stringify(options)}: the losses of ${steps} steps in a Chromium worker equal Node's bit for bit`, async () => {
    const inNode = JOBS.losses(lab, { options, steps });
    const inWorker = await worker.run('losses', { options, steps });
    assert.equal(inWorker.length, steps);
    const at = inNode.findIndex((x, i) => !Object.is(x, inWorker[i]));
    assert.equal(at, -1, `step ${at + 1}: Node ${inNode[at]} vs Chromium ${inWorker[at]}`);
  });
}

test('an AttentionError in the worker reaches the page with its message', async () => {
  await assert.rejects(worker.run('losses', { options: { task: 'translate' }, steps: 1 }), /AttentionError: task: expected/);
});
