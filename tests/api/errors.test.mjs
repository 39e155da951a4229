// Every kind of invalid argument: an AttentionError whose message names the argument and says
// what was expected and what came. Messages are asserted on their real text.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { AttentionError, loadAttentionLab, MAX_DIMENSION } from 'attention-lab';

import { grid } from '../support/arrays.mjs';
import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();

// The worked example: query 1×2, key and value 3×2.
const query = [[1, 2]];
const key = [[1, 0], [0, 1], [1, 1]];
const value = [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]];
const qkv = { query, key, value };
const x8 = [[1, 2, 3, 4, 5, 6, 7, 8], [0, 1, 0, 1, 0, 1, 0, 1]];
const mhaArgs = { query: x8, key: x8, value: x8, heads: 2 };

/** Calls the API with arguments the type declarations would refuse, as plain JS users can. */
const untyped = /** @type {any} */ (lab);
const MATRIX = 'expected a matrix (an array of rows of numbers)';

describe('a missing argument, or one that is not an object', () => {
  test('a missing query is reported as "query: …, got undefined"', () => {
    expectAttentionError(() => untyped.attention({ key, value }), 'query', `query: ${MATRIX}, got undefined`);
  });

  test('an explicitly undefined or null query is reported the same way', () => {
    expectAttentionError(() => untyped.attention({ query: undefined, key, value }), 'query', /got undefined$/);
    expectAttentionError(() => untyped.attention({ query: null, key, value }), 'query', /got null$/);
  });

  test('a missing key, value, heads or length names that argument', () => {
    expectAttentionError(() => untyped.attention({ query, value }), 'key', /got undefined$/);
    expectAttentionError(() => untyped.attention({ query, key }), 'value', /got undefined$/);
    expectAttentionError(() => untyped.multiHeadAttention({ query: x8, key: x8, value: x8 }), 'heads', 'heads: expected a number, got undefined');
    expectAttentionError(() => untyped.positionalEncoding({ dModel: 4 }), 'length', 'length: expected a number, got undefined');
  });

  test('null, an array or nothing instead of the argument object names the operation and lists what it needs', () => {
    expectAttentionError(() => untyped.attention(null), 'attention', 'attention: expected one object argument with query, key, value, got null');
    expectAttentionError(() => untyped.attention([]), 'attention', /got an empty array$/);
    expectAttentionError(() => untyped.attention(), 'attention', /got undefined$/);
    expectAttentionError(() => untyped.attention('query'), 'attention', /got the string "query"$/);
  });

  test('every operation refuses a non-object argument with its own name', () => {
    const needs = {
      softmax: 'logits',
      attention: 'query, key, value',
      multiHeadAttention: 'query, key, value, heads',
      positionalEncoding: 'length, dModel',
      layerNorm: 'input',
      feedForward: 'input, w1, w2',
      encoderLayer: 'input, heads',
      attentionEntropy: 'weights',
      randomMatrix: 'rows, cols',
      embedTokens: 'tokens, dModel',
      addPositionalEncoding: 'input',
      positionSimilarity: 'length, dModel',
      scalingExperiment: 'dK, keys, samples',
      softmaxJacobian: 'logits',
      explainAttention: 'query, key, value, row, column, stage',
      permutationTest: 'input, permutation, heads, positionalEncoding',
    };
    for (const [operation, names] of Object.entries(needs)) {
      expectAttentionError(() => untyped[operation](null), operation, `${operation}: expected one object argument with ${names}, got null`);
    }
  });

  test('an unknown argument name such as querry is refused, listing the real names', () => {
    expectAttentionError(
      () => untyped.attention({ querry: query, key, value }),
      'querry',
      'querry: expected one of the arguments of attention (query, key, value, mask, maskFill, dropout, dropoutSeed, precision), got an unknown argument',
    );
    expectAttentionError(() => untyped.multiHeadAttention({ ...mhaArgs, head: 2 }), 'head', /arguments of multiHeadAttention \(query, key, value, heads, wQ/);
    expectAttentionError(() => untyped.encoderLayer({ input: x8, heads: 2, dff: 4 }), 'dff', /\bdFF\b/);
    expectAttentionError(() => untyped.positionalEncoding({ length: 2, dModel: 2, d_model: 2 }), 'd_model', /arguments of positionalEncoding \(length, dModel\)/);
  });
});

describe('matrices that are not matrices', () => {
  test('a string, a number or an object instead of a matrix', () => {
    expectAttentionError(() => untyped.attention({ ...qkv, query: 'abc' }), 'query', `query: ${MATRIX}, got the string "abc"`);
    expectAttentionError(() => untyped.attention({ ...qkv, query: 3 }), 'query', `query: ${MATRIX}, got 3`);
    expectAttentionError(() => untyped.attention({ ...qkv, query: {} }), 'query', `query: ${MATRIX}, got an object`);
    expectAttentionError(() => untyped.attention({ ...qkv, key: new Float64Array(2) }), 'key', /got a Float64Array$/);
  });

  test('a flat vector instead of a matrix suggests writing one row as [[…]]', () => {
    expectAttentionError(() => untyped.attention({ ...qkv, query: [1, 2] }), 'query', 'got an array of numbers (write one row as [[…]])');
  });

  test('an empty matrix and an empty row', () => {
    expectAttentionError(() => lab.attention({ ...qkv, query: [] }), 'query', 'with at least one row, got an empty array');
    expectAttentionError(() => lab.attention({ ...qkv, query: [[]] }), 'query[0]', 'query[0]: expected a row with at least one number, got an empty array');
  });

  test('ragged rows name the row that differs from row 0', () => {
    expectAttentionError(() => lab.attention({ ...qkv, query: [[1, 2], [3]] }), 'query[1]', 'query[1]: expected 2 numbers like row 0, got an array of length 1');
    expectAttentionError(() => untyped.attention({ ...qkv, key: [[1, 0], [0, 1], 5] }), 'key[2]', 'key[2]: expected a row (an array of numbers), got 5');
    expectAttentionError(() => untyped.attention({ ...qkv, key: [[1, 0], [0, 1], null] }), 'key[2]', /got null$/);
  });

  test('cells that are not numbers name query[i][j] and say what came', () => {
    const cells = [
      ['3', 'got the string "3"'],
      [null, 'got null'],
      [undefined, 'got undefined'],
      [{}, 'got an object'],
      [true, 'got boolean true'],
      [[1], 'got an array of length 1'],
    ];
    for (const [cell, got] of cells) {
      expectAttentionError(() => untyped.attention({ ...qkv, query: [[1, cell]] }), 'query[0][1]', `query[0][1]: expected a number, ${got}`);
    }
  });

  test('NaN, Infinity and -Infinity cells are refused by the engine, naming the cell', () => {
    expectAttentionError(() => lab.attention({ ...qkv, query: [[1, NaN]] }), 'query[0][1]', 'query[0][1]: expected a finite number, got NaN');
    expectAttentionError(() => lab.attention({ ...qkv, query: [[1, Infinity]] }), 'query[0][1]', 'query[0][1]: expected a finite number, got Infinity');
    expectAttentionError(() => lab.attention({ ...qkv, value: [[0.5, 0.3], [0.8, 0.2], [-Infinity, 0.9]] }), 'value[2][0]', 'value[2][0]: expected a finite number, got -Infinity');
    expectAttentionError(() => lab.attention({ ...qkv, key: [Float64Array.of(1, 0), Float64Array.of(0, NaN), [1, 1]] }), 'key[1][1]', /got NaN$/);
  });

  test('a vector argument that is not a list of numbers', () => {
    expectAttentionError(() => untyped.multiHeadAttention({ ...mhaArgs, bQ: 'abc' }), 'bQ', 'bQ: expected an array of numbers, got the string "abc"');
    expectAttentionError(() => untyped.layerNorm({ input: [[1, 2]], gamma: [1, '2'] }), 'gamma[1]', 'gamma[1]: expected a number, got the string "2"');
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], gamma: [] }), 'gamma', 'an array with at least one number, got an empty array');
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], beta: [0, NaN] }), 'beta[1]', 'beta[1]: expected a finite number, got NaN');
  });
});

