// The layers the ALiBi lesson runs: a causal decoder's multi-head attention under ALiBi on seeded
// tokens, with `heads` heads (the worked layer), with `otherHeads` heads (its slopes compared), and
// the worked layer's weights on a longer sequence. Shared by its steps and by its exercises'
// grading (exercises/alibi-numeric.ts), so both ask the engine about the same heads.
import type { AttentionLab, DiagnoseAlibiArgs, MultiHeadAttentionTrace } from '../../../lib/index.js';
import type { AlibiInputs } from './inputs.js';

/** Which layer: the worked one, the one with the other head count, or the worked one run longer. */
export type AlibiLayerName = 'worked' | 'other' | 'long';

/** The engine's trace of one of the lesson's layers. */
export function alibiLayer(lab: AttentionLab, inputs: AlibiInputs, which: AlibiLayerName): MultiHeadAttentionTrace {
  const heads = which === 'other' ? inputs.otherHeads : inputs.heads;
  const tokens = lab.randomMatrix({ rows: which === 'long' ? inputs.longLength : inputs.length, cols: heads * inputs.headWidth, seed: inputs.seed });
  return lab.multiHeadAttention({ query: tokens, key: tokens, value: tokens, heads, seed: inputs.seed, positional: 'alibi', mask: 'causal' });
}

/** Head `head` of a layer as diagnoseAlibi takes it: its slices of the projections, and H. */
export function alibiHead(trace: MultiHeadAttentionTrace, head: number): Pick<DiagnoseAlibiArgs, 'query' | 'key' | 'value' | 'heads' | 'head'> {
  const { query, key, value } = trace.heads[head];
  return { query, key, value, heads: trace.heads.length, head };
}
