/**
 * `npm run bench:train`: training steps per second of lab.createTrainer's models, side by side
 * in one run, in Node (wasm), in a Chromium Web Worker (wasm), natively (g++ -O3) and in
 * PyTorch 1.13 (CPU, float64, one thread, the same architecture started from our trainer's
 * initial weights); the time to 99 % held-out accuracy on reverse in Chromium; and the
 * engine's memory over 10,000 steps and after dispose(). Then the language model's
 * (train/language-model.mjs): the shipped shape's training steps per second natively, in wasm
 * and in PyTorch, generation tokens per second in Chromium and Node, and the heap over 10,000
 * steps. A benchmark, not a test: it reports its goals as met or missed and never fails on a
 * timing. It stops (exit 1) only when the contenders disagree: Node and Chromium must give the
 * same losses bit for bit, native the same to 2e-10 relative (the C libraries' exp/log differ
 * in the last bit), PyTorch the same attention weights on the probe from the same initial
 * weights, and the same language model loss on the engine's first batch to 1e-9.
 *
 *   node scripts/bench/train.mjs [--quick] [--passes P] [--rounds R] [--steps S]
 *        [--contenders native,node,chromium,torch] [--language-model-only] [--out FILE]
 *
 * Timing: for each model, P passes; in each pass every contender runs R rounds of S steps
 * (after S untimed warm-up steps), contenders in an order rotated from pass to pass, so load
 * from other work hits all of them alike. One sample per round; steps per second = S / the
 * median round time. Results: Markdown tables on stdout (pasted into docs/benchmarks-train.md),
 * every sample and the machine in build/bench/train.json.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { loadAttentionLab } from '../../web/lib/index.js';
import { readArgs } from './args.mjs';
import { cpuModel, osName } from './machine.mjs';
import { summary } from './stats.mjs';
import { startContenders } from './train/contenders.mjs';
import { benchLanguageModel } from './train/language-model.mjs';
import { JOBS } from './train/jobs.mjs';
import { report } from './train/report.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The lesson's models (each task with its defaults) and seed 003's classifier shape. */
const MODELS = [
  { name: 'reverse, defaults', options: { task: 'reverse' } },
  { name: 'sort, defaults', options: { task: 'sort' } },
  { name: 'induction, defaults', options: { task: 'induction' } },
  { name: 'iris, defaults', options: { task: 'iris' } },
  { name: 'iris, seed 003 (d_model 64, 4 heads, 2 layers, d_ff 256)', options: { task: 'iris', model: { dModel: 64, heads: 4, layers: 2, dFF: 256 } }, seed003: true },
];

/** How far native losses may be from wasm's (the last bits of exp/log; see checkAgreement). */
const NATIVE_RELATIVE = 2e-10;

/** Time to 99 %: how often the held-out set is evaluated (a lesson's chart does it about so often). */
const EVALUATE_EVERY = 50;

function parseArgs(/** @type {string[]} */ argv) {
  const o = { passes: 5, rounds: 3, steps: 50, contenders: ['native', 'node', 'chromium', 'torch'], out: path.join(ROOT, 'build/bench/train.json'), memorySteps: 10_000, languageModelOnly: false,
    // The language model's steps take ~0.1–1 s each: fewer, shorter rounds.
    languageModel: { passes: 3, rounds: 2, steps: 3 } };
  readArgs(argv, (arg, { value, count }) => {
    switch (arg) {
      case '--quick': Object.assign(o, { passes: 1, rounds: 2, steps: 20, memorySteps: 1000, languageModel: { passes: 1, rounds: 1, steps: 1 } }); break;
      case '--language-model-only': o.languageModelOnly = true; break;
      case '--passes': o.passes = count(1); break;
      case '--rounds': o.rounds = count(1); break;
      case '--steps': o.steps = count(1); break;
      case '--contenders': o.contenders = value().split(','); break;
      case '--out': o.out = path.resolve(value()); break;
      case '-h': case '--help': console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]); process.exit(0); break;
      default: throw new Error(`unknown argument ${arg} (see --help)`);
    }
  });
  return o;
}

/**
 * Stops when the contenders do not compute the same training: Chromium must give Node's losses
 * bit for bit (both run the same wasm); native to 2e-10 relative, since glibc's exp/log round
 * the last bit differently from the wasm module's (tests/api/trainer-native.test.mjs).
 */