describe('shapes that do not fit together', () => {
  test('a key whose width differs from the query\'s (d_k)', () => {
    expectAttentionError(() => lab.attention({ query, key: [[1, 0, 1]], value: [[1]] }), 'key', 'key: expected 2 columns (d_k, the width of query), got 3');
  });

  test('value rows that are not one per key', () => {
    expectAttentionError(() => lab.attention({ query, key, value: [[1, 2]] }), 'value', 'value: expected 3 rows (one per key), got 1');
  });

  test('in multi-head attention, key and value must be d_model wide', () => {
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, key: [[1, 2]] }), 'key', 'key: expected 8 columns (d_model, the width of query), got 2');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, value: [[1, 2], [3, 4]] }), 'value', 'value: expected 8 columns (d_model), got 2');
  });

  test('a bias of the wrong length and a weight of the wrong shape', () => {
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, bQ: [1, 2] }), 'bQ', 'bQ: expected 8 numbers', 'got 2');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, wQ: [[1, 2]] }), 'wQ', 'wQ: expected a matrix of shape 8×8 (d_model × d_model), got 1×2');
    expectAttentionError(() => lab.feedForward({ input: [[1, 2]], w1: [[1], [1], [1]], w2: [[1, 1]] }), 'w1', 'w1: expected a matrix of shape 2×1', 'got 3×1');
    expectAttentionError(() => lab.feedForward({ input: [[1, 2]], w1: [[1], [1]], w2: [[1, 1, 1]] }), 'w2', 'w2: expected a matrix of shape 1×2 (d_ff × d_model), got 1×3');
    expectAttentionError(() => lab.feedForward({ input: [[1, 2]], w1: [[1], [1]], b1: [1, 2], w2: [[1, 1]] }), 'b1', 'b1: expected 1 numbers', 'got 2');
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], gamma: [1] }), 'gamma', 'gamma: expected 2 numbers (one per column of input), got 1');
  });

  test('an encoder layer whose w1 and w2 disagree on d_ff, or whose dFF disagrees with w1', () => {
    const w1 = Array.from({ length: 8 }, () => [1, 2, 3, 4]);
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 2, w1, w2: [[1, 2, 3, 4, 5, 6, 7, 8]] }), 'w2', 'w2: expected a matrix of shape 4×8 (d_ff × d_model), got 1×8');
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 2, w1, dFF: 6 }), 'dFF', 'dFF: expected 4 (the width of w1 / w2), got 6');
  });
});

describe('masks', () => {
  test('a mask matrix of the wrong shape', () => {
    expectAttentionError(() => lab.attention({ ...qkv, mask: [[1, 1]] }), 'mask', 'mask: expected a matrix of shape 1×3 (queries × keys), got 1×2');
  });

  test('a mask cell that is neither 0 nor 1', () => {
    expectAttentionError(() => lab.attention({ ...qkv, mask: [[1, 0.5, 1]] }), 'mask[0][1]', 'mask[0][1]: expected 0 (blocked) or 1 (attend), got 0.5');
    expectAttentionError(() => untyped.attention({ ...qkv, mask: [[1, 'x', 1]] }), 'mask[0][1]', 'mask[0][1]: expected 0, 1, true or false, got the string "x"');
  });

  test('an unknown mask string, and an object without keyLength', () => {
    const expected = "mask: expected 'causal', { keyLength: L } or a queries × keys matrix of 0/1";
    expectAttentionError(() => untyped.attention({ ...qkv, mask: 'future' }), 'mask', expected, 'got the string "future"');
    expectAttentionError(() => untyped.attention({ ...qkv, mask: {} }), 'mask', expected, 'got an object');
    expectAttentionError(() => untyped.attention({ ...qkv, mask: { length: 2 } }), 'mask', expected);
    expectAttentionError(() => untyped.attention({ ...qkv, mask: true }), 'mask', expected, 'got boolean true');
  });

  test('keyLength -1, 2.5, m + 1 and NaN are refused with the allowed range 0 … m', () => {
    for (const [L, got] of [[-1, '-1'], [2.5, '2.5'], [4, '4'], [NaN, 'NaN']]) {
      expectAttentionError(() => lab.attention({ ...qkv, mask: { keyLength: /** @type {number} */ (L) } }), 'mask.keyLength', `mask.keyLength: expected a whole number from 0 to 3, got ${got}`);
    }
  });

  test('keyLength given as the string "2"', () => {
    expectAttentionError(() => untyped.attention({ ...qkv, mask: { keyLength: '2' } }), 'mask.keyLength', 'mask.keyLength: expected a whole number of keys, got the string "2"');
  });

  test('maskFill NaN, +Infinity and a string', () => {
    expectAttentionError(() => lab.attention({ ...qkv, maskFill: NaN }), 'maskFill', 'maskFill: expected a finite number or -Infinity, got NaN');
    expectAttentionError(() => lab.attention({ ...qkv, maskFill: Infinity }), 'maskFill', 'maskFill: expected a finite number or -Infinity, got Infinity');
    expectAttentionError(() => untyped.attention({ ...qkv, maskFill: 'x' }), 'maskFill', 'maskFill: expected a number, got the string "x"');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, maskFill: NaN }), 'maskFill', /got NaN$/);
  });
});

