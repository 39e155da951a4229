// What the end-to-end tests (tests/e2e/browser.mjs) and the browser benchmarks
// (scripts/bench/page.mjs, scripts/bench/offline.mjs) both need: Debian's Chromium driven by
// playwright-core, and the production page built as `npm start` builds it and served by vite
// preview. It lives here, not under tests/, so the benchmarks never import test code.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Chromium flags that keep it quiet on a closed network (see ../shared/TOOLCHAIN.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** A headless Chromium with a fresh profile (CHROMIUM_PATH overrides /usr/bin/chromium). */
export async function launchBrowser() {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
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
 * Builds the page with the project's vite.config.js into `outDir` (unless `skipBuild`) and
 * serves it with vite preview on a free loopback port. Each caller passes its own folder, so a
 * test or benchmark never empties a folder that `npm start` or another run is serving.
 * @param {{ outDir: string, headers?: Record<string, string>, sourcemap?: boolean | 'hidden', skipBuild?: boolean, root?: string }} options
 *   headers: extra response headers (e.g. a CSP); sourcemap: passed to vite build; root: the
 *   checkout whose page (and vite.config.js) is built, this one unless given (the page benchmark
 *   measures an older checkout's page with today's harness)
 * @returns {Promise<{ url: string, outDir: string, buildMs: number | null, close: () => Promise<void> }>}
 */
export async function buildAndServe({ outDir, headers, sourcemap = false, skipBuild = false, root = ROOT }) {
  const configFile = path.join(root, 'vite.config.js');
  let buildMs = null;
  if (!skipBuild) {
    const started = performance.now();
    await build({ root: path.join(root, 'web'), configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true, sourcemap } });
    buildMs = performance.now() - started;
  }
  const server = await preview({
    root: path.join(root, 'web'),
    configFile,
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, headers },
    logLevel: 'warn',
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.httpServer.address());
  return { url: `http://127.0.0.1:${address.port}/`, outDir, buildMs, close: () => server.close() };
}
