// The npm package in a web app built by each bundler a course developer might use: webpack 5,
// esbuild, Rollup and Parcel 2 (Vite is in package.test.mjs). The packed tarball is installed
// into an app (bundler-consumer/) inside build/, so the bundlers and their plugins resolve from
// this repository's node_modules while `attention-lab` resolves to the installed package; each
// bundle is served by a plain file server and run in Chromium, where it must show the worked
// example computed by the engine and refuse a bad input with an AttentionError. The recipes
// are the ones docs/bundlers.md gives; a bundler warning fails the test.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { launchBrowser } from './browser.mjs';
import { packAndInstall, ROOT } from './pack.mjs';

const CONSUMER_DIR = path.join(ROOT, 'tests/e2e/bundler-consumer');
const work = path.join(ROOT, 'build', 'e2e', `bundlers-${process.pid}`);
const app = path.join(work, 'app');

/** The index.html of a bundle whose entry script is `script` (the bundlers that do not write one). */
const page = (script) => fs.readFileSync(path.join(CONSUMER_DIR, 'index.html'), 'utf8').replace('./main.js', script);

/**
 * Each bundler: builds `app` into `out` as docs/bundlers.md says, returns its warnings.
 * @type {Record<string, (out: string) => Promise<string[]>>}
 */
const BUNDLERS = {
  async 'webpack 5'(out) {
    const { default: webpack } = await import('webpack');
    const stats = await new Promise((resolve, reject) => {
      webpack({
        mode: 'production',
        context: app,
        entry: './main.js',
        output: { path: out, filename: 'main.js', clean: true },
        // The engine is large by web standards (it is the point of the package): not a problem to warn about here.
        performance: { hints: false },
      }, (error, result) => (error ? reject(error) : resolve(result)));
    });
    const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });
    assert.deepEqual(errors.map((e) => e.message), []);
    fs.writeFileSync(path.join(out, 'index.html'), page('./main.js'));
    return warnings.map((w) => w.message);
  },

  async esbuild(out) {
    const esbuild = await import('esbuild');
    const result = await esbuild.build({
      absWorkingDir: app,
      entryPoints: ['main-wasm-url.js'],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      outdir: out,
      loader: { '.wasm': 'file' },
      logLevel: 'silent',
    });
    fs.writeFileSync(path.join(out, 'index.html'), page('./main-wasm-url.js'));
    return result.warnings.map((w) => w.text);
  },

  async Rollup(out) {
    // Rollup's WebAssembly build: the same bundler without per-platform native packages.
    const { rollup } = await import('@rollup/wasm-node');
    const { nodeResolve } = await import('@rollup/plugin-node-resolve');
    const { importMetaAssets } = await import('@web/rollup-plugin-import-meta-assets');
    /** @type {string[]} */
    const warnings = [];
    const bundle = await rollup({
      input: path.join(app, 'main.js'),
      plugins: [nodeResolve({ browser: true }), importMetaAssets()],
      onwarn: (warning) => warnings.push(warning.message),
    });
    await bundle.write({ dir: out, format: 'es', entryFileNames: 'main.js' });
    await bundle.close();
    fs.writeFileSync(path.join(out, 'index.html'), page('./main.js'));
    return warnings;
  },

  async 'Parcel 2'(out) {
    const { Parcel } = await import('@parcel/core');
    /** @type {string[]} */
    const warnings = [];
    const parcel = new Parcel({
      entries: path.join(app, 'index.html'),
      defaultConfig: '@parcel/config-default',
      mode: 'production',
      shouldDisableCache: true,
      cacheDir: path.join(work, 'parcel-cache'),
      defaultTargetOptions: { distDir: out, publicUrl: './', shouldOptimize: false },
      logLevel: 'warn',
      additionalReporters: [],
    });
    const result = await parcel.run();
    assert.equal(result.type, 'buildSuccess');
    return warnings;
  },
};

/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;
/** The worked example as this checkout's own build computes it. */
let reference;

before(async () => {
  fs.rmSync(work, { recursive: true, force: true });
  fs.mkdirSync(work, { recursive: true });
  fs.cpSync(CONSUMER_DIR, app, { recursive: true });
  await packAndInstall(work, app);
  const lab = await loadAttentionLab();
  const { weights, output } = lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
  reference = { weights, output };
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

for (const [name, bundle] of Object.entries(BUNDLERS)) {
  describe(name, () => {
    const out = path.join(work, `dist-${name.replace(/\W+/g, '-')}`);
    /** @type {string[]} */ let warnings;
    before(async () => {
      warnings = await bundle(out);
    });

    test('bundles the app without a warning and emits the engine’s .wasm', () => {
      assert.deepEqual(warnings, []);
      const files = fs.readdirSync(out, { recursive: true }).map(String);
      assert.ok(files.some((file) => file.endsWith('.wasm')), `no .wasm among ${files.join(', ')}`);
    });

    test('the bundled app computes the worked example in Chromium and refuses a bad input with an AttentionError', async () => {
      const server = await serveFiles({ folders: { '/': out } });
      const tab = await browser.context.newPage();
      /** @type {string[]} */
      const problems = [];
      tab.on('pageerror', (error) => problems.push(error.message));
      tab.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
      });
      try {
        await tab.goto(server.url);
        const status = tab.locator('#status[data-output], #status[data-error]');
        await status.waitFor({ timeout: 60_000 });
        assert.equal(await status.getAttribute('data-error'), null, await status.getAttribute('data-error') ?? '');
        assert.deepEqual(JSON.parse(await status.getAttribute('data-output') ?? ''), reference.output);
        assert.deepEqual(JSON.parse(await status.getAttribute('data-weights') ?? ''), reference.weights);
        assert.equal(await status.getAttribute('data-refusal'), 'AttentionError: key[2]: expected 2 numbers like row 0, got an array of length 1');
        assert.deepEqual(problems, []);
      } finally {
        await tab.close();
        await server.close();
      }
    });
  });
}
