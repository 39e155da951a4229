// The npm package as a consumer gets it: `npm pack`, the tarball installed into an empty folder
// with no network, then used from Node (ES module and CommonJS), type-checked by TypeScript
// through the "exports" map, and bundled by Vite into a page that runs in Chromium. The
// consumer's files are in package-consumer/. The wasm must be built already (scripts/test.sh
// does it), so the pack skips the prepack build.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, preview } from 'vite';

import { loadAttentionLab } from 'attention-lab';
import { launchBrowser } from './browser.mjs';
import { packAndInstall, run } from './pack.mjs';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CONSUMER_DIR = fileURLToPath(new URL('package-consumer/', import.meta.url));
const BUILT_WASM = path.join(ROOT, 'web/lib/wasm/attention-core.wasm');
const TSC = path.join(ROOT, 'node_modules/typescript/bin/tsc');

const EXAMPLE = { query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] };
/** The worked example's numbers as the README prints them, to 3 decimals. */
const PRINTED = { weights: [0.140, 0.284, 0.576], output: [0.355, 0.617] };

/** What a consumer needs and nothing else: the façade, its types, the engine, the shipped language model, the CLI and its template, two documents. */
const EXPECTED_FILES = [
  'README.md',
  'package.json',
  'docs/engine.md',
  ...fs.readdirSync(path.join(ROOT, 'web/lib')).filter((file) => file.endsWith('.js')).map((file) => `web/lib/${file}`),
  'web/lib/index.d.ts',
  'web/lib/operations.d.ts',
  'web/lib/values.d.ts',
  'web/lib/wasm/attention-core.mjs',
  'web/lib/wasm/attention-core.wasm',
  'web/lib/wasm/attention-lite.mjs',
  'web/lib/wasm/attention-lite.wasm',
  'web/lib/models/shakespeare.bin',
  'dist/attention-lab.mjs',
  'dist/attention-lab-offline.html',
  'dist/attention-lab-h5p.js',
  ...(fs.existsSync(path.join(ROOT, 'LICENSE')) ? ['LICENSE'] : []),
].sort();

/**
 * Asserts every number of `actual` is within `tolerance` of `expected`.
 * @param {number[]} actual @param {number[]} expected @param {number} tolerance @param {string} label
 */
function assertClose(actual, expected, tolerance, label) {
  assert.equal(actual.length, expected.length, `${label}: ${JSON.stringify(actual)}`);
  const worst = Math.max(...actual.map((a, i) => Math.abs(a - expected[i])));
  assert.ok(worst <= tolerance, `${label}: ${JSON.stringify(actual)} vs ${JSON.stringify(expected)}, max diff ${worst}`);
}

/** The temporary folder: the tarball, the npm cache and app/, the empty project. */
let tmp = '';
let app = '';
/** @type {{ files: { path: string }[], size: number, unpackedSize: number, filename: string }} */
let packed;
/** The worked example as the repository's own build computes it. */
let reference;

before(async () => {
  assert.ok(fs.existsSync(BUILT_WASM), `${BUILT_WASM} is missing: run \`bash scripts/build.sh wasm\` first (npm test does)`);
  const { weights, output } = (await loadAttentionLab()).attention(EXAMPLE);
  reference = { weights, output };

  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-package-'));
  app = path.join(tmp, 'app');
  fs.cpSync(CONSUMER_DIR, app, { recursive: true });
  packed = await packAndInstall(tmp, app);
});

