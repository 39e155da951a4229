// The linear-and-sparse attention kind's words in English (steps, captions, facts, parameter
// labels): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line messages
// (i18n/messages.ts); numbers come in as text written by model/format.ts. Q, K, V captions are attention's.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
efficient-matrix-full-output = full attention’s output
efficient-drawn = Q, K and V (one draw, split in three)
efficient-pattern-keeps = What this pattern keeps
efficient-keys-per-row = keys per row
efficient-largest = largest intermediate (peakCells)
efficient-full-keeps = full attention keeps
efficient-full-keeps-value = { $n } keys per row
efficient-settings = Sequence and patterns
efficient-tokens = tokens n
efficient-width = width d
efficient-window = window
efficient-global-tokens = global tokens (positions)
efficient-random-per-row = random keys per row
efficient-inputs-title = One sequence, four ways to attend
efficient-inputs-text = The engine drew a sequence of { $n } tokens: queries, keys and values of width { $d } (normal random numbers, seed { $seed }). Full attention compares every query with every key, n² comparisons. The next steps keep only some of them (sparse attention) or change the formula so that no n × n matrix is ever made (linear attention), and put each output beside full attention’s.
efficient-full-title = Full attention: every query reads every key
efficient-full-text = Each of the { $n } rows of weights spreads over all { $n } keys: { $n } × { $n } weights, computed and stored. Doubling the sequence quadruples them. This is what the other patterns are measured against. Select a weight to see its softmax.
efficient-full-weights = full attention’s weights
efficient-matrix-pattern-output = this pattern’s output
efficient-window-title = A sliding window of { $window }
efficient-window-text = Longformer (Beltagy et al., 2020) lets each token attend only to its neighbours: the keys within the window. The engine builds that mask and runs attention under it; blocked keys (hatched) get weight 0, and each row shares its weight among the keys it kept. The cost grows as n × window instead of n². Its output differs from full attention’s wherever a query’s weight lay outside the window: compare the two outputs.
efficient-window-weights = window { $window }: weights
efficient-global-title = Plus global tokens at { $positions }
efficient-global-title-none = Plus global tokens (none chosen)
efficient-global-text = A window cannot carry information across the sequence in one layer. Longformer adds global tokens: they attend to every key and every query attends to them, so their rows and columns are open. Set the positions in the parameters of the first step.
efficient-global-weights = window + global tokens: weights
efficient-random-title = Plus { $count } random keys per row
efficient-random-text = BigBird (Zaheer et al., 2020) adds, to the window and the global tokens, a few keys chosen at random for each row (drawn by the engine from seed { $seed }), so that any two tokens are joined by a short path through the layers. The pattern is still O(n) keys per row as n grows.
efficient-random-weights = window + global + random: weights
efficient-features-title = Linear attention: a feature map instead of the softmax
efficient-features-text = Katharopoulos et al. (2020) replace exp(q·k) by φ(q)·φ(k) with φ(x) = elu(x) + 1, which is always positive. Then (φ(Q)φ(K)ᵀ)V can be computed as φ(Q)(φ(K)ᵀV), and the n × n matrix is never formed. The engine applied φ to every query and key:
efficient-state-title = The state: { $d } × { $d } numbers, whatever n is
efficient-state-text = Every key and value is folded into one { $d } × { $d } matrix S = φ(K)ᵀV and one normalizer z = φ(K)ᵀ1 (the sum of the feature rows). Their size does not depend on n: the { $n } tokens cost n·d² to fold in, not n². Select a cell of S to see which φ(k)·v products add up to it.
efficient-linear-title = Linear attention’s output is not softmax attention’s
efficient-linear-text = Each output row is φ(qᵢ)·S divided by φ(qᵢ)·z. It weighs the values by φ(q)·φ(k) rather than by exp(q·k/√d), so it is a different model, not an approximation that converges to full attention: compare its rows with full attention’s. Its largest intermediate holds { $peak } numbers (the engine’s peakCells), against the { $n } × { $n } weights of full attention.
efficient-matrix-linear-output = linear attention’s output
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
