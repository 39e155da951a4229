/**
 * What the API fuzz (tests/api/fuzz.test.mjs) draws from: valid argument objects per operation,
 * hostile values to swap in, and wrappers around the whole object.
 */
import fc from 'fast-check';

/** Every argument of every operation, as the API documents them (index.d.ts). */
export const ARGUMENTS = {
  softmax: ['logits'],
  attention: ['query', 'key', 'value', 'mask', 'maskFill', 'dropout', 'dropoutSeed', 'precision'],
  multiHeadAttention: ['query', 'key', 'value', 'heads', 'wQ', 'wK', 'wV', 'wO', 'bQ', 'bK', 'bV', 'bO', 'mask', 'maskFill', 'dropout', 'dropoutSeed', 'seed'],
  attentionBackward: ['query', 'key', 'value', 'mask', 'maskFill', 'dropout', 'dropoutSeed', 'gradOutput'],
  multiHeadAttentionBackward: [
    'query', 'key', 'value', 'heads', 'wQ', 'wK', 'wV', 'wO', 'bQ', 'bK', 'bV', 'bO', 'mask', 'maskFill', 'dropout', 'dropoutSeed', 'seed', 'gradOutput',
  ],
  positionalEncoding: ['length', 'dModel'],
  layerNorm: ['input', 'gamma', 'beta', 'eps'],
  feedForward: ['input', 'w1', 'b1', 'w2', 'b2', 'activation'],
  layerNormBackward: ['input', 'gamma', 'beta', 'eps', 'gradOutput'],
  feedForwardBackward: ['input', 'w1', 'b1', 'w2', 'b2', 'activation', 'gradOutput'],
  encoderLayer: [
    'input', 'heads', 'activation', 'dFF', 'wQ', 'wK', 'wV', 'wO', 'bQ', 'bK', 'bV', 'bO',
    'w1', 'b1', 'w2', 'b2', 'gamma1', 'beta1', 'gamma2', 'beta2', 'mask', 'maskFill', 'seed', 'attentionBias',
  ],
  attentionEntropy: ['weights'],
  randomMatrix: ['rows', 'cols', 'seed', 'distribution', 'scale'],
  embedTokens: ['tokens', 'dModel', 'seed'],
  addPositionalEncoding: ['input'],
  positionSimilarity: ['length', 'dModel'],
  scalingExperiment: ['dK', 'keys', 'samples', 'seed'],
  softmaxJacobian: ['logits'],
  explainAttention: ['query', 'key', 'value', 'mask', 'maskFill', 'row', 'column', 'stage'],
  permutationTest: ['input', 'permutation', 'heads', 'seed', 'positionalEncoding'],
  kvCacheDecode: ['input', 'heads', 'seed', 'wQ', 'wK', 'wV', 'wO', 'bQ', 'bK', 'bV', 'bO'],
  flashAttention: ['query', 'key', 'value', 'mask', 'maskFill', 'blockRows', 'blockCols', 'precision', 'trace'],
  chunkedAttention: ['query', 'key', 'value', 'mask', 'maskFill', 'chunkSize', 'trace'],
  trainTokenizer: ['text', 'merges'],
  tokenize: ['text', 'merges'],
  characterTokenizer: ['text'],
  countPairs: ['tokens'],
  diagnoseTokenizer: ['text', 'merges', 'question', 'merge', 'newText', 'answer'],
};

