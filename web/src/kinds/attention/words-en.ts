// The attention kind's words in English (steps, captions, parameter labels): the source of
// words-es.ts, in this kind's chunk. Fluent syntax, single-line messages (i18n/messages.ts);
// numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
attention-matrix-query = Q — queries
attention-matrix-key = K — keys
attention-matrix-value = V — values
attention-matrix-scores = scores = QKᵀ
attention-matrix-scaled = scaled = scores / √d_k
attention-matrix-weights = weights = softmax
attention-matrix-output = output = weights·V
attention-matrix-masked = masked scores
attention-matrix-mask = mask A
attention-caption-mask = { $title } ({ $shape }): 1 = attend, 0 = blocked
attention-inputs-title = The inputs
attention-inputs-text-one = One query of width d_k = { $dk } meet { $m } keys of the same width; each key carries a value of width d_v = { $dv }. Edit any number to see every step change.
attention-inputs-text = { $n } queries of width d_k = { $dk } meet { $m } keys of the same width; each key carries a value of width d_v = { $dv }. Edit any number to see every step change.
attention-scores-title = Scores: how well each query matches each key
attention-scores-text = Each score is the dot product of a query row with a key row: multiply matching entries and add them up. A large score means a close match. Select a score to see its sum.
attention-scale-title = Scale: divide by √d_k = { $sqrtdk }
attention-scale-text = Dot products of longer vectors grow larger, which would make the softmax extreme. Dividing by √d_k (here √{ $dk }) keeps their spread the same whatever the width.
attention-mask-title = Mask: block what may not be seen
attention-mask-text-infinite = The mask A says which keys each query may see: 1 = attend, 0 = blocked. The formula adds M, made from A: 0 where A is 1 (the score is kept), −∞ where A is 0, which the softmax turns into a weight of exactly 0.
attention-mask-text-fill = The mask A says which keys each query may see: 1 = attend, 0 = blocked. The formula adds M, made from A: 0 where A is 1 (the score is kept), { $fill } where A is 0 (a large negative number instead of −∞).
attention-mask-blocked-row = Row { $rows } has every key blocked.
attention-softmax-title = Softmax: scores become weights
attention-softmax-text = Each row is exponentiated and divided by its sum, so the weights are positive and every row adds up to 1 (the Σ column); scores that a softmax turns into probabilities are often called logits. The largest score gets the largest share.
attention-softmax-shift = First each row's largest score is subtracted (for { $row }: { $max }), so no e^x can overflow; shifting a whole row by the same amount leaves its weights unchanged.
attention-softmax-select = Select a weight to see its softmax.
attention-softmax-fully-masked = A fully masked row has nothing to share out: its weights are all 0.
attention-output-title = Weighted sum: mix the values
attention-output-text = Each output row is the average of the value rows, weighted by that query's attention. Select an output number to see the sum.
attention-sizes = Sizes and random inputs
attention-size-queries = queries n
attention-size-keys = keys m
attention-size-dk = width d_k
attention-size-dv = width d_v
attention-seed = seed (new random Q, K, V)
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
