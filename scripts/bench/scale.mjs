/**
 * `npm run bench:scale`: what each attention variant (and the RNN) costs at n = 512 … 4096,
 * d = 64, side by side in one run: the engine in WebAssembly under Node (lab.measureCost), the
 * same engine natively (g++ -O3, measureCost through build/native/attention-trace) and PyTorch
 * 1.13 on the CPU in float64 with one thread (the same algorithms in plain tensor ops,
 * scripts/bench/scale/torch_scale.py). A benchmark, not a test: it reports its goal
 * (tiled wasm within 1.3× of native and within 2× of PyTorch) as met or missed, never fails on a
 * timing.
 *
 *   node scripts/bench/scale.mjs [--quick] [--sizes 512,1024,2048,4096] [--variants full,flash]
 *        [--budget SECONDS] [--out FILE]
 *
 * Timing: every call times its kernel alone (steady_clock in C++, perf_counter in Python), on
 * inputs made before the clock starts. For each (variant, n) the three contenders take turns,
 * in an order rotated from one size to the next so load from other work hits all alike; each
 * first runs once untimed (warm-up, and the time that sets its repeats), then
 * clamp(⌈budget / that time⌉, 2, 10) timed repeats (--budget, default 1.5 s). One sample per
 * repeat; the tables show medians. Slopes: least squares of log(median) on log(n).
 * Results: Markdown on stdout (docs/benchmarks-scale.md quotes it), every sample and the machine
 * in build/bench/scale.json.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

import { loadAttentionLab } from '../../web/lib/index.js';
import { loadDescriptions } from '../engine-descriptions.mjs';
import { readArgs } from './args.mjs';
import { pythonEnv, PYTHON } from './engine/python.mjs';
import { cpuModel, osName } from './machine.mjs';
import { median } from './stats.mjs';
import { markdownTable } from './tables.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const NATIVE = path.join(ROOT, 'build/native/attention-trace');
const TORCH = path.join(ROOT, 'scripts/bench/scale/torch_scale.py');
const D = 64;
const GOAL = { variant: 'flash', native: 1.3, torch: 2 };

function parseArgs(/** @type {string[]} */ argv) {
  const o = { sizes: [512, 1024, 2048, 4096], variants: /** @type {string[] | null} */ (null), budget: 1.5, out: path.join(ROOT, 'build/bench/scale.json') };
  readArgs(argv, (arg, { value, positive }) => {
    switch (arg) {
      case '--quick': Object.assign(o, { sizes: [256, 512], budget: 0.2 }); break;
      case '--sizes': o.sizes = value().split(',').map(Number); break;
      case '--variants': o.variants = value().split(','); break;
      case '--budget': o.budget = positive(); break;
      case '--out': o.out = path.resolve(value()); break;
      default: throw new Error(`unknown argument ${arg}`);
    }
  });
  return o;
}

/** The variants this build's measureCost offers, from its description. */
function engineVariants() {
  const measure = loadDescriptions().find((d) => d.name === 'measureCost');
  const variant = measure?.arguments.find((a) => a.name === 'variant');
  if (!variant?.choices) throw new Error('measureCost is not described by build/native/attn_describe: build first');
  return variant.choices.split('|');
}

/** PyTorch as a long-lived child speaking one JSON line per request. */
function startTorch() {
  const child = spawn(PYTHON, [TORCH], { env: pythonEnv(), stdio: ['pipe', 'pipe', 'inherit'] });
  const lines = readline.createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  return {
    async request(/** @type {object} */ body) {
      child.stdin.write(`${JSON.stringify(body)}\n`);
      const { value, done } = await lines.next();
      if (done) throw new Error('torch_scale.py stopped');
      return JSON.parse(value);
    },
    stop: () => child.stdin.end(),
  };
}

