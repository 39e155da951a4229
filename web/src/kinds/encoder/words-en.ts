// The encoder-layer kind's words in English (steps, captions, parameter labels, counts): the
// source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
encoder-settings = Sentence and layer sizes
encoder-words = words
encoder-heads-h = heads h
encoder-activation = activation
encoder-biases-label = attention biases
encoder-off = off
encoder-on = on
encoder-on-zero = on (zero)
encoder-row-statistics = mean { $mean }, variance { $variance }
encoder-each = { $value } each
encoder-none = none
encoder-ledger = Dimension ledger
encoder-ledger-embeddings = embeddings E
encoder-ledger-encoding = positional encoding PE
encoder-ledger-input = X, the layer’s input
encoder-ledger-per-head = per head ({ $h } heads)
encoder-ledger-weights = weights per head
encoder-ledger-concat = concat, attention output
encoder-ledger-norm1 = residual 1, LayerNorm 1
encoder-ledger-hidden = hidden, activated
encoder-ledger-ffn = feed-forward output, residual 2
encoder-ledger-output = layer output
encoder-input-title = Input: embeddings plus positions
encoder-input-trained = The layer’s output will have the same shape.
encoder-input-text = Each word is looked up in a seeded, untrained embedding table of width d_model = { $d }, and the positional encoding of its place in the sentence is added.
encoder-input-repeated = The two “{ $word }” rows of E are identical; after adding PE they differ, because they stand at different positions.
encoder-input-reads = X is what the layer reads; its output will have the same shape.
encoder-matrix-embeddings = embeddings E
encoder-matrix-encoding = positional encoding PE
encoder-matrix-probe = X: the probe as layer { $layer } reads it
encoder-probe-what = the probe as the trained model’s layer { $layer } reads it, from the trained run (the engine’s numbers).
encoder-matrix-head-weights = head { $head } weights
encoder-attention-title-one = Multi-head self-attention: { $h } head
encoder-attention-title = Multi-head self-attention: { $h } heads
encoder-attention-text-one = Every word attends to every word of X. The { $h } head works on d_k = { $dk } columns of the projected queries, keys and values; each row of a head’s weights sums to 1 (Σ), and you can select a weight to see its softmax. The head outputs are concatenated and mixed by W_O into one row per word; W_Q, W_K, W_V and W_O are below the output.
encoder-attention-text = Every word attends to every word of X. The { $h } heads each work on d_k = { $dk } columns of the projected queries, keys and values; each row of a head’s weights sums to 1 (Σ), and you can select a weight to see its softmax. The head outputs are concatenated and mixed by W_O into one row per word; W_Q, W_K, W_V and W_O are below the output.
encoder-attention-trained = The projections and their biases are the trained model’s. These patterns are learned: they are the training lesson’s heatmaps of layer { $layer } at step { $steps }.
encoder-attention-trained-causal = The projections and their biases are the trained model’s, and the attention is causal, as the model ran it. These patterns are learned: they are the training lesson’s heatmaps of layer { $layer } at step { $steps }.
encoder-attention-biases = The projections have biases (zero here, as PyTorch starts them).
encoder-attention-no-biases = The projections have no biases, as nn.MultiheadAttention(bias=False) builds them.
encoder-attention-seeded = The weights are seeded, not trained: the patterns are real arithmetic, not learned meaning.
encoder-matrix-attention-output = attention output
encoder-heads-side-by-side = the heads’ outputs side by side
encoder-feeds-query = each query
encoder-feeds-key = each key
encoder-feeds-value = each value
encoder-feeds-attention = the attention output
encoder-feeds-hidden = hidden
encoder-feeds-ffn = the feed-forward output
encoder-norm1-title = Add & norm: residual, then LayerNorm
encoder-norm1-text = The attention output is added to the layer’s input (the residual connection keeps the original signal). LayerNorm then works on each row on its own: it subtracts the row’s mean and divides by √(variance + ε), so every row comes out with mean 0 and variance just under 1.
encoder-norm-learned = Its scale γ and shift β were learned in training: each column is then scaled by its γ and shifted by its β.
encoder-norm-identity = Its scale γ is 1 and its shift β is 0 here, so nothing else changes.
encoder-norm-statistics = The means and variances below are the engine’s, for the rows before normalising.
encoder-matrix-residual1 = residual 1 = X + attention
encoder-statistics-1 = Each row of residual 1
encoder-matrix-norm1 = LayerNorm 1 output
encoder-ffn-title = Feed-forward: out to d_ff = { $width } and back
encoder-ffn-text-relu = Each word’s row goes through the same two linear layers, without looking at the other words. W₁ widens it from { $d } to d_ff = { $width } numbers, ReLU sets every negative one to 0, and W₂ brings it back to { $d }. W₁ and W₂ are below the output.
encoder-ffn-text-gelu = Each word’s row goes through the same two linear layers, without looking at the other words. W₁ widens it from { $d } to d_ff = { $width } numbers, GELU keeps large positive values, shrinks small ones and pushes large negative ones to about 0, and W₂ brings it back to { $d }. W₁ and W₂ are below the output.
encoder-matrix-hidden = hidden = xW₁ + b₁
encoder-norm1-output = LayerNorm 1’s output
encoder-matrix-activated = { $activation }(hidden)
encoder-matrix-ffn-output = feed-forward output
encoder-norm2-title = Add & norm again: the layer’s output
encoder-norm2-text = The feed-forward output is added to its own input (LayerNorm 1’s output), and LayerNorm 2 normalises each row again. The result has the input’s shape, { $shape }, so layers can be stacked: a deep encoder repeats this block with its own weights.
encoder-matrix-residual2 = residual 2 = norm 1 + feed-forward
encoder-statistics-2 = Each row of residual 2
encoder-matrix-output = layer output
encoder-parameters-title = Counting the parameters
encoder-parameters-text = This layer has { $total } learned numbers. A small standard layer (d_model { $dmodel }, { $heads } heads, d_ff { $dff }, as in many introductory models) has { $without } when its attention has no biases (nn.MultiheadAttention(bias=False)), and { $with } with them, as in nn.TransformerEncoderLayer: the four bias vectors are the whole difference. In that layer the feed-forward part holds most of the parameters. The engine runs one sentence at a time and without dropout, as a layer does when it is used rather than trained.
encoder-layer-count = This layer (d_model { $d }, d_ff { $dff }, attention biases { $biases })
encoder-count-attention = attention: W_Q, W_K, W_V, W_O
encoder-count-attention-biases = attention: W_Q, W_K, W_V, W_O and biases
encoder-count-ffn = feed-forward: W₁, b₁, W₂, b₂
encoder-count-norms = two LayerNorms: γ and β
encoder-count-total = total
encoder-reference-count = A small standard layer (d_model { $dmodel }, { $heads } heads, d_ff { $dff })
encoder-reference-without = attention without biases
encoder-reference-with = attention with biases
encoder-reference-ffn = feed-forward
encoder-reference-norms = two LayerNorms
encoder-reference-total-free = total, bias-free attention
encoder-reference-total-torch = total, as nn.TransformerEncoderLayer
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
