// The inputs of a "kv-cache" walkthrough, field by field (model/input-fields.ts), from which follow
// their type, their checks for a file and a link, the parameters panels' ranges, the schema and
// the format doc; its entry in KindTable (model/types.ts). The kind's descriptor is kind.ts.
import { choice, integer, seed, type InputsOf } from '../../model/input-fields.js';
import type { WalkthroughOf } from '../../model/types.js';
import { KV_BYTES, KV_MODELS } from './models.js';

export const kvCacheInputs = {
  /** Tokens decoded: short enough to step through token by token (rows of the random input). */
  length: integer(1, 12),
  dModel: integer(1, 64),
  heads: integer(1, 16),
  seed: seed(),
  /** The public model whose cache the memory step sizes. */
  model: choice(KV_MODELS.map((m) => m.id)),
  /** Tokens kept in that model's cache. */
  context: integer(1, 1048576),
  /** Bytes per cached number: 4 (float32), 2 (float16/bfloat16) or 1 (int8). */
  bytes: choice(KV_BYTES, 'bytes per number'),
};

export type KvCacheInputs = InputsOf<typeof kvCacheInputs>;

export type KvCacheWalkthrough = WalkthroughOf<'kv-cache'>;

declare module '../../model/types.js' {
  interface KindTable {
    'kv-cache': { inputs: KvCacheInputs };
  }
}
