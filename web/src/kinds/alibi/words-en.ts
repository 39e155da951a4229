// The ALiBi kind's words in English (steps, captions, chart and parameter labels, "explain this
// number"): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
alibi-query-label = q at { $t }
alibi-head = head { $k }
alibi-parameters-caption = Heads, tokens and seed
alibi-heads = heads H
alibi-other-heads = compare with H =
alibi-length = trained length (tokens)
alibi-long-length = longer sequence (tokens)
alibi-head-width = head width d_k
alibi-worked-head = worked head k
alibi-slope = slope
alibi-slopes-title = One slope per head
alibi-slopes-text = ALiBi (Press, Smith and Lewis 2022, “Train Short, Test Long”) gives attention no position embedding at all. Instead each head subtracts a penalty proportional to the distance between query and key, and each head has its own slope m. With H = { $heads } heads the paper’s slopes form a geometric sequence: head 0 gets { $first }, each next head the previous slope times the first, down to { $last } for the last head. The slopes are fixed, never learned.
alibi-matrix-slopes = slopes of { $heads } heads
alibi-rule-caption = the paper’s rule for H = { $heads }
alibi-rule-power = { $heads } is a power of two
alibi-rule-power-value = m_k = 2^(−8(k+1)/H) for every head
alibi-rule-first = the first { $power } heads: the slopes of { $power } heads
alibi-rule-rest = the other { $count }: every other slope of { $double } heads, which falls between those
alibi-matrix-bias = bias of { $head }
alibi-slope-detail = slope m = { $slope }
alibi-bias-title = The bias grows with the distance
alibi-bias-text = Each head adds bias = −m·|i − j| to its scaled scores: 0 where a query meets its own token, −m one token back, −2m two tokens back, a straight line. The paper’s model is a decoder, so query i only sees keys j ≤ i (the cells after it are blocked). The last query ({ $last }) gives the first token a bias of { $steep } in { $steephead }, with the steepest slope, but only { $gentle } in { $gentlehead }, with the gentlest.
alibi-add-title = Adding the bias to { $head }’s scores
alibi-add-text = Head { $k } works like any head: its scores q·k are divided by √d_k = { $sqrt } (d_k = { $dk }). Only then is the bias added, −{ $slope }·|i − j|: it is not divided by √d_k. The causal mask blocks the keys after each query, and the softmax turns each row into weights that sum to 1. Click any number to see where it comes from.
alibi-matrix-scaled = scaled = q·kᵀ/√d_k
alibi-matrix-biased = scaled + bias
alibi-matrix-weights = weights of { $head }
alibi-near-far-title = Heads that look near, heads that look far
alibi-near-far-text = The same tokens, two different slopes. In { $steephead } the steep slope outweighs the content scores: its last query ({ $last }) puts { $steepself } of its weight on its own token and { $steepfirst } on the first. In { $gentlehead } the gentle slope barely bends the scores, so it can still look far: its last query gives the first token { $gentlefirst }. A mix of slopes lets the layer attend both locally and across the sequence.
alibi-near-far-caption = weights of the last query (token { $last }) against the distance back
alibi-distance = distance i − j
alibi-weight = weight
alibi-bias = bias
alibi-head-series = { $head } (m = { $slope })
alibi-longer-title = Past the trained length
alibi-longer-text = Say the model was trained on { $trained } tokens: it has only met distances up to { $last }. Run the same weights on { $long } tokens and the last query ({ $longlast }) meets keys much farther back, yet nothing new happens: the bias simply continues its straight line. In { $gentlehead } it was { $trainedbias } at distance { $last } and reaches { $farbias } at the first token, whose weight fades to { $farweight }. A learned position embedding would have no vector at all for the new positions, and sinusoids would give vectors the model never saw; here far keys just fade smoothly, which is why ALiBi extrapolates.
alibi-longer-bias-caption = bias of the last query against the distance back, over { $long } tokens
alibi-longer-weights-caption = weights of the last query against the distance back, over { $long } tokens
alibi-matrix-far = the last query’s weights at some distances ({ $long } tokens)
alibi-distance-label = r = { $r }
alibi-explain-slope-power = head { $k } of { $heads }: H is a power of two, so m_k = 2^(−8(k+1)/H).
alibi-explain-slope-first = head { $k } of { $heads }: H is not a power of two, so the first { $power } heads take the slopes of { $power } heads.
alibi-explain-slope-rest = head { $k } of { $heads }: after the first { $power } heads come every other slope of { $double } heads (index { $index } of that sequence), which fall between the first ones.
alibi-explain-bias = query { $i } and key { $j }: the penalty is the slope times their distance.
alibi-explain-bias-self = query { $i } and its own key: distance 0, no penalty.
alibi-explain-scaled = the score divided by √d_k, before the bias is added.
alibi-explain-blocked = key { $j } comes after query { $i }: the causal mask blocks it, so its weight is 0.
alibi-explain-weight = query { $i }’s row of scaled + bias through the softmax: key { $j }’s share.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
