// The query and key the rotary-positions lesson turns, and at which positions: one seeded random
// row each, the query at m and m + shift, the key at n and n + shift. Shared by its steps and by
// its exercises' grading (exercises/rope-numeric.ts), so both ask the engine about the same layer.
import type { AttentionLab, DiagnoseRopeArgs } from '../../../lib/index.js';
import type { RopeInputs } from './inputs.js';

/** The lesson's layer as diagnoseRope takes it (values: the key, unturned, at both positions). */
export type RopeLayer = Pick<DiagnoseRopeArgs, 'query' | 'key' | 'value' | 'queryPositions' | 'keyPositions' | 'base' | 'convention'> & {
  query: number[][];
  key: number[][];
  queryPositions: number[];
  keyPositions: number[];
};

export function ropeLayer(lab: AttentionLab, inputs: RopeInputs): RopeLayer {
  const [query, key] = lab.randomMatrix({ rows: 2, cols: inputs.width, seed: inputs.seed });
  const { queryPosition: m, keyPosition: n, shift, base, convention } = inputs;
  return {
    query: [query, query],
    key: [key, key],
    value: [key, key],
    queryPositions: [m, m + shift],
    keyPositions: [n, n + shift],
    base,
    convention,
  };
}
