// The flash-attention kind's words in English (steps, captions, parameter labels): the source of
// words-es.ts, in this kind's chunk. Fluent syntax, single-line messages (i18n/messages.ts);
// numbers come in as text written by model/format.ts. Q, K and V's captions are attention's.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
flash-tiles = Tiles
flash-queries-per-tile = queries per tile
flash-keys-per-tile = keys per tile
flash-order = order
flash-order-rows-option = query blocks outside (FlashAttention-2)
flash-order-columns-option = key blocks outside (FlashAttention-1)
flash-matrix-mask = mask
flash-caption-mask = { $title } ({ $shape }), 1 = attend
flash-matrix-scaled-scores = scaled scores QKᵀ/√d_k
flash-matrix-masked-scores = masked scores QKᵀ/√d_k
flash-inputs-title = The inputs, and the tiles they are cut into
flash-inputs-text = Full attention writes down all { $shape } scores before its softmax. Flash attention never holds them all: it reads { $queries } and { $keys } at a time, and keeps only three running numbers per query. Change the tile size or the order and every step is recomputed by the engine.
flash-queries-one = { $count } query
flash-queries = { $count } queries
flash-keys-one = { $count } key
flash-keys = { $count } keys
flash-scores-title-one = { $count } tile of at most { $shape } scores
flash-scores-title = { $count } tiles of at most { $shape } scores
flash-scores-text = These are the scores full attention computes all at once (engine: attention). The tiled run computes the same numbers, one tile at a time, in the order { $order }. Its largest intermediate holds { $largest } numbers (the engine's peakCells), against the whole { $shape } score matrix for full attention.
flash-order-rows = query block by query block
flash-order-columns = key block by key block
flash-column-tile-max = tile max
flash-column-m-before = m before
flash-column-m-after = m after
flash-column-sum-before = ℓ before
flash-column-sum-after = ℓ after
flash-matrix-running = running statistics after this tile
flash-matrix-values = V, the tile's keys { $keys }
flash-values-why = this tile reads the value rows of its keys, { $keys }
flash-matrix-partial = O, the unnormalised output so far
flash-story-first = This is the first tile of { $query }'s row block: m starts at −∞, so α = e^(−∞) = { $alpha } and nothing earlier is kept.
flash-story-same = For { $query } the running max stays { $max }, so α = { $alpha }: what was summed so far is kept as it is.
flash-story-rises = For { $query } the running max rises from { $before } to { $after }, so everything summed so far is multiplied by α = e^({ $before } − { $after }) = { $alpha }.
flash-tile-title = Tile { $number } of { $total }: queries { $queries } × keys { $keys }
flash-tile-text = Then the tile's exponentials e^(s − m) are added to ℓ, and the same exponentials times the tile's value rows to O. Select any running number or any number of O to see its arithmetic.
flash-matrix-final = final m and ℓ per query
flash-matrix-output = output = O / ℓ
flash-normalise-title = Divide once at the end
flash-normalise-text = After its last tile, each query divides its O by its ℓ. The softmax's denominator was never known tile by tile: the rescaling by α kept O and ℓ on the same footing, so one division gives the weighted average of the values. A query whose every key is blocked keeps ℓ = 0 and an output of 0.
flash-proof-facts = Tiled against full attention
flash-fact-difference-64 = max |Δ|, tiled − full, both float64
flash-fact-equal-64 = cells equal to the last bit (float64)
flash-fact-difference-32 = max |Δ|, tiled in float32 − full in float64
flash-fact-equal-32 = cells equal to the last bit (float32)
flash-fact-of = { $count } of { $total }
flash-proof-title-exact = The same output as full attention, to the last bit
flash-proof-title-rounding = The same output as full attention, up to rounding
flash-proof-text-exact = The engine ran full attention on the same inputs and subtracted: the largest difference is { $difference }, every number identical.
flash-proof-text-rounding = The engine ran full attention on the same inputs and subtracted: the largest difference is { $difference } — rounding in the last bits, because the sums are added in another order.
flash-proof-float32 = Tiling is a rearrangement of the exact computation, not an approximation. Computed in float32 instead, the same tiles are off by { $difference }: the choice of float32 costs far more than the tiling.
flash-matrix-flash-output = flash attention output
flash-matrix-full-output = full attention output
flash-matrix-difference-64 = tiled − full, float64
flash-matrix-difference-32 = tiled in float32 − full in float64
flash-matrix-flash-output-32 = flash attention output in float32
flash-float32-what = the same tiles run again in float32 by the engine (flashAttention with precision float32): every product, running max, sum and division rounded to about 7 significant digits.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
