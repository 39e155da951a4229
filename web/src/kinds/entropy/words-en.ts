// The attention-entropy kind's words in English (steps, captions, chart labels, facts,
// parameter labels): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line
// messages (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
entropy-detail = entropy per row: mean { $mean }, min { $min }, max { $max } nats
entropy-x-label = query position i (row xᵢ)
entropy-y-label = entropy (nats)
entropy-bound = { $bound }: equal weights
entropy-fact-mean = mean entropy over the rows
entropy-fact-lowest = lowest row (sharpest query)
entropy-fact-highest = highest row (flattest query)
entropy-fact-largest = largest possible, ln n
entropy-head = head { $number }
entropy-settings = Sequence and heads
entropy-tokens = tokens n
entropy-heads-h = heads h
entropy-inputs-title = A random sequence of { $n } tokens
entropy-inputs-text = Entropy measures how spread out one query's attention is. If all the weight sits on one key, the entropy is 0; if all { $n } keys get the same weight, it is { $bound } nats, the largest possible. To see it, we attend over { $n } tokens whose { $d }-number vectors are random normal numbers (seed { $seed }): X below, one row per token.
entropy-matrix-input = X, the token vectors
entropy-single-title = One head: entropy per query
entropy-single-text = A single head projects X with W_Q, W_K, W_V ({ $shape }, seeded Xavier, untrained) and attends with d_k = { $dk }. Each row of its weights gets its own entropy: the lower the value, the more that query focuses on a few tokens.
entropy-matrix-single = single head: weights
entropy-chart-single = Entropy of each query’s weights, single head
entropy-single-head = single head
entropy-facts-single = Single head, d_k = { $dk }
entropy-multi-title = { $h } heads: entropy per head
entropy-multi-title-one = One head again
entropy-multi-text = Now the same projections are split into { $h } heads of d_k = { $dk }. Each head computes its scores from only { $dk } of the { $d } columns, so each has its own pattern and its own entropies.
entropy-multi-text-one = With h = 1 the "multi-head" attention is the single head of the previous step.
entropy-multi-seeded = These weights come from untrained, seeded parameters: how focused a head is here is arithmetic, not something it has learned.
entropy-chart-heads-one = Entropy of each query’s weights, { $h } head
entropy-chart-heads = Entropy of each query’s weights, { $h } heads
entropy-matrix-head = { $head }: weights
entropy-compare-title = One head against several
entropy-compare-text = All the lines on one chart, with the bound { $bound } as a dashed line. Each number below is the engine's own mean, lowest and highest row entropy for one head, so you can check which heads focus more than the single head and which spread their attention more evenly.
entropy-chart-compare = Entropy per query position, every head
entropy-matrix-summary = Row entropy per head
entropy-summary = { $title } (nats)
entropy-column-mean = mean
entropy-column-lowest = lowest
entropy-column-highest = highest
entropy-summary-what = the engine’s attentionEntropy of the row’s head: each query’s entropy −Σⱼ wⱼ·ln wⱼ over its weights, then their mean, lowest and highest, in nats. Select a weight of a head to see its softmax.
entropy-plain-title = Without projections: each token looks at itself
entropy-plain-text = A common shortcut skips W_Q and W_K and attends with Q = K = X. Then each query's score with its own key is x·x, a sum of { $d } squares, which is always positive and often the largest in its row, so many rows put their biggest weight on the diagonal. Here the mean entropy is { $plain } nats, against { $single } for the projected single head. A low entropy from this shortcut says nothing about what a trained head would do.
entropy-matrix-plain = Q = K = V = X: weights
entropy-chart-plain = Entropy per query position: no projections against one projected head
entropy-series-projected = single head, projected
entropy-series-plain = Q = K = X, no projections
entropy-facts-plain = No projections, d_k = { $d }
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