describe('heads, sizes, seeds and activations', () => {
  test('heads that do not divide d_model', () => {
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, heads: 3 }), 'heads', 'heads: expected a divisor of d_model = 8, got 3');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, heads: 16 }), 'heads', 'heads: expected a divisor of d_model = 8, got 16');
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 3, dFF: 4 }), 'heads', 'heads: expected a divisor of d_model = 8, got 3');
  });

  test('heads 0, 2.5 and "2"', () => {
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, heads: 0 }), 'heads', 'heads: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, heads: 2.5 }), 'heads', 'heads: expected a whole number from 1 to 1024, got 2.5');
    expectAttentionError(() => untyped.multiHeadAttention({ ...mhaArgs, heads: '2' }), 'heads', 'heads: expected a number, got the string "2"');
  });

  test('matrices with 1025 columns or 1025 rows are over the cap of 1024', () => {
    assert.equal(MAX_DIMENSION, 1024);
    const wide = [Array(MAX_DIMENSION + 1).fill(0)];
    const tall = Array.from({ length: MAX_DIMENSION + 1 }, () => [0, 0]);
    expectAttentionError(() => lab.attention({ ...qkv, query: wide }), 'query[0]', 'query[0]: expected at most 1024 numbers, got an array of length 1025');
    expectAttentionError(() => lab.attention({ ...qkv, query: tall }), 'query', 'query: expected at most 1024 rows, got an array of length 1025');
    expectAttentionError(() => lab.softmax({ logits: [Float64Array.from(wide[0])] }), 'logits[0]', 'at most 1024 numbers');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, bQ: Array(1025).fill(0) }), 'bQ', 'bQ: expected at most 1024 numbers, got an array of length 1025');
  });

  test('positionalEncoding length 1025 and 0, dModel 0, and a fractional length', () => {
    expectAttentionError(() => lab.positionalEncoding({ length: 1025, dModel: 4 }), 'length', 'length: expected a whole number from 1 to 1024, got 1025');
    expectAttentionError(() => lab.positionalEncoding({ length: 0, dModel: 4 }), 'length', 'length: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.positionalEncoding({ length: 4, dModel: 0 }), 'dModel', 'dModel: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.positionalEncoding({ length: 1.5, dModel: 4 }), 'length', /got 1\.5$/);
  });

  test('seeds -1, 2³² and 1.5', () => {
    for (const [seed, got] of [[-1, '-1'], [2 ** 32, '4294967296'], [1.5, '1.5']]) {
      expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, seed: /** @type {number} */ (seed) }), 'seed', `seed: expected a whole number from 0 to 4294967295, got ${got}`);
    }
    expectAttentionError(() => untyped.encoderLayer({ input: x8, heads: 2, dFF: 4, seed: '1' }), 'seed', 'seed: expected a number, got the string "1"');
  });

  test('an unknown activation such as tanh', () => {
    expectAttentionError(() => untyped.encoderLayer({ input: x8, heads: 2, dFF: 4, activation: 'tanh' }), 'activation', "activation: expected 'relu' or 'gelu', got 'tanh'");
    expectAttentionError(() => untyped.feedForward({ input: [[1, 2]], w1: [[1], [1]], w2: [[1, 1]], activation: 'tanh' }), 'activation', "expected 'relu' or 'gelu'");
    expectAttentionError(() => untyped.feedForward({ input: [[1, 2]], w1: [[1], [1]], w2: [[1, 1]], activation: 3 }), 'activation', "activation: expected 'relu' or 'gelu', got 3");
  });

  test('an encoder layer with neither w1, w2 nor dFF, and with dFF out of range', () => {
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 2 }), 'dFF', 'dFF: expected the feed-forward width (1 to 1024) when w1 and w2 are omitted, got nothing');
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 2, dFF: 1025 }), 'dFF', 'dFF: expected a whole number from 1 to 1024, got 1025');
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 2, dFF: 2.5 }), 'dFF', /got 2\.5$/);
  });

  test('a layer-norm eps that is not a small positive number, or above 1', () => {
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], eps: -1 }), 'eps', 'eps: expected a small positive number (at most 1) such as 1e-5, got -1');
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], eps: 2 }), 'eps', /got 2$/);
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], eps: 1e308 }), 'eps', /got 1e\+308$/);
  });
});

describe('overflows are blamed on the argument that caused them', () => {
  const big = [[1, -1], [1, 2]];
  test('layer norm: a γ or β near 1e308 is refused instead of returning Infinity', () => {
    expectAttentionError(() => lab.layerNorm({ input: [[0, 0, 1]], gamma: [1.7e308, 1.7e308, 1.7e308] }), 'gamma', 'got output[0][2] = Infinity');
    expectAttentionError(() => lab.layerNorm({ input: [[1, 2]], gamma: [1e308, 1e308], beta: [1e308, 1e308] }), 'beta', 'got output[0][1] = Infinity');
  });

  test('the encoder layer names input, bO and b2 names itself, permutationTest names input', () => {
    expectAttentionError(() => lab.encoderLayer({ input: [[1e200, -1e200], [1, 2]], heads: 1, dFF: 2 }), 'input');
    expectAttentionError(() => lab.encoderLayer({ input: big, heads: 1, dFF: 2, b2: [1e308, 1e308] }), 'b2');
    const id = [[1, 0], [0, 1]];
    const x = [[1, 2]];
    expectAttentionError(() => lab.multiHeadAttention({ query: x, key: x, value: x, heads: 1, wQ: id, wK: id, wV: id, wO: [[1e308, 1e308], [0, 0]], bO: [1e308, 1e308] }), 'bO', 'output[0][0] = Infinity');
    expectAttentionError(() => lab.feedForward({ input: [[1]], w1: [[1]], w2: [[1e308]], b2: [1e308] }), 'b2', 'output[0][0] = Infinity');
    const error = expectAttentionError(() => lab.permutationTest({ input: [[1e200, 1e200], [1, 2]], permutation: [1, 0], heads: 1, positionalEncoding: false }), 'input');
    assert.match(error.message, /= (-?Infinity|NaN \(Infinity − Infinity\))$/);
  });
});

describe('entropy and softmax inputs', () => {
  test('entropy rows with a negative weight', () => {
    expectAttentionError(() => lab.attentionEntropy({ weights: [[1.2, -0.2]] }), 'weights[0][1]', 'weights[0][1]: expected a weight ≥ 0, got -0.2');
  });

  test('entropy rows summing to 0.8', () => {
    expectAttentionError(
      () => lab.attentionEntropy({ weights: [[0.5, 0.5], [0.5, 0.3]] }),
      'weights[1]',
      'weights[1]: expected a row summing to 1 (or all zero), got a sum of 0.8',
    );
  });

  test('softmax logits NaN and +Infinity (−∞ is allowed)', () => {
    expectAttentionError(() => lab.softmax({ logits: [[1, NaN]] }), 'logits[0][1]', 'logits[0][1]: expected a finite number or -Infinity, got NaN');
    expectAttentionError(() => lab.softmax({ logits: [[1, 2], [Infinity, 0]] }), 'logits[1][0]', 'logits[1][0]: expected a finite number or -Infinity, got Infinity');
  });
});

