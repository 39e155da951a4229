// Arguments built to break the façade's reading of them (found by an adversarial run): holes,
// lone surrogates, inherited or unknown keys, getters that throw, Proxies that lie, NUL
// characters. Each is refused with an AttentionError naming the argument, without hanging,
// leaking a handle or reading anything twice.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const untyped = /** @type {any} */ (lab);

const query = [[1, 2]];
const key = [[1, 0], [0, 1], [1, 1]];
const value = [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]];

describe('holes and lone surrogates in tokens', () => {
  test('a hole in tokens is refused naming tokens[1], and 10,000 such calls leave no handle or heap behind', () => {
    // eslint-disable-next-line no-sparse-arrays
    const holey = ['a', , 'b'];
    expectAttentionError(() => untyped.embedTokens({ tokens: holey, dModel: 2 }), 'tokens[1]', 'tokens[1]: expected a string, got undefined');
    const before = lab.memory();
    for (let i = 0; i < 10_000; i += 1) {
      assert.throws(() => untyped.embedTokens({ tokens: holey, dModel: 2 }), { name: 'AttentionError' });
    }
    const after = lab.memory();
    assert.equal(after.liveHandles, before.liveHandles, 'live Embind handles');
    assert.equal(after.heapBytesInUse, before.heapBytesInUse, 'heap bytes in use');
  });

  test('a token with a lone surrogate is refused naming it, instead of becoming U+FFFD like another token', () => {
    expectAttentionError(
      () => lab.embedTokens({ tokens: ['ok', 'a\uD800', 'a\uDFFF'], dModel: 2 }),
      'tokens[1]',
      'tokens[1]: expected a well-formed string (no lone UTF-16 surrogate), got the string "a\\ud800"',
    );
    // A surrogate pair is one character, not a lone half.
    assert.deepEqual(lab.embedTokens({ tokens: ['😀', 'a'], dModel: 2 }).tokens, ['😀', 'a']);
  });

  test('a choice string with a lone surrogate is refused in JavaScript, naming the argument', () => {
    expectAttentionError(() => untyped.randomMatrix({ rows: 1, cols: 1, distribution: 'normal\uDC00' }), 'distribution', 'well-formed');
  });
});

describe('only own enumerable properties are arguments', () => {
  test('constructor, toString and __proto__ given as own keys are unknown arguments', () => {
    for (const extra of ['constructor', 'toString', 'hasOwnProperty']) {
      expectAttentionError(() => untyped.attention({ query, key, value, [extra]: 1 }), extra, 'got an unknown argument');
    }
    const parsed = JSON.parse(`{ "query": [[1, 2]], "key": [[1, 0]], "value": [[1, 1]], "__proto__": { "mask": "causal" } }`);
    expectAttentionError(() => untyped.attention(parsed), '__proto__', 'got an unknown argument');
  });

  test('an own symbol key is an unknown argument too', () => {
    expectAttentionError(() => untyped.attention({ query, key, value, [Symbol('mask')]: 'causal' }), 'Symbol(mask)', 'got an unknown argument');
  });

  test('inherited properties are never read as arguments', () => {
    const inherited = Object.create({ query, key, value, mask: 'causal' });
    expectAttentionError(() => untyped.attention(inherited), 'query', 'got undefined');
    const withInheritedMask = Object.assign(Object.create({ mask: 'causal' }), { query: [[1], [1]], key: [[1], [2]], value: [[1], [2]] });
    const t = untyped.attention(withInheritedMask);
    assert.equal(t.mask, undefined, 'no mask was applied');
  });

  test('non-enumerable own properties are neither read nor refused', () => {
    const args = Object.defineProperty({ query, key, value }, 'mask', { value: 'causal', enumerable: false });
    assert.equal(untyped.attention(args).mask, undefined);
  });

  test('an unknown key with control characters or a great length is shown escaped and short', () => {
    const error = expectAttentionError(() => untyped.attention({ query, key, value, 'a\0b': 1 }), '"a\\u0000b"', 'got an unknown argument');
    assert.ok(!error.message.includes('\0'));
    const long = 'x'.repeat(500);
    const longError = expectAttentionError(() => untyped.attention({ query, key, value, [long]: 1 }), `"${'x'.repeat(24)}…"`);
    assert.ok(longError.message.length < 300, longError.message);
  });
});

