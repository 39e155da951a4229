// The range of every walkthrough input, in one table. The parameters panels offer exactly these
// ranges, and a walkthrough file is held to them (validate-walkthrough.ts), so whatever an
// instructor writes, a learner can see it and edit it with the same controls. They lie within
// the engine's own caps (docs/engine.md); the caps a rule between several inputs needs are here too.

/** Whole numbers from `min` to `max`, both included. */
export interface Range {
  readonly min: number;
  readonly max: number;
}

const range = (min: number, max: number): Range => ({ min, max });

/** The engine's seeds are 32-bit: 0 … 2³²−1. */
export const MAX_SEED = 4294967295;
export const SEED = range(0, MAX_SEED);

/** Token lists as the engine takes them: 1 … 1024 tokens of 1 … 64 bytes of UTF-8 each. */
export const TOKENS = { count: range(1, 1024), bytes: range(1, 64) };

/** heads × queries × keys: the engine's cap on one multi-head trace (attn::max_attention_cells). */
export const MAX_ATTENTION_CELLS = 2 ** 21;

/** samples × keys × d_k: the engine's cap on one scaling experiment. */
export const MAX_SCALING_DRAWS = 2 ** 24;

/** Per kind of walkthrough, the inputs a parameters panel sets. */
export const LIMITS = {
  /** Small enough that every matrix stays readable on screen (the engine allows far more). */
  attention: { queries: range(1, 12), keys: range(1, 12), dK: range(1, 16), dV: range(1, 16) },
  'multi-head': { dModel: range(1, 64), heads: range(1, 16) },
  positional: {
    length: range(1, 1024),
    dModel: range(1, 1024),
    /** Columns drawn as waves: the chart's colours repeat after six series. */
    waves: range(1, 6),
    tokenDModel: range(1, 64),
    heads: range(1, 16),
  },
  encoder: { dModel: range(1, 64), heads: range(1, 16), dFF: range(1, 256) },
  /** The charts sweep d_k up to dK.max whatever dK is, so samples × keys × dK.max draws must fit. */
  scaling: { dK: range(4, 1024), keys: range(1, 1024), samples: range(1, 10000) },
  entropy: { length: range(2, 16), dModel: range(1, 64), heads: range(1, 16) },
  /** Attention's sizes (so every tile stays readable); a tile is 1 … n rows by 1 … m keys. */
  flash: { blockRows: range(1, 12), blockCols: range(1, 12) },
  /** A sequence short enough to step through token by token; the memory step's context and bytes per number. */
  'kv-cache': { length: range(1, 12), dModel: range(1, 64), heads: range(1, 16), context: range(1, 1048576) },
  /** Small enough to read every weight of a pattern (the engine's sparse and linear attention take n up to 4096). */
  efficient: { length: range(2, 32), dModel: range(1, 16), window: range(0, 31), randomPerRow: range(0, 31) },
  /**
   * What the cost lab asks measureCost (its own caps: n 1 … 4096, d 1 … 1024, repeats 1 … 50).
   * maxN is a power of two from minN: the sizes double from 64.
   */
  cost: { minN: 64, maxN: range(64, 4096), d: range(1, 1024), repeats: range(1, 50), block: range(1, 4096), window: range(0, 4096) },
} as const;
