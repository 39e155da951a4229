/**
 * lab.createTrainer: a small transformer trained by the C++ engine (attn::trainer), one object
 * per run. The engine keeps the model, the optimizer's state and the data in the wasm heap and
 * this object holds only a handle to them: every method is one call into the engine that
 * returns plain values, and dispose() frees the whole run. A trainer that is dropped without
 * dispose() is freed when the garbage collector reclaims it (FinalizationRegistry), so a
 * forgotten one does not hold the heap for ever; dispose() is the way to free it at once.
 *
 * Here the options are checked for structure only (an object, known names, numbers and
 * strings); the values (task names, ranges, d_model divisible by heads, caps) are the engine's
 * to check, so each rule lives in one place.
 */
import { AttentionError, fail, showKey } from './errors.js';
import { isRecord, readOwn } from './arguments.js';

/** The options of createTrainer, in the order its messages list them. */
export const OPTIONS = ['task', 'model', 'seed', 'learningRate', 'batchSize', 'optimizer', 'weightDecay', 'dropout', 'clipNorm', 'length', 'vocabulary'];
/** The fields of options.model. */
export const MODEL_OPTIONS = ['dModel', 'heads', 'layers', 'dFF'];
/** The fields of ablate's argument. */
const HEAD = ['layer', 'head'];

const STRING_OPTIONS = ['task', 'optimizer'];

/**
 * Reads `record`'s own properties among `names`, refusing unknown ones in the façade's
 * unknown-argument style.
 * @param {string} where what the record is, e.g. "options" or "options.model"
 * @param {unknown} record
 * @param {readonly string[]} names
 * @param {string} owner "the options of createTrainer", …
 * @param {string} prefix put before a key to name it, e.g. "model."
 */
export function readRecord(where, record, names, owner, prefix = '') {
  if (!isRecord(record)) fail(where, `an object with some of ${names.join(', ')}`, record);
  return readOwn(where, record, names, (key) => {
    throw new AttentionError(`${prefix}${showKey(key)}: expected one of ${owner} (${names.join(', ')}), got an unknown option`);
  }, prefix);
}

/**
 * A number option as the engine reads it, or undefined when omitted (the engine's default).
 * @param {string} name @param {unknown} value
 */
export function numberOption(name, value) {
  if (value == null) return undefined;
  return typeof value === 'number' ? value : fail(name, 'a number', value);
}

/**
 * The options object of createTrainer in the form the binding reads: camelCase names, every
 * option an own property, undefined when omitted (the engine then applies the task's default),
 * so nothing the binding reads can come from Object.prototype.
 * @param {unknown} options
 * @returns {Record<string, unknown>}
 */
export function readTrainerOptions(options) {
  if (options === undefined) options = {};
  const given = readRecord('options', options, OPTIONS, 'the options of createTrainer');
  /** @type {Record<string, unknown>} */
  const request = {};
  for (const name of OPTIONS) {
    const value = given.get(name);
    if (name === 'model') {
      const model = value == null ? undefined : readRecord('model', value, MODEL_OPTIONS, 'the fields of model', 'model.');
      request.model = model && Object.fromEntries(MODEL_OPTIONS.map((field) => [field, numberOption(`model.${field}`, model.get(field))]));
    } else if (STRING_OPTIONS.includes(name)) {
      request[name] = value == null || typeof value === 'string' ? value ?? undefined : fail(name, 'a string', value);
    } else {
      request[name] = numberOption(name, value);
    }
  }
  return request;
}

/**
 * The engine's { ok, value } or { ok: false, name, message } as a value or a throw.
 * @param {{ ok: boolean, value?: unknown, name?: string, message?: string }} result
 */
export function unwrap(result) {
  if (!result.ok) {
    const message = /** @type {string} */ (result.message);
    throw result.name === 'AttentionError' ? new AttentionError(message) : new Error(message);
  }
  return result.value;
}

/**
 * The createTrainer of one loaded engine.
 * @param {any} core the Embind module
 * @returns {(options?: unknown) => import('./index.js').Trainer}
 */
export function trainerFactory(core) {
  // Frees the engine's side of a trainer the program dropped without dispose().
  const registry = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((/** @type {number} */ handle) => core.trainerDispose(handle))
    : null;

  return (options) => {
    const handle = /** @type {number} */ (unwrap(core.trainerCreate(readTrainerOptions(options))));
    let disposed = false;
    const token = {};

    /** @param {string} method */
    const refuseIfDisposed = (method) => {
      if (disposed) {
        throw new AttentionError(`${method}: expected a trainer that is not disposed, got one whose dispose() was called`);
      }
    };
    /**
     * Calls the engine for `method`, refusing once the trainer is disposed.
     * @param {string} method
     * @param {(handle: number) => any} engine
     */
    const call = (method, engine) => {
      refuseIfDisposed(method);
      return unwrap(engine(handle));
    };

    const trainer = Object.freeze({
      step: (/** @type {unknown} */ steps = 1) => {
        refuseIfDisposed('step');
        const k = typeof steps === 'number' ? steps : fail('steps', 'a whole number of steps', steps);
        return call('step', (h) => core.trainerStep(h, k));
      },
      evaluate: () => call('evaluate', (h) => core.trainerEvaluate(h)),
      attention: () => call('attention', (h) => core.trainerAttention(h)),
      headScores: () => call('headScores', (h) => core.trainerHeadScores(h)),
      ablate: (/** @type {unknown} */ which) => {
        refuseIfDisposed('ablate');
        const given = readRecord('ablate', which, HEAD, 'the fields of ablate');
        const [layer, head] = HEAD.map((name) => {
          const value = given.get(name);
          return typeof value === 'number' ? value : fail(name, 'a whole number', value);
        });
        return call('ablate', (h) => core.trainerAblate(h, layer, head));
      },
      parameters: () => call('parameters', (h) => core.trainerParameters(h)),
      status: () => call('status', (h) => core.trainerStatus(h)),
      dispose: () => {
        // A second dispose() has nothing left to free.
        if (disposed) return;
        disposed = true;
        registry?.unregister(token);
        core.trainerDispose(handle);
      },
    });
    registry?.register(trainer, handle, token);
    return trainer;
  };
}
