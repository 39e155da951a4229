// npm run bench:train's language model part: training steps per second of the shipped model's
// shape and batch (docs/language-model.md) natively, in wasm under Node, in a Chromium Web
// Worker (through lab.createTrainer({ task: 'text' }) when the engine has it) and in PyTorch
// float64 on one thread, side by side in one run; generation tokens per second with the KV
// cache in Chromium and Node; and the heap over 10,000 steps of a small model, natively and in
// wasm. PyTorch is timed only after its loss and gradient norm on the engine's first batch,
// from the engine's initial weights, equal the engine's to 1e-9.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

import { ROOT } from '../../lib/browser.mjs';
import { summary } from '../stats.mjs';
import { pythonJob } from './contenders.mjs';
import { JOBS } from './jobs.mjs';

const run = promisify(execFile);
const CORPUS = path.join(ROOT, 'cpp/data/tinyshakespeare.txt');
const NATIVE = path.join(ROOT, 'build/native/attn_language_model_bench');
const WASM = path.join(ROOT, 'build/wasm/attn_language_model_bench_wasm.js');
const TORCH = path.join(ROOT, 'scripts/bench/train/torch_language_model.py');

/** The shipped model's shape and batch: the tools' defaults (cpp/tools/language_model_options.hpp). */
export const SHIPPED = { dModel: 64, heads: 4, kvHeads: 2, layers: 2, dFF: 172, context: 128, batch: 16, repeatWindows: 16 };

/** The small model whose heap is followed over 10,000 steps (the shipped one would take hours in wasm). */
const SMALL = { dModel: 16, heads: 2, kvHeads: 1, layers: 2, dFF: 32, context: 32, batch: 4, repeatWindows: 2 };
const smallOptions = (/** @type {number} */ steps) => [`model.dModel=${SMALL.dModel}`, `model.heads=${SMALL.heads}`, `model.kvHeads=${SMALL.kvHeads}`,
  `model.layers=${SMALL.layers}`, `model.dFF=${SMALL.dFF}`, `model.context=${SMALL.context}`, `batch=${SMALL.batch}`,
  `repeatWindows=${SMALL.repeatWindows}`, `steps=${steps}`, 'warmupSteps=10'];

/** Generation: a prompt of 8 characters continued to the end of the context. */
const PROMPT = 'ROMEO:\nO';
const GENERATED = SHIPPED.context - PROMPT.length;
/** A generation takes ~0.1 s: many rounds, since the first ones run before V8 has optimised the module. */
const GENERATION_ROUNDS = 10;

/** The last JSON line a child printed. */
const lastJson = (/** @type {string} */ stdout) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '');

/**
 * Runs a bench tool (native, or the wasm build under this Node) and returns its JSON line. For
 * the heap, glibc's per-thread cache is switched off: freed blocks it keeps count as in use in
 * mallinfo, which shows as a few hundred bytes of drift that no allocation made.
 */
async function tool(/** @type {string} */ file, /** @type {string[]} */ args) {
  const [command, argv] = file.endsWith('.js') ? [process.execPath, [file, ...args]] : [file, args];
  const env = args[1] === 'memory' ? { ...process.env, GLIBC_TUNABLES: 'glibc.malloc.tcache_count=0' } : process.env;
  return lastJson((await run(command, argv, { maxBuffer: 16 << 20, env })).stdout);
}

/**
 * @param {{ log: (t: string) => void, lab: any, chromium: any, torchInfo: any, passes: number, rounds: number, steps: number, memorySteps: number }} o
 *   chromium: the trainer worker (scripts/lib/trainer-worker.mjs) or null; torchInfo: the
 *   PyTorch contender's --info, or null without torch
 */
