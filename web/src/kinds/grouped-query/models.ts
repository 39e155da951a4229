// Published models whose key/value cache the lesson sizes, from their configuration files (the
// field names of config.json in brackets; where each is published: sources.ts). Every figure on
// screen is the engine's kvCacheMemory on these shapes; bf16/fp16, 2 bytes a number, as each is
// published.

export interface CachedModel {
  id: string;
  name: string;
  /** Which attention it caches for: words-en.ts's gq-family-<family>. */
  family: 'multi-head' | 'grouped' | 'multi-query' | 'latent';
  /** Decoder layers [num_hidden_layers / n_layer]. */
  layers: number;
  /** Model width [hidden_size]. */
  dModel: number;
  /** Query heads [num_attention_heads / n_head]; left out for a latent cache. */
  heads?: number;
  /** Key/value heads [num_key_value_heads; Falcon: multi_query]. */
  kvHeads?: number;
  /** DeepSeek-V2's compressed key/value vector [kv_lora_rank] and rotary key [qk_rope_head_dim]. */
  latent?: number;
  ropeWidth?: number;
  /** A sliding window of cached tokens [sliding_window]. */
  window?: number;
}

/** A cache's shape, as kvCacheMemory takes it and "explain this number" writes it out. */
export type CacheShape = Pick<CachedModel, 'name' | 'layers' | 'dModel' | 'heads' | 'kvHeads' | 'latent' | 'ropeWidth' | 'window'>;

export const CACHED_MODELS: readonly CachedModel[] = [
  { id: 'llama2-7b', name: 'Llama 2 7B', family: 'multi-head', layers: 32, dModel: 4096, heads: 32, kvHeads: 32 },
  { id: 'llama3-8b', name: 'Llama 3 8B', family: 'grouped', layers: 32, dModel: 4096, heads: 32, kvHeads: 8 },
  { id: 'mistral-7b', name: 'Mistral 7B', family: 'grouped', layers: 32, dModel: 4096, heads: 32, kvHeads: 8, window: 4096 },
  { id: 'falcon-7b', name: 'Falcon 7B', family: 'multi-query', layers: 32, dModel: 4544, heads: 71, kvHeads: 1 },
  { id: 'deepseek-v2', name: 'DeepSeek-V2', family: 'latent', layers: 60, dModel: 5120, latent: 512, ropeWidth: 64 },
];

/** Bytes a number takes in the published bf16/fp16 weights. */
export const PUBLISHED_BYTES = 2;

/** The contexts the cache is sized at: 4k, 32k and 128k tokens. */
export const CONTEXTS: readonly number[] = [4096, 32768, 131072];
