// The sliding-window kind's words in English (steps, captions, chart and parameter labels,
// "explain this number"): the source of words-es.ts, in this kind's chunk. Fluent syntax,
// single-line messages (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
window-length = tokens n
window-window = window w
window-width = width d
window-layers = layers L
window-sinks = sinks s
window-pull = first token's pull
window-size-caption = Sequence and window
window-sinks-caption = Window, sinks and the first token
window-from-engine = From the engine
window-band-title = The banded mask
window-band-text = A sliding window lets query i see only the last { $window } keys up to itself: keys j with i − { $window } < j ≤ i. Every row of the mask holds at most { $window } ones, so a layer costs n·w scores instead of n², and the last query, { $last }, sees keys { $from } … { $last } only. Below, the weights of one head under this mask: each row is a softmax over its band alone.
window-matrix-band = window mask (1 = seen)
window-matrix-weights = weights under the window
window-reach-title = The reach grows with the layers
window-reach-text = One layer lets token { $last } reach { $one } positions back. The next layer reads tokens that each read their own window, so the reach grows by w − 1 per layer (Longformer, Mistral 7B). The engine composes the mask { $layers } times: below, with every visible key weighted the same, each cell is the share of token j in token i after { $layers } layers; token { $last } now reaches positions { $from } … { $last }, { $reach } back, exactly L·(w − 1) until it reaches the first token.
window-matrix-composed = shares after { $layers } layers
window-matrix-reach = reach of the last token
window-layer-label = { $layer } layers
window-back = positions back
window-cache-title = The rolling cache
window-cache-text = When decoding, a key that has left the window is never read again, so the cache keeps only the sinks and the last { $window } keys: a ring of { $window } slots, each new key overwriting the one { $window } places before it, and s = { $sinks } slots for the sinks. At the last step, { $last }, it holds { $held } keys. The engine decodes token by token with that cache and compares each output row with the whole layer under the same window: the largest difference is { $largest }.
window-matrix-cached-keys = cache at step { $last }
window-position = pos { $position }
window-cached-key-what = a key written into the cache when its token was decoded (the layer's projections are the identity, so it is the token's row)
window-held-at = held at step { $step }
window-cache-cells = numbers in the cache at the end
window-cache-gap = largest |decoded − whole layer|
window-sinks-title = Why the first tokens draw attention
window-sinks-text = Trained models put a large share of every row's weight on the first token, whatever it is: softmax has to give its weight somewhere (Xiao et al. 2023, attention sinks). Here the first token matches every query by { $pull } in its extra column: with the causal mask the last query puts { $full } on it. With a window of { $window } the first key leaves every row past the window, its weight is spread over the band, and the rows change: the outputs move by up to { $alone } from the full layer's. Keeping the first s = { $sinks } keys visible as sinks gives the rows their anchor back: the outputs then move by up to { $kept }.
window-first-key-caption = Weight on the first key, query by query
window-query = query i
window-weight-on-first = weight on k₀
window-series-full = causal, no window
window-series-alone = window { $window }
window-series-kept = window { $window }, s = { $sinks }
window-matrix-alone = weights, window alone
window-matrix-kept = weights, window and s = { $sinks }
window-fact-full = weight of q{ $last } on k₀, causal
window-fact-alone = weight of q{ $last } on k₀, window alone
window-fact-kept = weight of q{ $last } on k₀, window + sinks
window-gap-alone = largest output change, window alone
window-gap-kept = largest output change, window + sinks
window-explain-band-in = key { $j } is within the last { $window } keys up to query { $i } (or is a sink): it is seen.
window-explain-band-out = key { $j } is more than { $window } − 1 positions before query { $i }: it has left the window.
window-explain-band-later = key { $j } comes after query { $i }: a decoder never sees later keys.
window-explain-reach = after { $layers } layers, the first non-zero share in row { $i } of the composed matrix is at position { $first } ({ $share }).
mistake-off-by-one-window = That is what a window of w + 1 keys gives: query i sees keys i − w < j ≤ i, so key i − w has already left.
mistake-not-causal = That is what a band that also looks ahead gives; a decoder’s window holds only keys up to the query itself.
mistake-forgot-sinks = That is the weight without the sinks; the first keys stay visible to every query and take their share of the softmax.
mistake-sinks-inside-window = That is what counting the sinks among the window’s w keys gives; the sinks come on top of the last w keys.
mistake-layers-times-window = That is L·w: each layer reaches w − 1 positions further back, not w, since the window counts the query itself.
mistake-window-only = That is the window alone; stacked layers reach further, each adding w − 1 positions.
mistake-single-layer = That is one layer’s reach; each further layer adds w − 1 positions more.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
