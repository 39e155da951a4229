// The engine's caps that several kinds' inputs share; each kind's own ranges are in its
// descriptor (kinds/<kind>/kind.ts). The parameters panels offer exactly those ranges, and a
// walkthrough file is held to them, so whatever an instructor writes, a learner can see it and
// edit it with the same controls. They lie within the engine's own caps (docs/engine.md).

/** Whole numbers from `min` to `max`, both included. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

/** The engine's seeds are 32-bit: 0 … 2³²−1. */
export const MAX_SEED = 4294967295;
export const SEED: Range = { min: 0, max: MAX_SEED };

/** Token lists as the engine takes them: 1 … 1024 tokens of 1 … 64 bytes of UTF-8 each. */
export const TOKENS = { count: { min: 1, max: 1024 }, bytes: { min: 1, max: 64 } } as const;

/** heads × queries × keys: the engine's cap on one multi-head trace (attn::max_attention_cells). */
export const MAX_ATTENTION_CELLS = 2 ** 21;

/** samples × keys × d_k: the engine's cap on one scaling experiment. */
export const MAX_SCALING_DRAWS = 2 ** 24;
