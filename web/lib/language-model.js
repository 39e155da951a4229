/**
 * lab.createLanguageModel and lab.loadLanguageModel: a decoder-only language model of the C++
 * engine (attn/language_model.hpp: Llama's layers, RoPE, grouped key/value heads, SwiGLU) with
 * its tokenizer (byte-level BPE for a new model, the file's characters for a loaded one), one
 * object per model. As with the trainer, the engine keeps the
 * parameters in the wasm heap and this object holds a handle: each method is one call into the
 * engine returning plain values, dispose() frees the model, and a model dropped without
 * dispose() is freed when the garbage collector reclaims it.
 *
 * Here the options are checked for structure only (objects, known names, numbers, strings,
 * booleans); the engine checks every value, so each rule lives in one place.
 */
import { AttentionError, fail } from './errors.js';
import { bytesAt } from './fetch-bytes.js';
import { checkWellFormed, flattenMatrix } from './matrix-io.js';
import { pyTorchScript } from './pytorch-export.js';
import { numberOption, readRecord, unwrap } from './trainer.js';

/** The options of createLanguageModel. */
export const OPTIONS = ['model', 'seed', 'merges'];
/** The fields of options.model, in the order messages list them. */
export const CONFIG_FIELDS = ['dModel', 'heads', 'kvHeads', 'layers', 'dFF', 'context', 'ropeBase', 'eps', 'tied'];
const GENERATE = ['prompt', 'tokens', 'temperature', 'topK', 'topP', 'seed'];
const TEXT = ['text'];
const HEAD_SCORES = ['pattern', 'length', 'seed'];
const HEAD = ['layer', 'head'];

/**
 * A string argument, well-formed for the trip to UTF-8.
 * @param {string} name @param {unknown} value
 * @returns {string}
 */
function text(name, value) {
  return typeof value === 'string' ? checkWellFormed(name, value) : fail(name, 'a string', value);
}

/**
 * The number fields of `given` among `names`, undefined when omitted.
 * @param {Map<string, unknown>} given @param {readonly string[]} names @param {string} [prefix]
 */
function numbers(given, names, prefix = '') {
  return Object.fromEntries(names.map((name) => [name, numberOption(`${prefix}${name}`, given.get(name))]));
}

/**
 * createLanguageModel's options as the binding reads them.
 * @param {unknown} options
 */
export function readModelOptions(options) {
  const given = readRecord('options', options, OPTIONS, 'the options of createLanguageModel');
  const model = readRecord('model', given.get('model'), CONFIG_FIELDS, 'the fields of model', 'model.');
  const tied = model.get('tied');
  if (tied != null && typeof tied !== 'boolean') fail('model.tied', 'true or false', tied);
  /** @type {Record<string, unknown>} */
  const request = {
    model: { ...numbers(model, CONFIG_FIELDS.filter((f) => f !== 'tied'), 'model.'), tied: tied ?? undefined },
    seed: numberOption('seed', given.get('seed')),
  };
  const merges = given.get('merges');
  // An empty list is no merges: the tokens are the text's bytes.
  if (merges != null && !(Array.isArray(merges) && merges.length === 0)) {
    request.merges = flattenMatrix('merges', merges, { booleans: false, rows: undefined, cols: 2 });
  }
  return request;
}

/**
 * The model the project ships (docs/language-model.md), in the package beside this file. Written
 * out in full: bundlers (Vite, webpack 5) copy the file only for this literal pattern, as they
 * do the engine's .wasm (load-core.js).
 */
const shippedModel = () => new URL('./models/shakespeare.bin', import.meta.url);

/** A header longer than this is no model file's (the largest model's is tens of kilobytes). */
const MAX_HEADER_BYTES = 1 << 20;

/**
 * The file's first line read as JSON, or null when it is not JSON: the engine then says what
 * the file should have been. Everything the header states is checked by the engine.
 * @param {Uint8Array} bytes
 * @returns {unknown}
 */
function headerOf(bytes) {
  const end = bytes.subarray(0, MAX_HEADER_BYTES).indexOf(10);
  if (end < 0) return null;
  try {
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, end)));
  } catch {
    return null;
  }
}

/**
 * The bytes of loadLanguageModel's source.
 * @param {unknown} source
 * @returns {Promise<Uint8Array>}
 */
async function sourceBytes(source) {
  if (source === undefined) return bytesAt(String(shippedModel()), 'source', 'the language model the project ships');
  if (typeof source === 'string' || source instanceof URL) return bytesAt(String(source), 'source', 'a language model file');
  if (source instanceof Uint8Array) return source;
  if (source instanceof ArrayBuffer) return new Uint8Array(source);
  return fail('source', 'a URL (a string or URL object), an ArrayBuffer or a Uint8Array, or nothing for the model the project ships', source);
}

