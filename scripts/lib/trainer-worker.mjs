// The trainer in a browser's Web Worker, as the lesson runs it: headless Chromium opens a blank
// page served from loopback, which starts a module worker that loads the npm package's façade
// (web/lib) and runs the jobs of scripts/bench/train/jobs.mjs on request. Used by
// tests/e2e/trainer-worker.test.mjs (the same losses as Node, bit for bit) and by
// `npm run bench:train` (the Chromium Web Worker contender).
import path from 'node:path';

import { launchBrowser, ROOT } from './browser.mjs';
import { serveFiles } from './static-server.mjs';

/** The worker: loads the library, then answers { id, job, data } with { id, ok, value | message }. */
const WORKER = `
import { loadAttentionLab } from '/lib/index.js';
import { JOBS } from '/jobs/jobs.mjs';
const ready = loadAttentionLab();
self.onmessage = async ({ data: { id, job, data } }) => {
  try {
    const lab = await ready;
    self.postMessage({ id, ok: true, value: JOBS[job](lab, data) });
  } catch (error) {
    self.postMessage({ id, ok: false, message: String(error && error.stack || error) });
  }
};`;

/** The page: starts the worker and exposes runJob(job, data) → Promise of the job's value. */
const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>trainer worker</title>
<script type="module">
const worker = new Worker('/worker.mjs', { type: 'module' });
const pending = new Map();
let next = 0;
worker.onmessage = ({ data }) => {
  const { resolve, reject } = pending.get(data.id);
  pending.delete(data.id);
  if (data.ok) resolve(data.value); else reject(new Error(data.message));
};
worker.onerror = (event) => { for (const { reject } of pending.values()) reject(new Error('worker: ' + event.message)); };
window.runJob = (job, data) => new Promise((resolve, reject) => {
  next += 1;
  pending.set(next, { resolve, reject });
  worker.postMessage({ id: next, job, data });
});
</script>`;

/**
 * Serves the worker page on loopback: any browser that opens its URL gets `window.runJob(job,
 * data)` (tests/e2e/other-browsers.test.mjs opens it in Firefox and WebKit).
 */
export function serveTrainerWorkerPage() {
  return serveFiles({
    pages: { '/': PAGE },
    folders: { '/lib/': path.join(ROOT, 'web/lib'), '/jobs/': path.join(ROOT, 'scripts/bench/train') },
    scripts: { '/worker.mjs': WORKER },
  });
}

/**
 * Starts Chromium with the worker page. `run(job, data)` runs one job of JOBS in the worker.
 * @returns {Promise<{ run: (job: string, data: unknown) => Promise<any>, userAgent: string, close: () => Promise<void> }>}
 */
export async function startTrainerWorker() {
  const server = await serveTrainerWorkerPage();
  const browser = await launchBrowser();
  try {
    const page = await browser.context.newPage();
    /** @type {string[]} */
    const errors = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(server.url);
    const userAgent = await page.evaluate(() => navigator.userAgent);
    return {
      userAgent,
      run: async (job, data) => {
        try {
          return await page.evaluate(([j, d]) => /** @type {any} */ (window).runJob(j, d), [job, data]);
        } catch (error) {
          throw new Error(`${job} in the Chromium worker: ${/** @type {Error} */ (error).message}${errors.length ? `\npage errors: ${errors.join('\n')}` : ''}`);
        }
      },
      close: async () => {
        await browser.close();
        await server.close();
      },
    };
  } catch (error) {
    await browser.close();
    await server.close();
    throw error;
  }
}