describe('seeded inputs', () => {
  test('randomMatrix: sizes, seed, scale and distribution', () => {
    expectAttentionError(() => untyped.randomMatrix({ rows: '3', cols: 2 }), 'rows', 'rows: expected a number, got the string "3"');
    expectAttentionError(() => lab.randomMatrix({ rows: 0, cols: 2 }), 'rows', 'rows: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.randomMatrix({ rows: 2, cols: 2.5 }), 'cols', 'cols: expected a whole number from 1 to 1024, got 2.5');
    expectAttentionError(() => lab.randomMatrix({ rows: 2, cols: 2, seed: -1 }), 'seed', 'seed: expected a whole number from 0 to 4294967295, got -1');
    for (const [scale, got] of [[0, '0'], [-1, '-1'], [NaN, 'NaN'], [Infinity, 'Infinity']]) {
      expectAttentionError(() => lab.randomMatrix({ rows: 2, cols: 2, scale: /** @type {number} */ (scale) }), 'scale', `scale: expected a positive finite number, got ${got}`);
    }
    expectAttentionError(() => lab.randomMatrix({ rows: 2, cols: 2, scale: Number.MAX_VALUE }), 'scale', 'scale: expected values small enough for draws to stay within double range, got draws[0][0] = -Infinity');
    expectAttentionError(() => untyped.randomMatrix({ rows: 2, cols: 2, distribution: 'gaussian' }), 'distribution', "distribution: expected 'normal' or 'uniform', got 'gaussian'");
    expectAttentionError(() => untyped.randomMatrix({ rows: 2, cols: 2, distribution: 1 }), 'distribution', "distribution: expected 'normal' or 'uniform', got 1");
  });

  test('embedTokens: an array of strings (checked here), 1 to 1024 tokens of 1 to 64 bytes (checked by the engine)', () => {
    expectAttentionError(() => untyped.embedTokens({ tokens: 'the cat', dModel: 4 }), 'tokens', 'tokens: expected an array of strings, got the string "the cat"');
    expectAttentionError(() => untyped.embedTokens({ tokens: ['the', 3], dModel: 4 }), 'tokens[1]', 'tokens[1]: expected a string, got 3');
    expectAttentionError(() => lab.embedTokens({ tokens: Array(1025).fill('a'), dModel: 4 }), 'tokens', 'tokens: expected at most 1024 strings, got an array of length 1025');
    expectAttentionError(() => lab.embedTokens({ tokens: [], dModel: 4 }), 'tokens', 'tokens: expected 1 to 1024 tokens, got 0');
    expectAttentionError(() => lab.embedTokens({ tokens: ['the', ''], dModel: 4 }), 'tokens[1]', 'tokens[1]: expected a token of 1 to 64 bytes of UTF-8, got 0 bytes');
    expectAttentionError(() => lab.embedTokens({ tokens: ['é'.repeat(33)], dModel: 4 }), 'tokens[0]', 'got 66 bytes');
    expectAttentionError(() => lab.embedTokens({ tokens: ['the'], dModel: 0 }), 'dModel', 'dModel: expected a whole number from 1 to 1024, got 0');
  });
});

describe('tokenizers', () => {
  test('a text that is not a string, is empty, too long or has a lone surrogate is refused as text', () => {
    expectAttentionError(() => untyped.trainTokenizer({ text: ['a'], merges: 1 }), 'text', 'text: expected a string, got an array of length 1');
    expectAttentionError(() => untyped.tokenize({ merges: [[97, 98]] }), 'text', 'text: expected a string, got undefined');
    expectAttentionError(() => lab.trainTokenizer({ text: '', merges: 1 }), 'text', 'text: expected a text of 1 to 16384 bytes of UTF-8, got an empty string');
    expectAttentionError(() => lab.trainTokenizer({ text: 'ñ'.repeat(8193), merges: 1 }), 'text', 'text: expected a text of 1 to 16384 bytes of UTF-8, got 16386 bytes');
    expectAttentionError(() => lab.tokenize({ text: 'a'.repeat(2049) }), 'text', 'text: expected a text of 1 to 2048 bytes of UTF-8, got 2049 bytes');
    expectAttentionError(() => lab.characterTokenizer({ text: 'a'.repeat(16385) }), 'text', 'text: expected a text of 1 to 16384 bytes of UTF-8, got 16385 bytes');
    for (const call of [() => lab.trainTokenizer({ text: 'a\uD800b', merges: 1 }), () => lab.tokenize({ text: 'a\uDC00' }), () => lab.characterTokenizer({ text: '\uD83D' })]) {
      expectAttentionError(call, 'text', /^text: expected a well-formed string \(no lone UTF-16 surrogate\), got the string "/);
    }
  });

  test('trainTokenizer: merges a whole number from 0 to 1024', () => {
    expectAttentionError(() => lab.trainTokenizer({ text: 'abab', merges: 1025 }), 'merges', 'merges: expected a whole number from 0 to 1024, got 1025');
    expectAttentionError(() => lab.trainTokenizer({ text: 'abab', merges: 1.5 }), 'merges', 'merges: expected a whole number from 0 to 1024, got 1.5');
    expectAttentionError(() => lab.trainTokenizer({ text: 'abab', merges: -1 }), 'merges', 'merges: expected a whole number from 0 to 1024, got -1');
    expectAttentionError(() => untyped.trainTokenizer({ text: 'abab' }), 'merges', 'merges: expected a number, got undefined');
  });

  test('tokenize: merges k × 2 pairs of tokens that exist before each merge, none twice', () => {
    expectAttentionError(() => lab.tokenize({ text: 'abc', merges: [[97, 98, 99]] }), 'merges', 'merges: expected a matrix of k × 2 (one pair [a, b] per row), got 1×3');
    expectAttentionError(() => lab.tokenize({ text: 'abc', merges: [[97, 98], [256, 257]] }), 'merges[1][1]', 'merges[1][1]: expected a whole number from 0 to 256, got 257');
    expectAttentionError(() => lab.tokenize({ text: 'abc', merges: [[97, 98.5]] }), 'merges[0][1]', 'merges[0][1]: expected a whole number from 0 to 255, got 98.5');
    expectAttentionError(() => lab.tokenize({ text: 'abc', merges: [[97, 98], [97, 98]] }), 'merges[1]', 'merges[1]: expected a pair not merged before, got [97, 98], already merges[0]');
    expectAttentionError(() => lab.tokenize({ text: 'abc', merges: Array.from({ length: 1025 }, () => [97, 98]) }), 'merges', 'merges: expected at most 1024 rows, got an array of length 1025');
    expectAttentionError(() => lab.tokenize({ text: 'abc', merges: [] }), 'merges', 'merges: expected a matrix (an array of rows of numbers) with at least one row, got an empty array');
  });
});

describe('lesson operations', () => {
  test('addPositionalEncoding and positionSimilarity check their input and sizes', () => {
    expectAttentionError(() => lab.addPositionalEncoding({ input: [[1, NaN]] }), 'input[0][1]', 'input[0][1]: expected a finite number, got NaN');
    expectAttentionError(() => lab.positionSimilarity({ length: 0, dModel: 4 }), 'length', 'length: expected a whole number from 1 to 1024, got 0');
  });

  test('scalingExperiment caps samples at 10000 and samples × keys × dK at 2²⁴, naming samples', () => {
    expectAttentionError(() => lab.scalingExperiment({ dK: 8, keys: 8, samples: 0 }), 'samples', 'samples: expected a whole number from 1 to 10000, got 0');
    expectAttentionError(() => lab.scalingExperiment({ dK: 8, keys: 8, samples: 10001 }), 'samples', 'samples: expected a whole number from 1 to 10000, got 10001');
    expectAttentionError(
      () => lab.scalingExperiment({ dK: 1024, keys: 1024, samples: 10000 }),
      'samples',
      'samples: expected samples × keys × dK of at most 16777216 draws, got 10000 × 1024 × 1024',
    );
    expectAttentionError(() => lab.scalingExperiment({ dK: 1025, keys: 8, samples: 1 }), 'dK', 'dK: expected a whole number from 1 to 1024, got 1025');
  });

  test('softmaxJacobian takes one row', () => {
    expectAttentionError(() => lab.softmaxJacobian({ logits: [[1, 2], [3, 4]] }), 'logits', 'logits: expected one row (a 1 × m matrix), got 2 rows');
  });

  test('explainAttention names row, column and stage', () => {
    const cell = { ...qkv, row: 0, column: 0, stage: /** @type {const} */ ('score') };
    expectAttentionError(() => lab.explainAttention({ ...cell, row: 1 }), 'row', 'row: expected a whole number from 0 to 0, got 1');
    expectAttentionError(() => lab.explainAttention({ ...cell, column: 3 }), 'column', 'column: expected a whole number from 0 to 2, got 3');
    expectAttentionError(() => lab.explainAttention({ ...cell, column: 2, stage: 'output' }), 'column', 'column: expected a whole number from 0 to 1, got 2');
    expectAttentionError(() => untyped.explainAttention({ ...cell, stage: 'softmax' }), 'stage', "stage: expected 'score', 'scaled', 'weight' or 'output', got 'softmax'");
    expectAttentionError(() => untyped.explainAttention({ ...cell, stage: undefined }), 'stage', "stage: expected 'score', 'scaled', 'weight' or 'output', got undefined");
    expectAttentionError(() => untyped.explainAttention({ ...cell, row: '0' }), 'row', 'row: expected a number, got the string "0"');
  });

  test('explainAttentionBackward names row and column against the gradient’s shape, the stage and gradOutput', () => {
    const cell = { ...qkv, gradOutput: [[1, -1]], row: 0, column: 0, stage: /** @type {const} */ ('gradValue') };
    expectAttentionError(() => lab.explainAttentionBackward({ ...cell, row: 3 }), 'row', 'row: expected a whole number from 0 to 2, got 3');
    expectAttentionError(() => lab.explainAttentionBackward({ ...cell, row: 1, stage: 'gradWeight' }), 'row', 'row: expected a whole number from 0 to 0, got 1');
    expectAttentionError(() => lab.explainAttentionBackward({ ...cell, column: 2 }), 'column', 'column: expected a whole number from 0 to 1, got 2');
    expectAttentionError(() => untyped.explainAttentionBackward({ ...cell, stage: 'score' }), 'stage',
      "stage: expected 'gradValue', 'gradWeight', 'gradScaled', 'gradScore', 'gradQuery' or 'gradKey', got 'score'");
    expectAttentionError(() => untyped.explainAttentionBackward({ ...cell, gradOutput: undefined }), 'gradOutput', /^gradOutput: expected/);
    expectAttentionError(() => lab.explainAttentionBackward({ ...cell, gradOutput: [[1, -1, 0]] }), 'gradOutput', /^gradOutput: expected/);
  });

  test('permutationTest needs a permutation of 0 … n−1 and says whether to add positions', () => {
    const args = { input: x8, heads: 2, positionalEncoding: false };
    expectAttentionError(() => lab.permutationTest({ ...args, permutation: [0] }), 'permutation', 'permutation: expected 2 indices (one per row of input), got 1');
    expectAttentionError(() => lab.permutationTest({ ...args, permutation: [0, 0] }), 'permutation[1]', 'permutation[1]: expected an index not used before (each of 0 to 1 once), got 0 again');
    expectAttentionError(() => lab.permutationTest({ ...args, permutation: [0, 2] }), 'permutation[1]', 'permutation[1]: expected a whole number from 0 to 1, got 2');
    expectAttentionError(() => untyped.permutationTest({ ...args, permutation: 'ba' }), 'permutation', 'permutation: expected an array of numbers, got the string "ba"');
    expectAttentionError(() => untyped.permutationTest({ input: x8, heads: 2, permutation: [1, 0] }), 'positionalEncoding', 'positionalEncoding: expected true or false, got undefined');
    expectAttentionError(() => untyped.permutationTest({ ...args, permutation: [1, 0], positionalEncoding: 1 }), 'positionalEncoding', 'positionalEncoding: expected true or false, got 1');
  });

  test('an encoder layer without attention biases refuses a given bias, naming it', () => {
    expectAttentionError(() => lab.encoderLayer({ input: x8, heads: 2, dFF: 4, attentionBias: false, bQ: Array(8).fill(0) }), 'bQ', 'bQ: expected no bias, since attentionBias is false, got 8 numbers');
    expectAttentionError(() => untyped.encoderLayer({ input: x8, heads: 2, dFF: 4, attentionBias: 'no' }), 'attentionBias', 'attentionBias: expected true or false, got the string "no"');
  });
});

test('finite inputs whose results overflow are refused, naming an argument of the operation', () => {
  for (const args of [
    { query: [[1e200, 1e200]], key: [[1e200, 0], [0, 1]], value: [[1], [2]] },
    { query: [[1e200, -1e200]], key: [[1e200, 1e200], [1, 1]], value: [[1], [2]] },
  ]) {
    expectAttentionError(() => lab.attention(args), 'query', 'query: expected values small enough for scores to stay within double range, got scores[0][0] = ');
  }
  expectAttentionError(() => lab.layerNorm({ input: [[1e200, -1e200]] }), 'input', 'input: expected values small enough for the variance to stay within double range, got variance[0] = Infinity');
  expectAttentionError(() => lab.feedForward({ input: [[1e200]], w1: [[1e200]], w2: [[1]] }), 'input', 'got hidden[0][0] = Infinity');
});

test('multi-head attention refuses traces over the cap of heads × queries × keys', () => {
  const wide = Array.from({ length: 1024 }, () => Array(64).fill(0.01));
  expectAttentionError(() => lab.multiHeadAttention({ query: wide, key: wide, value: wide, heads: 4 }), 'heads', 'heads: expected heads × queries × keys of at most 2097152 attention weights, got 4 × 1024 × 1024');
});

test('errors from the JavaScript side and from the engine are the same class, with argument set', () => {
  const fromJs = expectAttentionError(() => lab.attention({ ...qkv, query: [[1, 2], [3]] }), 'query[1]');
  const fromEngine = expectAttentionError(() => lab.attention({ ...qkv, query: [[1, NaN]] }), 'query[0][1]');
  assert.equal(Object.getPrototypeOf(fromJs), Object.getPrototypeOf(fromEngine));
  assert.equal(typeof fromEngine.stack, 'string');
});

test('after all of those errors, the module still computes the worked example correctly', () => {
  const t = lab.attention(qkv);
  assert.deepEqual(t.scores, [[1, 2, 3]]);
  assert.deepEqual(t.weights[0].map((w) => w.toFixed(3)), ['0.140', '0.284', '0.576']);
  assert.deepEqual(t.output[0].map((o) => o.toFixed(3)), ['0.355', '0.617']);
  assert.deepEqual(lab.memory().liveHandles, 0);
});

describe('crossEntropy targets', () => {
  test('a target out of range or not whole names targets[i], through the wasm build', () => {
    const logits = [[1, 2, 3], [0, 0, 0]];
    expectAttentionError(() => lab.crossEntropy({ logits, targets: [0, 3] }), 'targets[1]', 'targets[1]: expected a whole number from 0 to 2, got 3');
    expectAttentionError(() => lab.crossEntropy({ logits, targets: [1.5, 0] }), 'targets[0]', 'targets[0]: expected a whole number from 0 to 2, got 1.5');
    expectAttentionError(() => lab.crossEntropy({ logits, targets: [0] }), 'targets', 'targets: expected 2 numbers (one class per row of logits), got 1');
  });
});

describe('matrixDifference', () => {
  test('shapes that differ and a difference past double range name the argument, through the wasm build', () => {
    expectAttentionError(() => lab.matrixDifference({ left: [[1, 2]], right: [[1], [2]] }), 'right', 'right: expected a matrix of shape 1×2 (the shape of left), got 2×1');
    expectAttentionError(() => lab.matrixDifference({ left: [[1e308]], right: [[-1e308]] }), 'left',
      'left: expected values small enough for difference to stay within double range, got difference[0][0] = Infinity');
  });
});

describe('kvCacheDecode', () => {
  test('kvHeads, window, sinks, positional and ropeBase that describe no layer name themselves, through the wasm build', () => {
    const input = [[1, 0, 2, 1, 0, 1, 2, 0], [0, 1, 1, 0, 2, 0, 1, 1], [2, 1, 0, 1, 1, 2, 0, 1]];
    const request = { input, heads: 4 };
    expectAttentionError(() => lab.kvCacheDecode({ ...request, kvHeads: 3 }), 'kvHeads', 'kvHeads: expected a divisor of heads = 4, got 3');
    expectAttentionError(() => lab.kvCacheDecode({ ...request, kvHeads: 0 }), 'kvHeads', 'kvHeads: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.kvCacheDecode({ ...request, kvHeads: 2, wK: grid(8, 8) }), 'wK', 'wK: expected a matrix of shape 8×4 (d_model × kvHeads·d_k), got 8×8');
    expectAttentionError(() => lab.kvCacheDecode({ ...request, window: 0 }), 'window', 'window: expected a whole number from 1 to 4096, got 0');
    expectAttentionError(() => lab.kvCacheDecode({ ...request, sinks: 2 }), 'sinks',
      'sinks: expected a window beside it (sinks are the first keys kept visible past a sliding window), got sinks = 2 without window');
    expectAttentionError(() => untyped.kvCacheDecode({ ...request, positional: 'sinusoid' }), 'positional', "positional: expected 'none', 'rope' or 'alibi', got 'sinusoid'");
    expectAttentionError(() => untyped.kvCacheDecode({ ...request, positional: 'rope', ropeConvention: 'neox' }), 'ropeConvention', "ropeConvention: expected 'half' or 'interleaved', got 'neox'");
    expectAttentionError(() => lab.kvCacheDecode({ ...request, positional: 'rope', ropeBase: 0 }), 'ropeBase', 'ropeBase: expected a finite number > 0, got 0');
    expectAttentionError(() => lab.kvCacheDecode({ input: grid(3, 6), heads: 2, positional: 'rope' }), 'positional',
      "positional: expected 'none' or 'alibi' with an odd d_k = d_model / heads = 3 (RoPE rotates pairs of columns), got 'rope'");
  });
});

describe('kvCacheMemory', () => {
  test('bytes per number other than 1, 2, 4 or 8 and sizes out of range name the argument, through the wasm build', () => {
    const gpt2 = { layers: 12, length: 1024, dModel: 768, bytesPerNumber: 4 };
    assert.deepEqual(lab.kvCacheMemory(gpt2), {
      numbersPerTokenLayer: 1536, numbersPerToken: 18432, cachedTokens: 1024, numbers: 18874368,
      bytesPerToken: 73728, bytes: 75497472, mebibytes: 72, gibibytes: 72 / 1024,
    });
    expectAttentionError(() => lab.kvCacheMemory({ ...gpt2, bytesPerNumber: 3 }), 'bytesPerNumber', 'bytesPerNumber: expected 1, 2, 4 or 8 (int8, float16, float32, float64), got 3');
    expectAttentionError(() => lab.kvCacheMemory({ ...gpt2, layers: 0 }), 'layers');
  });

  test('heads, kvHeads, latent, ropeWidth and window that describe no cache name themselves, through the wasm build', () => {
    const llama = { layers: 32, length: 4096, dModel: 4096, bytesPerNumber: 2, heads: 32 };
    const deepseek = { layers: 60, length: 4096, dModel: 5120, bytesPerNumber: 2, latent: 512, ropeWidth: 64 };
    expectAttentionError(() => lab.kvCacheMemory({ ...llama, heads: 3 }), 'heads', 'heads: expected a divisor of d_model = 4096, got 3');
    expectAttentionError(() => lab.kvCacheMemory({ ...llama, kvHeads: 5 }), 'kvHeads', 'kvHeads: expected a divisor of heads = 32, got 5');
    expectAttentionError(() => lab.kvCacheMemory({ ...llama, kvHeads: 0 }), 'kvHeads', 'kvHeads: expected a whole number from 1 to 65536, got 0');
    expectAttentionError(() => lab.kvCacheMemory({ ...deepseek, kvHeads: 8 }), 'kvHeads',
      'kvHeads: expected no kvHeads with latent (every head reads the one latent vector a token caches), got 8');
    expectAttentionError(() => lab.kvCacheMemory({ ...deepseek, heads: 128 }), 'heads',
      'heads: expected no heads with latent (every head reads the one latent vector a token caches), got 128');
    expectAttentionError(() => lab.kvCacheMemory({ ...llama, ropeWidth: 64 }), 'ropeWidth',
      'ropeWidth: expected latent beside it (the rotary key a latent cache keeps next to its latent vector), got 64 without latent');
    expectAttentionError(() => lab.kvCacheMemory({ ...llama, window: 0 }), 'window', 'window: expected a whole number from 1 to 1048576, got 0');
  });
});

describe('the backward passes and dropout', () => {
  test('a gradOutput of the wrong shape names the output\'s shape, through the wasm build', () => {
    expectAttentionError(
      () => lab.attentionBackward({ ...qkv, gradOutput: [[1, 0, 0]] }),
      'gradOutput',
      'gradOutput: expected a matrix of shape 1×2 (n × d_v, the shape of the output), got 1×3',
    );
    expectAttentionError(
      () => lab.multiHeadAttentionBackward({ ...mhaArgs, gradOutput: [[1, 2, 3, 4, 5, 6, 7, 8]] }),
      'gradOutput',
      'gradOutput: expected a matrix of shape 2×8 (n × d_model, the shape of the output), got 1×8',
    );
    expectAttentionError(() => untyped.attentionBackward(qkv), 'gradOutput', `gradOutput: ${MATRIX}, got undefined`);
  });

  test('a dropout outside [0, 1) or a bad dropoutSeed names it', () => {
    expectAttentionError(
      () => lab.attention({ ...qkv, dropout: 1 }),
      'dropout',
      'dropout: expected a probability from 0 up to (not including) 1, got 1',
    );
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, dropout: -0.5 }), 'dropout', /got -0\.5$/);
    expectAttentionError(() => lab.attention({ ...qkv, dropout: 0.5, dropoutSeed: -1 }), 'dropoutSeed', /^dropoutSeed: expected a whole number/);
  });
});