/** A cell: mostly ordinary, now and then a value at or past the edge of double range. */
const cell = fc.oneof(
  { arbitrary: fc.double({ min: -4, max: 4, noNaN: true }), weight: 30 },
  { arbitrary: fc.constantFrom(0, -0, 1e154, -1e200, 1e308, -1.7e308, 5e-324, NaN, Infinity, -Infinity), weight: 1 },
);
const size = fc.integer({ min: 1, max: 4 });
/** Filled with one value this large, a matrix or vector drives its operation into overflow. */
const huge = fc.constantFrom(1e154, -1e200, 1e308, 1.7e308);
/** @param {number} rows @param {number} cols */
const matrix = (rows, cols) => fc.oneof(
  { arbitrary: fc.array(fc.array(cell, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows }), weight: 6 },
  { arbitrary: huge.map((x) => Array.from({ length: rows }, () => Array(cols).fill(x))), weight: 1 },
);
/** @param {number} length */
const vector = (length) => fc.oneof(
  { arbitrary: fc.array(cell, { minLength: length, maxLength: length }), weight: 6 },
  { arbitrary: huge.map((x) => Array(length).fill(x)), weight: 1 },
);
const seed = fc.oneof({ arbitrary: fc.nat({ max: 2 ** 32 - 1 }), weight: 6 }, { arbitrary: fc.constantFrom(-1, 0.5, 2 ** 32), weight: 1 });
/** A whole number that is usually in range, sometimes just outside it. */
const count = (/** @type {number} */ low, /** @type {number} */ high) => fc.oneof({ arbitrary: fc.integer({ min: low, max: high }), weight: 6 }, { arbitrary: fc.constantFrom(low - 1, high + 1, low + 0.5), weight: 1 });
/** @param {number} n @param {number} m */
const mask = (n, m) => fc.oneof(fc.constant('causal'), fc.record({ keyLength: count(0, m) }), fc.array(fc.array(fc.constantFrom(0, 1, true, false), { minLength: m, maxLength: m }), { minLength: n, maxLength: n }));
const maskFill = fc.constantFrom(-1e9, -Infinity, 0, NaN, Infinity, -1e308);
/** Optional keys left out unless drawn. */
const record = (/** @type {Record<string, fc.Arbitrary<unknown>>} */ shape, /** @type {string[]} */ required) => fc.record(shape, { requiredKeys: required });
/** A text for the tokenizers: words with accents and emoji, repeats, or any characters at all. */
const text = fc.oneof(fc.constantFrom('niño niña niño', '🙂🙂 hola 🙂', 'aaaa', 'a\0b'), fc.string({ unit: 'binary', maxLength: 12 }));
/** Up to three merges, each token usually one that exists by then, sometimes one that does not. */
const merges = fc.array(fc.tuple(count(0, 257), count(0, 257)), { minLength: 1, maxLength: 3 });
const token = fc.oneof(fc.constantFrom('the', 'cat', 'sat', 'café', '😀', 'a'), fc.string({ maxLength: 4 }));

const attentionLike = fc.tuple(size, size, size).chain(([n, m, d]) =>
  record({ query: matrix(n, d), key: matrix(m, d), value: matrix(m, d), mask: mask(n, m), maskFill }, ['query', 'key', 'value']));
/** 0.999 keeps 1000× weights, which can overflow the output: then dropout is to blame. */
const dropout = fc.constantFrom(0, 0.1, 0.5, 0.999, 1, -0.1, NaN);
/** attention's arguments with dropout, and gradOutput (n × d_v) for the backward. */
const attentionTraining = (/** @type {boolean} */ backward) => fc.tuple(size, size, size).chain(([n, m, d]) =>
  record({
    query: matrix(n, d), key: matrix(m, d), value: matrix(m, d), mask: mask(n, m), maskFill, dropout, dropoutSeed: seed,
    ...(backward ? { gradOutput: matrix(n, d) } : {}),
  }, ['query', 'key', 'value', ...(backward ? ['gradOutput'] : [])]));
/** multiHeadAttention's arguments, and gradOutput (n × d_model) for the backward. */
const multiHeadLike = (/** @type {boolean} */ backward) => fc.tuple(size, size, fc.integer({ min: 1, max: 2 })).chain(([n, m, h]) => {
  const d = 2 * h;
  return record({
    query: matrix(n, d), key: matrix(m, d), value: matrix(m, d), heads: fc.constantFrom(h, 2 * h, 3),
    wQ: matrix(d, d), wO: matrix(d, d), bQ: vector(d), bO: vector(d), mask: mask(n, m), maskFill, dropout, dropoutSeed: seed, seed,
    ...(backward ? { gradOutput: matrix(n, d) } : {}),
  }, ['query', 'key', 'value', 'heads', ...(backward ? ['gradOutput'] : [])]);
});

