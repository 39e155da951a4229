// The inside-model kind's words in English (steps, captions, parameter labels, "explain this
// number"): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
inside-text = the text the model reads
inside-name = a name in it twice
inside-layer = layer
inside-head = head
inside-residual = residual weight r
inside-parameters-caption = Your text and the head in focus
inside-from-engine = From the engine
inside-tokens = tokens
inside-head-weights = head { $head }’s attention weights: each row a character, each column one it looks at
inside-attention-title = Every head reads your text
inside-attention-text = The model reads your text as { $tokens } tokens, one per character. Each of its { $layers } layers has { $heads } attention heads, { $all } in all, and each head spreads every token’s attention over the tokens before it (the causal mask). Your name, { $name }, comes twice. The table takes each character of its second copy and shows, for every head (L its layer, H the head, both counted from 1), the weight it gives to the character that followed the same character in the first copy: the one that comes next. A head that looks there can copy the name. Below, every weight of head { $head }, the character that looks in each row; choose another layer and head above.
inside-attention-text-no-name = The model reads your text as { $tokens } tokens, one per character. Each of its { $layers } layers has { $heads } attention heads, { $all } in all, and each head spreads every token’s attention over the tokens before it (the causal mask). The name “{ $name }” does not occur twice in your text, whole characters each time, so there is no second copy to look at: put it in twice to see how heads copy it. Below, the attention of head { $head }.
inside-matrix-copy-weights = second copy → the character after it in the first copy, per head
inside-layer-row = layer { $layer }
inside-head-column = head { $head }
inside-atlas-title = A head atlas
inside-atlas-text = What does each head do? The engine measures three patterns on a test of its own: a random sequence of { $length } tokens read twice, which no text of the corpus holds, so only a head that reads the sequence itself can predict its second copy. Previous-token: the mean weight on the token just before. Induction (Olsson et al. 2022): on the second copy, the mean weight on the token that followed the same token the first time, as in the table of the last step. First-token: the mean weight on token 0, where heads with nothing to do park their attention. On that sequence the model’s loss is { $first } on the first copy and { $second } on the second: copying makes the second easier. An induction head needs a previous-token head in an earlier layer, which is why the model has two layers.
inside-atlas-text-no-copy = What does each head do? The engine measures three patterns on a test of its own: a random sequence of { $length } tokens read twice, which no text of the corpus holds, so only a head that reads the sequence itself can predict its second copy. Previous-token: the mean weight on the token just before. Induction (Olsson et al. 2022): on the second copy, the mean weight on the token that followed the same token the first time, as in the table of the last step. First-token: the mean weight on token 0, where heads with nothing to do park their attention. On that sequence the model’s loss is { $first } on the first copy and { $second } on the second: no easier, so this model has not learned to copy (an untrained or barely trained model has not). An induction head needs a previous-token head in an earlier layer, which is why the model has two layers.
inside-matrix-previous-token = previous-token score
inside-matrix-induction = induction score
inside-matrix-first-token = first-token score
inside-random-length = tokens in the random sequence, read twice
inside-first-copy-loss = loss on the first copy
inside-second-copy-loss = loss on the second copy
inside-ablate-title = Switch a head off
inside-ablate-text = Switching head { $head } off sets its rows of W_O to zero: its weights are still computed, but nothing it reads reaches the residual stream (Michel et al. 2019). The first table is the loss of each prediction of your text, −ln of the probability the model gave the character that came, with every head and with head { $head } off: the mean goes from { $all } to { $off }. The marked rows are the second copy of { $name }: if they jump, the head was copying. The second table switches each head off in turn and measures both copies of the random sequence of { $length } tokens: the head whose loss on the second copy jumps most is the one that copies.
inside-ablate-text-no-name = Switching head { $head } off sets its rows of W_O to zero: its weights are still computed, but nothing it reads reaches the residual stream (Michel et al. 2019). The first table is the loss of each prediction of your text, −ln of the probability the model gave the character that came, with every head and with head { $head } off: the mean goes from { $all } to { $off }. Put “{ $name }” in twice to see which predictions copying helps. The second table switches each head off in turn and measures both copies of the random sequence of { $length } tokens: the head whose loss on the second copy jumps most is the one that copies.
inside-all-heads = all heads
inside-head-off = { $head } off
inside-none-off = none off
inside-first-copy = first copy
inside-second-copy = second copy
inside-matrix-losses = loss of each prediction of your text
inside-matrix-copy-losses = loss on each copy of { $length } random tokens, one head off
inside-lens-title = The logit lens: each layer’s guess
inside-lens-text = The logit lens reads the residual stream before the last layer is done, as if the layers after it were skipped: through the final RMSNorm and the unembedding, to a probability for every token. The first table shows, after each of { $readings } readings, the token the model would predict next and its probability; the last reading is the model’s own prediction. The second table follows the character that really came next. On the second copy of { $name }, watch it become likely only after the layer whose heads copy.
inside-lens-text-no-name = The logit lens reads the residual stream before the last layer is done, as if the layers after it were skipped: through the final RMSNorm and the unembedding, to a probability for every token. The first table shows, after each of { $readings } readings, the token the model would predict next and its probability; the last reading is the model’s own prediction. The second table follows the character that really came next. Put “{ $name }” in twice to watch copying appear layer by layer.
inside-lens-embeddings = embeddings
inside-lens-after = after L{ $layer }
inside-lens-output = output (L{ $layer })
inside-matrix-lens-top = each layer’s most likely next token and its probability
inside-matrix-lens-next = each layer’s probability of the token that came next
inside-rollout-title = Attention rollout
inside-rollout-text = Which tokens feed the last position, through all { $layers } layers? A head’s weights say where one layer looks, but each layer also adds its input back (the residual connection), and what it looks at was itself mixed by the layers before. Attention rollout (Abnar & Zuidema 2020) averages each layer’s heads, mixes in the identity with weight r = { $residual } for the residual path, renormalises the rows, and multiplies the layers together. Row i is what reaches character i, column j how much of it comes from character j; the marked row is the last token, “{ $last }”. It is an estimate, not a causal measure: switching heads off (two steps back) tests what matters.
inside-matrix-rollout = attention rollout through every layer
inside-explain-head-weight = head { $head }’s attention from “{ $query }” (token { $q }) to “{ $key }” (token { $k }): a row of the softmax of its scaled scores.
inside-explain-head-weight-future = “{ $key }” (token { $k }) comes after “{ $query }” (token { $q }): the causal mask blocks it, so head { $head } gives it weight 0.
inside-explain-copy-weight = head { $head }’s attention from the second copy’s “{ $query }” (token { $q }) to “{ $key }” (token { $k }), the character that followed “{ $query }” in the first copy.
inside-explain-score-previous-token = the mean of head { $head }’s weights(i, i − 1) over the { $cells } queries of the random sequence read twice ({ $length } tokens each time).
inside-explain-score-induction = the mean of head { $head }’s weights(L + j, j + 1) over j = 0 … { $last }: each second-copy token’s weight on the token that followed it in the first copy.
inside-explain-score-first-token = the mean of head { $head }’s weights(i, 0) over the { $cells } queries of the random sequence read twice ({ $length } tokens each time).
inside-explain-loss = −ln of the probability the model gave “{ $next }” after reading up to “{ $piece }” (token { $i }).
inside-explain-loss-off = −ln of the probability the model with head { $head } off gave “{ $next }” after reading up to “{ $piece }” (token { $i }).
inside-explain-copy-loss = the mean loss over the { $copy } of { $length } random tokens, with { $row }.
inside-explain-lens-top = the most likely next token after “{ $piece }” (token { $i }) read { $layer }: softmax of the unembedded, RMS-normalised residual stream.
inside-explain-lens-next = the probability of “{ $next }”, which came next, after “{ $piece }” read { $layer }.
inside-explain-rollout = how much of “{ $key }” reaches “{ $query }” through every layer: row { $i } of the last layer’s mix times column { $j } of the rollout before it.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