describe('getters that throw and Proxies that lie', () => {
  test('a getter that throws on an argument becomes an AttentionError naming that argument', () => {
    const args = { query, key, get value() { throw new TypeError('boom'); } };
    expectAttentionError(() => untyped.attention(args), 'value', 'value: expected a value that can be read, got an error reading it (TypeError: boom)');
  });

  test('a getter that throws on mask.keyLength names mask.keyLength', () => {
    const mask = { get keyLength() { throw new Error('which?'); } };
    expectAttentionError(() => untyped.attention({ query, key, value, mask }), 'mask.keyLength', 'got an error reading it (Error: which?)');
  });

  test('a getter that throws on a row or a cell names the row or the cell', () => {
    const row = [1, 2];
    Object.defineProperty(row, 1, { get() { throw new Error('cell'); }, enumerable: true });
    expectAttentionError(() => untyped.attention({ query: [row], key, value }), 'query[0][1]', 'got an error reading it');
    const rows = [[1, 2]];
    Object.defineProperty(rows, 0, { get() { throw new Error('row'); } });
    expectAttentionError(() => untyped.attention({ query: rows, key, value }), 'query[0]', 'got an error reading it');
  });

  test('a thrown value that is not an Error, or whose message throws, is still reported', () => {
    const hostile = { get message() { throw new Error('again'); } };
    expectAttentionError(() => untyped.attention({ query, key, get value() { throw hostile; } }), 'value', 'got an error reading it');
    expectAttentionError(() => untyped.attention({ query, key, get value() { throw 'a\0string'; } }), 'value', '\\u0000');
  });

  test('each argument, row and cell is read once', () => {
    /** @type {Record<string, number>} */
    const reads = {};
    /** @param {object} target @param {string} path */
    const counting = (target, path) => new Proxy(target, {
      get(t, p, r) {
        const name = `${path}.${String(p)}`;
        reads[name] = (reads[name] ?? 0) + 1;
        const v = Reflect.get(t, p, r);
        return typeof v === 'object' && v !== null ? counting(v, name) : v;
      },
    });
    untyped.attention(counting({ query, key, value, mask: { keyLength: 2 } }, 'args'));
    const twice = Object.entries(reads).filter(([, n]) => n > 1);
    assert.deepEqual(twice, [], 'nothing read twice');
  });

  test('a Proxy claiming a huge length is refused at the cap, without walking to it', () => {
    const liar = new Proxy(['a', 'b'], { get: (t, p) => (p === 'length' ? 2 ** 32 - 1 : Reflect.get(t, p)) });
    const start = performance.now();
    expectAttentionError(() => untyped.embedTokens({ tokens: liar, dModel: 2 }), 'tokens', 'tokens: expected at most 1024 strings, got an array of length 4294967295');
    expectAttentionError(() => untyped.attention({ query: liar, key, value }), 'query', 'at most 1024 rows');
    const rowLiar = new Proxy([1, 2], { get: (t, p) => (p === 'length' ? Infinity : Reflect.get(t, p)) });
    expectAttentionError(() => untyped.attention({ query: [rowLiar], key, value }), 'query[0]', 'got an array of length Infinity');
    assert.ok(performance.now() - start < 1000);
  });

  test('a Proxy whose length grows after the first read is walked only as far as that first read', () => {
    let reads = 0;
    const shifty = new Proxy(['a', 'b'], { get: (t, p) => (p === 'length' ? (reads++ === 0 ? 2 : 2 ** 32 - 1) : Reflect.get(t, p)) });
    const start = performance.now();
    assert.deepEqual(untyped.embedTokens({ tokens: shifty, dModel: 2 }).tokens, ['a', 'b']);
    assert.equal(reads, 1, 'length read once');
    assert.ok(performance.now() - start < 1000);
  });

  test('a revoked Proxy, as the argument object or as a matrix, is refused naming it', () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    expectAttentionError(() => untyped.attention(proxy), 'attention', 'got an error reading it');
    const matrix = Proxy.revocable([[1, 2]], {});
    matrix.revoke();
    expectAttentionError(() => untyped.attention({ query: matrix.proxy, key, value }), 'query', 'got an error reading it');
  });
});

describe('NUL and control characters in messages', () => {
  test('a choice string with a NUL is echoed whole, the NUL escaped', () => {
    expectAttentionError(
      () => untyped.feedForward({ input: [[1]], w1: [[1]], w2: [[1]], activation: 'relu\0gelu' }),
      'activation',
      "activation: expected 'relu' or 'gelu', got 'relu\\u0000gelu'",
    );
    expectAttentionError(() => untyped.explainAttention({ query, key, value, row: 0, column: 0, stage: 'score\0' }), 'stage', "got 'score\\u0000'");
  });

  test('a long unknown choice string is shortened in the message', () => {
    const error = expectAttentionError(() => untyped.randomMatrix({ rows: 1, cols: 1, distribution: 'n'.repeat(5000) }), 'distribution');
    assert.ok(error.message.length < 200, error.message);
    assert.ok(error.message.includes('…'), error.message);
  });

  test('a string shown by the façade escapes control characters', () => {
    const error = expectAttentionError(() => untyped.attention({ query: 'a\0\n', key, value }), 'query', 'got the string "a\\u0000\\n"');
    assert.ok(!error.message.includes('\0'));
  });
});