describe('rotary positions', () => {
  const input = [[1, 2, 3, 4], [5, 6, 7, 8]];

  test('an odd width or positions of the wrong length name the argument', () => {
    expectAttentionError(() => lab.rope({ input: [[1, 2, 3]] }), 'input', 'input: expected an even number of columns (RoPE rotates pairs), got 3');
    expectAttentionError(() => lab.rope({ input, positions: [0, 1, 2] }), 'positions', 'positions: expected 2 numbers (one per row of input), got 3');
    expectAttentionError(() => lab.rope({ input, positions: [0, NaN] }), 'positions[1]', 'positions[1]: expected a finite number, got NaN');
  });

  test('a base that is not a finite number above 0 names base', () => {
    for (const [base, text] of [[0, '0'], [-3, '-3'], [Infinity, 'Infinity'], [NaN, 'NaN']]) {
      expectAttentionError(() => lab.rope({ input, base: /** @type {number} */ (base) }), 'base', `base: expected a finite number > 0, got ${text}`);
    }
  });

  test('an unknown convention names convention and lists the two', () => {
    expectAttentionError(() => untyped.rope({ input, convention: 'neox' }), 'convention', "convention: expected 'half' or 'interleaved', got 'neox'");
  });

  test('diagnoseRope names its argument: odd width, positions, stage, cell, answer, tolerance', () => {
    const layer = { query: input, key: input, value: input, stage: /** @type {const} */ ('score'), row: 0, column: 0, answer: 0 };
    expectAttentionError(() => lab.diagnoseRope({ ...layer, query: [[1, 2, 3]], key: [[1, 2, 3]], value: [[1]] }), 'query', 'query: expected an even number of columns (RoPE rotates pairs), got 3');
    expectAttentionError(() => lab.diagnoseRope({ ...layer, queryPositions: [1] }), 'queryPositions', 'queryPositions: expected 2 numbers (one per row of query), got 1');
    expectAttentionError(() => lab.diagnoseRope({ ...layer, keyPositions: [1, 2, 3] }), 'keyPositions', 'keyPositions: expected 2 numbers (one per row of key), got 3');
    expectAttentionError(() => untyped.diagnoseRope({ ...layer, stage: 'weight' }), 'stage', "stage: expected 'rotated', 'score' or 'output', got 'weight'");
    expectAttentionError(() => lab.diagnoseRope({ ...layer, stage: 'rotated', column: 4 }), 'column', 'column: expected a whole number from 0 to 3, got 4');
    expectAttentionError(() => lab.diagnoseRope({ ...layer, row: 2 }), 'row', 'row: expected a whole number from 0 to 1, got 2');
    expectAttentionError(() => lab.diagnoseRope({ ...layer, answer: Infinity }), 'answer', 'answer: expected a finite number, got Infinity');
    expectAttentionError(() => lab.diagnoseRope({ ...layer, tolerance: 0 }), 'tolerance', 'tolerance: expected a finite number above 0, got 0');
  });

  test('countPairs names tokens: empty, fractional or past the last token', () => {
    expectAttentionError(() => lab.countPairs({ tokens: [] }), 'tokens', 'tokens: expected an array with at least one number, got an empty array');
    expectAttentionError(() => lab.countPairs({ tokens: [97, 1280] }), 'tokens[1]', 'tokens[1]: expected a whole number from 0 to 1279, got 1280');
    expectAttentionError(() => lab.countPairs({ tokens: [0.5] }), 'tokens[0]', 'tokens[0]: expected a whole number from 0 to 1279, got 0.5');
  });

  test('diagnoseTokenizer names its argument: text, merges, question, merge, newText, answer', () => {
    const asked = { text: 'abab', merges: 1, question: /** @type {const} */ ('count'), merge: 0, answer: 2 };
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, text: '' }), 'text', 'text: expected a text of 1 to 16384 bytes of UTF-8, got an empty string');
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, merges: 1025 }), 'merges', 'merges: expected a whole number from 0 to 1024, got 1025');
    expectAttentionError(() => untyped.diagnoseTokenizer({ ...asked, question: 'pairs' }), 'question', "question: expected 'bytes', 'count', 'first', 'length' or 'tokens', got 'pairs'");
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, merge: undefined }), 'merge', "merge: expected the index of a merge for question 'count', got none");
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, merge: 1 }), 'merge', 'merge: expected a whole number from 0 to 0, got 1');
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, text: 'abc' }), 'merge', 'merge: expected a merge the training made, but it made none, got 0');
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, question: 'tokens' }), 'newText', "newText: expected a text to tokenize for question 'tokens', got none");
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, question: 'tokens', newText: 'a'.repeat(2049) }), 'newText', 'newText: expected a text of 1 to 2048 bytes of UTF-8, got 2049 bytes');
    expectAttentionError(() => lab.diagnoseTokenizer({ ...asked, answer: 1.5 }), 'answer', 'answer: expected a whole number from 0 to 16384, got 1.5');
  });

  test('diagnoseSlidingWindow names its argument: window, sinks, layers, stage, cell, answer, tolerance', () => {
    const layer = { query: input, key: input, value: input, window: 2, stage: /** @type {const} */ ('weight'), row: 0, column: 0, answer: 0 };
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, window: 0 }), 'window', 'window: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, sinks: -1 }), 'sinks', 'sinks: expected a whole number from 0 to 1024, got -1');
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, layers: 0 }), 'layers', 'layers: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => untyped.diagnoseSlidingWindow({ ...layer, stage: 'score' }), 'stage', "stage: expected 'weight', 'output' or 'reach', got 'score'");
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, stage: 'reach', column: 1 }), 'column', 'column: expected a whole number from 0 to 0, got 1');
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, row: 2 }), 'row', 'row: expected a whole number from 0 to 1, got 2');
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, answer: NaN }), 'answer', 'answer: expected a finite number, got NaN');
    expectAttentionError(() => lab.diagnoseSlidingWindow({ ...layer, tolerance: -1 }), 'tolerance', 'tolerance: expected a finite number above 0, got -1');
  });

  test('diagnoseGroupedQuery names its argument: stage, heads, kvHeads, head, bytes, answer, tolerance', () => {
    const llama3 = { stage: /** @type {const} */ ('kvHead'), heads: 32, kvHeads: 8, layers: 32, dModel: 4096, length: 4096, bytesPerNumber: 2, answer: 0 };
    expectAttentionError(() => untyped.diagnoseGroupedQuery({ ...llama3, stage: 'bytes' }), 'stage', "stage: expected 'kvHead', 'cacheBytes' or 'cacheGibibytes', got 'bytes'");
    expectAttentionError(() => lab.diagnoseGroupedQuery({ ...llama3, kvHeads: 3 }), 'kvHeads', 'kvHeads: expected a divisor of heads = 32, got 3');
    expectAttentionError(() => lab.diagnoseGroupedQuery({ ...llama3, dModel: 4100 }), 'heads', 'heads: expected a divisor of d_model = 4100, got 32');
    expectAttentionError(() => lab.diagnoseGroupedQuery({ ...llama3, head: 32 }), 'head', 'head: expected a whole number from 0 to 31, got 32');
    expectAttentionError(() => lab.diagnoseGroupedQuery({ ...llama3, bytesPerNumber: 3 }), 'bytesPerNumber', 'bytesPerNumber: expected 1, 2, 4 or 8 (int8, float16, float32, float64), got 3');
    expectAttentionError(() => lab.diagnoseGroupedQuery({ ...llama3, answer: NaN }), 'answer', 'answer: expected a finite number, got NaN');
    expectAttentionError(() => lab.diagnoseGroupedQuery({ ...llama3, tolerance: 0 }), 'tolerance', 'tolerance: expected a finite number above 0, got 0');
  });

  test('diagnoseAlibi names its argument: heads, head, stage, cell, answer, tolerance', () => {
    const head = { query: input, key: input, value: input, heads: 8, head: 0, stage: /** @type {const} */ ('weight'), row: 0, column: 0, answer: 0 };
    expectAttentionError(() => lab.diagnoseAlibi({ ...head, heads: 0 }), 'heads', 'heads: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(() => lab.diagnoseAlibi({ ...head, head: 8 }), 'head', 'head: expected a whole number from 0 to 7, got 8');
    expectAttentionError(() => untyped.diagnoseAlibi({ ...head, stage: 'score' }), 'stage', "stage: expected 'slope', 'bias', 'biased', 'weight' or 'output', got 'score'");
    expectAttentionError(() => lab.diagnoseAlibi({ ...head, stage: 'slope', row: 1 }), 'row', 'row: expected a whole number from 0 to 0, got 1');
    expectAttentionError(() => lab.diagnoseAlibi({ ...head, column: input.length }), 'column', `column: expected a whole number from 0 to ${input.length - 1}, got ${input.length}`);
    expectAttentionError(() => lab.diagnoseAlibi({ ...head, answer: NaN }), 'answer', 'answer: expected a finite number, got NaN');
    expectAttentionError(() => lab.diagnoseAlibi({ ...head, tolerance: -1 }), 'tolerance', 'tolerance: expected a finite number above 0, got -1');
  });
});

