// Property-based fuzz of the whole API (fast-check, fixed seed, a bounded number of cases per
// operation). Each case is a valid argument object for the operation (consistent shapes, with now
// and then NaN, ±Infinity, 1e308 or a denormal in a cell), some of whose arguments are then swapped
// for hostile values (wrong kinds, holes, typed arrays, huge or fractional integers, strings with
// NUL or lone surrogates, getters that throw, lying Proxies) and whose object is sometimes wrapped
// (extra keys, inherited arguments, a Proxy). Every call must either return only numbers the
// engine promises, or throw an AttentionError about one of the operation's own arguments; and
// memory must be where it was afterwards.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import fc from 'fast-check';

import { AttentionError, loadAttentionLab } from 'attention-lab';

import { ARGUMENTS, HOSTILE, VALID, WRAPPERS } from '../support/fuzz-arbitraries.mjs';

/** ATTN_FUZZ_RUNS raises it for a longer hunt (npm test keeps the default, well under a minute). */
const RUNS_PER_OPERATION = Number(process.env.ATTN_FUZZ_RUNS ?? 400);
const SEED = Number(process.env.ATTN_FUZZ_SEED ?? 20261123);

const lab = await loadAttentionLab();
const untyped = /** @type {any} */ (lab);

/**
 * Where a result may hold a non-finite number: −∞ is a masked score or logit (and the row maximum
 * of a fully masked row, or of a flash tile or chunk whose keys are all blocked, as the running
 * max before the first tile); nothing may ever be NaN or +∞.
 */
