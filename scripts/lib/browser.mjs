// What the end-to-end tests (tests/e2e/browser.mjs) and the browser benchmarks
// (scripts/bench/page.mjs, scripts/bench/offline.mjs) both need: Debian's Chromium driven by
// playwright-core, and the production page built as `npm start` builds it and served by vite
// preview. It lives here, not under tests/, so the benchmarks never import test code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { compressAssets } from '../vite/compress-assets.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Chromium flags that keep it quiet on a closed network (see ../shared/TOOLCHAIN.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/**
 * Chromium's headless shell (Debian's chromium-headless-shell: the same Blink and V8 as chromium
 * without the windowed browser around them; what Playwright itself runs when asked for headless),
 * which the tests use where it is installed: a whole `npm test` took 1,259 CPU-s on it against
 * 1,414 on /usr/bin/chromium, the same tests passing.
 */
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * One renderer process for all of a browser's pages, where each new page would otherwise start
 * one. Tests open pages one after another (dozens in some files), and on the machines this
 * project is tested on a process's start is dear: a page fault costs about 14 µs there (a VM that
 * keeps page tables in software; well under a microsecond on most machines), and every new
 * renderer faults its memory in afresh (a test file's page faults: 384,000 → 325,000).
 * Measured over every test file, each alone in a cgroup: node --test 1,933 → 1,647 CPU-s, the
 * files that open most pages a fifth to two fifths less (walkthrough-screens 187 → 147,
 * exercises-pick-cell 60 → 35), every test passing.
 */
const ONE_RENDERER = '--renderer-process-limit=1';

/**
 * A headless Chromium with a fresh profile: CHROMIUM_PATH if set; else, for the tests, the
 * headless shell where it is installed, with one renderer process (ONE_RENDERER); else
 * /usr/bin/chromium. The benchmarks pass `{ forTests: false }`: they measure the page in the
 * browser learners run, as it runs.
 * @param {{ forTests?: boolean }} [options]
 */
export async function launchBrowser({ forTests = true } = {}) {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? (forTests && fs.existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium'),
    headless: true,
    args: forTests ? [...CHROMIUM_ARGS, ONE_RENDERER] : CHROMIUM_ARGS,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Builds the page as `npm start` does (the project's vite.config.js) into `outDir`.
 * @param {{ outDir: string, sourcemap?: boolean | 'hidden', root?: string }} options
 *   root: the checkout whose page (and vite.config.js) is built, this one unless given (the page
 *   benchmark measures an older checkout's page with today's harness)
 * @returns {Promise<number>} how long it took, in ms
 */
export async function buildPage({ outDir, sourcemap = false, root = ROOT }) {
  const started = performance.now();
  const { build } = await import('vite');
  await build({ root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.js'), logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap } });
  return performance.now() - started;
}

/**
 * Serves a built page with vite preview (as `npm start` does) on a free loopback port. Of
 * vite.config.js it takes what serving uses: the root, the relative base and the one plugin
 * that serves (compress-assets.js: gzip for the assets that ask for it). Loading the whole
 * config would load every build plugin (KaTeX, the engine, Chromium's launcher) in each of
 * some fifty test processes: a second of CPU each, for nothing they serve.
 * @param {{ outDir: string, headers?: Record<string, string>, files?: Map<string, string>, root?: string }} options
 *   headers: extra response headers (e.g. a CSP); files: JSON files served beside the build's
 *   (address path → text, e.g. "/my-walkthrough.json"), read at each request, so a caller may
 *   add one later without writing into a shared build
 * @returns {Promise<{ url: string, outDir: string, close: () => Promise<void> }>}
 */
export async function previewPage({ outDir, headers, files, root = ROOT }) {
  /** @type {import('vite').Plugin} */
  const extraFiles = {
    name: 'attention-lab-extra-files',
    configurePreviewServer(server) {
      server.middlewares.use((request, response, next) => {
        const text = files?.get(new URL(request.url ?? '/', 'http://localhost').pathname);
        if (text === undefined) return next();
        response.setHeader('Content-Type', 'application/json');
        response.end(text);
      });
    },
  };
  const { preview } = await import('vite');
  const server = await preview({
    root: path.join(root, 'web'),
    base: './',
    configFile: false,
    plugins: [compressAssets(), extraFiles],
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, headers },
    logLevel: 'warn',
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.httpServer.address());
  return { url: `http://127.0.0.1:${address.port}/`, outDir, close: () => server.close() };
}

/**
 * Builds the page into `outDir` (unless `skipBuild`) and serves it (previewPage). Each caller
 * passes its own folder, so a benchmark never empties a folder `npm start` or a test is serving.
 * @param {{ outDir: string, headers?: Record<string, string>, sourcemap?: boolean | 'hidden', skipBuild?: boolean, root?: string }} options
 * @returns {Promise<{ url: string, outDir: string, buildMs: number | null, close: () => Promise<void> }>}
 */
export async function buildAndServe({ outDir, headers, sourcemap = false, skipBuild = false, root = ROOT }) {
  const buildMs = skipBuild ? null : await buildPage({ outDir, sourcemap, root });
  return { ...(await previewPage({ outDir, headers, root })), buildMs };
}
