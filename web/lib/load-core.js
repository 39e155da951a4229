/**
 * Loading the compiled engine in Node and in browsers. The façade fetches the .wasm itself
 * (fetch-bytes.js) rather than leaving it to the Emscripten glue: Node's fetch cannot read file: URLs, and a wrong
 * URL then fails with a message that names it instead of Emscripten's "expected magic word".
 * Served as application/wasm, it is compiled while it downloads (compileStreaming); anything else,
 * or a stream that does not compile, is read whole and checked, so every failure gets the same
 * message as before.
 */
import createAttentionLite from './wasm/attention-lite.mjs';
import { readOwn } from './arguments.js';
import { AttentionError, fail, quote, showKey } from './errors.js';
import { isNode, readFile, request } from './fetch-bytes.js';

/**
 * The two builds of the engine (CMakeLists.txt): the full one, with the trainer, compiled for
 * speed; and the lite one ({ training: false }), every operation but no trainer, compiled for
 * size: what the page loads on landing. The full build's glue is imported only when asked for,
 * so a bundle that only ever loads the lite engine does not carry it.
 * Each URL is written out in full: bundlers (Vite, webpack 5) follow only this literal pattern.
 */
const BUILDS = {
  full: {
    file: 'attention-core.wasm',
    url: () => new URL('./wasm/attention-core.wasm', import.meta.url),
    glue: async () => (await import('./wasm/attention-core.mjs')).default,
  },
  lite: {
    file: 'attention-lite.wasm',
    url: () => new URL('./wasm/attention-lite.wasm', import.meta.url),
    glue: async () => createAttentionLite,
  },
};

/**
 * The module compiled while the response downloads, or undefined when it cannot be (another
 * content type, which compileStreaming refuses; no compileStreaming; bytes that do not compile):
 * the caller then reads the response whole and reports what is wrong with it.
 * @param {Response} response
 * @returns {Promise<WebAssembly.Module | undefined>}
 */
async function compileWhileDownloading(response) {
  const type = response.headers.get('content-type')?.split(';')[0].trim().toLowerCase();
  if (typeof WebAssembly.compileStreaming !== 'function' || type !== 'application/wasm') return undefined;
  try {
    // A copy of the stream, so that the response itself can still be read on failure.
    const module = await WebAssembly.compileStreaming(response.clone());
    response.body?.cancel().catch(() => undefined);
    return module;
  } catch {
    return undefined;
  }
}

/** The options loadAttentionLab takes. */
const LOAD_OPTIONS = ['training', 'wasmBinary', 'wasmUrl', 'locateFile'];

/**
 * The engine's URL from a locateFile option, or the default when there is none.
 * @param {unknown} locateFile
 * @param {typeof BUILDS.full} build
 * @returns {unknown}
 */
function locate(locateFile, build) {
  if (locateFile == null) return build.url();
  if (typeof locateFile !== 'function') fail('locateFile', `a function that returns the URL of ${build.file}`, locateFile);
  try {
    return locateFile(build.file);
  } catch (error) {
    throw new AttentionError(`locateFile: expected a function that returns the URL of ${build.file}, got one that threw (${brief(error)})`);
  }
}

/**
 * @param {import('./index.js').LoadOptions} [options]
 * @returns {Promise<any>} the raw Embind module
 */
