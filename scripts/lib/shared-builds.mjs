// The builds the end-to-end tests share, each made once for the sources as they are
// (build-cache.mjs): `npm test` makes them all first (node scripts/lib/shared-builds.mjs), and
// every test file then reads them. Never write into one: copy what a test changes.
// The builders are imported only when a build is made: a test file that finds its build made
// (every one, in `npm test`) does not load Vite's bundler, the CLI's or the single file's
// (about a second of CPU, in each of some fifty test processes).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { cachedBuild, ROOT } from './build-cache.mjs';

/** The page as `npm start` builds it. @returns {Promise<string>} its folder */
export const sharedPage = () => cachedBuild('page', async (outDir) => {
  const { buildPage } = await import('./browser.mjs');
  await buildPage({ outDir });
});

/** The web component as `npm run build:component` builds it. @returns {Promise<string>} its folder */
export const sharedComponent = () => cachedBuild('component', async (outDir) => {
  const { build } = await import('vite');
  await build({ configFile: path.join(ROOT, 'vite.component.config.js'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
});

/** Child processes get no npm_* variables of an enclosing `npm test`, and no update check. */
export const CHILD_ENV = {
  ...Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name))),
  npm_config_update_notifier: 'false',
};

/**
 * The npm package as `npm pack` makes it (its CLI and template in dist/ built as prepack would;
 * the wasm must be built already, as `npm test` does first).
 * @returns {Promise<{ tarball: string, packed: { files: { path: string }[], size: number, unpackedSize: number, filename: string } }>}
 *   the tarball's path and what npm pack reported
 */
export async function sharedPackage() {
  const folder = await cachedBuild('package', async (outDir) => {
    const { buildCli } = await import('../cli/build.mjs');
    await buildCli();
    const { stdout } = await promisify(execFile)('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', outDir], { cwd: ROOT, env: CHILD_ENV, maxBuffer: 32 << 20 });
    fs.writeFileSync(path.join(outDir, 'packed.json'), stdout);
  });
  const [packed] = JSON.parse(fs.readFileSync(path.join(folder, 'packed.json'), 'utf8'));
  return { tarball: path.join(folder, packed.filename), packed };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { buildH5pLibrary, buildOfflineTemplate, importBundled } = await import('../offline/single-file.mjs');
  // One after another: each is a build that keeps both cores busy on its own.
  for (const [name, make] of Object.entries({ page: sharedPage, component: sharedComponent, 'offline template': buildOfflineTemplate, 'H5P library': buildH5pLibrary, 'the CLI, bundled': () => importBundled(path.join(ROOT, 'scripts', 'cli', 'export.mjs')), package: sharedPackage })) {
    const started = performance.now();
    await make();
    console.log(`${name}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
}
