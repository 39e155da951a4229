// Loading the engine in Node: the default, wasmBinary, wasmUrl and locateFile, and the errors of
// a wrong URL. Imported by the package's name, so the package.json "exports" map is used.
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { test } from 'node:test';

import * as api from 'attention-lab';
import { AttentionError, loadAttentionLab, MAX_DIMENSION } from 'attention-lab';

/** Where the package's own wasm sits, found through the exports map, not a relative path. */
const PACKAGE_ENTRY = import.meta.resolve('attention-lab');
const WASM_URL = new URL('wasm/attention-core.wasm', PACKAGE_ENTRY);
const PACKAGE_JSON_URL = new URL(import.meta.resolve('attention-lab/package.json'));

/** Asserts `lab` is a working lab: it computes the worked example. */
function assertWorks(/** @type {import('attention-lab').AttentionLab} */ lab) {
  const t = lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
  assert.deepEqual(t.output[0].map((o) => o.toFixed(3)), ['0.355', '0.617']);
}

/**
 * Awaits `promise`, which must reject with an AttentionError about `argument`. (Loading messages
 * say what went wrong, "wasmUrl: could not read <url> (<reason>)", rather than "expected …, got
 * …", so only the argument prefix is required here.)
 */
async function rejection(/** @type {Promise<unknown>} */ promise, /** @type {string} */ argument) {
  let caught;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught !== undefined, 'expected a rejection, but the lab loaded');
  assert.ok(caught instanceof AttentionError, `expected an AttentionError, got ${caught}`);
  assert.equal(caught.name, 'AttentionError');
  assert.equal(caught.argument, argument, caught.message);
  assert.ok(caught.message.startsWith(`${argument}: `), caught.message);
  return /** @type {AttentionError} */ (caught);
}

test('the package exports exactly loadAttentionLab, AttentionError and MAX_DIMENSION', () => {
  assert.deepEqual(Object.keys(api).sort(), ['AttentionError', 'MAX_DIMENSION', 'loadAttentionLab']);
  assert.equal(typeof loadAttentionLab, 'function');
  assert.equal(MAX_DIMENSION, 1024);
  assert.ok(new AttentionError('x: expected y, got z') instanceof Error);
  assert.equal(new AttentionError('x: expected y, got z').argument, 'x');
});

test('the name resolves through the exports map to web/lib/index.js', () => {
  assert.ok(PACKAGE_ENTRY.endsWith('/web/lib/index.js'), PACKAGE_ENTRY);
});

test('loadAttentionLab() with no options works in Node', async () => {
  const lab = await loadAttentionLab();
  assertWorks(lab);
  assert.equal(lab.maxDimension, MAX_DIMENSION);
  assert.ok(Object.isFrozen(lab), 'the lab object is frozen');
});

test('loadAttentionLab({ wasmBinary }) works with a Uint8Array and with an ArrayBuffer', async () => {
  const bytes = await readFile(WASM_URL);
  assertWorks(await loadAttentionLab({ wasmBinary: new Uint8Array(bytes) }));
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  assertWorks(await loadAttentionLab({ wasmBinary: buffer }));
});

test('loadAttentionLab({ wasmUrl }) works with a file: URL, as a URL or as a string', async () => {
  assertWorks(await loadAttentionLab({ wasmUrl: WASM_URL }));
  assertWorks(await loadAttentionLab({ wasmUrl: WASM_URL.href }));
});

test('loadAttentionLab({ locateFile }) asks for attention-core.wasm and loads what it returns', async () => {
  /** @type {string[]} */
  const asked = [];
  const lab = await loadAttentionLab({
    locateFile: (file) => {
      asked.push(file);
      return new URL(file, WASM_URL).href;
    },
  });
  assertWorks(lab);
  assert.deepEqual(asked, ['attention-core.wasm']);
});

test('a wasmUrl to a missing file rejects with an AttentionError naming the URL, not "magic word"', async () => {
  const missing = new URL('wasm/no-such-engine.wasm', PACKAGE_ENTRY);
  const error = await rejection(loadAttentionLab({ wasmUrl: missing }), 'wasmUrl');
  assert.ok(error.message.includes(missing.href), error.message);
  assert.doesNotMatch(error.message, /magic word/i);
});

