// The language-model kind's words in English (steps, captions, chart and parameter labels,
// "explain this number"): the source of words-es.ts, in this kind's chunk. Fluent syntax,
// single-line messages (i18n/messages.ts); numbers come in as text.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
lm-prompt = your prompt
lm-tokens = tokens to generate
lm-temperature = temperature T
lm-top-k = top-k (0 = off)
lm-top-p = top-p (1 = off)
lm-seed = seed of the draws
lm-parameters-caption = Your prompt and the sampling settings
lm-prompt-caption = Your prompt
lm-from-engine = From the engine
lm-prompt-title = The prompt becomes token ids
lm-prompt-text = The model reads your prompt as { $tokens } tokens, one per character, each a number below { $vocab }, the size of its vocabulary. It can read at most { $context } tokens at once, its context. Everything after this is arithmetic on these numbers, done by the engine. Type another prompt.
lm-matrix-token-ids = the prompt’s token ids
lm-token-id = token id
lm-model-facts = The model
lm-fact-vocab = vocabulary
lm-fact-d-model = width d_model
lm-fact-layers = decoder layers
lm-fact-heads = query heads
lm-fact-kv-heads = { $kv } key/value heads
lm-fact-d-ff = SwiGLU width d_ff
lm-fact-context = context
lm-embed-title = Each token looks up its row
lm-embed-text = The embedding table E has one row of { $d } learned numbers for each of the { $vocab } tokens. Token t becomes row t: your { $n } tokens become { $n } rows, the residual stream that every layer reads and adds to. Nothing here says where a token stands; the positions come in later, inside attention, by rotating queries and keys (RoPE).
lm-matrix-embeddings = x = E[t], the residual stream
lm-norm-title = Layer { $layer }: RMSNorm
lm-norm-text-first = Each layer starts by rescaling every row to a root mean square of 1 (RMSNorm, Zhang & Sennrich 2019), then multiplying each column by a learned γ. Unlike layer norm nothing is subtracted: the row is rescaled, not re-centred. ε = { $eps } keeps an all-zero row finite. The norm sits inside the branch: the residual stream itself is not changed.
lm-norm-text = Layer { $layer } reads the stream as layer 1 left it, and rescales each row again with its own γ (ε = { $eps }).
lm-matrix-rms = rms of each row
lm-matrix-norm = RMSNorm₁ of layer { $layer }
lm-attention-title = Layer { $layer }: causal attention with RoPE
lm-attention-text = { $heads } heads attend, each with d_k = { $dk }. The queries and keys are rotated by an angle that grows with their position (RoPE, Su et al. 2021, base { $base }), so a score depends on how far apart two tokens are. Two query heads share each of the { $kv } key/value heads (grouped-query attention). The mask is causal: a token reads only itself and the tokens before it, so each row of weights ends at the diagonal. The heads’ outputs, through W_O, are added to the stream.
lm-matrix-head = head { $head } (key/value head { $kv })
lm-matrix-residual1 = h = x + attention, layer { $layer }
lm-attention-out = attention
lm-feed-forward-title = Layer { $layer }: SwiGLU feed-forward
lm-feed-forward-text = Each row is normalised again and goes through SwiGLU (Shazeer 2020), the feed-forward network of Llama (Touvron et al. 2023): two projections to { $dff } numbers, one passed through SiLU as a gate that multiplies the other, then a projection back to { $d }. Every row is worked on alone: only attention moves information between tokens. The result is added to the stream: that sum is the layer’s output.
lm-matrix-feed-forward = SwiGLU output, layer { $layer }
lm-matrix-layer-output = x′ = h + SwiGLU, layer { $layer }’s output
lm-final-norm-title = The final RMSNorm
lm-final-norm-text = After the last layer the stream is normalised one more time, with the final γ. Every row now holds what the model predicts for the token after it.
lm-matrix-final-norm = x̂ = RMSNorm(x), final
lm-logits-title = The unembedding: a score for every token
lm-logits-text = The last row, after “{ $piece }”, is compared with every row of the embedding table (the model ties its unembedding to it): one score, a logit, per token of the vocabulary, { $vocab } of them. The softmax turns them into probabilities. The { $shown } most likely are listed, in vocabulary order. The other rows predicted the prompt’s own next characters: their losses, −ln of the probability each gave the character that came, average { $loss } nats (the last counts the token drawn below).
lm-matrix-candidates = the most likely tokens after “{ $piece }”
lm-logit = logit z
lm-probability = probability
lm-matrix-prompt-losses = the loss of each next character of the prompt
lm-loss = loss (nats)
lm-chart-caption = The distribution, most likely token first
lm-chart-rank = rank
lm-series-softmax = softmax(z / { $t })
lm-series-final = after top-k and top-p
lm-temperature-title = Temperature sharpens or flattens
lm-temperature-text = Before the softmax the logits are divided by the temperature T = { $t }. Below 1 the differences grow and the most likely token takes more of the probability; above 1 they shrink and unlikely tokens get a chance. Move the slider: the distribution is redrawn by the engine at once.
lm-temperature-text-greedy = At T = 0 there is nothing to divide by: the engine takes the most likely token with probability 1, greedy decoding. Greedy text is the same every time and small models repeat themselves with it. Move the temperature slider above 0 to sample.
lm-matrix-temperature = the logits at T = { $t }
lm-softmax = softmax
lm-top-k-title = Top-k keeps the k most likely
lm-top-k-text = Top-k sampling (Fan, Lewis & Dauphin 2018) keeps the { $k } most likely tokens, sets the others to 0 and divides the kept probabilities by their sum, so they add up to 1 again.
lm-top-k-text-off = With top-k at 0 no token is removed here: every token keeps its probability. Move the slider to keep only the k most likely.
lm-matrix-top-k = renormalised over the top { $k }
lm-after-top-k = after top-k
lm-top-p-title = Top-p keeps the most likely until p
lm-top-p-text = Nucleus sampling (Holtzman et al. 2020) goes down the tokens from the most likely and adds up their probabilities; it keeps the fewest whose sum reaches p = { $p }. Here that is { $kept } tokens. When the model is sure, the nucleus is small; when it hesitates, it grows. The kept probabilities are renormalised once more.
lm-top-p-text-off = At p = 1 top-p keeps every token top-k kept ({ $kept }). Lower it to cut the long tail of unlikely tokens.
lm-matrix-top-p = the cumulative sum, p = { $p }
lm-cumulative = cumulative
lm-final = final
lm-draw-title = The draw
lm-draw-text = The engine draws a number U = { $u } from the seed, uniform between 0 and 1, and walks through the { $kept } kept tokens in vocabulary order, adding their probabilities, until the sum passes U. That token is drawn: “{ $piece }”, whose probability was { $p }. The same seed draws the same token; another seed may draw another.
lm-matrix-kept = the kept tokens, in vocabulary order
lm-fact-uniform = U
lm-fact-drawn = token drawn
lm-fact-drawn-probability = its probability
lm-generate-title = Generation, one token at a time
lm-generate-text = The drawn token is appended and the model runs again, but only on that new token: every layer keeps the keys and values of the tokens before it in its KV cache, so the { $prompt } tokens of the prompt are never read again. Each step adds one key and one value per layer ({ $layers } layers), reads the cache, and draws the next token with the same temperature, top-k and top-p, and a seed of its own derived from yours. { $count } tokens were generated.
lm-generated-caption = The text
lm-fact-generated = generated
lm-matrix-generated-tokens = the tokens generated
lm-matrix-generation = the probability of each token drawn, by position
lm-explain-token-id = the id of “{ $piece }” in the model’s vocabulary.
lm-explain-lookup = column of row { $token } of the embedding table, the row of “{ $piece }”: a copy, nothing is computed.
lm-explain-rms = the root of the row’s mean square plus ε.
lm-explain-normed = the input divided by its row’s rms, times the column’s learned γ.
lm-explain-residual = the residual connection: the stream plus what the branch computed.
lm-explain-down = SwiGLU’s hidden row ({ $dff } numbers, SiLU(gate) times up) times a column of W_down.
lm-explain-logit = the final row after the last token times the embedding row of “{ $piece }”.
lm-explain-probability = the softmax of the logits, written with the log-sum-exp of the row: the probability of “{ $piece }” coming next.
lm-explain-loss = after “{ $before }” the prompt goes on with “{ $piece }”: the loss is −ln of the probability the model gave it.
lm-explain-logit-again = the logit of “{ $piece }” from the unembedding step.
lm-explain-greedy = at T = 0 the logits are not divided.
lm-explain-scaled = the logit divided by the temperature.
lm-explain-softmax = the softmax of the scaled logits: the probability of “{ $piece }” before any token is removed.
lm-explain-removed-top-k = “{ $piece }” is not among the top k: it is removed.
lm-explain-removed-top-p = “{ $piece }” is outside the nucleus: it is removed.
lm-explain-top-k = the probability of “{ $piece }” divided by the sum of the kept top-k probabilities.
lm-explain-final = the probability of “{ $piece }” after top-k, divided by the sum of the tokens top-p kept.
lm-explain-cumulative-first = the most likely token’s probability starts the running sum.
lm-explain-cumulative = the running sum so far plus this token’s probability.
lm-explain-generation-token = step { $step } drew “{ $piece }”: its id in the vocabulary.
lm-explain-generation-probability = the probability “{ $piece }” had when it was drawn, read at position { $position } through every layer’s cache, with { $kept } tokens left after top-k and top-p.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
