/**
 * A file's bytes from a URL, in Node and in browsers, with messages that name the argument and
 * what was expected there. Node's fetch cannot read file: URLs, so Node reads those from disk;
 * everything else is fetched. The engine's .wasm (load-core.js) and the language model's file
 * (language-model.js) are both read this way.
 */
import { AttentionError } from './errors.js';

export const isNode = typeof process === 'object' && typeof process.versions?.node === 'string';

/**
 * The bytes of a file: URL, in Node.
 * @param {string} href
 * @param {string} argument the argument the URL came from, e.g. "wasmUrl"
 * @param {string} what what should be there, e.g. "the engine's attention-core.wasm"
 * @returns {Promise<Uint8Array>}
 */
export async function readFile(href, argument, what) {
  // Named through a variable, and marked for each bundler that would otherwise follow or warn
  // about it (webpack: "Critical dependency: the request of a dependency is an expression"), so
  // browser bundles never try to resolve a Node built-in: this path runs only in Node.
  const fsModule = 'node:fs/promises';
  const fs = await import(/* @vite-ignore */ /* webpackIgnore: true */ fsModule);
  try {
    return new Uint8Array(await fs.readFile(new URL(href)));
  } catch (error) {
    throw new AttentionError(
      `${argument}: expected ${what} at ${href}, got an error reading it (${/** @type {Error} */ (error).message})`,
    );
  }
}

/**
 * The response of a URL (not read yet), refused unless it is a success.
 * @param {string} href
 * @param {string} argument
 * @param {string} what
 * @returns {Promise<Response>}
 */
export async function request(href, argument, what) {
  let response;
  try {
    response = await fetch(href, { credentials: 'same-origin' });
  } catch (error) {
    throw new AttentionError(
      `${argument}: expected ${what} at ${href}, got a failed request (${/** @type {Error} */ (error).message})`,
    );
  }
  if (!response.ok) {
    throw new AttentionError(`${argument}: expected ${what} at ${href}, got HTTP ${response.status}`);
  }
  return response;
}

/**
 * The whole file at a URL: read from disk for a file: URL in Node, fetched otherwise.
 * @param {string} href
 * @param {string} argument
 * @param {string} what
 * @returns {Promise<Uint8Array>}
 */
export async function bytesAt(href, argument, what) {
  if (isNode && href.startsWith('file:')) return readFile(href, argument, what);
  const response = await request(href, argument, what);
  return new Uint8Array(await response.arrayBuffer());
}