/** One arbitrary of valid-looking arguments per operation. */
export const VALID = {
  softmax: fc.tuple(size, size).chain(([n, m]) => record({ logits: matrix(n, m) }, ['logits'])),
  attention: attentionTraining(false),
  multiHeadAttention: multiHeadLike(false),
  attentionBackward: attentionTraining(true),
  multiHeadAttentionBackward: multiHeadLike(true),
  positionalEncoding: record({ length: count(1, 64), dModel: count(1, 64) }, ['length', 'dModel']),
  layerNorm: fc.tuple(size, size).chain(([n, d]) =>
    record({ input: matrix(n, d), gamma: vector(d), beta: vector(d), eps: fc.constantFrom(1e-5, 1, 0, 2, 5e-324, NaN) }, ['input'])),
  feedForward: fc.tuple(size, size, size).chain(([n, d, f]) =>
    record({ input: matrix(n, d), w1: matrix(d, f), b1: vector(f), w2: matrix(f, d), b2: vector(d), activation: fc.constantFrom('relu', 'gelu') }, ['input', 'w1', 'w2'])),
  layerNormBackward: fc.tuple(size, size).chain(([n, d]) =>
    record({ input: matrix(n, d), gamma: vector(d), beta: vector(d), eps: fc.constantFrom(1e-5, 1, 0, 5e-324), gradOutput: matrix(n, d) }, ['input', 'gradOutput'])),
  feedForwardBackward: fc.tuple(size, size, size).chain(([n, d, f]) =>
    record({
      input: matrix(n, d), w1: matrix(d, f), b1: vector(f), w2: matrix(f, d), b2: vector(d), activation: fc.constantFrom('relu', 'gelu'), gradOutput: matrix(n, d),
    }, ['input', 'w1', 'w2', 'gradOutput'])),
  encoderLayer: fc.tuple(size, fc.integer({ min: 1, max: 2 }), size).chain(([n, h, f]) => {
    const d = 2 * h;
    return record({
      input: matrix(n, d), heads: fc.constantFrom(h, 2 * h), dFF: fc.constantFrom(f, 0), activation: fc.constantFrom('relu', 'gelu'),
      bO: vector(d), b2: vector(d), gamma1: vector(d), beta2: vector(d), mask: mask(n, n), seed, attentionBias: fc.boolean(),
    }, ['input', 'heads', 'dFF']);
  }),
  attentionEntropy: fc.tuple(size, size).chain(([n, m]) =>
    record({ weights: fc.oneof(matrix(n, m), fc.constant(Array.from({ length: n }, () => Array(m).fill(1 / m)))) }, ['weights'])),
  randomMatrix: record({ rows: count(1, 8), cols: count(1, 8), seed, distribution: fc.constantFrom('normal', 'uniform'), scale: fc.constantFrom(1, 0.1, 2, 1e308, 0, -1) }, ['rows', 'cols']),
  embedTokens: record({ tokens: fc.array(token, { maxLength: 6 }), dModel: count(1, 8), seed }, ['tokens', 'dModel']),
  addPositionalEncoding: fc.tuple(size, size).chain(([n, d]) => record({ input: matrix(n, d) }, ['input'])),
  positionSimilarity: record({ length: count(1, 16), dModel: count(1, 16) }, ['length', 'dModel']),
  scalingExperiment: record({ dK: count(1, 16), keys: count(1, 8), samples: count(1, 8), seed }, ['dK', 'keys', 'samples']),
  softmaxJacobian: fc.tuple(fc.integer({ min: 1, max: 2 }), size).chain(([n, m]) => record({ logits: matrix(n, m) }, ['logits'])),
  explainAttention: attentionLike.chain((args) =>
    fc.record({ row: count(0, 3), column: count(0, 3), stage: fc.constantFrom('score', 'scaled', 'weight', 'output') }).map((cellArgs) => ({ ...args, ...cellArgs }))),
  permutationTest: fc.tuple(size, fc.integer({ min: 1, max: 2 })).chain(([n, h]) =>
    record({
      input: matrix(n, 2 * h),
      permutation: fc.shuffledSubarray([...Array(n).keys()], { minLength: n, maxLength: n }),
      heads: fc.constantFrom(h, 2 * h), seed, positionalEncoding: fc.boolean(),
    }, ['input', 'permutation', 'heads', 'positionalEncoding'])),
  kvCacheDecode: fc.tuple(size, fc.integer({ min: 1, max: 2 })).chain(([n, h]) => {
    const d = 2 * h;
    return record({ input: matrix(n, d), heads: fc.constantFrom(h, 2 * h, 3), seed, wK: matrix(d, d), wO: matrix(d, d), bV: vector(d), bO: vector(d) }, ['input', 'heads']);
  }),
  flashAttention: fc.tuple(size, size, size).chain(([n, m, d]) =>
    record({
      query: matrix(n, d), key: matrix(m, d), value: matrix(m, d), mask: mask(n, m), maskFill,
      blockRows: count(1, n), blockCols: count(1, m), precision: fc.constantFrom('float64', 'float32', 'float16'), trace: fc.boolean(),
    }, ['query', 'key', 'value'])),
  chunkedAttention: fc.tuple(size, size, size).chain(([n, m, d]) =>
    record({ query: matrix(n, d), key: matrix(m, d), value: matrix(m, d), mask: mask(n, m), maskFill, chunkSize: count(1, n), trace: fc.boolean() },
      ['query', 'key', 'value', 'chunkSize'])),
  trainTokenizer: record({ text, merges: count(0, 6) }, ['text', 'merges']),
  tokenize: record({ text, merges }, ['text']),
  characterTokenizer: record({ text }, ['text']),
  countPairs: record({ tokens: fc.array(count(0, 1279), { minLength: 1, maxLength: 8 }) }, ['tokens']),
  diagnoseTokenizer: record({
    text, merges: count(0, 6), question: fc.constantFrom('bytes', 'count', 'first', 'length', 'tokens'), merge: count(0, 3), newText: text, answer: count(0, 20),
  }, ['text', 'merges', 'question', 'answer']),
};

