// The rotary-positions kind's words in English (steps, captions, chart and parameter labels,
// "explain this number"): the source of words-es.ts, in this kind's chunk. Fluent syntax,
// single-line messages (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
rope-random-what = the query and the key, one random row each
rope-pairs-detail = pairs { $pairs }
rope-at = { $symbol } at { $position }
rope-width = width d (even)
rope-base = base
rope-convention = pairs
rope-convention-half = half: (i, i + d/2)
rope-convention-interleaved = interleaved: (2i, 2i + 1)
rope-half = half
rope-interleaved = interleaved
rope-positions-caption = Positions and pairs
rope-query-position = query position m
rope-key-position = key position n
rope-shift = shift both by
rope-size-caption = Width, base and positions
rope-length = positions
rope-clocks-title = Each pair of columns is a clock
rope-clocks-text = Rotary position embedding (RoPE; Su et al. 2021, the RoFormer paper) adds nothing to the embeddings. Instead it cuts a head’s query and key, d = { $d } numbers wide, into { $pairs } pairs and turns each pair like the hand of a clock, by an angle that grows with the position. Each pair has its own speed θ: pair 0 turns { $fast } rad per position, the last pair only { $slow }. The chart follows the cosine of three hands over the positions: fast clocks tell neighbours apart, slow ones tell near from far.
rope-matrix-theta = θ: the speed of each pair, radians per position
rope-clocks-caption = cos(position · θ) of three pairs, over the first { $positions } positions
rope-position = position
rope-cos-angle = cos(position · θ)
rope-pair-series = pair { $pair }
rope-pos = pos { $pos }
rope-angles-title = The angle is position × θ
rope-angles-text = At position p pair i is turned by p·θ_i: a product, not a power. Row p of the first table is p times the row of speeds, so every row is a multiple of the row of position 1. The query’s positions work the same way: at position { $later } pair 0 has turned { $fast } radians (many full turns), the slowest pair only { $slow }.
rope-matrix-angles-corner = the first { $rows } positions in numbers
rope-matrix-angles-query = angles at the query’s positions
rope-matrix-cos = cos of the angles
rope-matrix-sin = sin of the angles
rope-rotate-title = Turning the query
rope-rotate-text-half = The query q (random numbers from the seed) is turned at position { $m } and, unchanged, at position { $later }. With the pairs in halves, column i is paired with column i + { $half }: columns 0 to { $last } are the pairs’ first numbers a, the rest their second numbers b. Each pair (a, b) becomes (a·cos − b·sin, a·sin + b·cos), the cos and sin of its angle at that position. A rotation keeps each pair’s length; only the direction changes.
rope-rotate-text-interleaved = The query q (random numbers from the seed) is turned at position { $m } and, unchanged, at position { $later }. With interleaved pairs, columns 2i and 2i + 1 form pair i: the even columns are the pairs’ first numbers a, the odd ones their second numbers b. Each pair (a, b) becomes (a·cos − b·sin, a·sin + b·cos), the cos and sin of its angle at that position. A rotation keeps each pair’s length; only the direction changes.
rope-matrix-query = q, the same row twice
rope-matrix-rotated-query = q turned: q′
rope-relative-title = The score depends on the distance only
rope-relative-text = The key k is turned at { $n } and at { $laterkey }. The score of q at { $m } with k at { $n } is { $first }; the score of q at { $later } with k at { $laterkey } is { $second }. Both pairs of positions are { $distance } apart, and turning both vectors by the same extra angle does not change the angle between them, so the dot product only sees the difference of the angles, (m − n)·θ. Unturned, q·k would be { $plain } at any positions. The other two scores are for other distances.
rope-matrix-key = k, the same row twice
rope-matrix-rotated-key = k turned: k′
rope-matrix-scores = scores q′·k′
rope-from-engine = From the engine
rope-score-at = score of q at { $m } with k at { $n }
rope-score-gap = their largest difference
rope-score-plain = q·k without turning
rope-conventions-title = Two ways to pair the columns
rope-conventions-text = The paper and Meta’s Llama code pair neighbouring columns, (2i, 2i + 1): “interleaved”. GPT-NeoX and Hugging Face’s rotate_half pair column i with column i + d/2: “half”. The same q turned at position { $m } gives different numbers in each: column 0 is paired with column 1 in one and with column { $mid } in the other. Weights trained with one convention give wrong scores when run with the other, a classic bug when porting a model.
rope-matrix-query-once = q
rope-matrix-rotated-half = q turned, pairs in halves
rope-matrix-rotated-interleaved = q turned, pairs interleaved
rope-permuted-why = the permutation moves column 2i to i and column 2i + 1 to i + d/2
rope-put-back-why = the inverse permutation puts each column back where it came from
rope-permutation-title = One convention is the other, reordered
rope-permutation-text = Move the even columns of q to the front and the odd ones behind them (2i → i, 2i + 1 → i + { $mid }): each interleaved pair now sits at columns i and i + { $mid }, as the halves convention pairs them. Turn that with the halves convention and put the columns back: the result is the interleaved rotation of q. The largest difference is { $largest }. So a checkpoint moves between conventions by reordering the columns of W_Q and W_K once; switching the setting to the { $other } convention without reordering does not.
rope-matrix-permuted = Pq: the columns reordered
rope-matrix-rotated-permuted = Pq turned, pairs in halves
rope-matrix-put-back = columns put back
rope-matrix-difference = put back − interleaved
rope-distance = distance
rope-score = score
rope-decay-title = Scores fade with distance
rope-decay-text = Take a query and a key of all ones (d = { $d }) and move them apart. At distance 0 the score is { $top }: every pair points the same way. As the distance grows the pairs’ clocks fall out of step, fast ones first, and their contributions start to cancel: the score swings, but on the whole it falls, as the table samples it from distance 0 to { $last }. The paper calls this long-term decay: far tokens tend to count for less. Slow pairs need long distances to fall out of step, so this step uses a head’s width rather than the narrow q and k above.
rope-decay-caption = score of two all-ones vectors against their distance, over { $positions } positions
rope-ones-series = q = k = all ones
rope-matrix-decay = scores at some distances
rope-distance-label = r = { $r }
rope-interpolation-title = Longer contexts: position interpolation
rope-interpolation-text = A model trained on positions 0 to { $trainedlast } has only met angles below those at position { $trained }. Run it on { $long } tokens (× { $factor }) and the slow pairs turn further than ever in training: pair { $pair } reaches { $beyond } radians at token { $last }, where training stayed below { $top }. Position interpolation (Chen et al. 2023) divides every position by { $factor } instead: pair { $pair } then reaches only { $inside } radians, inside the trained range, and neighbouring tokens come { $factor } times closer together. A little fine-tuning then teaches the model the finer steps.
rope-interpolation-caption = angle of pair { $pair } (the slowest) over { $long } tokens
rope-token = token
rope-angle = angle (radians)
rope-as-they-are = positions as they are
rope-as-is = as is
rope-interpolated = positions ÷ { $factor }
rope-trained-top = end of the trained range (position { $trained })
rope-matrix-used = the position each token is turned at
rope-token-label = token { $t }
rope-interpolation-parameters = Trained length and interpolation
rope-trained-length = trained positions
rope-factor = context × factor
rope-explain-theta = pair { $i }’s speed: the exponent grows with i, so later pairs turn more slowly.
rope-explain-angle = pair { $i } at position { $position }: its speed times the position.
rope-explain-trig = pair { $i } at position { $position }.
rope-explain-rotated-first = column { $column } is the first number a of pair { $pair } ({ $convention } convention), its partner b is column { $partner }.
rope-explain-rotated-second = column { $column } is the second number b of pair { $pair } ({ $convention } convention), its partner a is column { $partner }.
rope-explain-moved = column { $column } comes from column { $from }: { $why }.
rope-explain-position = token { $token } is turned at its own position; pair 0 turns at θ₀ = 1, so its angle is the position.
rope-explain-position-scaled = token { $token } is turned at its position divided by { $factor }; pair 0 turns at θ₀ = 1, so its angle is that position.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
