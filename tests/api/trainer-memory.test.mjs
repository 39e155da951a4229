// A trainer's memory over a long run: 10,000 steps of the reverse task's default model, with
// evaluations, attention and parameters read along the way, leave the wasm heap, the
// WebAssembly memory and the Embind handles exactly where they were after a short warm-up.
// Run time here: see docs/benchmarks-train.md (~10 s on a quiet 2-core machine).
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

const lab = await loadAttentionLab();
const STEPS = 10_000;
const CHUNK = 500;

test(`${STEPS.toLocaleString('en')} training steps do not grow the heap, the wasm memory or the handle table`, () => {
  const trainer = lab.createTrainer({ task: 'reverse' });
  // Warm-up: the optimizer's moments and every scratch buffer exist after the first steps.
  trainer.step(100);
  trainer.evaluate();
  const before = lab.memory();
  for (let done = 100; done < STEPS; done += CHUNK) {
    trainer.step(Math.min(CHUNK, STEPS - done));
    trainer.evaluate();
    trainer.attention();
    trainer.headScores();
    trainer.parameters();
  }
  const after = lab.memory();
  assert.equal(trainer.status().step, STEPS);
  trainer.dispose();
  assert.deepEqual({ ...after, liveTrainers: before.liveTrainers }, before);
  assert.equal(lab.memory().liveTrainers, before.liveTrainers - 1);
});