/**
 * createLanguageModel and loadLanguageModel of one loaded engine.
 * @param {any} core the Embind module
 * @returns {{ create: (options: unknown) => import('./index.js').LanguageModel, load: (source?: unknown) => Promise<import('./index.js').LanguageModel> }}
 */
export function languageModelFactory(core) {
  // Frees the engine's side of a model the program dropped without dispose().
  const registry = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((/** @type {number} */ handle) => core.languageModelDispose(handle))
    : null;

  /** @param {number} handle @returns {import('./index.js').LanguageModel} */
  const wrap = (handle) => {
    let disposed = false;
    const token = {};
    /**
     * Calls the engine for `method`, refusing once the model is disposed.
     * @param {string} method @param {() => any} engine
     */
    const call = (method, engine) => {
      if (disposed) {
        throw new AttentionError(`${method}: expected a language model that is not disposed, got one whose dispose() was called`);
      }
      return unwrap(engine());
    };
    /**
     * The { text } argument of tokenLosses, attention and logitLens.
     * @param {string} method @param {unknown} request
     */
    const textOf = (method, request) => text('text', readRecord(method, request, TEXT, `the fields of ${method}`).get('text'));

    const model = Object.freeze({
      config: () => call('config', () => core.languageModelConfig(handle)),
      tokenize: (/** @type {unknown} */ value) => call('tokenize', () => core.languageModelTokenize(handle, text('text', value))),
      generate: (/** @type {unknown} */ request) => call('generate', () => {
        const given = readRecord('generate', request, GENERATE, 'the fields of generate');
        return core.languageModelGenerate(handle, {
          prompt: text('prompt', given.get('prompt')),
          ...numbers(given, GENERATE.slice(1)),
        });
      }),
      tokenLosses: (/** @type {unknown} */ request) => call('tokenLosses', () => core.languageModelTokenLosses(handle, textOf('tokenLosses', request))),
      attention: (/** @type {unknown} */ request) => call('attention', () => core.languageModelAttention(handle, textOf('attention', request))),
      logitLens: (/** @type {unknown} */ request) => call('logitLens', () => core.languageModelLogitLens(handle, textOf('logitLens', request))),
      headScores: (/** @type {unknown} */ request) => call('headScores', () => {
        const given = readRecord('headScores', request, HEAD_SCORES, 'the fields of headScores');
        return core.languageModelHeadScores(handle, {
          pattern: text('pattern', given.get('pattern')),
          ...numbers(given, HEAD_SCORES.slice(1)),
        });
      }),
      ablate: (/** @type {unknown} */ which) => wrap(/** @type {number} */ (call('ablate', () => {
        const given = readRecord('ablate', which, HEAD, 'the fields of ablate');
        const [layer, head] = HEAD.map((name) => {
          const value = given.get(name);
          return typeof value === 'number' ? value : fail(name, 'a whole number', value);
        });
        return core.languageModelAblate(handle, layer, head);
      }))),
      parameters: () => call('parameters', () => core.languageModelParameters(handle)),
      tokenizer: () => call('tokenizer', () => core.languageModelTokenizer(handle)),
      exportPyTorch: (/** @type {unknown} */ request) => call('exportPyTorch', () => {
        const given = textOf('exportPyTorch', request);
        const config = unwrap(core.languageModelConfig(handle));
        const { tokens } = unwrap(core.languageModelTokenize(handle, given));
        if (tokens.length > config.context) {
          throw new AttentionError(`text: expected at most ${config.context} tokens (the model's context), got ${tokens.length} tokens`);
        }
        const script = pyTorchScript({
          config,
          tokenizer: unwrap(core.languageModelTokenizer(handle)),
          parameters: unwrap(core.languageModelParameters(handle)),
          text: given,
          tokens,
        });
        return { ok: true, value: script };
      }),
      dispose: () => {
        // A second dispose() has nothing left to free.
        if (disposed) return;
        disposed = true;
        registry?.unregister(token);
        core.languageModelDispose(handle);
      },
    });
    registry?.register(model, handle, token);
    return model;
  };

  return {
    create: (options) => wrap(/** @type {number} */ (unwrap(core.languageModelCreate(readModelOptions(options))))),
    load: async (source) => {
      const bytes = await sourceBytes(source);
      return wrap(/** @type {number} */ (unwrap(core.languageModelFromFile(headerOf(bytes), bytes))));
    },
  };
}
