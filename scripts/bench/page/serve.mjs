// The production page for the page benchmark: `vite build` with the project's vite.config.js
// (as `npm start` and tests/e2e/browser.mjs servePage() do), then `vite preview` of it on a free
// loopback port. The one difference from servePage(): the build goes to build/bench/page-dist
// instead of build/page, so a benchmark run never empties the folder that `npm start` or a
// concurrently running end-to-end test is serving; and hidden source maps are written too.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
export const OUT_DIR = path.join(ROOT, 'build', 'bench', 'page-dist');

/**
 * @param {{ skipBuild?: boolean }} [options]
 * @returns {Promise<{ url: string, outDir: string, buildMs: number | null, close: () => Promise<void> }>}
 */
export async function buildAndServePage({ skipBuild = false } = {}) {
  const configFile = path.join(ROOT, 'vite.config.js');
  let buildMs = null;
  if (!skipBuild) {
    const started = performance.now();
    await build({
      root: path.join(ROOT, 'web'),
      configFile,
      logLevel: 'warn',
      // 'hidden': .map files for the profiles (profile.mjs), but no sourceMappingURL comment, so
      // the files the browser loads are byte-for-byte those of a plain `vite build`.
      build: { outDir: OUT_DIR, emptyOutDir: true, sourcemap: 'hidden' },
    });
    buildMs = performance.now() - started;
  }
  const server = await preview({
    configFile,
    build: { outDir: OUT_DIR },
    preview: { host: '127.0.0.1', port: 0, strictPort: false },
    logLevel: 'warn',
  });
  const address = /** @type {import('node:net').AddressInfo} */ (server.httpServer.address());
  return {
    url: `http://127.0.0.1:${address.port}/`,
    outDir: OUT_DIR,
    buildMs,
    close: () => server.close(),
  };
}
