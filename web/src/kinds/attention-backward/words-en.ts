// The backward pass's words in English (steps, captions, the seed's label): the source of
// words-es.ts, in this kind's chunk. Fluent syntax, single-line messages (i18n/messages.ts);
// numbers come in as text written by model/format.ts. Q, K, V and mask captions are attention's.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
backward-matrix-weights = weights w
backward-matrix-output = output = w·V
backward-seed = seed (new random Q, K, V and g)
backward-inputs-title = The forward pass, as before
backward-inputs-text-one = The backward pass starts where the forward ended. It reuses the forward's numbers: the weights w and the values V (and Q and K further back), so nothing is computed twice. One query, { $m } keys, d_k = { $dk }, d_v = { $dv }. Edit any input to see every gradient change.
backward-inputs-text = The backward pass starts where the forward ended. It reuses the forward's numbers: the weights w and the values V (and Q and K further back), so nothing is computed twice. { $n } queries, { $m } keys, d_k = { $dk }, d_v = { $dv }. Edit any input to see every gradient change.
backward-grad-output-title = The loss, and g = ∂L/∂output
backward-grad-output-text = A loss L measures how far the output is from what we want. Here L adds up each output number times its number in g, so ∂L/∂output is g itself: each number says how fast L grows when that output number grows. Learning lowers L, so it pushes each output number against the sign of its g. Edit g to choose another loss.
backward-grad-value-title = Values: ∂L/∂V = wᵀ·g
backward-grad-value-text = Value row j reached each output row i through the weight wᵢⱼ, so its gradient adds up the output gradients, each weighted by how much that query looked at key j. A value the queries barely looked at gets little blame. Select a number to see its sum.
backward-grad-weights-title = Weights: ∂L/∂w = g·Vᵀ
backward-grad-weights-text = A weight wᵢⱼ mixed value row j into output row i, so raising it a little changes L by g_i·v_j. A negative number means more weight on that key would lower the loss.
backward-grad-scaled-title = Softmax backward: ∂L/∂scaled
backward-grad-scaled-text = Each row of weights adds up to 1, so a score can only win weight from the other keys. The softmax's gradient says so: from each gⱼ = ∂L/∂wⱼ it subtracts the row's weighted average Σₖ wₖ·gₖ (its own column), then scales by wⱼ. A key better than average for the loss gets a negative gradient, and each row adds up to 0.
backward-grad-scaled-masked = A blocked score was replaced by a constant, so it gets no gradient.
backward-grad-scores-title = Scale: divide by √d_k = { $sqrtdk }
backward-grad-scores-text = The forward divided every score by √d_k, so a change in a score reaches the loss divided by √d_k too: each gradient is divided by √{ $dk }.
backward-grad-query-title = Queries: ∂L/∂Q = ∂L/∂scores·K
backward-grad-query-text = scoreᵢⱼ = qᵢ·kⱼ grows when qᵢ moves towards kⱼ. So the query's gradient mixes the key rows, each by how much its score should change.
backward-grad-key-title = Keys: ∂L/∂K = (∂L/∂scores)ᵀ·Q
backward-grad-key-text = The same score grows when kⱼ moves towards qᵢ, so each key's gradient mixes the query rows, each by how much that query's score on the key should change.
backward-update-title = A learning step: θ ← θ − η·∂L/∂θ
backward-update-text = Nothing changes here. A learning step would subtract a small multiple η (the learning rate) of each gradient from its matrix, which lowers L a little. In a transformer Q, K and V are computed from the tokens as X·W_Q, X·W_K and X·W_V, so these gradients flow one step further back, to the weight matrices that training changes.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
