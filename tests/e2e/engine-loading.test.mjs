// Loading the engine from a URL in Chromium (web/lib/load-core.js): served as application/wasm it
// is compiled while it downloads (WebAssembly.compileStreaming); served as anything else, or as
// bytes that do not compile, it is read whole and checked, and a failure gets the same message
// whichever way it was read. The façade is imported from source by a bare test page.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { launchBrowser, ROOT } from '../../scripts/lib/browser.mjs';

const LIB = path.join(ROOT, 'web', 'lib');
const WASM = fs.readFileSync(path.join(LIB, 'wasm', 'attention-core.wasm'));
// The magic bytes and version of a WebAssembly file, then nothing that compiles.
const BROKEN = Buffer.concat([WASM.subarray(0, 8), Buffer.from('not a module section')]);

/** What each engine URL of the test answers: its content type and bytes. */
const ENGINES = {
  '/engine/streamed.wasm': ['application/wasm', WASM],
  '/engine/octet.wasm': ['application/octet-stream', WASM],
  '/engine/broken.wasm': ['application/wasm', BROKEN],
  '/engine/broken-octet.wasm': ['application/octet-stream', BROKEN],
  '/engine/text.wasm': ['application/wasm', Buffer.from('{"name": "not an engine"}')],
};

let server;
let base;
let browser;

before(async () => {
  assert.ok(WASM.length > 0, 'web/lib/wasm/attention-core.wasm is missing: run `bash scripts/build.sh wasm` first (npm test does)');
  server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://localhost');
    if (pathname === '/') return response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>engine loading</title><link rel="icon" href="data:,">');
    if (Object.hasOwn(ENGINES, pathname)) {
      const [type, body] = ENGINES[pathname];
      return response.writeHead(200, { 'content-type': type }).end(body);
    }
    const file = path.join(LIB, path.normalize(pathname.replace(/^\/lib\//, '')));
    if (pathname.startsWith('/lib/') && file.startsWith(LIB) && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      return response.writeHead(200, { 'content-type': file.endsWith('.wasm') ? 'application/wasm' : 'text/javascript' }).end(fs.readFileSync(file));
    }
    return response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  base = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(() => resolve(undefined)));
});

/**
 * Loads the engine from `engine` in a fresh page: the result of one attention call or the
 * rejection's name and message, and how often compileStreaming was called and succeeded.
 * @param {string} engine
 */
async function load(engine) {
  const page = await browser.context.newPage();
  try {
    await page.addInitScript(() => {
      const counts = { streamingCalls: 0, streamed: 0 };
      Object.defineProperty(window, '__streaming', { value: counts });
      const original = WebAssembly.compileStreaming;
      WebAssembly.compileStreaming = function (source) {
        counts.streamingCalls += 1;
        return original.call(this, source).then((module) => {
          counts.streamed += 1;
          return module;
        });
      };
    });
    await page.goto(`${base}/`);
    return await page.evaluate(async (wasmUrl) => {
      const { loadAttentionLab } = await import('/lib/index.js');
      const counts = /** @type {any} */ (window).__streaming;
      try {
        const lab = await loadAttentionLab({ wasmUrl });
        const { output } = lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
        return { output, ...counts };
      } catch (error) {
        return { name: error.name, message: error.message, ...counts };
      }
    }, `${base}${engine}`);
  } finally {
    await page.close();
  }
}

test('served as application/wasm, the engine is compiled while it downloads and computes the worked example', async () => {
  const result = await load('/engine/streamed.wasm');
  assert.equal(result.streamed, 1, 'compileStreaming compiled the engine');
  assert.deepEqual(result.output?.[0].map((x) => Math.round(x * 1000) / 1000), [0.355, 0.617]);
});

test('served as another type, the engine is read whole instead and works the same', async () => {
  const result = await load('/engine/octet.wasm');
  assert.equal(result.streamingCalls, 0, 'compileStreaming refuses other content types, so it is not asked');
  assert.deepEqual(result.output?.[0].map((x) => Math.round(x * 1000) / 1000), [0.355, 0.617]);
});

test('bytes that do not compile are refused with the same message whether they were streamed or read whole', async () => {
  const streamed = await load('/engine/broken.wasm');
  const read = await load('/engine/broken-octet.wasm');
  assert.equal(streamed.streamingCalls, 1);
  assert.equal(streamed.name, 'AttentionError');
  assert.match(streamed.message, /^wasmUrl: expected the engine's WebAssembly at http:\/\/127\.0\.0\.1:\d+\/engine\/broken\.wasm, got bytes that could not be compiled \(CompileError: /);
  assert.equal(read.name, 'AttentionError');
  assert.equal(read.message.replace('broken-octet', 'broken'), streamed.message);
});

test('a file that is not WebAssembly, though served as application/wasm, is named as such', async () => {
  const result = await load('/engine/text.wasm');
  assert.equal(result.name, 'AttentionError');
  assert.match(result.message, /^wasmUrl: expected a WebAssembly file at http:\/\/127\.0\.0\.1:\d+\/engine\/text\.wasm, got 25 bytes that are not one$/);
});
