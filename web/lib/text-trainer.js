/**
 * lab.createTrainer({ task: 'text' }): a language model trained by the engine on a text
 * (attn::text_trainer). Stepping, evaluating and the status are the trainer's own calls; what
 * the model reads and writes (tokenize, generate, tokenLosses, attention, logitLens, headScores,
 * ablate, parameters, config) is a language model's object (language-model.js) over a copy of
 * the parameters as they are, made when first asked for after a step and freed at the next
 * step or at dispose(), so the two objects share one implementation.
 *
 * As for the other tasks, the options are checked here for structure only; the engine checks
 * every value.
 */
import { AttentionError, fail } from './errors.js';
import { isRecord } from './arguments.js';
import { checkWellFormed, flattenMatrix } from './matrix-io.js';
import { numberOption, readRecord, unwrap } from './trainer.js';

/** The options of the text task, in the order its messages list them. */
export const TEXT_OPTIONS = ['task', 'text', 'tokenizer', 'model', 'seed', 'batchSize', 'learningRate', 'warmupSteps', 'weightDecay', 'clipNorm'];
/** The fields of options.model. */
export const TEXT_MODEL_OPTIONS = ['dModel', 'heads', 'kvHeads', 'layers', 'dFF', 'context'];
const NUMBER_OPTIONS = ['seed', 'batchSize', 'learningRate', 'warmupSteps', 'weightDecay', 'clipNorm'];
/** What the trained model answers, delegated to a language model of its parameters. */
const READING = ['config', 'tokenize', 'generate', 'tokenLosses', 'attention', 'logitLens', 'headScores', 'ablate', 'parameters', 'tokenizer', 'exportPyTorch'];

/**
 * Whether createTrainer's options ask for the text task: `task` an own property equal to 'text'
 * (the toy tasks' reader refuses everything else it does not know).
 * @param {unknown} options
 */
export const asksForText = (options) => isRecord(options) && Object.prototype.hasOwnProperty.call(options, 'task') && /** @type {Record<string, unknown>} */ (options).task === 'text';

/**
 * The text task's options as the binding reads them.
 * @param {unknown} options
 * @returns {Record<string, unknown>}
 */
export function readTextTrainerOptions(options) {
  const given = readRecord('options', options, TEXT_OPTIONS, 'the options of createTrainer with task \'text\'');
  /** @type {Record<string, unknown>} */
  const request = {};
  const text = given.get('text');
  if (text != null) request.text = typeof text === 'string' ? checkWellFormed('text', text) : fail('text', 'a string', text);
  const tokenizer = given.get('tokenizer');
  if (tokenizer != null && tokenizer !== 'character') {
    if (typeof tokenizer === 'string') fail('tokenizer', '\'character\' or { merges }', tokenizer);
    const merges = readRecord('tokenizer', tokenizer, ['merges'], 'the fields of tokenizer', 'tokenizer.').get('merges');
    // An empty list is no merges: one token per byte.
    request.merges = Array.isArray(merges) && merges.length === 0
      ? { rows: 0, cols: 2, data: new Float64Array(0) }
      : flattenMatrix('tokenizer.merges', merges, { booleans: false, rows: undefined, cols: 2 });
  }
  const model = given.get('model');
  if (model != null) {
    const fields = readRecord('model', model, TEXT_MODEL_OPTIONS, 'the fields of model', 'model.');
    request.model = Object.fromEntries(TEXT_MODEL_OPTIONS.map((field) => [field, numberOption(`model.${field}`, fields.get(field))]));
  }
  for (const name of NUMBER_OPTIONS) request[name] = numberOption(name, given.get(name));
  return request;
}

/**
 * The text task of createTrainer for one loaded engine.
 * @param {any} core the Embind module
 * @param {(handle: number) => import('./index.js').LanguageModel} languageModelOf wraps a held
 *   language model's handle (language-model.js)
 * @returns {(options: unknown) => import('./index.js').TextTrainer}
 */
export function textTrainerFactory(core, languageModelOf) {
  const registry = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry((/** @type {number} */ handle) => core.textTrainerDispose(handle))
    : null;

  return (options) => {
    const handle = /** @type {number} */ (unwrap(core.textTrainerCreate(readTextTrainerOptions(options))));
    let disposed = false;
    const token = {};
    /** The language model of the parameters as they are; undefined once a step changes them. */
    /** @type {import('./index.js').LanguageModel | undefined} */
    let current;
    const forget = () => {
      current?.dispose();
      current = undefined;
    };

    /** @param {string} method */
    const refuseIfDisposed = (method) => {
      if (disposed) throw new AttentionError(`${method}: expected a trainer that is not disposed, got one whose dispose() was called`);
    };
    /** A new language model of the parameters as they are; its owner disposes it. */
    const model = () => {
      refuseIfDisposed('model');
      return languageModelOf(/** @type {number} */ (unwrap(core.textTrainerModel(handle))));
    };
    const reading = Object.fromEntries(READING.map((method) => [method, (/** @type {unknown[]} */ ...args) => {
      refuseIfDisposed(method);
      current ??= model();
      return /** @type {any} */ (current)[method](...args);
    }]));

    const trainer = Object.freeze({
      ...reading,
      step: (/** @type {unknown} */ steps = 1) => {
        refuseIfDisposed('step');
        const k = typeof steps === 'number' ? steps : fail('steps', 'a whole number of steps', steps);
        forget();
        return unwrap(core.textTrainerStep(handle, k));
      },
      evaluate: () => {
        refuseIfDisposed('evaluate');
        return unwrap(core.textTrainerEvaluate(handle));
      },
      status: () => {
        refuseIfDisposed('status');
        return unwrap(core.textTrainerStatus(handle));
      },
      model,
      dispose: () => {
        if (disposed) return;
        disposed = true;
        forget();
        registry?.unregister(token);
        core.textTrainerDispose(handle);
      },
    });
    registry?.register(trainer, handle, token);
    return /** @type {import('./index.js').TextTrainer} */ (/** @type {unknown} */ (trainer));
  };
}
