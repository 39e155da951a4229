/**
 * The golden fixtures (tests/fixtures/*.json) and, for each file, how to run one of its cases
 * through the public API and get back the object its `expected` describes.
 */
import { readdirSync, readFileSync } from 'node:fs';

import { reviveInput } from './compare.mjs';

const FIXTURE_DIR = new URL('../fixtures/', import.meta.url);

/**
 * @typedef {{ name: string, description?: string, input: Record<string, any>, expected: Record<string, any> }} FixtureCase
 * @typedef {{ file: string, cases: FixtureCase[], tolerance?: number }} FixtureFile
 */

/** @returns {FixtureFile[]} every fixture file, sorted by name */
export function loadFixtureFiles() {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, ...JSON.parse(readFileSync(new URL(file, FIXTURE_DIR), 'utf8')) }));
}

/** A d_model-wide query/key/value for the Xavier cases, whose numbers do not matter. */
function anyInput(/** @type {number} */ dModel) {
  return Array.from({ length: 3 }, (_, i) => Array.from({ length: dModel }, (_, j) => ((i + 1) * (j - 1)) / dModel));
}

/**
 * The fixture files that do not simply call the operation they are named after (in snake_case,
 * as cross_entropy.json calls crossEntropy): older names, wrapped results, the Xavier draws.
 * @type {Record<string, (lab: import('attention-lab').AttentionLab, input: any) => unknown>}
 */
export const RUNNERS = {
  // The API returns the matrix itself; the fixture wraps it as { encoding }.
  'positional_encoding.json': (lab, input) => ({ encoding: lab.positionalEncoding(input) }),
  // The API returns the matrix itself; the fixture wraps it as { matrix }.
  'random_matrix.json': (lab, input) => ({ matrix: lab.randomMatrix(input) }),
  // { seed, dModel, heads[, dFF] } → the seeded weights. Multi-head attention reports wQ … wO in
  // trace.params; the encoder layer reports them in trace.attention.params and w1/w2 in
  // trace.params.
  'xavier.json': (lab, { seed, dModel, heads, dFF }) => {
    const x = anyInput(dModel);
    if (dFF === undefined) {
      return { params: lab.multiHeadAttention({ query: x, key: x, value: x, heads, seed }).params };
    }
    const trace = lab.encoderLayer({ input: x, heads, dFF, seed });
    return { params: { ...trace.attention.params, ...trace.params } };
  },
};

/**
 * Runs one fixture case.
 * @param {import('attention-lab').AttentionLab} lab
 * @param {string} file
 * @param {FixtureCase} fixtureCase
 */
export function runCase(lab, file, fixtureCase) {
  const runner = runnerFor(lab, file);
  if (!runner) throw new Error(`fixture file ${file} names no operation of the API, and tests/support/fixtures.mjs has no runner for it`);
  return runner(lab, reviveInput(fixtureCase.input));
}

/**
 * How to run a fixture file's cases: its entry in RUNNERS, or the operation it is named after.
 * @param {import('attention-lab').AttentionLab} lab
 * @param {string} file
 * @returns {((lab: import('attention-lab').AttentionLab, input: any) => unknown) | undefined}
 */
export function runnerFor(lab, file) {
  if (file in RUNNERS) return RUNNERS[file];
  const operation = operationOf(file);
  const api = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (lab));
  return operation && typeof api[operation] === 'function' ? (l, input) => /** @type {any} */ (l)[operation](input) : undefined;
}

/** Fixture files named before the snake_case rule. */
const OLDER_NAMES = { 'entropy.json': 'attentionEntropy', 'token_embedding.json': 'embedTokens' };

/**
 * The operation whose arguments a fixture file's inputs are (cross_entropy.json → crossEntropy),
 * or undefined for xavier.json, whose inputs are not one operation's.
 * @param {string} file
 * @returns {string | undefined}
 */
export function operationOf(file) {
  if (file === 'xavier.json') return undefined;
  return /** @type {Record<string, string>} */ (OLDER_NAMES)[file] ?? file.replace(/\.json$/, '').replace(/_([a-z])/g, (_, c) => c.toUpperCase());
}
