/**
 * lab.createLanguageModel: a decoder-only language model of the C++ engine
 * (attn/language_model.hpp: Llama's layers, RoPE, grouped key/value heads, SwiGLU) with its
 * byte-level BPE tokenizer, one object per model. As with the trainer, the engine keeps the
 * parameters in the wasm heap and this object holds a handle: each method is one call into the
 * engine returning plain values, dispose() frees the model, and a model dropped without
 * dispose() is freed when the garbage collector reclaims it.
 *
 * Here the options are checked for structure only (objects, known names, numbers, strings,
 * booleans); the engine checks every value, so each rule lives in one place.
 */
import { AttentionError, fail } from './errors.js';
import { checkWellFormed, flattenMatrix } from './matrix-io.js';
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
 * createLanguageModel of one loaded engine, and the object of a model the engine already holds
 * (a text trainer's, text-trainer.js).
 * @param {any} core the Embind module
 * @returns {{ create: (options: unknown) => import('./index.js').LanguageModel, wrap: (handle: number) => import('./index.js').LanguageModel }}
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
    wrap,
  };
}
