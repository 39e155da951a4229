/**
 * Loading the compiled engine in Node and in browsers. The façade always reads the .wasm bytes
 * itself and hands them to the Emscripten factory (wasmBinary): Node's fetch cannot read file:
 * URLs, and a wrong URL then fails with a message that names it instead of Emscripten's
 * "expected magic word".
 */
import createAttentionCore from './wasm/attention-core.mjs';
import { AttentionError, fail } from './errors.js';

/** The file name Emscripten gives the engine. */
export const WASM_FILE = 'attention-core.wasm';

/** Where the .wasm sits beside this file; bundlers (Vite, webpack 5) follow this pattern. */
const DEFAULT_WASM_URL = new URL('./wasm/attention-core.wasm', import.meta.url);

const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/**
 * @param {URL | string} url
 * @returns {Promise<Uint8Array>}
 */
async function readBytes(url) {
  const href = String(url);
  if (isNode && href.startsWith('file:')) {
    // Named through a variable so browser bundlers do not try to resolve a Node built-in.
    const fsModule = 'node:fs/promises';
    const fs = await import(/* @vite-ignore */ fsModule);
    try {
      return new Uint8Array(await fs.readFile(new URL(href)));
    } catch (error) {
      throw new AttentionError(
        `wasmUrl: expected the engine's ${WASM_FILE} at ${href}, got an error reading it (${/** @type {Error} */ (error).message})`,
      );
    }
  }
  let response;
  try {
    response = await fetch(href, { credentials: 'same-origin' });
  } catch (error) {
    throw new AttentionError(
      `wasmUrl: expected the engine's ${WASM_FILE} at ${href}, got a failed request (${/** @type {Error} */ (error).message})`,
    );
  }
  if (!response.ok) {
    throw new AttentionError(`wasmUrl: expected the engine's ${WASM_FILE} at ${href}, got HTTP ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

/**
 * @param {import('./index.js').LoadOptions} [options]
 * @returns {Promise<any>} the raw Embind module
 */
export async function loadCore(options = {}) {
  let bytes;
  let source = 'wasmBinary';
  if (options.wasmBinary != null) {
    if (!(options.wasmBinary instanceof ArrayBuffer || options.wasmBinary instanceof Uint8Array)) {
      fail('wasmBinary', 'an ArrayBuffer or Uint8Array', options.wasmBinary);
    }
    bytes = options.wasmBinary instanceof Uint8Array ? options.wasmBinary : new Uint8Array(options.wasmBinary);
  } else {
    const url = options.wasmUrl ?? (options.locateFile ? options.locateFile(WASM_FILE) : DEFAULT_WASM_URL);
    source = String(url);
    bytes = await readBytes(url);
  }
  // Every WebAssembly binary starts with the magic bytes "\0asm".
  const isWasm = bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
  if (!isWasm) {
    const expected = source === 'wasmBinary'
      ? 'wasmBinary: expected the bytes of a WebAssembly file'
      : `wasmUrl: expected a WebAssembly file at ${source}`;
    throw new AttentionError(`${expected}, got ${bytes.length} bytes that are not one`);
  }
  return createAttentionCore({ wasmBinary: bytes });
}
