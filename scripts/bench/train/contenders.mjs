// The contenders of `npm run bench:train`, each behind the same two calls:
//   speed({ options, steps, rounds }) → { roundMs }   after `steps` untimed warm-up steps,
//                                                     `rounds` timed rounds of `steps` steps
//   losses({ options, steps }) → number[]             (not PyTorch: it trains on its own data)
// Node runs the façade in this process; Chromium a Web Worker (scripts/lib/trainer-worker.mjs);
// native build/native/attn_trainer_run (cpp/tools/trainer_run.cpp), one process per request;
// PyTorch scripts/bench/train/torch_train.py on Debian's /usr/bin/python3, one process per
// request, one BLAS thread.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

import { ROOT } from '../../lib/browser.mjs';
import { startTrainerWorker } from '../../lib/trainer-worker.mjs';
import { toolArguments } from '../../lib/trainer-tool.mjs';
import { PYTHON, pythonEnv } from '../engine/python.mjs';
import { JOBS } from './jobs.mjs';

const run = promisify(execFile);
const NATIVE = path.join(ROOT, 'build/native/attn_trainer_run');
const TORCH = path.join(ROOT, 'scripts/bench/train/torch_train.py');

/** The last JSON line a child printed. */
const lastJson = (/** @type {string} */ stdout) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '');

/**
 * @param {import('../../../web/lib/index.js').AttentionLab} lab
 * @param {(text: string) => void} log
 * @param {string[]} wanted ids among node, chromium, native, torch
 */
export async function startContenders(lab, log, wanted) {
  /** @type {Array<{ id: string, label: string, speed: (job: any) => Promise<{ roundMs: number[] }>, losses?: (job: any) => Promise<number[]>, stop?: () => Promise<void>, info?: unknown }>} */
  const contenders = [];
  if (wanted.includes('native')) {
    if (!existsSync(NATIVE)) throw new Error(`${NATIVE} is missing: run bash scripts/build.sh`);
    contenders.push({
      id: 'native',
      label: 'native C++ (g++ -O3)',
      speed: async ({ options, steps, rounds }) => lastJson((await run(NATIVE, ['bench', String(steps), String(rounds), ...toolArguments(options)])).stdout),
      losses: async ({ options, steps }) => lastJson((await run(NATIVE, ['losses', String(steps), ...toolArguments(options)])).stdout).losses,
    });
  }
  if (wanted.includes('node')) {
    contenders.push({
      id: 'node',
      label: `Node ${process.version} (wasm)`,
      speed: async (job) => JOBS.speed(lab, job),
      losses: async (job) => JOBS.losses(lab, job),
    });
  }
  if (wanted.includes('chromium')) {
    const worker = await startTrainerWorker();
    log(`Chromium worker up: ${worker.userAgent}`);
    contenders.push({
      id: 'chromium',
      label: `Chromium ${/Chrome\/([\d.]+)/.exec(worker.userAgent)?.[1] ?? ''} Web Worker (wasm)`,
      speed: (job) => worker.run('speed', job),
      losses: (job) => worker.run('losses', job),
      stop: worker.close,
      info: { userAgent: worker.userAgent, run: worker.run },
    });
  }
  if (wanted.includes('torch')) {
    try {
      const info = lastJson((await run(PYTHON, [TORCH, '--info'], { env: pythonEnv() })).stdout);
      log(`PyTorch ${info.torch}, BLAS ${JSON.stringify(info.blas)}`);
      contenders.push({
        id: 'torch',
        label: 'PyTorch 1.13 CPU f64 (1 thread)',
        speed: async (job) => torchRequest({ ...job, parameters: initialParameters(lab, job.options) }),
        info,
      });
    } catch (error) {
      log(`PyTorch left out: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
    }
  }
  return contenders;
}

/** Our trainer's initial parameters and its forward on the probe, for PyTorch to start from and check. */
function initialParameters(/** @type {import('../../../web/lib/index.js').AttentionLab} */ lab, /** @type {any} */ options) {
  const trainer = lab.createTrainer(options);
  try {
    return { config: trainer.status().options, values: trainer.parameters(), probe: trainer.attention() };
  } finally {
    trainer.dispose();
  }
}

/** Runs torch_train.py on one job (JSON on stdin) and returns its reply. */
function torchRequest(/** @type {any} */ job) {
  return pythonJob(TORCH, job);
}

/** Runs a Python contender on one job (JSON on stdin, one thread) and returns its last JSON line. */
export async function pythonJob(/** @type {string} */ script, /** @type {any} */ job) {
  const child = execFile(PYTHON, [script], { env: pythonEnv(), cwd: path.dirname(script), maxBuffer: 64 << 20 });
  const done = new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => { out += d; });
    child.stderr?.on('data', (d) => { err += d; });
    child.on('close', (code) => (code === 0 ? resolve(lastJson(out)) : reject(new Error(`${path.basename(script)} exited ${code}: ${err.slice(-2000)}`))));
  });
  child.stdin?.end(JSON.stringify(job));
  return done;
}
