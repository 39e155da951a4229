// Arguments built to break the façade's reading of them (found by an adversarial run): holes,
// lone surrogates, inherited or unknown keys, getters that throw, Proxies that lie, NUL
// characters. Each is refused with an AttentionError naming the argument, without hanging,
// leaking a handle or reading anything twice.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, test } from 'node:test';

import fc from 'fast-check';

import { loadAttentionLab } from 'attention-lab';

import { expectAttentionError } from '../support/expect-error.mjs';
import { VALID } from '../support/fuzz-arbitraries.mjs';

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

/**
 * A property descriptor that inherits nothing: with `value` or `get` planted on Object.prototype,
 * a plain { … } descriptor would carry them too.
 * @param {PropertyDescriptor} fields
 */
const descriptor = (fields) => Object.assign(Object.create(null), fields);

/**
 * Runs `fn` with `keys` defined on Object.prototype as getters that record each read and answer
 * `value(key)`, then removes them. Returns what fn returned (or threw) and the keys read. An
 * assignment still creates an own property, as with a plain `Object.prototype.key = …`.
 * @param {readonly string[]} keys
 * @param {(key: string) => unknown} value
 * @param {() => unknown} fn
 */
function withPollutedPrototype(keys, value, fn) {
  /** @type {Set<string>} */
  const read = new Set();
  const added = keys.filter((key) => !Object.hasOwn(Object.prototype, key));
  for (const key of added) {
    Object.defineProperty(Object.prototype, key, descriptor({
      configurable: true,
      enumerable: false,
      get() {
        read.add(key);
        return value(key);
      },
      /** @this {object} @param {unknown} v */
      set(v) {
        Object.defineProperty(this, key, descriptor({ value: v, writable: true, enumerable: true, configurable: true }));
      },
    }));
  }
  try {
    return { outcome: outcomeOf(fn), read: [...read] };
  } finally {
    for (const key of added) delete (/** @type {any} */ (Object.prototype))[key];
  }
}