test('a wasmUrl to a file that is not WebAssembly (package.json) rejects naming the URL, not "magic word"', async () => {
  const error = await rejection(loadAttentionLab({ wasmUrl: PACKAGE_JSON_URL.href }), 'wasmUrl');
  assert.ok(error.message.includes(PACKAGE_JSON_URL.href), error.message);
  assert.match(error.message, /expected a WebAssembly file/);
  assert.doesNotMatch(error.message, /magic word/i);
});

test('an http wasmUrl that nobody answers rejects naming the URL', async () => {
  const url = 'http://127.0.0.1:9/attention-core.wasm';
  const error = await rejection(loadAttentionLab({ wasmUrl: url }), 'wasmUrl');
  assert.ok(error.message.includes(url), error.message);
});

test('wasmBinary bytes that are not WebAssembly are refused as wasmBinary, not "magic word"', async () => {
  const bytes = await readFile(PACKAGE_JSON_URL);
  const error = await rejection(loadAttentionLab({ wasmBinary: bytes }), 'wasmBinary');
  assert.equal(error.message, `wasmBinary: expected the bytes of a WebAssembly file, got ${bytes.length} bytes that are not one`);
});

test('options that are not an object reject with an AttentionError about options', async () => {
  const error = await rejection(loadAttentionLab(/** @type {any} */ (null)), 'options');
  assert.equal(error.message, 'options: expected an object or nothing, got null');
});

test('two labs loaded independently both work, each with its own memory', async () => {
  const [a, b] = await Promise.all([loadAttentionLab(), loadAttentionLab()]);
  assert.notEqual(a, b);
  assertWorks(a);
  assertWorks(b);
  assert.throws(() => a.attention({ query: [[NaN]], key: [[1]], value: [[1]] }), AttentionError);
  assertWorks(b);
  assertWorks(a);
  assert.equal(a.memory().heapBytesInUse, b.memory().heapBytesInUse);
});

test('wasmBinary bytes that start like WebAssembly but do not compile reject as an engine that could not be compiled', async () => {
  const bytes = await readFile(WASM_URL);
  const corrupt = new Uint8Array(bytes.subarray(0, 4096));
  corrupt.fill(0xff, 64);
  const error = await rejection(loadAttentionLab({ wasmBinary: corrupt }), 'wasmBinary');
  assert.match(error.message, /^wasmBinary: expected the engine's WebAssembly, got bytes that could not be compiled \(CompileError: .+\)$/);
  assert.doesNotMatch(error.message, /Aborted/);
});

test('an empty but valid WebAssembly module rejects as an engine that could not be instantiated', async () => {
  const empty = new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00]);
  const error = await rejection(loadAttentionLab({ wasmBinary: empty }), 'wasmBinary');
  assert.match(error.message, /^wasmBinary: expected the engine's WebAssembly, got a module that could not be instantiated \(.+\)$/);
});

test('a failed load leaves nothing broken: the next load works', async () => {
  const bytes = await readFile(WASM_URL);
  await assert.rejects(loadAttentionLab({ wasmBinary: new Uint8Array([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]) }), AttentionError);
  await assert.rejects(loadAttentionLab({ wasmBinary: new Uint8Array([0, 0x61, 0x73, 0x6d, 9, 9, 9, 9]) }), AttentionError);
  assertWorks(await loadAttentionLab({ wasmBinary: bytes }));
  assertWorks(await loadAttentionLab());
});

test('options are read once each, own properties only: a throwing getter or locateFile rejects naming it', async () => {
  const getter = await rejection(loadAttentionLab(/** @type {any} */ ({ get wasmBinary() { throw new Error('no bytes'); } })), 'wasmBinary');
  assert.match(getter.message, /got an error reading it \(Error: no bytes\)$/);
  const thrower = await rejection(loadAttentionLab({ locateFile: () => { throw new TypeError('lost'); } }), 'locateFile');
  assert.match(thrower.message, /got one that threw \(TypeError: lost\)$/);
  await rejection(loadAttentionLab(/** @type {any} */ ({ locateFile: () => 42 })), 'locateFile');
  // An inherited wasmBinary is not an option: the default engine loads.
  assertWorks(await loadAttentionLab(Object.create({ wasmBinary: new Uint8Array([1, 2, 3]) })));
});