export async function loadCore(options = {}) {
  if (options === null || typeof options !== 'object') fail('options', 'an object or nothing', options);
  // Own properties only, each read once: what a getter throws is reported, not passed on.
  const given = readOwn('options', options, LOAD_OPTIONS, (key) => {
    throw new AttentionError(`${showKey(key)}: expected one of the options of loadAttentionLab (${LOAD_OPTIONS.join(', ')}), got an unknown option`);
  });
  const training = given.get('training') ?? true;
  if (typeof training !== 'boolean') fail('training', 'true (the full engine, with createTrainer) or false (the lite engine, without it)', training);
  const build = training ? BUILDS.full : BUILDS.lite;
  const createCore = await build.glue();
  const wasmBinary = given.get('wasmBinary');
  let bytes;
  let source = 'wasmBinary';
  if (wasmBinary != null) {
    if (!(wasmBinary instanceof ArrayBuffer || wasmBinary instanceof Uint8Array)) {
      fail('wasmBinary', 'an ArrayBuffer or Uint8Array', wasmBinary);
    }
    bytes = wasmBinary instanceof Uint8Array ? wasmBinary : new Uint8Array(wasmBinary);
  } else {
    const url = given.get('wasmUrl') ?? locate(given.get('locateFile'), build);
    if (!(typeof url === 'string' || url instanceof URL)) fail(given.has('wasmUrl') ? 'wasmUrl' : 'locateFile', 'a URL (a string or a URL object)', url);
    source = String(url);
    if (isNode && source.startsWith('file:')) {
      bytes = await readFile(source, 'wasmUrl', `the engine's ${build.file}`);
    } else {
      const response = await request(source, 'wasmUrl', `the engine's ${build.file}`);
      const streamed = await compileWhileDownloading(response);
      if (streamed) return instantiateOrFail(createCore, streamed, `wasmUrl: expected the engine's WebAssembly at ${source}`);
      bytes = new Uint8Array(await response.arrayBuffer());
    }
  }
  // Every WebAssembly binary starts with the magic bytes "\0asm".
  const isWasm = bytes.length >= 4 && bytes[0] === 0 && bytes[1] === 0x61 && bytes[2] === 0x73 && bytes[3] === 0x6d;
  if (!isWasm) {
    const expected = source === 'wasmBinary'
      ? 'wasmBinary: expected the bytes of a WebAssembly file'
      : `wasmUrl: expected a WebAssembly file at ${source}`;
    throw new AttentionError(`${expected}, got ${bytes.length} bytes that are not one`);
  }
  const argument = source === 'wasmBinary' ? 'wasmBinary' : 'wasmUrl';
  const expected = `${argument}: expected the engine's WebAssembly${source === 'wasmBinary' ? '' : ` at ${source}`}`;
  // Compiled here rather than by the Emscripten glue, which would abort ("RuntimeError:
  // Aborted(CompileError …)") and print to the console.
  let module;
  try {
    module = await WebAssembly.compile(/** @type {BufferSource} */ (bytes));
  } catch (error) {
    throw new AttentionError(`${expected}, got bytes that could not be compiled (${brief(error)})`);
  }
  return instantiateOrFail(createCore, module, expected);
}

/**
 * @param {Function} createCore the build's Emscripten factory
 * @param {WebAssembly.Module} module
 * @param {string} expected the start of the message if it fails, e.g. "wasmUrl: expected the engine's WebAssembly at …"
 * @returns {Promise<any>} the raw Embind module
 */
async function instantiateOrFail(createCore, module, expected) {
  try {
    return await instantiate(createCore, module);
  } catch (error) {
    throw new AttentionError(`${expected}, got a module that could not be instantiated (${brief(error)})`);
  }
}

/**
 * Runs the Emscripten factory on a compiled module. Whatever fails while the module is linked
 * or the glue reads its exports (a module that is valid WebAssembly but not this engine)
 * rejects the promise; each factory call has its own state, so a failed one leaves nothing
 * behind for the next.
 * @param {Function} createCore
 * @param {WebAssembly.Module} module
 * @returns {Promise<any>}
 */
function instantiate(createCore, module) {
  return new Promise((resolve, reject) => {
    createCore({
      /** @param {WebAssembly.Imports} imports @param {(instance: WebAssembly.Instance, module: WebAssembly.Module) => void} receive */
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module)).catch(reject);
        return {};
      },
    }).then(resolve, reject);
  });
}

/** @param {unknown} error @returns {string} "CompileError: …", one line, shortened */
function brief(error) {
  let text = 'an unprintable value';
  try {
    text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  } catch {
    // The thrown value's own message or toString threw: keep the placeholder.
  }
  return quote(text.split('\n')[0], 160).slice(1, -1);
}
