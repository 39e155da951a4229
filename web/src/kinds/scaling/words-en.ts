// The scaling kind's words in English (steps, captions, chart labels and series, facts,
// parameter labels): the source of words-es.ts, in this kind's chunk. Fluent syntax, single-line
// messages (i18n/messages.ts); numbers come in as text written by model/format.ts.
import { kindWords } from '../../i18n/messages.js';

export const ENGLISH = `
scaling-scaled = scaled, q·k / √d_k
scaling-unscaled = unscaled, q·k
scaling-setting = { $samples } queries × { $keys } keys, seed { $seed }
scaling-detail-caption = At your d_k = { $dk } ({ $setting })
scaling-settings = Experiment (the charts run d_k up to 1024, so samples × keys × 1024 may not exceed 2²⁴)
scaling-dk = d_k for the details
scaling-keys = keys per query
scaling-samples = samples (queries)
scaling-dk-log-axis = d_k (log scale: each step doubles it)
scaling-variance-title = Scores spread out as d_k grows
scaling-variance-text = A score q·k adds up d_k products of independent numbers with mean 0 and variance 1, so its variance is d_k. For every d_k from 4 to 1024 the engine drew { $samples } random queries, each with { $keys } random keys (normal, seed { $seed }), and measured the variance of all their scores. The unscaled variance follows d_k; after dividing by √d_k it stays near 1 at every width. Both axes of these two charts are linear: a straight line means the variance grows in proportion to d_k, no faster.
scaling-chart-variance-unscaled = Variance of the raw scores q·k, measured
scaling-variance = variance
scaling-measured = measured, q·k
scaling-predicted-dk = d_k (what the formula predicts)
scaling-chart-variance-scaled = Variance of the scaled scores q·k / √d_k, measured
scaling-measured-scaled = measured, q·k / √d_k
scaling-predicted-one = predicted: 1
scaling-fact-mean = mean of q·k
scaling-fact-variance = variance of q·k
scaling-fact-mean-scaled = mean of q·k / √d_k
scaling-fact-variance-scaled = variance of q·k / √d_k
scaling-peak-title = Without scaling, one key takes almost all the weight
scaling-peak-text = Softmax turns gaps between scores into ratios: a key whose score is higher by g gets e^g times the weight. When the scores have a standard deviation of √d_k, the gaps grow with d_k, so the unscaled softmax gives its top key more and more of the weight. Scaled scores keep the same spread at every d_k, so their peak stays where it is.
scaling-chart-peak = Mean largest weight of a softmax row ({ $setting })
scaling-largest-weight = largest weight
scaling-all-on-one = 1: all weight on one key
scaling-fact-peak-unscaled = mean largest weight, unscaled
scaling-fact-peak-scaled = mean largest weight, scaled
scaling-entropy-title = Entropy: how spread out the weights are
scaling-entropy-text = Entropy measures the spread of one row of weights: 0 when one key has everything, ln { $keys } = { $max } nats when all { $keys } keys share equally. The unscaled softmax heads towards 0 as d_k grows; the scaled one stays at the same level for every d_k.
scaling-chart-entropy = Mean entropy of a softmax row, in nats ({ $setting })
scaling-entropy-nats = entropy (nats)
scaling-equal-weights = ln { $keys } = { $max }: equal weights
scaling-fact-entropy-unscaled = mean entropy, unscaled
scaling-fact-entropy-scaled = mean entropy, scaled
scaling-fact-largest = largest possible, ln { $keys }
scaling-gradient-title = A saturated softmax passes back almost no gradient
scaling-gradient-text = In training, the gradient that reaches the scores passes through the softmax's Jacobian ∂p/∂x = diag(p) − p·pᵀ. Its size (Frobenius norm) says how much a nudge to the scores moves the weights. When one weight is nearly 1 and the rest nearly 0, every entry is nearly 0: at large d_k almost no gradient gets through the unscaled softmax, while the scaled one passes a steady amount at every d_k.
scaling-chart-gradient = Mean Frobenius norm of the softmax Jacobian ({ $setting })
scaling-gradient-norm = gradient norm
scaling-fact-gradient-unscaled = mean gradient norm, unscaled
scaling-fact-gradient-scaled = mean gradient norm, scaled
scaling-example-title = One draw at d_k = { $dk }
scaling-example-text = The experiment's first draw: one query and { $keys } keys, each { $dk } random numbers wide. Dividing its scores by √{ $dk } = { $sqrtdk } shrinks every gap between them by that factor, so the softmax of the scaled row is less extreme than that of the raw one. Select a score or a scaled weight to see its arithmetic; change the seed for another draw.
scaling-matrix-scores = scores q·kⱼ
scaling-matrix-scaled = scaled = scores / √{ $dk }
scaling-matrix-softmax-unscaled = softmax of the scores, unscaled
scaling-scores-symbol = scores q·kⱼ
scaling-matrix-softmax-scaled = softmax of the scaled scores
scaling-frobenius = Frobenius norm { $norm }
scaling-jacobian-title = The same draw: the two Jacobians
scaling-jacobian-text = Entry (i, j) is how much weight pᵢ moves when score xⱼ is nudged. When the softmax is saturated, every entry is close to 0. For this draw the Frobenius norm is { $unscaled } without scaling and { $scaled } with it; the gradient chart averaged this norm over all { $samples } draws.
scaling-matrix-jacobian-unscaled = Jacobian of the unscaled softmax
scaling-matrix-jacobian-scaled = Jacobian of the scaled softmax
scaling-sharpness-title = The sharpness table, computed
scaling-sharpness-text = A common guess is that the largest weight of one query over 5 keys climbs from about { $guess } towards 1 as d_k grows from 4 to 1024, even after scaling. Here is what the engine computes, averaged over { $samples } draws (seed { $seed }): after scaling the peak hardly moves with d_k, and the climb belongs to the unscaled softmax.
scaling-matrix-sharpness = Mean largest weight, 1 query × { $keys } keys, { $samples } draws per row
scaling-column-unscaled = unscaled
scaling-column-scaled = scaled
scaling-sharpness-what = the engine's scalingExperiment: for the row's d_k, { $samples } draws of one query and { $keys } keys (seed { $seed }), each row's largest softmax weight, averaged; the first column without ÷√d_k, the second with it.
`;

/** A message of this kind in the page's language. */
export const w = kindWords(ENGLISH, { es: () => import('./words-es.js').then((m) => m.SPANISH) });