/** A list whose length lies: it claims 2^32 − 1 elements. */
const lyingList = () => new Proxy([[1, 2]], { get: (t, p) => (p === 'length' ? 2 ** 32 - 1 : Reflect.get(t, p)) });
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable([[1]], {});
  revoke();
  return proxy;
};
const throwingRow = () => {
  const row = [1, 2];
  Object.defineProperty(row, 0, { get() { throw new RangeError('no'); } });
  return [row];
};

/** Hostile values swapped in for an argument, each made afresh per call. */
export const HOSTILE = [
  ['undefined', () => undefined], ['null', () => null], ['NaN', () => NaN], ['Infinity', () => Infinity],
  ['-1', () => -1], ['0', () => 0], ['0.5', () => 0.5], ['2^53+2', () => 2 ** 53 + 2], ['1e308', () => 1e308], ['1025', () => 1025],
  ['empty string', () => ''], ['NUL string', () => 'relu\0'], ['lone surrogate', () => '\uD800'], ['long string', () => 'x'.repeat(10_000)],
  ['empty array', () => []], ['empty row', () => [[]]], ['flat numbers', () => [1, 2]], ['holey', () => [[1, , 3]]], // eslint-disable-line no-sparse-arrays
  ['holey strings', () => ['a', , 'b']], // eslint-disable-line no-sparse-arrays
  ['typed row', () => [Float64Array.of(1, 2)]], ['typed array', () => Float32Array.of(1, 2)], ['BigInt row', () => [BigInt64Array.of(1n)]],
  ['object', () => ({})], ['keyLength object', () => ({ keyLength: 1.5 })], ['boolean', () => true], ['bigint', () => 1n],
  ['symbol', () => Symbol('s')], ['function', () => () => 1], ['lying Proxy', lyingList], ['revoked Proxy', revoked],
  ['throwing cell getter', throwingRow], ['NUL token list', () => ['a\0b', 'a\0c']], ['date', () => new Date(0)],
].map(([name, make]) => ({ name: /** @type {string} */ (name), make: /** @type {() => unknown} */ (make) }));

/** Ways to hand over the argument object; extraKeys are the names an error may then blame. */
export const WRAPPERS = [
  { name: 'plain', extraKeys: [], wrap: (/** @type {object} */ a) => a },
  { name: 'unknown key', extraKeys: ['querry'], wrap: (/** @type {object} */ a) => ({ ...a, querry: 1 }) },
  { name: 'own __proto__', extraKeys: ['__proto__'], wrap: (/** @type {object} */ a) => Object.assign(JSON.parse('{"__proto__": {}}'), a) },
  { name: 'constructor key', extraKeys: ['constructor'], wrap: (/** @type {object} */ a) => ({ ...a, constructor: Object }) },
  { name: 'symbol key', extraKeys: ['Symbol(mask)'], wrap: (/** @type {object} */ a) => ({ ...a, [Symbol('mask')]: 'causal' }) },
  { name: 'inherited', extraKeys: [], wrap: (/** @type {object} */ a) => Object.create(a) },
  { name: 'null prototype', extraKeys: [], wrap: (/** @type {object} */ a) => Object.assign(Object.create(null), a) },
  { name: 'Proxy', extraKeys: [], wrap: (/** @type {object} */ a) => new Proxy(a, {}) },
  { name: 'Proxy whose keys throw', extraKeys: [], wrap: (/** @type {object} */ a) => new Proxy(a, { ownKeys() { throw new Error('keys'); } }) },
  {
    name: 'throwing getter', extraKeys: [], wrap: (/** @type {object} */ a) => {
      const first = Object.keys(a)[0];
      return Object.defineProperty({ ...a }, first, { get() { throw new Error('getter'); }, enumerable: true });
    },
  },
];
