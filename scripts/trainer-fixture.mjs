/**
 * Writes tests/fixtures/native/trainer_losses.json: the loss at every step of a few training runs,
 * computed by the NATIVE build (build/native/attn_trainer_run, from cpp/tools/trainer_run.cpp).
 * tests/api/trainer-native.test.mjs checks that the wasm build computes the same losses (to the
 * last bits that glibc's and the wasm module's exp/log round differently). Rerun after any change to what the trainer computes (the test then says the fixture is
 * stale):
 *
 *   bash scripts/build.sh && node scripts/trainer-fixture.mjs
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

import { toolArguments } from './lib/trainer-tool.mjs';

const TOOL = fileURLToPath(new URL('../build/native/attn_trainer_run', import.meta.url));
const OUT = fileURLToPath(new URL('../tests/fixtures/native/trainer_losses.json', import.meta.url));
const STEPS = 50;

/** Every task with its defaults, dropout (seeded masks), the optimizers, and seed 003's shape. */
const CASES = [
  { task: 'reverse' },
  { task: 'sort', seed: 1 },
  { task: 'induction', seed: 2 },
  { task: 'iris' },
  { task: 'reverse', seed: 3, dropout: 0.1, optimizer: 'adamw', weightDecay: 0.01 },
  { task: 'sort', optimizer: 'sgd', learningRate: 0.05 },
  { task: 'iris', model: { dModel: 64, heads: 4, layers: 2, dFF: 256 }, seed: 3 },
];

const cases = CASES.map((options) => {
  const line = execFileSync(TOOL, ['losses', String(STEPS), ...toolArguments(options)], { encoding: 'utf8' });
  return { options, losses: JSON.parse(line).losses };
});
writeFileSync(OUT, `${JSON.stringify({
  about: 'Losses of every step, computed natively by scripts/trainer-fixture.mjs (build/native/attn_trainer_run); the wasm build must match them to 2e-10 relative (glibc and the wasm module round exp/log differently in the last bit).',
  steps: STEPS,
  cases,
}, null, 1)}\n`);
console.log(`wrote ${OUT}: ${cases.length} runs of ${STEPS} steps`);
