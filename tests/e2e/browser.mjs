// Shared by the end-to-end tests: the production page served as `npm start` serves it (vite
// preview of build/page), and Debian's Chromium driven by playwright-core.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build, preview } from 'vite';

const root = fileURLToPath(new URL('../..', import.meta.url));

/** Chromium flags that keep it quiet on a closed network (see ../shared/TOOLCHAIN.md). */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** Builds the page into build/page and serves it on a free loopback port. */
export async function servePage() {
  await build({ root: path.join(root, 'web'), configFile: path.join(root, 'vite.config.js'), logLevel: 'warn' });
  const server = await preview({
    configFile: path.join(root, 'vite.config.js'),
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
    logLevel: 'warn',
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.httpServer.address());
  return { url: `http://127.0.0.1:${address.port}/`, close: () => server.close() };
}

/** A headless Chromium with a fresh profile. */
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

/** Where screenshots go, for a person to look at. */
export const SCREENSHOT_DIR = path.join(root, 'build', 'screenshots');