after(() => {
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

const installed = (/** @type {string} */ file) => path.join(app, 'node_modules/attention-lab', file);

describe('npm pack', () => {
  test('packs exactly the façade, its types, the engine’s glue and wasm, the shipped language model, the CLI with its offline template and H5P library, the README and docs/engine.md', (t) => {
    assert.deepEqual(packed.files.map((file) => file.path).sort(), EXPECTED_FILES);
    t.diagnostic(`${packed.filename}: ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`);
  });

  test('the installed package is an ES module with its types first in the exports map and no dependencies', () => {
    const manifest = JSON.parse(fs.readFileSync(installed('package.json'), 'utf8'));
    assert.equal(manifest.type, 'module');
    assert.deepEqual(Object.keys(manifest.exports['.']), ['types', 'default']);
    assert.equal(manifest.dependencies, undefined);
    for (const target of Object.values(manifest.exports['.'])) assert.ok(fs.existsSync(installed(target)), target);
  });

  test('the installed wasm is the one the repository built, byte for byte', () => {
    assert.ok(fs.readFileSync(installed('web/lib/wasm/attention-core.wasm')).equals(fs.readFileSync(BUILT_WASM)));
  });
});

describe('the installed package in Node', () => {
  /** What consumer.mjs printed. */
  let result;
  before(async () => {
    result = JSON.parse((await run(process.execPath, ['consumer.mjs'], app)).stdout);
  });

  test('an ES module consumer imports it from node_modules and computes the worked example', () => {
    assert.equal(result.entry, pathToFileURL(installed('web/lib/index.js')).href);
    assertClose(result.weights[0], PRINTED.weights, 1e-3, 'weights');
    assertClose(result.output[0], PRINTED.output, 1e-3, 'output');
    assert.deepEqual({ weights: result.weights, output: result.output }, reference);
  });

  test('the wasm read from the installed folder and passed as wasmBinary gives the same numbers', () => {
    assert.deepEqual(result.fromBytes, reference.output);
  });

  test('a bad input throws an AttentionError that names the argument', () => {
    assert.deepEqual(result.badInput, {
      isAttentionError: true,
      argument: 'key[2]',
      message: 'key[2]: expected 2 numbers like row 0, got an array of length 1',
    });
  });

  test('a wasmUrl to a missing file rejects with a message naming that URL, not "expected magic word"', () => {
    assert.equal(result.wrongUrl.argument, 'wasmUrl');
    assert.ok(result.wrongUrl.message.includes(result.missingWasm), result.wrongUrl.message);
    assert.doesNotMatch(result.wrongUrl.message, /magic word/i);
  });

  test('attention as today’s models use it, called as the docs spell it (rope; multiHeadAttention with kvHeads, positional, window and sinks; kvCacheDecode and kvCacheMemory with theirs; diagnoseAlibi, diagnoseSlidingWindow, diagnoseGroupedQuery), gives the repository’s numbers', async () => {
    const printed = JSON.parse((await run(process.execPath, ['modern-attention.mjs'], app)).stdout);
    const lab = await loadAttentionLab();
    const x = [[1, 0, 2, 1], [0, 1, 1, 0], [2, 1, 0, 1], [1, 1, 1, 1]];
    assert.deepEqual(printed, {
      rope: lab.rope({ input: x, positions: [0, 1, 2.5, 7], base: 100, convention: 'interleaved' }).output,
      grouped: lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, kvHeads: 1, positional: 'rope', ropeBase: 100, ropeConvention: 'half', seed: 3 }).output,
      biased: lab.multiHeadAttention({ query: x, key: x, value: x, heads: 2, positional: 'alibi', window: 2, sinks: 1, seed: 3 }).output,
      decoded: lab.kvCacheDecode({ input: x, heads: 2, kvHeads: 1, positional: 'rope', window: 2, sinks: 1, seed: 3 }).output,
      // Llama 3 8B's cache at 4,096 tokens in 16-bit numbers: 0.5 GiB; DeepSeek-V2's latent one.
      memoryBytes: 2 * 32 * 4096 * 1024 * 2,
      latentBytes: 60 * 4096 * (512 + 64) * 2,
      // Head 2 of 8 has slope 2^−3 (the paper's 2^(−8(k+1)/H)); 2^−2 is head 1's: off by one head.
      slope: { correct: false, expected: 0.125, misconception: 'offByOneHead' },
      // Three layers of a window of 4 reach 3 · (4 − 1) = 9 positions back, not 3 · 4.
      reach: { correct: false, expected: 9, misconception: 'layersTimesWindow' },
      // Query head 13 of 32 in blocks of 4 reads KV head 3; 13 mod 8 = 5 is round-robin.
      kvHead: { correct: false, expected: 3, misconception: 'roundRobin' },
    });
  });

  test('the language model’s operations (trainTokenizer, tokenize, characterTokenizer, countPairs, diagnoseTokenizer, rmsNorm, rmsNormBackward, swiGlu, swiGluBackward, ropeBackward, decoderLayer, decoderLayerBackward, embeddingLookup, embeddingLookupBackward, nextTokenLoss, nextTokenLossBackward, sample, attentionRollout, wordAttention, loadLanguageModel and the model’s attention, headScores, logitLens, ablate and parameters, exportPyTorch, createTrainer’s text task), called as the docs spell them, give the repository’s numbers', async () => {
    const printed = JSON.parse((await run(process.execPath, ['language-model-ops.mjs'], app)).stdout);
    // The same calls on the repository's build (through JSON, as printed).
    const { languageModelOps } = await import(new URL('package-consumer/language-model-ops.mjs', import.meta.url).href);
    assert.deepEqual(printed, JSON.parse(JSON.stringify(await languageModelOps(await loadAttentionLab()))));
    // The shipped model, read from the installed package's own file.
    assert.equal(printed.shippedTokenizer, 'character');
    assert.equal(printed.shippedConfig.vocab, 65);
    assert.ok(printed.greedy.length === 12 && printed.createdScript.includes('TOKENS = [104, 105]'));
    // 'año': its vocabulary a, o, ñ in code-point order (ñ is U+00F1, after o).
    assert.deepEqual(printed.characters, [0, 2, 1]);
    assert.ok(Math.abs(printed.sample.probabilities.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    assert.equal(printed.sample.probabilities[3], 0, 'the least likely logit is cut by topK 3');
    assert.equal(printed.merges.length, 4);
    // One shared key/value head of width 2: wK's gradient is 4 × 2.
    assert.deepEqual([printed.gradWK.length, printed.gradWK[0].length], [4, 2]);
    assert.deepEqual([printed.decoder.length, printed.decoder[0].length], [3, 4]);
    // Token 2 at positions 0 and 2: the same row twice, and its gradient the sum of both
    // positions' rows of gradOutput ([0.5, −1, 0.25] + [−0.25, 1, 1]).
    assert.deepEqual(printed.lookup[0], printed.lookup[2]);
    assert.deepEqual(printed.gradEmbedding[2], [0.25, 0, 1.25]);
    assert.ok(printed.loss > 0);
    assert.deepEqual(printed.words.map((row) => row.length), [6, 6, 6, 6, 6, 6], 'To be, or not to be.: six words');
    assert.equal(printed.induction.length, printed.shippedConfig.layers);
  });

  test('a CommonJS consumer loads it with import(); require() works only where Node can require ES modules', async () => {
    assert.deepEqual(JSON.parse((await run(process.execPath, ['consumer.cjs'], app)).stdout).output, reference.output);

    const requireIt = "console.log(typeof require('attention-lab').loadAttentionLab)";
    if (process.features.require_module) {
      assert.equal((await run(process.execPath, ['-e', requireIt], app)).stdout.trim(), 'function');
    }
    const withoutRequireEsm = process.features.require_module === undefined ? [] : ['--no-experimental-require-module'];
    await assert.rejects(run(process.execPath, [...withoutRequireEsm, '-e', requireIt], app), /ERR_REQUIRE_ESM/);
  });
});

describe('the installed package in TypeScript', () => {
  for (const mode of ['bundler', 'node16']) {
    test(`consumer.ts type-checks under moduleResolution ${mode}, finding index.d.ts through the exports map`, async () => {
      const typeRoots = mode === 'node16' ? ['--typeRoots', path.join(ROOT, 'node_modules/@types')] : [];
      const { stdout } = await run(process.execPath, [TSC, '-p', `tsconfig.${mode}.json`, ...typeRoots, '--traceResolution'], app);
      assert.ok(stdout.includes(`Module name 'attention-lab' was successfully resolved to '${installed('web/lib/index.d.ts')}'`),
        'attention-lab did not resolve to the installed index.d.ts');
      assert.ok(stdout.includes("Matched 'exports' condition 'types'."), 'not resolved through the "types" export condition');
    });
  }
});

describe('the installed package in a Vite app', () => {
  const dist = () => path.join(app, 'dist');
  before(async () => {
    // The copy that locateFile points to; Vite copies public/ into the build as it is.
    fs.mkdirSync(path.join(app, 'public/engine'), { recursive: true });
    fs.copyFileSync(installed('web/lib/wasm/attention-core.wasm'), path.join(app, 'public/engine/attention-core.wasm'));
    await build({ root: app, configFile: false, logLevel: 'silent', build: { outDir: 'dist', emptyOutDir: true } });
  });

  test('Vite emits the package’s two engines (full and lite) as hashed assets', () => {
    const assets = fs.readdirSync(path.join(dist(), 'assets')).filter((file) => file.endsWith('.wasm')).sort();
    assert.equal(assets.length, 2, `wasm assets: ${assets.join(', ')}`);
    assert.match(assets[0], /^attention-core-[\w-]+\.wasm$/);
    assert.match(assets[1], /^attention-lite-[\w-]+\.wasm$/);
    assert.ok(fs.readFileSync(path.join(dist(), 'assets', assets[0])).equals(fs.readFileSync(BUILT_WASM)));
    assert.ok(fs.readFileSync(path.join(dist(), 'assets', assets[1])).equals(fs.readFileSync(BUILT_WASM.replace('attention-core', 'attention-lite'))));
  });

  test('the built app shows 0.355 and 0.617 in Chromium, from the bundled wasm and through locateFile', async () => {
    const server = await preview({
      root: app, configFile: false, logLevel: 'silent',
      build: { outDir: 'dist' },
      preview: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    const browser = await launchBrowser();
    try {
      const page = await browser.context.newPage();
      /** @type {string[]} */
      const problems = [];
      page.on('console', (message) => {
        if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      /** @type {string[]} */
      const wasmRequests = [];
      page.on('request', (request) => {
        if (request.url().endsWith('.wasm')) wasmRequests.push(new URL(request.url()).pathname);
      });

      const address = /** @type {import('node:net').AddressInfo} */ (server.httpServer.address());
      await page.goto(`http://127.0.0.1:${address.port}/`);
      await page.locator('body[data-done]').waitFor();
      assert.equal(await page.locator('body').getAttribute('data-done'), 'true', problems.join('\n'));

      for (const id of ['bundled', 'located']) {
        const output = page.locator(`#${id}`);
        assert.equal(await output.textContent(), '0.355 0.617', id);
        assert.deepEqual(JSON.parse(/** @type {string} */ (await output.getAttribute('data-exact'))), reference, id);
      }
      assert.equal(wasmRequests.length, 2, wasmRequests.join(', '));
      assert.match(wasmRequests[0], /^\/assets\/attention-core-[\w-]+\.wasm$/);
      assert.equal(wasmRequests[1], '/engine/attention-core.wasm');
      assert.deepEqual(problems, []);
    } finally {
      await browser.close();
      await server.close();
    }
  });
});