const MAY_BE_MINUS_INFINITY = /(^|\.)(masked|logits|blocked|rowMax|scaled|scores|tileMax|maxBefore|maxAfter|chunkMax|globalMax)(\.|$|\[)/;

/**
 * Asserts every number in `value` is finite, or −∞ where MAY_BE_MINUS_INFINITY allows it.
 * @param {unknown} value @param {string} path
 */
function assertPromisedNumbers(value, path) {
  if (typeof value === 'number') {
    const ok = Number.isFinite(value) || (value === -Infinity && MAY_BE_MINUS_INFINITY.test(path));
    assert.ok(ok, `${path} = ${value}`);
  } else if (Array.isArray(value)) {
    value.forEach((v, i) => assertPromisedNumbers(v, `${path}[${i}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, v] of Object.entries(value)) assertPromisedNumbers(v, path ? `${path}.${key}` : key);
  }
}

/**
 * The arguments an error of `operation` may name: its own (or a cell or field under one), the
 * operation itself (no usable argument object), or a key the case added.
 * @param {string} operation @param {string} argument @param {string[]} extraKeys
 */
function isOwnArgument(operation, argument, extraKeys) {
  if (argument === operation || extraKeys.includes(argument)) return true;
  return ARGUMENTS[operation].some((name) => argument === name || argument.startsWith(`${name}[`) || argument.startsWith(`${name}.`));
}

/**
 * One case: builds the argument object afresh (Proxies and getters are made per call), calls
 * the operation and checks the outcome.
 * @param {string} operation
 * @param {[Record<string, unknown>, Array<[number, number]>, number]} sample the valid arguments,
 *   the swaps (argument index, hostile value index) and the wrapper index
 */
function runCase(operation, [valid, swaps, wrapperIndex]) {
  const names = ARGUMENTS[operation];
  /** @type {Record<string, unknown>} */
  const args = { ...valid };
  for (const [nameIndex, hostileIndex] of swaps) args[names[nameIndex % names.length]] = HOSTILE[hostileIndex].make();
  const wrapper = WRAPPERS[wrapperIndex];
  const given = wrapper.wrap(args);
  let result;
  try {
    result = untyped[operation](given);
  } catch (error) {
    assert.ok(error instanceof AttentionError, `${operation} threw ${String(error)} (${wrapper.name})`);
    assert.ok(isOwnArgument(operation, error.argument, wrapper.extraKeys), `${operation}: "${error.message}" does not name one of its arguments`);
    assert.ok(!error.message.includes('\0'), `a raw NUL in "${error.message}"`);
    return /within double range/.test(error.message) ? 'overflowed' : 'refused';
  }
  assertPromisedNumbers(result, '');
  return 'computed';
}

// Counterexamples the fuzz found (seed 20261123, before the fixes), kept as they came.
describe('counterexamples found by the fuzz', () => {
  test('an encoder layer whose scores overflow blamed "query", an argument it does not have', () => {
    const args = {
      input: [[3.466881312989965e-212, -1e200]], heads: 1, dFF: 3, activation: 'gelu', bO: [3.999999999999999, 2.653190568959972e-124],
      b2: [5.4e-323, 2.816121884768779e-70], gamma1: [-4.485439939524514e-186, 2.1637741518987178e-14],
      beta2: [-2.075361934066236e-308, -9.229266121190518e-110], mask: [[0]], seed: 14, attentionBias: true,
    };
    assert.equal(runCase('encoderLayer', [args, [], 0]), 'overflowed');
  });

  test('a permutation test whose scores overflow blamed "query" too', () => {
    const args = { input: [[9.4e-323, -1e200, 3.6045498566859214e-259, -5.649550977884438e-75]], permutation: [0], heads: 2, seed: 376520598, positionalEncoding: false };
    assert.equal(runCase('permutationTest', [args, [], 0]), 'overflowed');
  });
});

/** Measured once per operation, after warm-up. */
const outcomes = /** @type {Record<string, { computed: number, refused: number, overflowed: number }>} */ ({});

describe('fuzz: every operation gives a promised result or an AttentionError about its own arguments', () => {
  // The first large allocation grows the WebAssembly memory once; growth after it would be a leak.
  lab.randomMatrix({ rows: 1024, cols: 1024, seed: 1 });
  const start = lab.memory();
  const began = performance.now();

  for (const operation of Object.keys(VALID)) {
    test(`${operation}: ${RUNS_PER_OPERATION} seeded cases`, { timeout: 60_000 }, () => {
      const tally = { computed: 0, refused: 0, overflowed: 0 };
      const sample = fc.tuple(
        VALID[operation],
        // Half the cases keep every argument valid-looking, so that many compute.
        fc.oneof(fc.constant([]), fc.array(fc.tuple(fc.nat({ max: 63 }), fc.nat({ max: HOSTILE.length - 1 })), { minLength: 1, maxLength: 2 })),
        fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat({ max: WRAPPERS.length - 1 }), weight: 1 }),
      );
      fc.assert(
        fc.property(sample, (s) => {
          tally[runCase(operation, /** @type {any} */ (s))] += 1;
        }),
        { seed: SEED, numRuns: RUNS_PER_OPERATION, endOnFailure: true, includeErrorInReport: true },
      );
      outcomes[operation] = tally;
      assert.ok(tally.computed > 0, `${operation}: some cases computed (${JSON.stringify(tally)})`);
      assert.ok(tally.refused > 0, `${operation}: some cases were refused (${JSON.stringify(tally)})`);
    });
  }

  test('afterwards no handle is live, the heap is where it was and the memory did not grow', () => {
    const end = lab.memory();
    const seconds = (performance.now() - began) / 1000;
    const cases = Object.values(outcomes).reduce((n, t) => n + t.computed + t.refused + t.overflowed, 0);
    console.log(`# fuzz: ${cases} cases over ${Object.keys(outcomes).length} operations in ${seconds.toFixed(1)} s: ${JSON.stringify(outcomes)}`);
    assert.equal(end.liveHandles, start.liveHandles, 'live Embind handles');
    assert.equal(end.heapBytesInUse, start.heapBytesInUse, 'heap bytes in use');
    assert.equal(end.wasmMemoryBytes, start.wasmMemoryBytes, 'WebAssembly memory');
  });
});