/** The three contenders, each `measure(request)` → { seconds, peakCells, multiplyAdds? }. */
function contenders(lab, torch) {
  return {
    wasm: async (request) => lab.measureCost(request),
    native: async (request) => {
      const run = spawnSync(NATIVE, ['measureCost', '-', '--json'], { input: JSON.stringify(request), encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`attention-trace measureCost: ${run.stderr.trim()}`);
      return JSON.parse(run.stdout);
    },
    torch: async (request) => torch.request(request),
  };
}

/** Least-squares slope of log(y) on log(x). */
function slope(/** @type {number[]} */ xs, /** @type {number[]} */ ys) {
  const lx = xs.map(Math.log), ly = ys.map(Math.log);
  const mx = lx.reduce((a, b) => a + b, 0) / lx.length, my = ly.reduce((a, b) => a + b, 0) / ly.length;
  let num = 0, den = 0;
  lx.forEach((x, i) => { num += (x - mx) * (ly[i] - my); den += (x - mx) ** 2; });
  return den === 0 ? NaN : num / den;
}

const ms = (s) => (s * 1000).toPrecision(3);
const ratio = (a, b) => (a / b).toFixed(2);

async function main() {
  const o = parseArgs(process.argv.slice(2));
  const variants = o.variants ?? engineVariants();
  const lab = await loadAttentionLab();
  const torch = startTorch();
  const run = contenders(lab, torch);
  const names = /** @type {(keyof typeof run)[]} */ (Object.keys(run));
  const machine = {
    cpu: cpuModel(), cores: os.cpus().length, os: osName(), node: process.version, date: new Date().toISOString(),
    loadAverageAtStart: os.loadavg(), torch: await torch.request({ info: true }),
  };
  /** @type {{ variant: string, n: number, contender: string, seconds: number[], peakCells: number, multiplyAdds?: number }[]} */
  const results = [];
  let turn = 0;
  for (const variant of variants) {
    for (const n of o.sizes) {
      const order = names.map((_, i) => names[(i + turn) % names.length]);
      turn += 1;
      for (const contender of order) {
        const base = { variant, n, d: D, block: 64, window: 32, seed: 1 };
        const first = await run[contender]({ ...base, repeats: 1 });
        const repeats = Math.min(10, Math.max(2, Math.ceil(o.budget / first.seconds[0])));
        const timed = await run[contender]({ ...base, repeats });
        results.push({ variant, n, contender, seconds: timed.seconds, peakCells: timed.peakCells, multiplyAdds: timed.multiplyAdds });
        process.stderr.write(`bench:scale ${variant} n=${n} ${contender}: ${ms(median(timed.seconds))} ms (${repeats} repeats)\n`);
      }
    }
  }
  torch.stop();
  machine.loadAverageAtEnd = os.loadavg();
  machine.date = `${machine.date} – ${new Date().toISOString()}`;

  const find = (variant, n, contender) => results.find((r) => r.variant === variant && r.n === n && r.contender === contender);
  const med = (variant, n, contender) => median(find(variant, n, contender).seconds);
  const rows = variants.flatMap((variant) => o.sizes.map((n) => {
    const engine = find(variant, n, 'wasm');
    return [variant, n, ms(med(variant, n, 'wasm')), ms(med(variant, n, 'native')), ms(med(variant, n, 'torch')),
      ratio(med(variant, n, 'wasm'), med(variant, n, 'native')), ratio(med(variant, n, 'wasm'), med(variant, n, 'torch')),
      engine.peakCells, engine.multiplyAdds.toExponential(2)];
  }));
  const slopes = variants.map((variant) => [variant, ...names.map((c) => slope(o.sizes, o.sizes.map((n) => med(variant, n, c))).toFixed(2))]);
  const goal = variants.includes(GOAL.variant)
    ? o.sizes.map((n) => {
      const vsNative = med(GOAL.variant, n, 'wasm') / med(GOAL.variant, n, 'native');
      const vsTorch = med(GOAL.variant, n, 'wasm') / med(GOAL.variant, n, 'torch');
      const verdict = (x, limit) => `${x.toFixed(2)}× (${x <= limit ? 'met' : 'missed'}, goal ≤ ${limit}×)`;
      return [n, verdict(vsNative, GOAL.native), verdict(vsTorch, GOAL.torch)];
    })
    : null;

  const blas = (machine.torch.blas ?? []).map((b) => `${b.internal_api} ${b.version} (${b.architecture}, ${b.num_threads} thread)`).join(', ') || 'unknown (no threadpoolctl)';
  console.log(`## Medians, d = ${D} (ms per run)\n`);
  console.log(markdownTable(['variant', 'n', 'wasm', 'native', 'PyTorch', 'wasm/native', 'wasm/PyTorch', 'peakCells', 'multiply-adds'], rows, ['l']));
  console.log(`\n## Fitted log–log slopes of time against n (${o.sizes.join(', ')})\n`);
  console.log(markdownTable(['variant', ...names], slopes, ['l']));
  if (goal) {
    console.log(`\n## Goal: tiled (flash) wasm within ${GOAL.native}× of native and ${GOAL.torch}× of PyTorch\n`);
    console.log(markdownTable(['n', 'wasm / native', 'wasm / PyTorch'], goal, ['l']));
  }
  console.log(`\nMachine: ${machine.cpu}, ${machine.cores} cores, ${machine.os}, Node ${machine.node}, PyTorch ${machine.torch.torch} (${machine.torch.torchThreads} thread) on ${blas}.`);
  console.log(`Load average (1, 5, 15 min) at start ${machine.loadAverageAtStart.map((x) => x.toFixed(2)).join(', ')}, at end ${machine.loadAverageAtEnd.map((x) => x.toFixed(2)).join(', ')}. ${machine.date}.`);
  mkdirSync(path.dirname(o.out), { recursive: true });
  writeFileSync(o.out, JSON.stringify({ options: o, machine, results, slopes, goal }, null, 1));
  console.log(`\nEvery sample: ${path.relative(ROOT, o.out)}`);
}

await main();
