/**
 * What the wasm build returns has exactly the fields the engine's descriptions declare: no
 * undescribed field, every required one present, nested objects and arrays of traces too, and
 * each leaf of its declared type. Every described field, optional ones included, must turn up in
 * at least one result. The inputs are every golden fixture's, plus a few calls below for the
 * operations that have no fixture; this replaces per-test lists of trace keys.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { isOneOf, loadDescriptions } from '../../scripts/engine-descriptions.mjs';
import { loadFixtureFiles, operationOf } from '../support/fixtures.mjs';
import { reviveInput } from '../support/compare.mjs';

const lab = await loadAttentionLab();
const api = /** @type {Record<string, (args: unknown) => unknown>} */ (/** @type {unknown} */ (lab));
const x = [[1, 2, 0, -1], [0.5, -0.5, 1, 2], [3, 0, 1, 1]];

/** Calls for operations, or variants of them, that no fixture covers. */
const EXTRA_CALLS = [
  ['addPositionalEncoding', { input: x }],
  ['positionSimilarity', { length: 3, dModel: 4 }],
  ['permutationTest', { input: x, permutation: [2, 0, 1], heads: 2, positionalEncoding: true }],
  ...['score', 'scaled', 'weight', 'output'].map((stage) => ['explainAttention', { query: x, key: x, value: x, mask: 'causal', row: 1, column: 0, stage }]),
  ['attention', { query: x, key: x, value: x, dropout: 0.5, dropoutSeed: 1 }],
  ['multiHeadAttention', { query: x, key: x, value: x, heads: 2, dropout: 0.5 }],
  ...['gradValue', 'gradWeight', 'gradScaled', 'gradScore', 'gradQuery', 'gradKey']
    .map((stage) => ['explainAttentionBackward', { query: x, key: x, value: x, mask: 'causal', gradOutput: x, row: 1, column: 0, stage }]),
  ['kvCacheDecode', { input: x, heads: 2 }],
  ['kvCacheDecode', { input: x, heads: 2, kvHeads: 1, positional: 'rope', ropeConvention: 'interleaved', window: 2, sinks: 1 }],
  ['kvCacheDecode', { input: x, heads: 2, kvHeads: 1, positional: 'alibi', window: 3 }],
  ['kvCacheDecode', { input: x, heads: 1, bQ: x[0], bK: x[1], bV: x[2], bO: x[0] }],
  ['kvCacheMemory', { layers: 12, length: 1024, dModel: 768, bytesPerNumber: 4 }],
  ['kvCacheMemory', { layers: 32, length: 8192, dModel: 4096, bytesPerNumber: 2, heads: 32, kvHeads: 8, window: 4096 }],
  ['kvCacheMemory', { layers: 60, length: 4096, dModel: 5120, bytesPerNumber: 2, latent: 512, ropeWidth: 64 }],
  ['matrixDifference', { left: x, right: x }],
  ['explainLinear', { input: x, weight: x.slice(0, 3).map((r) => r.slice(0, 3)).concat([[1, 0, 2]]), row: 2, column: 1 }],
  ['explainLinear', { input: x, weight: [[1], [0], [2], [-1]], bias: [0.5], row: 0, column: 0 }],
  ['explainPositionalEncoding', { position: 3, column: 5, dModel: 8 }],
  ['measureCost', { variant: 'full', n: 8, d: 4, repeats: 1 }],
  ['costGrowth', { variant: 'full', n: 8, d: 4 }],
];

/**
 * Described fields that an operation cannot return, because it nests a trace whose optional
 * fields need an argument it does not take: encoderLayer has no dropout argument (it evaluates),
 * so its attention heads never carry a dropout mask, and no `positional` argument, so they are
 * never rotated (RoPE) nor biased (ALiBi). decoderLayer evaluates too, always with RoPE and never
 * ALiBi, and its projections have no biases. Each must stay absent: the test fails if one turns
 * up, so the entry goes when the operation learns the argument.
 */
const NEVER_RETURNED = {
  encoderLayer: [
    '.attention.heads[].dropoutMask',
    '.attention.heads[].droppedWeights',
    '.attention.alibiSlopes',
    '.attention.heads[].rotatedQuery',
    '.attention.heads[].rotatedKey',
    '.attention.heads[].alibiSlope',
    '.attention.heads[].bias',
    '.attention.heads[].biased',
  ],
  decoderLayer: [
    '.attention.heads[].dropoutMask',
    '.attention.heads[].droppedWeights',
    '.attention.alibiSlopes',
    '.attention.params.bQ',
    '.attention.params.bK',
    '.attention.params.bV',
    '.attention.params.bO',
    '.attention.heads[].alibiSlope',
    '.attention.heads[].bias',
    '.attention.heads[].biased',
  ],
};

/** @type {Record<string, (v: unknown) => boolean>} */
const LEAF_CHECKS = {
  number: (v) => typeof v === 'number',
  integer: (v) => Number.isInteger(v),
  boolean: (v) => typeof v === 'boolean',
  string: (v) => typeof v === 'string',
  'string or null': (v) => v === null || typeof v === 'string',
  vector: (v) => Array.isArray(v) && v.every((n) => typeof n === 'number'),
  indices: (v) => Array.isArray(v) && v.every((n) => Number.isInteger(n)),
  strings: (v) => Array.isArray(v) && v.every((s) => typeof s === 'string'),
  matrix: (v) => Array.isArray(v) && v.every((row) => LEAF_CHECKS.vector(row)),
  'matrix[]': (v) => Array.isArray(v) && v.every((m) => LEAF_CHECKS.matrix(m)),
};