/** A call's result, or its error as { error: message }, for comparing two calls. @param {() => unknown} fn */
function outcomeOf(fn) {
  try {
    return { value: fn() };
  } catch (error) {
    return { error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/** The argument names of `operation`, as its unknown-argument message lists them. @param {string} operation */
function argumentNames(operation) {
  const error = expectAttentionError(() => untyped[operation]({ notAnArgument: 1 }), 'notAnArgument');
  const list = /\((.*)\), got an unknown argument$/.exec(error.message);
  assert.ok(list, error.message);
  return list[1].split(', ');
}

/** Keys the façade itself uses inside the requests and tables it builds. */
const INTERNAL_KEYS = ['booleans', 'rows', 'cols', 'kind', 'keyLength', 'matrix', 'data', 'ok', 'value', 'name', 'message', 'choices', 'choiceKind', 'optional'];

/** What another script might put on Object.prototype under a key. @param {string} key */
const hostileValue = (key) => (key === 'mask' ? 'causal' : key === 'booleans' || key === 'ok' ? true : [[7, 7], [7, 7]]);

describe('keys set on Object.prototype by another script are never options', () => {
  const operations = Object.keys(lab).filter((name) => typeof untyped[name] === 'function' && !['createTrainer', 'createLanguageModel', 'loadLanguageModel', 'memory'].includes(name));

  test('the API has the operations this test walks', () => {
    assert.ok(operations.length >= 30, `${operations.length} operations`);
    for (const operation of Object.keys(VALID)) assert.ok(operations.includes(operation), operation);
  });

  for (const operation of operations) {
    test(`${operation}: the same result with its argument names and the façade's keys on Object.prototype, none of them read`, () => {
      // Valid arguments where the fuzz has them (every argument then gets read); {} otherwise,
      // which still goes through the one reader every operation shares.
      const args = operation in VALID ? fc.sample(VALID[/** @type {keyof typeof VALID} */ (operation)], { seed: 27, numRuns: 1 })[0] : {};
      const clean = outcomeOf(() => untyped[operation](structuredClone(args)));
      const polluted = withPollutedPrototype([...argumentNames(operation), ...INTERNAL_KEYS], hostileValue, () => untyped[operation](structuredClone(args)));
      assert.deepEqual(polluted.read, [], 'keys read from Object.prototype');
      assert.deepEqual(polluted.outcome, clean);
    });
  }

  test('a matrix takes true and false only where it is a mask, whatever Object.prototype holds', () => {
    const polluted = withPollutedPrototype(['booleans'], () => true, () => untyped.attention({ query: [[true, 1]], key, value }));
    assert.deepEqual(polluted.outcome, { error: 'AttentionError: query[0][0]: expected a number, got boolean true' });
  });

  test('a hole in an array stays a hole when Object.prototype or Array.prototype holds that index', () => {
    // eslint-disable-next-line no-sparse-arrays
    const holey = ['a', , 'b'];
    const polluted = withPollutedPrototype(['1'], () => 'z', () => untyped.embedTokens({ tokens: holey, dModel: 2 }));
    assert.deepEqual(polluted.outcome, { error: 'AttentionError: tokens[1]: expected a string, got undefined' });
    /** @type {any} */ (Array.prototype)[0] = 5;
    try {
      // eslint-disable-next-line no-sparse-arrays
      expectAttentionError(() => untyped.attention({ query: [[, 1]], key, value: [[1, 1], [1, 1], [1, 1]] }), 'query[0][0]', 'got undefined');
    } finally {
      delete (/** @type {any} */ (Array.prototype))[0];
    }
  });

  test('an engine loaded while Object.prototype holds functions named as operations and encoders uses its own', () => {
    // A fresh process: the encoders of choices are set up by the first engine loaded.
    const script = `
      for (const key of ['attentionBackward', 'liveTrainers', 'activation?']) {
        Object.defineProperty(Object.prototype, key, { configurable: true, value: () => 'gelu' });
      }
      const { loadAttentionLab } = await import('attention-lab');
      const lite = await loadAttentionLab({ training: false });
      const outcome = (fn) => { try { return fn(); } catch (error) { return error.message; } };
      const args = { input: [[1, -1]], w1: [[1], [-1]], w2: [[1, 1]] };
      console.log(JSON.stringify({
        backward: outcome(() => lite.attentionBackward({})),
        trainer: outcome(() => lite.createTrainer()),
        omitted: lite.feedForward(args).output,
        relu: lite.feedForward({ ...args, activation: 'relu' }).output,
      }));`;
    const answer = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }));
    assert.match(answer.backward, /^attentionBackward: expected the full engine/);
    assert.match(answer.trainer, /^createTrainer: expected the full engine/);
    assert.deepEqual(answer.omitted, answer.relu, 'an omitted activation is relu, the engine\'s default');
  });

  test('createTrainer builds the same trainer when Object.prototype holds every option and model field', () => {
    const keys = ['task', 'model', 'seed', 'learningRate', 'batchSize', 'optimizer', 'weightDecay', 'dropout', 'clipNorm', 'length', 'vocabulary', 'dModel', 'heads', 'layers', 'dFF'];
    /** @type {Record<string, unknown>} */
    const planted = { task: 'iris', model: { dModel: 64, heads: 8, layers: 3, dFF: 64 }, optimizer: 'sgd', dModel: 64, heads: 8, layers: 3, dFF: 64 };
    const build = (/** @type {object | undefined} */ options) => {
      const trainer = untyped.createTrainer(options);
      try {
        return { options: trainer.status().options, losses: trainer.step(2).losses };
      } finally {
        trainer.dispose();
      }
    };
    for (const options of [undefined, {}, { task: 'sort', model: { heads: 4 } }]) {
      const clean = outcomeOf(() => build(options));
      const polluted = withPollutedPrototype(keys, (k) => planted[k] ?? 3, () => build(options));
      assert.deepEqual(polluted.read, [], `keys read from Object.prototype for ${JSON.stringify(options)}`);
      assert.deepEqual(polluted.outcome, clean, JSON.stringify(options));
    }
  });

  test('ablate reads only its own layer and head', () => {
    const trainer = lab.createTrainer({ model: { heads: 2 } });
    try {
      const polluted = withPollutedPrototype(['layer', 'head'], () => 1, () => trainer.ablate(/** @type {any} */ ({ layer: 0 })));
      assert.deepEqual(polluted.outcome, { error: 'AttentionError: head: expected a whole number, got undefined' });
      assert.deepEqual(polluted.read, []);
    } finally {
      trainer.dispose();
    }
  });
});
