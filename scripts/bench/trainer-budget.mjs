/**
 * The figures the trainer's budgets were fitted to (docs/benchmarks-train.md, "The work and
 * memory budgets"): for each model, the CPU time of a step and of one evaluate() through the
 * public API, set against the engine's estimate (status().estimate) at 4·10⁹ multiply-adds a
 * second; then, each in a fresh engine, the WebAssembly memory two steps and an evaluation grow
 * against the memory estimate. CPU time (process.cpuUsage), so that other work on a shared
 * machine does not count. A benchmark, not a test: it prints a Markdown table and never fails.
 *
 *   node scripts/bench/trainer-budget.mjs
 */
import { loadAttentionLab } from 'attention-lab';

/** Multiply-adds a second the budget assumes (cpp/include/attn/train/trainer_budget.hpp). */
const RATE = 4e9;

/** [options, steps to time]: the lesson's models and larger ones up to ~0.5 s a step. */
const MODELS = [
  [{}, 300],
  [{ task: 'iris' }, 300],
  [{ task: 'sort' }, 200],
  [{ model: { dModel: 64, heads: 4, layers: 2, dFF: 256 }, batchSize: 64, length: 16 }, 4],
  [{ model: { dModel: 128, heads: 8, layers: 2, dFF: 512 }, batchSize: 32, length: 16 }, 2],
  [{ model: { dModel: 256, heads: 4, layers: 1, dFF: 1024 }, batchSize: 16, length: 8 }, 2],
  [{ model: { dModel: 16, heads: 16, layers: 2, dFF: 16 }, length: 16 }, 40],
  [{ model: { dModel: 32, heads: 2, layers: 1, dFF: 1024 }, length: 8, batchSize: 256 }, 2],
  [{ task: 'induction', model: { dModel: 8, heads: 8, layers: 1, dFF: 8 }, length: 32, vocabulary: 16 }, 20],
  [{ model: { dModel: 64, heads: 2, layers: 4, dFF: 64 }, batchSize: 128, length: 16 }, 1],
];

/** @param {() => void} fn @returns {number} CPU milliseconds */
function cpuMs(fn) {
  const start = process.cpuUsage();
  fn();
  return process.cpuUsage(start).user / 1000;
}

const MiB = (/** @type {number} */ bytes) => (bytes / 2 ** 20).toFixed(0);

const lab = await loadAttentionLab();
console.log('| options | step (ms) | estimate / time | evaluate() (ms) | estimate / time |');
console.log('|---|---|---|---|---|');
for (const [options, steps] of /** @type {Array<[import('attention-lab').TrainerOptions, number]>} */ (MODELS)) {
  const trainer = lab.createTrainer(options);
  trainer.step(1);
  const step = cpuMs(() => trainer.step(steps)) / steps;
  const evaluate = cpuMs(() => trainer.evaluate());
  const { estimate } = trainer.status();
  trainer.dispose();
  const ratio = (/** @type {number} */ work, /** @type {number} */ ms) => (work / RATE / (ms / 1000)).toFixed(2);
  console.log(`| \`${JSON.stringify(options)}\` | ${step.toFixed(1)} | ${ratio(estimate.stepMultiplyAdds, step)} | ${evaluate.toFixed(1)} | ${ratio(estimate.evaluateMultiplyAdds, evaluate)} |`);
}

console.log('\n| options | memory grown (MiB) | estimate (MiB) |');
console.log('|---|---|---|');
for (const [options] of MODELS.slice(3)) {
  const fresh = await loadAttentionLab();
  const start = fresh.memory().wasmMemoryBytes;
  const trainer = fresh.createTrainer(options);
  trainer.step(2);
  trainer.evaluate();
  const { memoryBytes } = trainer.status().estimate;
  trainer.dispose();
  console.log(`| \`${JSON.stringify(options)}\` | ${MiB(fresh.memory().wasmMemoryBytes - start)} | ${MiB(memoryBytes)} |`);
}
