// The lesson on why attention divides by √d_k, from the engine's scalingExperiment
// (cpp/src/scaling_experiment.cpp) and softmaxJacobian. One experiment per d_k of the sweep
// feeds the charts, one for the chosen d_k the details. Step ids follow the experiment's
// quantities: variance, peak, entropy, gradient, then the first draw (example, jacobian) and the
// seed's sharpness table. Every number comes from the engine; this file only arranges them.
import type { AttentionLab, ScalingExperimentTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParametersPanel, ScalingInputs, Step, TextPanel } from '../../model/types.js';
import { LIMITS } from '../../model/limits.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField } from '../shared/fields.js';

/** The widths the charts sweep, log-spaced. */
const SWEEP = [4, 8, 16, 32, 64, 128, 256, 512, 1024];
/** The sharpness table: these widths, one query over five keys. */
const SHARPNESS_WIDTHS = [4, 16, 64, 256, 1024];
const SHARPNESS_KEYS = 5;

const SCALED = 'scaled, q·k / √d_k';
const UNSCALED = 'unscaled, q·k';

/**
 * Recent experiments, so that one setting is run once: the chosen d_k and the sharpness table
 * often repeat a run of the sweep, and changing only d_k leaves the sweep as it was. The engine
 * is deterministic, so a remembered trace is the trace a new call would give.
 */
const remembered = new WeakMap<AttentionLab, Map<string, ScalingExperimentTrace>>();
const REMEMBER = 40;

function experiment(lab: AttentionLab, dK: number, keys: number, samples: number, seed: number): ScalingExperimentTrace {
  let runs = remembered.get(lab);
  if (!runs) remembered.set(lab, (runs = new Map()));
  const id = `${dK}/${keys}/${samples}/${seed}`;
  let trace = runs.get(id);
  if (!trace) {
    trace = lab.scalingExperiment({ dK, keys, samples, seed });
    runs.set(id, trace);
    if (runs.size > REMEMBER) runs.delete(runs.keys().next().value as string);
  }
  return trace;
}

