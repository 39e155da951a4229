/**
 * Attention Lab's public JavaScript API: every operation of the C++ engine, taking and returning
 * plain nested arrays. See docs/engine.md for what each computes and index.d.ts for the types.
 *
 *   import { loadAttentionLab } from 'attention-lab';
 *   const lab = await loadAttentionLab();
 *   lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
 */
import { AttentionError } from './errors.js';
import { readArguments, specOf } from './arguments.js';
import { MAX_DIMENSION } from './matrix-io.js';
import { loadCore } from './load-core.js';
import { own } from './own.js';
import { languageModelFactory } from './language-model.js';
import { trainerFactory } from './trainer.js';

export { AttentionError, MAX_DIMENSION };


/**
 * Every operation and its arguments' kinds and caps, from the engine's own descriptions: the
 * one table the checks, the encoding, the unknown-argument message and the API object are
 * derived from.
 * @param {import('./arguments.js').OperationDescription[]} descriptions
 * @returns {Record<string, Record<string, import('./arguments.js').ArgumentSpec>>}
 */
function operationTable(descriptions) {
  return Object.fromEntries(
    descriptions.map((op) => [op.name, Object.fromEntries(op.arguments.map((a) => [a.name, specOf(a)]))]),
  );
}

/**
 * @param {any} core the Embind module
 * @param {string} operation
 * @param {Record<string, import('./arguments.js').ArgumentSpec>} spec
 * @param {unknown} args
 */
function run(core, operation, spec, args) {
  const request = readArguments(operation, spec, args);
  const result = core[operation](request);
  if (!result.ok) {
    throw result.name === 'AttentionError' ? new AttentionError(result.message) : new Error(result.message);
  }
  // Plain objects and arrays already: the bindings build them (cpp/bindings/convert.cpp).
  return result.value;
}

/**
 * What the lite engine has in place of `name` (createTrainer, or an operation whose description in
 * cpp/include/attn/describe/ is not `lite`): an AttentionError naming the full engine.
 * @param {string} name
 * @param {string} lacks what the lite engine has not, in words
 */
function fullEngineOnly(name, lacks) {
  return () => {
    throw new AttentionError(
      `${name}: expected the full engine (loadAttentionLab() or { training: true }), got the lite engine ({ training: false }), which ${lacks}`,
    );
  };
}

/**
 * Loads the WebAssembly engine and returns the API bound to it.
 * @param {import('./index.js').LoadOptions} [options]
 * @returns {Promise<import('./index.js').AttentionLab>}
 */
export async function loadAttentionLab(options = {}) {
  const core = await loadCore(options);
  const operations = operationTable(core.describeOperations());
  // The lite engine ({ training: false }) has no trainer compiled in. Own keys only: a function
  // another script put on Object.prototype under an operation's name is not the engine's.
  const training = typeof own(core, 'liveTrainers') === 'function';
  const models = training ? languageModelFactory(core) : null;
  /** @param {string} operation */
  const bound = (operation) =>
    typeof own(core, operation) === 'function'
      ? (/** @type {unknown} */ args) => run(core, operation, operations[operation], args)
      : fullEngineOnly(operation, 'has only the operations of the first lessons');
  return Object.freeze({
    ...Object.fromEntries(Object.keys(operations).map((operation) => [operation, bound(operation)])),
    createTrainer: training ? trainerFactory(core) : fullEngineOnly('createTrainer', 'has no trainer'),
    createLanguageModel: models ? models.create : fullEngineOnly('createLanguageModel', 'has no language model'),
    loadLanguageModel: models ? models.load : async () => fullEngineOnly('loadLanguageModel', 'has no language model')(),
    maxDimension: MAX_DIMENSION,
    maxSequence: core.maxSequence,
    maxPeakCells: core.maxPeakCells,
    memory: () => ({
      heapBytesInUse: core.heapBytesInUse(),
      wasmMemoryBytes: core.HEAP8.buffer.byteLength,
      liveHandles: core.count_emval_handles(),
      liveTrainers: training ? core.liveTrainers() : 0,
      liveLanguageModels: training ? core.liveLanguageModels() : 0,
    }),
  });
}

