// The multi-head kind's words in English (steps, captions, parameter labels): the source of
// words-es.ts, in this kind's chunk. Fluent syntax, single-line messages (i18n/messages.ts);
// numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
multi-head-settings = Sentence and sizes
multi-head-words = words
multi-head-target-words = target words
multi-head-source-words = source words
multi-head-heads-h = heads h
multi-head-probe-rows = One row per token of the probe ({ $tokens }), d_model = { $d } numbers each.
multi-head-matrix-probe = X: the probe as layer { $layer } reads it
multi-head-probe-what = the probe as the trained model’s layer { $layer } reads it, from the trained run (the engine’s numbers).
multi-head-matrix-embeddings = embeddings X
multi-head-matrix-target-embeddings = target embeddings X
multi-head-matrix-source-embeddings = source embeddings
multi-head-embed-title = Embed: every token becomes a vector
multi-head-embed-text = Each token is looked up in a table of d_model = { $d } numbers per word (seeded and untrained here, seed { $seed }).
multi-head-embed-repeated = The same word always gets the same row: both “{ $word }” rows are identical, and without position information attention cannot tell them apart.
multi-head-embed-cross = The queries come from the target sentence, the keys and values from the source sentence.
multi-head-project-title = Project: queries, keys and values
multi-head-project-trained = Three learned matrices W_Q, W_K, W_V (each { $shape }) and their bias vectors turn every row of X into a query, a key and a value. These are the trained model’s own, as { $task } training left them: shown below with every digit (hover a cell).
multi-head-project-text = Three learned matrices W_Q, W_K, W_V (each { $shape }, seeded Xavier here, shown below Q, K and V) turn every embedding into a query, a key and a value. Select a number of Q, K or V to see its products.
multi-head-feeds-output = the output
multi-head-split-title = Split: { $h } heads of width { $dk }
multi-head-split-text = d_model = { $d } is cut into { $h } slices of d_k = { $d } / { $h } = { $dk } columns. Head 1 gets columns 0 to { $last } of Q, K and V, head 2 the next { $dk }, and so on (in the formula, head i counts from 0 and takes columns i·{ $dk } to i·{ $dk } + { $last }); each attends on its own.
multi-head-matrix-head-query = head { $head }: Q, columns { $first }–{ $last }
multi-head-ledger = Dimension ledger
multi-head-ledger-each = { $shape } each
multi-head-ledger-q-split = Q split into { $h } heads
multi-head-ledger-kv-split = K, V split into { $h } heads
multi-head-ledger-scores = scores per head, QᵢKᵢᵀ
multi-head-ledger-weights = all heads’ weights
multi-head-ledger-concat = head outputs, concatenated
multi-head-ledger-columns = { $h } × { $dk } = { $d } columns: { $shape }
multi-head-ledger-parameters = parameters
multi-head-matrix-head-weights = head { $head } weights
multi-head-matrix-attention-weights = attention weights
multi-head-entropy-detail = mean entropy { $mean } of at most { $max } nats
multi-head-heads-title = Attend: { $h } heads, { $h } patterns
multi-head-heads-title-one = Attend: who looks at whom
multi-head-heads-text = Each head runs scaled dot-product attention on its own slice, dividing by √{ $dk }. Each row of a head’s weights sums to 1 (Σ). Entropy says how spread out a head’s attention is: ln { $m } = { $max } would be perfectly even.
multi-head-heads-text-one = Each row says how much one word attends to every word; it sums to 1 (Σ). Select a weight to see its softmax.
multi-head-heads-trained = These patterns are learned: { $task } training shaped W_Q and W_K until the heads looked where the task needs. They are the same numbers as the training lesson’s heatmaps of layer { $layer } at step { $steps }.
multi-head-heads-random = These weights come from untrained, seeded parameters: the patterns are real arithmetic, not learned meaning.
multi-head-focus-word = Focus or hover a word
multi-head-concat-title = Concatenate the heads
multi-head-concat-text = The { $h } head outputs ({ $shape } each) are placed side by side, back to { $whole }.
multi-head-output-title = Mix: the output projection W_O
multi-head-output-title-one = Output: mix the values
multi-head-output-text = W_O ({ $shape }) mixes what the heads found into one { $d }-wide vector per token. Multi-head attention here has { $count } parameters.
multi-head-output-text-one = Each output row is the attention-weighted mix of the value rows, projected by W_O. { $count } parameters in all.
multi-head-matrix-output = output
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