async function checkAgreement(/** @type {any[]} */ contenders, /** @type {(t: string) => void} */ log) {
  const checked = [];
  for (const { name, options } of MODELS) {
    const job = { options, steps: 20 };
    const reference = await /** @type {any} */ (contenders.find((c) => c.id === 'node')).losses(job);
    for (const c of contenders.filter((x) => x.losses && x.id !== 'node')) {
      const theirs = await c.losses(job);
      const relative = reference.map((/** @type {number} */ x, /** @type {number} */ i) => Math.abs(x - theirs[i]) / Math.abs(x));
      const worst = Math.max(...relative);
      const allowed = c.id === 'native' ? NATIVE_RELATIVE : 0;
      if (!(worst <= allowed)) throw new Error(`${name}: ${c.label} disagrees with Node: relative difference ${worst} > ${allowed}`);
      checked.push({ model: name, contender: c.id, steps: job.steps, maxRelativeDifference: worst });
    }
  }
  log(`losses agree (${checked.length} comparisons; native within ${NATIVE_RELATIVE}, Chromium bit for bit)`);
  return checked;
}

/**
 * The lesson's toy models: agreement, steps per second of every contender, reverse to 99 % in
 * Chromium, and lab.memory() over memorySteps steps.
 * @param {any} lab @param {any[]} contenders @param {any} o @param {(t: string) => void} log
 */
async function benchToyModels(lab, contenders, o, log) {
  const agreement = await checkAgreement(contenders, log);
  /** @type {any[]} */
  const speed = [];
  for (const model of MODELS) {
    /** @type {Record<string, number[]>} */
    const rounds = Object.fromEntries(contenders.map((c) => [c.id, []]));
    /** @type {Record<string, unknown>} */
    const checks = {};
    for (let pass = 0; pass < o.passes; pass += 1) {
      for (let k = 0; k < contenders.length; k += 1) {
        const c = contenders[(pass + k) % contenders.length];
        const reply = await c.speed({ options: model.options, steps: o.steps, rounds: o.rounds });
        rounds[c.id].push(...reply.roundMs);
        if (reply.check) checks[c.id] = reply.check;
      }
    }
    const perContender = Object.fromEntries(contenders.map((c) => {
      const s = summary(rounds[c.id]);
      return [c.id, { label: c.label, roundMs: rounds[c.id], medianRoundMs: s.median, stepsPerSecond: (o.steps * 1000) / s.median, p10StepsPerSecond: (o.steps * 1000) / s.p90, p90StepsPerSecond: (o.steps * 1000) / s.p10 }];
    }));
    speed.push({ ...model, contenders: perContender, checks });
    log(`${model.name}: ${Object.entries(perContender).map(([id, r]) => `${id} ${r.stepsPerSecond.toFixed(0)}/s`).join(', ')}`);
  }
  const chromium = contenders.find((c) => c.id === 'chromium');
  const timeTo99 = chromium
    ? { ...await /** @type {any} */ (chromium.info).run('timeToAccuracy', { options: { task: 'reverse' }, accuracy: 0.99, every: EVALUATE_EVERY, maxSteps: 3000 }), every: EVALUATE_EVERY }
    : null;
  if (timeTo99) log(`reverse to 99 % in Chromium: ${timeTo99.ms === null ? 'not reached' : `${timeTo99.ms.toFixed(0)} ms`} (${timeTo99.steps} steps)`);
  const memoryJob = { options: { task: 'reverse' }, warmup: 100, steps: o.memorySteps };
  const memory = {
    node: JOBS.memory(lab, memoryJob),
    chromium: chromium ? await /** @type {any} */ (chromium.info).run('memory', memoryJob) : null,
    steps: o.memorySteps,
  };
  return { agreement, speed, timeTo99, memory };
}

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const log = (/** @type {string} */ text) => process.stderr.write(`bench:train: ${text}\n`);
  const lab = await loadAttentionLab();
  const machine = { date: new Date().toISOString(), cpu: cpuModel(), cores: os.cpus().length, os: osName(), node: process.version, loadAverageAtStart: os.loadavg() };
  log(`${machine.cpu}, ${machine.cores} cores, load ${machine.loadAverageAtStart.map((x) => x.toFixed(2)).join(' ')}`);
  if (!o.contenders.includes('node')) o.contenders.push('node');
  const contenders = await startContenders(lab, log, o.contenders);
  try {
    const chromium = contenders.find((c) => c.id === 'chromium');
    const toys = o.languageModelOnly ? {} : await benchToyModels(lab, contenders, o, log);
    const torch = contenders.find((c) => c.id === 'torch');
    const languageModel = await benchLanguageModel({ log, lab, chromium: chromium?.info ?? null, torchInfo: torch?.info ?? null, ...o.languageModel, memorySteps: o.memorySteps });
    const results = { machine: { ...machine, loadAverageAtEnd: os.loadavg(), torch: torch?.info, chromium: /** @type {any} */ (chromium?.info)?.userAgent }, options: o, ...toys, languageModel };
    mkdirSync(path.dirname(o.out), { recursive: true });
    writeFileSync(o.out, `${JSON.stringify(results, null, 1)}\n`);
    console.log(report(results));
    log(`wrote ${path.relative(ROOT, o.out)}`);
  } finally {
    for (const c of contenders) await c.stop?.();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