export async function benchLanguageModel({ log, lab, chromium, torchInfo, passes, rounds, steps, memorySteps }) {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'bench-lm-'));
  try {
    /** @type {Array<{ id: string, label: string, speed: () => Promise<{ roundMs: number[] }> }>} */
    const contenders = [];
    const speedArgs = ['speed', String(steps), String(rounds)];
    if (!existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run bash scripts/build.sh`);
    contenders.push({ id: 'native', label: 'native C++ (g++ -O3)', speed: () => tool(NATIVE, [CORPUS, ...speedArgs]) });
    if (existsSync(WASM)) {
      contenders.push({ id: 'node', label: `Node ${process.version} (wasm)`, speed: () => tool(WASM, [CORPUS, ...speedArgs]) });
    } else {
      log(`language model: Node (wasm) left out: ${path.relative(ROOT, WASM)} is missing (bash scripts/build.sh wasm-bench)`);
    }
    if (chromium) {
      // The lesson's trainer on the corpus, the same shape and batch, when the engine has it.
      const options = { task: 'text', text: readFileSync(CORPUS, 'utf8'), model: { dModel: SHIPPED.dModel, heads: SHIPPED.heads, kvHeads: SHIPPED.kvHeads, layers: SHIPPED.layers, dFF: SHIPPED.dFF, context: SHIPPED.context }, batchSize: SHIPPED.batch };
      try {
        await chromium.run('losses', { options, steps: 1 });
        contenders.push({ id: 'chromium', label: `Chromium ${/Chrome\/([\d.]+)/.exec(chromium.userAgent)?.[1] ?? ''} Web Worker (wasm)`, speed: () => chromium.run('speed', { options, steps, rounds }) });
      } catch (error) {
        log(`language model: Chromium training left out: createTrainer({ task: 'text' }) refused: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
      }
    }
    /** @type {any} */
    let torchCheck = null;
    if (torchInfo) {
      const model = path.join(scratch, 'initial.bin');
      const first = await tool(NATIVE, [CORPUS, 'first', model]);
      const job = { corpus: CORPUS, model, windows: first.windows, loss: first.loss, gradientNorm: first.gradientNorm, steps, rounds };
      contenders.push({
        id: 'torch',
        label: 'PyTorch 1.13 CPU f64 (1 thread)',
        speed: async () => {
          const reply = await pythonJob(TORCH, job);
          torchCheck = reply.check;
          return reply;
        },
      });
    }

    /** @type {Record<string, number[]>} */
    const samples = Object.fromEntries(contenders.map((c) => [c.id, []]));
    for (let pass = 0; pass < passes; pass += 1) {
      for (let k = 0; k < contenders.length; k += 1) {
        const c = contenders[(pass + k) % contenders.length];
        samples[c.id].push(...(await c.speed()).roundMs);
      }
    }
    const speed = Object.fromEntries(contenders.map((c) => {
      const s = summary(samples[c.id]);
      return [c.id, { label: c.label, roundMs: samples[c.id], stepsPerSecond: (steps * 1000) / s.median, p10StepsPerSecond: (steps * 1000) / s.p90, p90StepsPerSecond: (steps * 1000) / s.p10 }];
    }));
    log(`language model: ${Object.entries(speed).map(([id, r]) => `${id} ${r.stepsPerSecond.toFixed(2)}/s`).join(', ')}`);
    if (torchCheck) log(`language model: PyTorch's first-batch loss differs from the engine's by ${torchCheck.lossDifference.toExponential(1)}`);

    // Generation with the KV cache, to the end of the context, in Chromium and in Node.
    const generateJob = { model: { dModel: SHIPPED.dModel, heads: SHIPPED.heads, kvHeads: SHIPPED.kvHeads, layers: SHIPPED.layers, dFF: SHIPPED.dFF, context: SHIPPED.context }, seed: 1, prompt: PROMPT, tokens: GENERATED, rounds: GENERATION_ROUNDS };
    /** @type {Record<string, any>} */
    const generation = { tokens: GENERATED, prompt: PROMPT };
    for (const [id, runJob] of /** @type {Array<[string, (job: any) => Promise<any>]>} */ ([['node', async (job) => JOBS.generate(lab, job)], ...(chromium ? [['chromium', (/** @type {any} */ job) => chromium.run('generate', job)]] : [])])) {
      const { roundMs } = await runJob(generateJob);
      generation[id] = { roundMs, tokensPerSecond: (GENERATED * 1000) / summary(roundMs).median };
    }
    log(`language model: generation ${['node', 'chromium'].filter((id) => generation[id]).map((id) => `${id} ${generation[id].tokensPerSecond.toFixed(0)} tokens/s`).join(', ')}`);

    // The heap over memorySteps steps of the small model, natively and in wasm.
    /** @type {Record<string, any>} */
    const memory = { steps: memorySteps, model: SMALL };
    for (const [id, file] of [['native', NATIVE], ['node', WASM]]) {
      if (existsSync(file)) memory[id] = await tool(file, [CORPUS, 'memory', String(memorySteps), ...smallOptions(memorySteps)]);
    }
    log(`language model: heap after 100 and ${memorySteps} steps: ${['native', 'node'].filter((id) => memory[id]).map((id) => `${id} ${memory[id].warm} / ${memory[id].trained} bytes`).join(', ')}`);
    return { shape: SHIPPED, passes, rounds, steps, speed, torchCheck, generation, memory };
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