describe('grouped heads, positions inside the heads and sliding windows', () => {
  const four = { ...mhaArgs, heads: 4 };

  test('kvHeads that do not divide heads, or 0, name kvHeads', () => {
    expectAttentionError(() => lab.multiHeadAttention({ ...four, kvHeads: 3 }), 'kvHeads', 'kvHeads: expected a divisor of heads = 4, got 3');
    expectAttentionError(() => lab.multiHeadAttention({ ...four, kvHeads: 0 }), 'kvHeads', 'kvHeads: expected a whole number from 1 to 1024, got 0');
  });

  test('wK, wV and bK as wide as every head when the heads are grouped name the argument', () => {
    const square = Array.from({ length: 8 }, () => Array(8).fill(0));
    expectAttentionError(() => lab.multiHeadAttention({ ...four, kvHeads: 2, wK: square }), 'wK', 'wK: expected a matrix of shape 8×4 (d_model × kvHeads·d_k), got 8×8');
    expectAttentionError(() => lab.multiHeadAttention({ ...four, kvHeads: 2, wV: square }), 'wV', 'wV: expected a matrix of shape 8×4 (d_model × kvHeads·d_k), got 8×8');
    expectAttentionError(() => lab.multiHeadAttention({ ...four, kvHeads: 1, bV: [1, 2, 3] }), 'bV', 'bV: expected 2 numbers (kvHeads·d_k, one per column of wV), got 3');
  });

  test('an unknown positional or ropeConvention, a bad ropeBase or RoPE on an odd d_k name the argument', () => {
    expectAttentionError(() => untyped.multiHeadAttention({ ...mhaArgs, positional: 'sinusoidal' }), 'positional', "positional: expected 'none', 'rope' or 'alibi', got 'sinusoidal'");
    expectAttentionError(() => untyped.multiHeadAttention({ ...mhaArgs, positional: 'rope', ropeConvention: 'neox' }), 'ropeConvention', "ropeConvention: expected 'half' or 'interleaved', got 'neox'");
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, positional: 'rope', ropeBase: 0 }), 'ropeBase', 'ropeBase: expected a finite number > 0, got 0');
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, positional: 'rope', ropeBase: -Infinity }), 'ropeBase', 'ropeBase: expected a finite number > 0, got -Infinity');
    const x6 = [[1, 2, 3, 4, 5, 6]];
    expectAttentionError(
      () => lab.multiHeadAttention({ query: x6, key: x6, value: x6, heads: 2, positional: 'rope' }),
      'positional',
      "positional: expected 'none' or 'alibi' with an odd d_k = d_model / heads = 3 (RoPE rotates pairs of columns), got 'rope'",
    );
  });

  test('a window of 0, sinks without a window and a window beside a mask name the argument', () => {
    expectAttentionError(() => lab.multiHeadAttention({ ...mhaArgs, window: 0 }), 'window', 'window: expected a whole number from 1 to 1024, got 0');
    expectAttentionError(
      () => lab.multiHeadAttention({ ...mhaArgs, sinks: 1 }),
      'sinks',
      'sinks: expected a window beside it (sinks are the first keys kept visible past a sliding window), got sinks = 1 without window',
    );
    expectAttentionError(
      () => lab.multiHeadAttention({ ...mhaArgs, window: 2, mask: 'causal' }),
      'window',
      'window: expected no mask beside it (the window is a causal mask of its own), got a mask as well',
    );
  });

  test('the backward refuses them as arguments it does not take', () => {
    for (const name of ['kvHeads', 'positional', 'ropeBase', 'ropeConvention', 'window', 'sinks']) {
      expectAttentionError(
        () => untyped.multiHeadAttentionBackward({ ...mhaArgs, gradOutput: x8, [name]: 1 }),
        name,
        new RegExp(`^${name}: expected one of the arguments of multiHeadAttentionBackward \\(`),
      );
    }
  });
});
