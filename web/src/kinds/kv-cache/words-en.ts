// The KV-cache kind's words in English (steps, captions, parameter labels): the source of
// words-es.ts, in this kind's chunk. Fluent syntax, single-line messages (i18n/messages.ts);
// numbers come in as text written by model/format.ts (or grouped by thin spaces).
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
kv-cache-model-caption = A model to size the cache for
kv-cache-model = model
kv-cache-context = tokens n in the cache
kv-cache-bytes = bytes per number
kv-cache-bytes-4 = float32 (4 bytes)
kv-cache-bytes-2 = float16 or bfloat16 (2 bytes)
kv-cache-bytes-1 = int8 (1 byte)
kv-cache-bytes-other = { $count } bytes
kv-cache-memory-caption = { $model }, { $count } tokens
kv-cache-fact-layers = layers, d_model
kv-cache-fact-formula = 2 · layers · n · d_model · bytes
kv-cache-fact-bytes = = bytes
kv-cache-fact-lesson = this lesson's cache (engine: cacheCells, one layer, float64)
kv-cache-numbers = { $count } numbers
kv-cache-memory-title = What the cache costs in memory
kv-cache-memory-text = Every layer keeps a key and a value of width d_model for every token so far: 2 · layers · n · d_model numbers, times the bytes of each. For { $model } with { $count } tokens in { $bytes }, that is the figure below, per sequence: a server decoding many sequences at once holds one cache each.
kv-cache-settings = Sequence and heads
kv-cache-tokens = tokens n
kv-cache-heads = heads h
kv-cache-decoded-what-one = the engine's kvCacheDecode: the row's query x·W_Q attended, head by head, over the cached keys and values of the rows before it and itself, the head’s output times W_O.
kv-cache-decoded-what = the engine's kvCacheDecode: the row's query x·W_Q attended, head by head, over the cached keys and values of the rows before it and itself, the heads’ outputs side by side times W_O.
kv-cache-inputs-title = Decode { $n } tokens, one at a time
kv-cache-inputs-text-one = A model that writes text produces one token at a time, and each new token attends to every token before it. Here { $n } tokens of width d_model = { $d } (random normal numbers, seed { $seed }) are decoded one by one through one head of causal self-attention with seeded weights.
kv-cache-inputs-text = A model that writes text produces one token at a time, and each new token attends to every token before it. Here { $n } tokens of width d_model = { $d } (random normal numbers, seed { $seed }) are decoded one by one through { $heads } heads of causal self-attention with seeded weights.
kv-cache-matrix-input = X, the tokens
kv-cache-counts-caption = Multiply-adds for token { $number } (engine)
kv-cache-counts-with = with the cache: project x_t once, attend over the cache
kv-cache-counts-without = without: project and attend all { $count } tokens again
kv-cache-token-title-one = Token { $number } of { $n }: the cache grows to { $rows } row
kv-cache-token-title = Token { $number } of { $n }: the cache grows to { $rows } rows
kv-cache-token-text-one = Token { $token } is projected once: its key and value are appended to the cache (outlined), and only its query attends over the { $rows } cached key. The keys and values of earlier tokens are read back, never recomputed.
kv-cache-token-text = Token { $token } is projected once: its key and value are appended to the cache (outlined), and only its query attends over the { $rows } cached keys. The keys and values of earlier tokens are read back, never recomputed.
kv-cache-matrix-keys = cached keys K
kv-cache-matrix-values = cached values V
kv-cache-matrix-output-row = output row of { $token }
kv-cache-check-title-exact = The same output as recomputing everything, to the last bit
kv-cache-check-title-rounding = The same output as recomputing everything, up to rounding
kv-cache-check-text = The engine also ran multi-head attention on all { $n } tokens at once with a causal mask and the same weights. Largest difference: { $difference }, with { $identical } of { $cells } numbers identical to the last bit. The cache changes how much is computed, not what.
kv-cache-check-caption = Decoded with the cache against recomputed
kv-cache-check-identical = numbers identical to the last bit
kv-cache-of = { $count } of { $total }
kv-cache-matrix-decoded = decoded with the cache
kv-cache-matrix-recomputed = recomputed with a causal mask
kv-cache-heads-side-by-side = the heads’ outputs side by side
kv-cache-matrix-difference = cache − recomputed
kv-cache-cost-title = Work per token: almost constant with the cache, growing without
kv-cache-cost-text = Without a cache, token t reruns the layer on all t tokens: their projections (4·t·d² multiply-adds) and their attention (2·t²·d). With it, token t projects only itself (4·d²) and attends over the t cached rows (2·t·d). At d_model = { $d } the projections dominate, so both lines look straight here; for long sequences the t² of recomputed attention takes over. The counts are the engine's.
kv-cache-chart-caption = Multiply-adds per decoded token
kv-cache-chart-x = token t
kv-cache-chart-y = multiply-adds
kv-cache-series-without = without the cache
kv-cache-series-with = with the cache
kv-cache-matrix-table = Multiply-adds per token
kv-cache-column-with = with cache
kv-cache-column-without = without
kv-cache-cost-what = the engine's count of multiply-adds for this token (row t): with the cache 4·d² + 2·(t+1)·d, one row projected and attended over t + 1 cached keys; without it 4·(t+1)·d² + 2·(t+1)²·d, the whole layer again on rows 0 … t (d = { $d }).
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