/** The trace is the run at the chosen d_k, whose first draw the steps show. */
export function scalingSteps(lab: AttentionLab, inputs: ScalingInputs): Built<ScalingExperimentTrace> {
  const { keys, samples, seed } = inputs;
  const run = (dK: number, keyCount: number) => experiment(lab, dK, keyCount, samples, seed);
  const chosen = run(inputs.dK, keys);
  const sweep = SWEEP.map((dK) => run(dK, keys));
  const sharpness = SHARPNESS_WIDTHS.map((dK) => run(dK, SHARPNESS_KEYS));
  const dK = chosen.dK;

  const points = (value: (t: ScalingExperimentTrace) => number): [number, number][] => sweep.map((t) => [t.dK, value(t)]);
  const chart = (name: string, caption: string, yLabel: string, series: ChartPanel['series'], rest: Partial<ChartPanel> = {}): ChartPanel =>
    ({ type: 'chart', name, caption, xLabel: 'd_k', yLabel, xScale: 'log2', series, ...rest });
  const both = (value: (s: ScalingExperimentTrace['scaled']) => number): ChartPanel['series'] => [
    { label: UNSCALED, points: points((t) => value(t.unscaled)) },
    { label: SCALED, points: points((t) => value(t.scaled)) },
  ];
  const facts = (name: string, caption: string, rows: [string, string][]): TextPanel => ({ type: 'facts', name, caption, facts: rows });
  const setting = `${chosen.samples} queries × ${chosen.keys} keys, seed ${seed}`;
  const detailCaption = `At your d_k = ${dK} (${setting})`;

  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: 'Experiment (the charts run d_k up to 1024, so samples × keys × 1024 may not exceed 2²⁴)',
    fields: [
      integerField('dK', 'd_k for the details', inputs.dK, LIMITS.scaling.dK),
      integerField('keys', 'keys per query', keys, LIMITS.scaling.keys),
      integerField('samples', 'samples (queries)', samples, LIMITS.scaling.samples),
      seedField(seed),
    ],
  };

  const steps: Step[] = [];
  steps.push({
    id: 'variance',
    title: 'Scores spread out as d_k grows',
    text: `A score q·k adds up d_k products of independent numbers with mean 0 and variance 1, so its variance is d_k. ` +
      `For every d_k from 4 to 1024 the engine drew ${chosen.samples} random queries, each with ${chosen.keys} random keys (normal, seed ${seed}), and measured the variance of all their scores. ` +
      `The unscaled variance follows d_k; after dividing by √d_k it stays near 1 at every width.`,
    formula: String.raw`\mathrm{Var}(q\cdot k) = \sum_{i=1}^{d_k} \mathrm{Var}(q_i k_i) = d_k,\qquad \htmlClass{focus}{\mathrm{Var}\!\left(\frac{q\cdot k}{\sqrt{d_k}}\right) = \frac{d_k}{d_k} = 1}`,
    panels: [
      parameters,
      chart('variance-unscaled', 'Variance of the raw scores q·k, measured', 'variance', [
        { label: 'measured, q·k', points: points((t) => t.scoreVariance) },
        { label: 'd_k (what the formula predicts)', points: points((t) => t.dK) },
      ]),
      chart('variance-scaled', 'Variance of the scaled scores q·k / √d_k, measured', 'variance', [
        { label: 'measured, q·k / √d_k', points: points((t) => t.scaledVariance) },
      ], { references: [{ label: 'predicted: 1', y: 1 }] }),
      facts('variance-facts', detailCaption, [
        ['√d_k', formatNumber(chosen.example.sqrtDk)],
        ['mean of q·k', formatNumber(chosen.scoreMean)],
        ['variance of q·k', formatNumber(chosen.scoreVariance)],
        ['mean of q·k / √d_k', formatNumber(chosen.scaledMean)],
        ['variance of q·k / √d_k', formatNumber(chosen.scaledVariance)],
      ]),
    ],
  });

  steps.push({
    id: 'peak',
    title: 'Without scaling, one key takes almost all the weight',
    text: `Softmax turns gaps between scores into ratios: a key whose score is higher by g gets e^g times the weight. When the scores have a standard deviation of √d_k, the gaps grow with d_k, so ` +
      `the unscaled softmax gives its top key more and more of the weight. Scaled scores keep the same spread at every d_k, so their peak stays where it is.`,
    formula: String.raw`\htmlClass{focus}{\max_j\, p_j},\quad p = \mathrm{softmax}(q K^{\top}) \ \text{ or }\ \mathrm{softmax}\!\left(\frac{q K^{\top}}{\sqrt{d_k}}\right)`,
    panels: [
      chart('peak', `Mean largest weight of a softmax row (${setting})`, 'largest weight', both((s) => s.meanPeakWeight), {
        references: [{ label: '1: all weight on one key', y: 1 }],
        yDomain: [0, 1],
      }),
      facts('peak-facts', detailCaption, [
        ['mean largest weight, unscaled', formatNumber(chosen.unscaled.meanPeakWeight)],
        ['mean largest weight, scaled', formatNumber(chosen.scaled.meanPeakWeight)],
      ]),
    ],
  });

  steps.push({
    id: 'entropy',
    title: 'Entropy: how spread out the weights are',
    text: `Entropy measures the spread of one row of weights: 0 when one key has everything, ln ${chosen.keys} = ${formatNumber(chosen.maxEntropy)} nats when all ${chosen.keys} keys share equally. ` +
      `The unscaled softmax heads towards 0 as d_k grows; the scaled one stays at the same level for every d_k.`,
    formula: String.raw`\htmlClass{focus}{H(p) = -\sum_j p_j \ln p_j},\qquad 0 \le H(p) \le \ln m`,
    panels: [
      chart('entropy', `Mean entropy of a softmax row, in nats (${setting})`, 'entropy (nats)', both((s) => s.meanEntropy), {
        references: [{ label: `ln ${chosen.keys} = ${formatNumber(chosen.maxEntropy)}: equal weights`, y: chosen.maxEntropy }],
      }),
      facts('entropy-facts', detailCaption, [
        ['mean entropy, unscaled', formatNumber(chosen.unscaled.meanEntropy)],
        ['mean entropy, scaled', formatNumber(chosen.scaled.meanEntropy)],
        [`largest possible, ln ${chosen.keys}`, formatNumber(chosen.maxEntropy)],
      ]),
    ],
  });

  steps.push({
    id: 'gradient',
    title: 'A saturated softmax passes back almost no gradient',
    text: `In training, the gradient that reaches the scores passes through the softmax's Jacobian ∂p/∂x = diag(p) − p·pᵀ. Its size (Frobenius norm) says how much a nudge to the scores moves the weights. ` +
      `When one weight is nearly 1 and the rest nearly 0, every entry is nearly 0: at large d_k almost no gradient gets through the unscaled softmax, while the scaled one passes a steady amount at every d_k.`,
    formula: String.raw`\frac{\partial p_i}{\partial x_j} = p_i(\delta_{ij} - p_j),\qquad \htmlClass{focus}{\left\lVert \mathrm{diag}(p) - p\,p^{\top} \right\rVert_F}`,
    panels: [
      chart('gradient', `Mean Frobenius norm of the softmax Jacobian (${setting})`, 'gradient norm', both((s) => s.meanGradientNorm)),
      facts('gradient-facts', detailCaption, [
        ['mean gradient norm, unscaled', formatNumber(chosen.unscaled.meanGradientNorm)],
        ['mean gradient norm, scaled', formatNumber(chosen.scaled.meanGradientNorm)],
      ]),
    ],
  });

  const e = chosen.example;
  const keyLabels = labels(undefined, chosen.keys, 'k');
  const explainArgs = { query: e.query, key: e.key, value: e.key };
  const row = (name: string, caption: string, data: number[][], colour: MatrixPanel['colour'], extra: Partial<MatrixPanel> = {}): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels: ['q'], colLabels: keyLabels, colour, ...extra });
  steps.push({
    id: 'example',
    title: `One draw at d_k = ${dK}`,
    text: `The experiment's first draw: one query and ${chosen.keys} keys, each ${dK} random numbers wide. Dividing its scores by √${dK} = ${formatNumber(e.sqrtDk)} ` +
      `shrinks every gap between them by that factor, so the softmax of the scaled row is less extreme than that of the raw one. Select a score or a scaled weight to see its arithmetic; change the seed for another draw.`,
    formula: String.raw`\mathrm{softmax}(q K^{\top})\ \text{ vs }\ \htmlClass{focus}{\mathrm{softmax}\!\left(\frac{q K^{\top}}{\sqrt{d_k}}\right)},\quad \sqrt{d_k} = \sqrt{${dK}} = ${formatNumber(e.sqrtDk)}`,
    panels: [
      row('scores', `scores q·kⱼ (1×${chosen.keys})`, e.scores, 'diverging', { explain: { stage: 'score', args: explainArgs, symbol: 'score' } }),
      row('scaled', `scaled = scores / √${dK} (1×${chosen.keys})`, e.scaled, 'diverging', { explain: { stage: 'scaled', args: explainArgs, symbol: 'scaled' } }),
      row('weights-unscaled', 'softmax of the scores, unscaled', e.weightsUnscaled, 'weights',
        { explain: { stage: 'softmax', args: { logits: e.scores, logitSymbol: 'scores q·kⱼ', logitPanel: 'scores' }, symbol: 'weight' } }),
      row('weights', 'softmax of the scaled scores', e.weightsScaled, 'weights', { explain: { stage: 'weight', args: explainArgs, symbol: 'weight' } }),
      parameters,
    ],
  });

  const jacobianUnscaled = lab.softmaxJacobian({ logits: e.scores });
  const jacobianScaled = lab.softmaxJacobian({ logits: e.scaled });
  const jacobian = (name: string, caption: string, t: typeof jacobianScaled): MatrixPanel => ({
    type: 'matrix', name, caption, detail: `Frobenius norm ${formatNumber(t.frobeniusNorm)}`, data: t.jacobian,
    rowLabels: labels(undefined, chosen.keys, 'p'), colLabels: labels(undefined, chosen.keys, 'x'), colour: 'none',
    explain: { stage: 'jacobian', args: { weights: t.weights[0] }, symbol: 'J' },
  });
  steps.push({
    id: 'jacobian',
    title: 'The same draw: the two Jacobians',
    text: `Entry (i, j) is how much weight pᵢ moves when score xⱼ is nudged. When the softmax is saturated, every entry is close to 0. ` +
      `For this draw the Frobenius norm is ${formatNumber(jacobianUnscaled.frobeniusNorm)} without scaling and ${formatNumber(jacobianScaled.frobeniusNorm)} with it; ` +
      `the gradient chart averaged this norm over all ${chosen.samples} draws.`,
    formula: String.raw`\htmlClass{focus}{J = \mathrm{diag}(p) - p\,p^{\top}},\qquad \lVert J \rVert_F = \sqrt{\textstyle\sum_{ij} J_{ij}^2}`,
    panels: [
      jacobian('jacobian-unscaled', `Jacobian of the unscaled softmax (${chosen.keys}×${chosen.keys})`, jacobianUnscaled),
      jacobian('jacobian-scaled', `Jacobian of the scaled softmax (${chosen.keys}×${chosen.keys})`, jacobianScaled),
    ],
  });

  steps.push({
    id: 'sharpness',
    title: 'The sharpness table, computed',
    text: `A common guess is that the largest weight of one query over 5 keys climbs from about 0.4 towards 1 as d_k grows from 4 to 1024, even after scaling. ` +
      `Here is what the engine computes, averaged over ${samples} draws (seed ${seed}): ` +
      `after scaling the peak hardly moves with d_k, and the climb belongs to the unscaled softmax.`,
    formula: String.raw`\htmlClass{focus}{\max_j\, \mathrm{softmax}\!\left(\frac{q K^{\top}}{\sqrt{d_k}}\right)_j}\ \text{ vs }\ \max_j\, \mathrm{softmax}(q K^{\top})_j,\quad m = 5`,
    panels: [{
      type: 'matrix',
      name: 'sharpness',
      caption: `Mean largest weight, 1 query × ${SHARPNESS_KEYS} keys, ${samples} draws per row`,
      data: sharpness.map((t) => [t.unscaled.meanPeakWeight, t.scaled.meanPeakWeight]),
      rowLabels: sharpness.map((t) => `d_k = ${t.dK}`),
      colLabels: ['unscaled', 'scaled'],
      colour: 'weights',
      explain: { stage: 'given', symbol: 'peak', args: { what: `the engine's scalingExperiment: for the row's d_k, ${samples} draws of one query and ${SHARPNESS_KEYS} keys (seed ${seed}), each row's largest softmax weight, averaged; the first column without ÷√d_k, the second with it.` } },
    }],
  });
  return { steps, trace: chosen };
}
