// The grouped-query kind's words in English (steps, captions, parameter labels, "explain this
// number"): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
gq-random-what = the tokens, one random row each
gq-query-head = q{ $head }
gq-kv-column = kv{ $head }·{ $column }
gq-layer-caption = The layer
gq-heads = query heads
gq-kv-heads = key/value heads
gq-d-model = d_model
gq-tokens = tokens
gq-matrix-input = x: the tokens
gq-grouping-title = Query heads share key/value heads
gq-grouping-text = Multi-head attention gives every query head its own keys and values. Grouped-query attention (Ainslie et al. 2023) keeps all { $heads } query heads but only { $kv } key/value heads: each one is read by a block of { $size } neighbouring query heads. Query head h reads key/value head ⌊h·kvHeads/heads⌋, so heads 0 to { $firstend } share head 0, and so on up to head { $last }, which reads head { $lastkv }. This is how Hugging Face’s repeat_kv lays out the copies (each key/value head repeated { $size } times in a row), and how Llama’s and Mistral’s weights are trained. The second row is the round-robin grouping, h mod kvHeads: a mistake that gives each query head the wrong keys.
gq-matrix-grouping = the key/value head each query head reads
gq-row-blocks = in blocks
gq-row-round-robin = round-robin (wrong)
gq-shared-title = Keys and values kvHeads heads wide
gq-shared-text = W_K and W_V now have kvHeads·d_k = { $kv }·{ $dk } = { $width } columns instead of d_model = { $dmodel }: the layer computes { $kv } key heads and { $kv } value heads. Each query head still has its own queries, so the { $size } query heads of a group weigh the same keys differently: compare the weights of heads 0 and 1, which both read key/value head 0.
gq-shared-text-own = W_K and W_V have kvHeads·d_k = { $kv }·{ $dk } = { $width } columns: with as many key/value heads as query heads, each query head reads keys and values of its own, as in multi-head attention.
gq-matrix-keys = K = x·W_K, one block per key/value head
gq-matrix-values = V = x·W_V
gq-matrix-weights = weights of query head { $head } (reads kv head { $kv })
gq-multi-head-title = With a key/value head per query head, it is multi-head attention
gq-multi-head-text = Set kvHeads = heads = { $heads } and every query head reads its own key/value head: that is multi-head attention exactly. The engine runs the layer both ways with the same seeded weights, and { $same } of the { $cells } output numbers are the same double. The second fact goes the other way: the grouped layer with { $kv } key/value heads equals multi-head attention whose key and value weights are the grouped ones copied to every query head of the group. Grouping saves weights and cache, not arithmetic per head.
gq-matrix-own-heads = output with kvHeads = heads
gq-matrix-multi-head = output of multi-head attention
gq-from-engine = From the engine (matrixDifference)
gq-identical = { $same } of { $cells } numbers identical, largest difference { $largest }
gq-fact-own-heads = kvHeads = heads against multi-head attention
gq-fact-copied = { $kv } key/value heads against multi-head attention with them copied
gq-multi-query-title = One key/value head for all: multi-query attention
gq-multi-query-text = Multi-query attention (Shazeer 2019) is the extreme, kvHeads = 1: one key head and one value head, d_k = { $dk } wide, read by all { $heads } query heads, whose weights still differ. A decoder caches each token’s keys and values in every layer, so what a token costs in the cache shrinks with kvHeads: { $full } numbers per layer with a head each, { $grouped } grouped, { $one } with one (the engine’s kvCacheMemory).
gq-matrix-one-key = K = x·W_K with one key/value head
gq-matrix-toy-cache = numbers one token caches in one layer
gq-row-numbers = numbers
gq-col-multi-head = { $kv } heads
gq-col-grouped = { $kv } grouped
gq-col-multi-query = 1 (multi-query)
gq-real-title = The KV cache of real models
gq-real-text = A decoder caches 2·h_kv·d_k numbers per token (a key and a value for each of its h_kv key/value heads) in each of its L layers, for the n tokens of the context, b bytes each. Published models, from their configuration files (sources below), in bf16 or fp16, b = 2. Llama 2 7B gives each of its 32 query heads its own keys and values: { $mha } bytes per token. Llama 3 8B has the same 32 layers and width but 8 key/value heads: { $gqa } bytes, a quarter; at 128k tokens { $gqalong } GiB instead of { $mhalong }. Mistral 7B is grouped the same way and keeps only its sliding window of 4096 tokens, so its cache stops growing at 4k. Falcon 7B, multi-query, caches { $mqa } bytes per token; DeepSeek-V2 caches one latent vector of 512 plus a rotary key of 64 per token and layer: { $mla } bytes over 60 layers. Every figure is the engine’s kvCacheMemory; explain any cell for its arithmetic.
gq-matrix-per-token = per token
gq-col-per-layer = numbers per layer
gq-col-bytes-per-token = bytes per token
gq-matrix-cache-bytes = cache in bytes
gq-matrix-cache-gib = cache in GiB
gq-context = { $k }k tokens
gq-sources-caption = Configurations and sources
gq-shape-multi-head = { $layers } layers, { $heads } heads, d_model { $dmodel }
gq-shape-grouped = { $layers } layers, { $heads } heads, { $kv } key/value heads, d_model { $dmodel }
gq-shape-multi-query = { $layers } layers, { $heads } heads, 1 key/value head, d_model { $dmodel }
gq-shape-latent = { $layers } layers, latent { $latent } + rotary key { $rope }
gq-shape-window = , sliding window { $window }
gq-explain-blocks = query head { $head } sits in the block of { $size } query heads that share this key/value head.
gq-explain-round-robin = round-robin would give query head { $head } this key/value head; the models group in blocks (the first row).
gq-explain-projection = row { $row } of x times a column of W_{ $symbol }: the column belongs to the key/value head of its block.
gq-explain-weight = the softmax of row i of query head { $head }’s scaled scores, q·kᵀ/√d_k against the keys of key/value head { $kv }.
gq-explain-output = the heads’ outputs side by side times W_O, as in multi-head attention.
gq-explain-per-layer = a key and a value of d_model/heads numbers for each key/value head, or one latent vector and a rotary key.
gq-explain-per-token = { $model }: every layer caches its own, 2 bytes a number.
gq-explain-cache = { $model }: every cached token, in every layer.
gq-explain-cache-window = { $model }: the sliding window keeps at most its last 4096 tokens.
gq-mistake-round-robin = That is the round-robin grouping, h mod kvHeads; the heads are grouped in blocks: query head h reads key/value head ⌊h·kvHeads/heads⌋.
gq-mistake-divided-by-kv-heads = That is h divided by kvHeads; divide by the size of a group, heads/kvHeads, or take ⌊h·kvHeads/heads⌋.
gq-mistake-query-heads = That is the cache with a key and a value for every query head; only the key/value heads are cached, kvHeads of them.
gq-mistake-keys-only = That is half the cache: the keys alone. Each token caches its key and its value, hence the 2.
gq-mistake-one-layer = That is one layer’s cache; every layer caches its own keys and values, so multiply by the layers.
gq-mistake-one-token = That is what one token takes; multiply by the tokens the cache holds.
gq-mistake-numbers-not-bytes = That counts numbers, not bytes; multiply by the bytes each number takes.
gq-line-per-token = × { $layers } layers = { $numbers } numbers × 2 bytes = { $total } bytes
gq-line-tokens = × { $tokens } tokens = { $total } bytes
gq-line-window = × min({ $length }, window { $window }) = { $tokens } tokens = { $total } bytes
gq-line-gib = ÷ 1024³ = { $gib } GiB
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
