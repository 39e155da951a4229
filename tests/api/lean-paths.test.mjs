// Every operation with a lean path (a `trace` argument) against its own traced path through the
// wasm build, where the tiled passes exponentiate with the vectorised exp: on random requests
// with extreme maskFill, scales near overflow and fully masked rows, the lean result is finite
// wherever the traced one is and equal to it within 1e-12 of the field's magnitude (the
// output's: that of the values, of which it is a weighted average). The operations come from the
// engine's descriptions; tests/cpp/lean_paths.test.cpp does the same natively.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { AttentionError, loadAttentionLab } from 'attention-lab';

import { loadDescriptions } from '../../scripts/engine-descriptions.mjs';

const lab = await loadAttentionLab();
const TOLERANCE = 1e-12;

/** A seeded generator (mulberry32), so a failure names a case that can be run again. */
function generator(seed) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const whole = (low, high) => low + Math.floor(next() * (high - low + 1));
  const pick = (values) => values[whole(0, values.length - 1)];
  return { next, whole, pick, coin: () => next() < 0.5 };
}

/**
 * A random request for an operation taking these arguments; throws for a required argument it
 * has no generator for.
 * @param {{ name: string, optional: boolean }[]} args @param {ReturnType<typeof generator>} g
 */
function randomRequest(args, g) {
  const names = new Set(args.map((a) => a.name));
  const n = g.whole(1, 12);
  const m = names.has('window') || names.has('causal') ? n : g.whole(1, 12);
  const dK = g.whole(1, 6);
  const dV = g.whole(1, 4);
  const queryScale = g.pick([1, 1, 5, 30, 1e100, 1e153, 1e154]);
  const keyScale = g.coin() ? 1 : queryScale;
  const valueScale = g.pick([1, 1, 1e-300, 1e300, 1.7e308]);
  const matrix = (rows, cols, scale) =>
    Array.from({ length: rows }, () => Array.from({ length: cols }, () => (2 * g.next() - 1) * scale));
  const mask = () => {
    const kind = g.whole(0, 3);
    if (kind === 0) return undefined;
    if (kind === 1) return 'causal';
    if (kind === 2) return { keyLength: g.whole(0, m) };
    return Array.from({ length: n }, () => {
      const fullyMasked = g.whole(0, 3) === 0;
      return Array.from({ length: m }, () => (fullyMasked ? 0 : g.whole(0, 1)));
    });
  };
  /** @type {Record<string, () => unknown>} */
  const generators = {
    query: () => matrix(n, dK, queryScale),
    key: () => matrix(m, dK, keyScale),
    value: () => matrix(m, dV, valueScale),
    mask,
    maskFill: () => (g.coin() ? undefined : g.pick([-Infinity, -1e308, -1e4, -30, 0, 3, 715, 800, 1e4, 1e308])),
    window: () => (g.coin() ? n : g.whole(0, n)),
    globalTokens: () => [...Array(n).keys()].filter(() => g.whole(0, 4) === 0),
    randomPerRow: () => g.whole(0, n),
    seed: () => g.whole(0, 1000),
    blockRows: () => (g.coin() ? undefined : g.whole(1, n)),
    blockCols: () => (g.coin() ? undefined : g.whole(1, m)),
    chunkSize: () => g.whole(1, m),
    precision: () => g.pick(['float64', 'float32']),
    causal: () => g.coin(),
  };
  /** @type {Record<string, unknown>} */
  const request = {};
  for (const a of args) {
    if (a.name === 'trace') continue;
    const make = generators[a.name];
    if (!make) {
      if (!a.optional) throw new Error(`no generator for the required argument ${a.name}`);
      continue;
    }
    const value = make();
    if (value !== undefined) request[a.name] = value;
  }
  return request;
}

/** @param {unknown} x @returns {number} */
const largest = (x) => (typeof x === 'number' ? (Number.isFinite(x) ? Math.abs(x) : 0) : Array.isArray(x) ? Math.max(0, ...x.map(largest)) : 0);

/** @param {unknown} x @returns {boolean} */
const allFinite = (x) => (typeof x === 'number' ? Number.isFinite(x) : Array.isArray(x) ? x.every(allFinite) : x && typeof x === 'object' ? Object.values(x).every(allFinite) : true);

/** @param {unknown} lean @param {unknown} traced @param {number} scale @param {string} path */
function compare(lean, traced, scale, path) {
  if (typeof traced === 'number') {
    if (!Number.isFinite(traced)) return;
    assert.ok(typeof lean === 'number' && Number.isFinite(lean), `${path}: lean ${lean} where traced ${traced}`);
    assert.ok(Math.abs(lean - traced) <= TOLERANCE * scale, `${path}: lean ${lean}, traced ${traced}`);
  } else if (Array.isArray(traced)) {
    assert.ok(Array.isArray(lean) && lean.length === traced.length, `${path}: shapes differ`);
    traced.forEach((t, i) => compare(lean[i], t, scale, `${path}[${i}]`));
  } else {
    assert.deepEqual(lean, traced, path);
  }
}

/** @param {() => unknown} call @returns {{ value?: any, error?: AttentionError }} */
function attempt(call) {
  try {
    return { value: call() };
  } catch (error) {
    if (error instanceof AttentionError) return { error };
    throw error;
  }
}

const leanOperations = loadDescriptions().filter((op) => op.arguments.some((a) => a.name === 'trace'));

describe('every lean path agrees with its traced path', () => {
  test('the engine describes the four operations with a lean path', () => {
    assert.deepEqual(leanOperations.map((op) => op.name).sort(), ['chunkedAttention', 'flashAttention', 'linearAttention', 'sparseAttention']);
  });

  for (const op of leanOperations) {
    test(`${op.name}: finite where the traced result is, and within 1e-12 of it`, () => {
      const g = generator(op.name.length * 7919);
      const call = /** @type {(args: unknown) => any} */ (/** @type {any} */ (lab)[op.name]);
      for (let c = 0; c < 300; c += 1) {
        const request = randomRequest(op.arguments, g);
        const where = `${op.name} case ${c}: ${JSON.stringify(request)}`;
        const traced = attempt(() => call({ ...request, trace: true }));
        const lean = attempt(() => call({ ...request, trace: false }));
        if (traced.error) {
          // Refused traced (an overflow among cells the lean path never computes, say): lean
          // may refuse or compute, but never return a non-finite number.
          assert.ok(lean.error || allFinite(lean.value), where);
          continue;
        }
        assert.ok(!lean.error, `${where}: lean refused (${lean.error?.message}) what traced computed`);
        for (const [field, value] of Object.entries(lean.value)) {
          assert.ok(field in traced.value, `${where}: ${field} only in the lean result`);
          const scale = Math.max(1, largest(traced.value[field]), field === 'output' ? largest(request.value) : 0);
          compare(value, traced.value[field], scale, `${where}: ${field}`);
        }
      }
    });
  }
});
