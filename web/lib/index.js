/**
 * Attention Lab's public JavaScript API: every operation of the C++ engine, taking and returning
 * plain nested arrays. See docs/engine.md for what each computes and index.d.ts for the types.
 *
 *   import { loadAttentionLab } from 'attention-lab';
 *   const lab = await loadAttentionLab();
 *   lab.attention({ query: [[1, 2]], key: [[1, 0], [0, 1], [1, 1]], value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]] });
 */
import { readArguments } from './arguments.js';
import { AttentionError, fail } from './errors.js';
import { decode, MAX_DIMENSION } from './matrix-io.js';
import { loadCore } from './load-core.js';

export { AttentionError, MAX_DIMENSION };

const MASKING = { mask: 'mask?', maskFill: 'number?' };
const PROJECTIONS = {
  wQ: 'matrix?', wK: 'matrix?', wV: 'matrix?', wO: 'matrix?',
  bQ: 'vector?', bK: 'vector?', bV: 'vector?', bO: 'vector?',
};

/**
 * Every operation, the binding it calls and its arguments: the one table the checks, the
 * encoding, the unknown-argument message and the API object are derived from.
 * @type {Record<string, Record<string, string>>}
 */
const OPERATIONS = {
  softmax: { logits: 'matrix' },
  attention: { query: 'matrix', key: 'matrix', value: 'matrix', ...MASKING },
  multiHeadAttention: { query: 'matrix', key: 'matrix', value: 'matrix', heads: 'number', ...PROJECTIONS, ...MASKING, seed: 'number?' },
  positionalEncoding: { length: 'number', dModel: 'number' },
  layerNorm: { input: 'matrix', gamma: 'vector?', beta: 'vector?', eps: 'number?' },
  feedForward: { input: 'matrix', w1: 'matrix', b1: 'vector?', w2: 'matrix', b2: 'vector?', activation: 'activation?' },
  encoderLayer: {
    input: 'matrix', heads: 'number', activation: 'activation?', dFF: 'number?', ...PROJECTIONS,
    w1: 'matrix?', b1: 'vector?', w2: 'matrix?', b2: 'vector?',
    gamma1: 'vector?', beta1: 'vector?', gamma2: 'vector?', beta2: 'vector?', ...MASKING, seed: 'number?',
    attentionBias: 'boolean?',
  },
  attentionEntropy: { weights: 'matrix' },
  randomMatrix: { rows: 'number', cols: 'number', seed: 'number?', distribution: 'distribution?', scale: 'number?' },
  embedTokens: { tokens: 'strings', dModel: 'number', seed: 'number?' },
  addPositionalEncoding: { input: 'matrix' },
  positionSimilarity: { length: 'number', dModel: 'number' },
  scalingExperiment: { dK: 'number', keys: 'number', samples: 'number', seed: 'number?' },
  softmaxJacobian: { logits: 'matrix' },
  explainAttention: { query: 'matrix', key: 'matrix', value: 'matrix', ...MASKING, row: 'number', column: 'number', stage: 'stage' },
  permutationTest: { input: 'matrix', permutation: 'indices', heads: 'number', seed: 'number?', positionalEncoding: 'boolean' },
};

/**
 * @param {string} operation
 * @param {unknown} args
 */
function encodeRequest(operation, args) {
  return readArguments(operation, OPERATIONS[operation], args);
}

/**
 * @param {any} core the Embind module
 * @param {string} operation
 * @param {unknown} args
 */
function run(core, operation, args) {
  const request = encodeRequest(operation, args);
  const result = core[operation](request);
  if (!result.ok) {
    throw result.name === 'AttentionError' ? new AttentionError(result.message) : new Error(result.message);
  }
  return decode(result.value);
}

const LOAD_OPTIONS = ['wasmBinary', 'wasmUrl', 'locateFile'];

/**
 * Loads the WebAssembly engine and returns the API bound to it.
 * @param {import('./index.js').LoadOptions} [options]
 * @returns {Promise<import('./index.js').AttentionLab>}
 */
export async function loadAttentionLab(options = {}) {
  if (options === null || typeof options !== 'object') fail('options', 'an object or nothing', options);
  for (const key of Object.keys(options)) {
    if (!LOAD_OPTIONS.includes(key)) {
      throw new AttentionError(`${key}: expected one of the options of loadAttentionLab (${LOAD_OPTIONS.join(', ')}), got an unknown option`);
    }
  }
  const core = await loadCore(options);
  /** @param {string} operation */
  const bound = (operation) => (/** @type {unknown} */ args) => run(core, operation, args);
  return Object.freeze({
    ...Object.fromEntries(Object.keys(OPERATIONS).map((operation) => [operation, bound(operation)])),
    maxDimension: MAX_DIMENSION,
    memory: () => ({
      heapBytesInUse: core.heapBytesInUse(),
      wasmMemoryBytes: core.HEAP8.buffer.byteLength,
      liveHandles: core.count_emval_handles(),
    }),
  });
}

