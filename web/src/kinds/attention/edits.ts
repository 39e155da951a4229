// Changing an attention walkthrough's inputs: one cell, or the size or seed. New numbers come
// from the engine's seeded randomMatrix; numbers that still fit are kept, so a learner's edits
// survive a resize. The backward walkthrough (kinds/attention-backward/) edits its inputs here too.
import type { AttentionLab } from '../../../lib/index.js';
import type { ParametersPanel } from '../../model/types.js';
import { SIZES, type AttentionInputs } from './inputs.js';
import { MAX_SEED } from '../../model/limits.js';
import { integerField, seedField } from '../shared/fields.js';
import { w } from './words-en.js';

export type AttentionSize = 'queries' | 'keys' | 'dK' | 'dV';

function sizes(inputs: AttentionInputs): Record<AttentionSize, number> {
  return { queries: inputs.query.length, keys: inputs.key.length, dK: inputs.query[0].length, dV: inputs.value[0].length };
}

/** The parameters panel of an attention walkthrough's inputs step. */
export function attentionParameters(inputs: AttentionInputs): ParametersPanel {
  const s = sizes(inputs);
  const field = (name: AttentionSize, label: string) => integerField(name, label, s[name], SIZES[name]);
  return {
    type: 'parameters',
    name: 'sizes',
    caption: w('attention-sizes'),
    fields: [
      field('queries', w('attention-size-queries')),
      field('keys', w('attention-size-keys')),
      field('dK', w('attention-size-dk')),
      field('dV', w('attention-size-dv')),
      seedField(inputs.seed, w('attention-seed')),
    ],
  };
}

/** `matrix` with cell (row, column) set to `value`: a new outer array and edited row, the other rows shared. */
function withCell(matrix: number[][], row: number, column: number, value: number): number[][] {
  const next = matrix.slice();
  next[row] = matrix[row].slice();
  next[row][column] = value;
  return next;
}

/**
 * The inputs with one cell of a matrix input (Q, K, V, ∂L/∂output …) or the mask set; undefined
 * when it is already so. Only the edited row is copied (inputs are never changed in place, so the
 * rest can be shared): cloning three 32×64 matrices per edit cost more than the engine call, and
 * the views skip a matrix whose rows are the same arrays as before.
 */
export function editCell<I extends AttentionInputs>(inputs: I, input: string, row: number, column: number, value?: number): I | undefined {
  if (value === undefined) {
    // A click on a mask cell flips it; only a mask given as a matrix has cells to flip.
    if (input !== 'mask' || !Array.isArray(inputs.mask)) return undefined;
    const mask = inputs.mask as number[][];
    return { ...inputs, mask: withCell(mask, row, column, mask[row][column] ? 0 : 1) };
  }
  const matrix = (inputs as unknown as Record<string, unknown>)[input];
  if (input === 'mask' || !Array.isArray(matrix) || matrix[row][column] === value) return undefined;
  return { ...inputs, [input]: withCell(matrix as number[][], row, column, value) };
}

/** Keeps the top-left block of `old` and fills the rest from `fresh`. */
export function fit(old: number[][], fresh: number[][]): number[][] {
  return fresh.map((row, i) => row.map((x, j) => old[i]?.[j] ?? x));
}

/** Round to two decimals so random inputs stay readable; the engine computes with these values. */
export function readable(lab: AttentionLab, rows: number, cols: number, seed: number, salt: number): number[][] {
  return lab.randomMatrix({ rows, cols, seed: (seed + salt) % (MAX_SEED + 1), distribution: 'uniform' })
    .map((row) => row.map((x) => Number(x.toFixed(2))));
}

/** New inputs after a size or seed change. A new seed replaces every number. */
export function changeAttentionInputs(lab: AttentionLab, inputs: AttentionInputs, name: string, value: number): AttentionInputs {
  const s = { ...sizes(inputs) };
  const seed = name === 'seed' ? value : inputs.seed ?? 0;
  if (name in s) s[name as AttentionSize] = value;
  const fresh = {
    query: readable(lab, s.queries, s.dK, seed, 0),
    key: readable(lab, s.keys, s.dK, seed, 1),
    value: readable(lab, s.keys, s.dV, seed, 2),
  };
  const keep = name !== 'seed';
  const next: AttentionInputs = {
    ...inputs,
    seed,
    query: keep ? fit(inputs.query, fresh.query) : fresh.query,
    key: keep ? fit(inputs.key, fresh.key) : fresh.key,
    value: keep ? fit(inputs.value, fresh.value) : fresh.value,
  };
  if (Array.isArray(inputs.mask)) {
    const ones = Array.from({ length: s.queries }, () => Array<number>(s.keys).fill(1));
    next.mask = fit(inputs.mask as number[][], ones);
  }
  return next;
}