/**
 * The fields an object must have: its own, and those of the one alternative of its one_of the
 * value holds (the one its selecting argument names, when the description says which). Pushes a
 * problem and returns undefined when no alternative fits.
 * @param {Record<string, unknown>} record
 * @param {import('../../scripts/engine-descriptions.mjs').ObjectDescription} description
 * @param {string} path
 * @param {string[]} problems
 * @param {Record<string, unknown>} [args] the call's arguments, for a result's selection
 * @returns {import('../../scripts/engine-descriptions.mjs').FieldDescription[] | undefined}
 */
function fieldsHeld(record, description, path, problems, args) {
  const entries = description.fields ?? [];
  const own = /** @type {import('../../scripts/engine-descriptions.mjs').FieldDescription[]} */ (entries.filter((f) => !isOneOf(f)));
  const oneOf = /** @type {import('../../scripts/engine-descriptions.mjs').OneOf | undefined} */ (entries.find(isOneOf));
  if (!oneOf) return own;
  const fits = (/** @type {import('../../scripts/engine-descriptions.mjs').ObjectDescription} */ alternative) => {
    const fields = /** @type {import('../../scripts/engine-descriptions.mjs').FieldDescription[]} */ (alternative.fields ?? []);
    return fields.every((f) => f.optional || f.name in record)
      && Object.keys(record).every((key) => own.some((f) => f.name === key) || fields.some((f) => f.name === key));
  };
  const selection = description.selectedBy;
  const selected = selection && args ? selection.cases.find((c) => c.value === args[selection.argument])?.alternative : undefined;
  const index = selected ?? oneOf.oneOf.findIndex(fits);
  if (index < 0 || index === undefined) {
    problems.push(`${path} holds none of its alternatives (${Object.keys(record).join(', ')})`);
    return undefined;
  }
  return [...own, .../** @type {import('../../scripts/engine-descriptions.mjs').FieldDescription[]} */ (oneOf.oneOf[index].fields ?? [])];
}

/**
 * @param {unknown} value
 * @param {import('../../scripts/engine-descriptions.mjs').ObjectDescription} description
 * @param {string} path
 * @param {string[]} problems
 * @param {Set<string>} seen every field path met
 * @param {Record<string, unknown>} [args] the call's arguments, for a result's selection
 */
function check(value, description, path, problems, seen, args) {
  if (description.type === 'object[]') {
    if (!Array.isArray(value)) problems.push(`${path} is not an array`);
    else value.forEach((item, i) => check(item, { type: 'object', fields: description.fields }, `${path}[${i}]`, problems, seen));
    return;
  }
  if (description.type !== 'object') {
    if (!LEAF_CHECKS[description.type](value)) problems.push(`${path} is not a ${description.type}`);
    return;
  }
  const record = /** @type {Record<string, unknown>} */ (value);
  const fields = fieldsHeld(record, description, path, problems, args);
  if (!fields) return;
  for (const key of Object.keys(record)) {
    if (!fields.some((f) => f.name === key)) problems.push(`${path}.${key} is not described`);
  }
  for (const f of fields) {
    const where = `${path}.${f.name}`;
    if (!(f.name in record)) {
      if (!f.optional) problems.push(`${where} is missing`);
      continue;
    }
    seen.add(where.replace(/\[\d+\]/g, '[]').replace(/^[^.]*/, description.type));
    if (f.choices && record[f.name] !== null && !f.choices.split('|').includes(/** @type {string} */ (record[f.name]))) problems.push(`${where} is ${JSON.stringify(record[f.name])}, not one of ${f.choices}`);
    check(record[f.name], f, where, problems, seen);
  }
}

/**
 * Every field path of a description, as check() records them; every alternative's.
 * @param {import('../../scripts/engine-descriptions.mjs').FieldEntry[]} fields
 * @param {string} prefix
 * @returns {string[]}
 */
function paths(fields, prefix) {
  return fields.flatMap((f) => {
    if (isOneOf(f)) return f.oneOf.flatMap((alternative) => paths(alternative.fields ?? [], prefix));
    const here = `${prefix}.${f.name}`;
    return [here, ...(f.fields ? paths(f.fields, f.type === 'object[]' ? `${here}[]` : here) : [])];
  });
}

test('every result carries exactly the described fields, and every described field turns up', () => {
  const descriptions = loadDescriptions();
  /** @type {[string, unknown][]} */
  const calls = [];
  for (const { file, cases } of loadFixtureFiles()) {
    const operation = operationOf(file);
    if (operation) for (const c of cases) calls.push([operation, reviveInput(c.input)]);
  }
  calls.push(.../** @type {[string, unknown][]} */ (EXTRA_CALLS));

  /** @type {string[]} */
  const problems = [];
  for (const d of descriptions) {
    const own = calls.filter(([name]) => name === d.name);
    if (own.length === 0) {
      problems.push(`${d.name}: no fixture or call in this test runs it`);
      continue;
    }
    /** @type {Set<string>} */
    const seen = new Set();
    for (const [, args] of own) check(api[d.name](args), d.result, d.name, problems, seen, /** @type {Record<string, unknown>} */ (args));
    const never = /** @type {Record<string, string[]>} */ (NEVER_RETURNED)[d.name] ?? [];
    for (const path of paths(d.result.fields ?? [], 'object')) {
      const field = path.replace(/^object/, '');
      if (never.includes(field)) {
        if (seen.has(path)) problems.push(`${d.name}: ${field} appeared: take it out of NEVER_RETURNED`);
      } else if (!seen.has(path)) problems.push(`${d.name}: ${field} never appeared in ${own.length} calls`);
    }
  }
  assert.deepEqual(problems, []);
});
