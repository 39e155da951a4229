// The tokens the sliding-window lesson attends over: the engine's seeded random rows, each with one
// more column that is 1, except the first token's, which is `pull`. With the layer's projections
// the identity, every query's score with the first key gains `pull` and with any other key 1: the
// first token draws attention as trained models' first tokens do (Xiao et al. 2023). Shared by its
// steps and by its exercises' grading (exercises/window-numeric.ts), so both ask the engine about
// the same layer.
import type { AttentionLab, DiagnoseSlidingWindowArgs } from '../../../lib/index.js';
import type { SlidingWindowInputs } from './inputs.js';

/** The lesson's layer as diagnoseSlidingWindow takes it: query, key and value are the tokens. */
export type WindowLayer = Pick<DiagnoseSlidingWindowArgs, 'window' | 'sinks' | 'layers'> & {
  query: number[][];
  key: number[][];
  value: number[][];
};

export function windowTokens(lab: AttentionLab, inputs: SlidingWindowInputs): number[][] {
  const rows = lab.randomMatrix({ rows: inputs.length, cols: inputs.width, seed: inputs.seed });
  return rows.map((row, t) => [...row, t === 0 ? inputs.pull : 1]);
}

export function windowLayer(lab: AttentionLab, inputs: SlidingWindowInputs): WindowLayer {
  const tokens = windowTokens(lab, inputs);
  return { query: tokens, key: tokens, value: tokens, window: inputs.window, sinks: inputs.sinks, layers: inputs.layers };
}
