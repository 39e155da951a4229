// The lesson on why attention divides by √d_k, from the engine's scalingExperiment
// (cpp/src/scaling_experiment.cpp) and softmaxJacobian. One experiment per d_k of the sweep
// feeds the charts, one for the chosen d_k the details. Step ids follow the experiment's
// quantities: variance, peak, entropy, gradient, then the first draw (example, jacobian) and the
// seed's sharpness table. Every number comes from the engine; this file only arranges them.
import type { AttentionLab, ScalingExperimentTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { ScalingInputs } from './inputs.js';
import { scalingInputs } from './inputs.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { w } from './words-en.js';

/** The widths the charts sweep, log-spaced. */
const SWEEP = [4, 8, 16, 32, 64, 128, 256, 512, 1024];
/** The sharpness table: these widths, one query over five keys. */
const SHARPNESS_WIDTHS = [4, 16, 64, 256, 1024];
const SHARPNESS_KEYS = 5;


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
  // d_k on a log axis spreads the doublings 4 … 1024 evenly, and says so on the axis. The variance
  // charts are linear on both axes: variance grows in proportion to d_k, and a log x against a
  // linear y would bend that straight line into a curve that looks explosive.
  const chart = (name: string, caption: string, yLabel: string, series: ChartPanel['series'], rest: Partial<ChartPanel> = {}): ChartPanel =>
    ({ type: 'chart', name, caption, xLabel: w('scaling-dk-log-axis'), yLabel, xScale: 'log2', series, ...rest });
  const linear: Partial<ChartPanel> = { xLabel: 'd_k', xScale: 'linear' };
  const both = (value: (s: ScalingExperimentTrace['scaled']) => number): ChartPanel['series'] => [
    { label: w('scaling-unscaled'), points: points((t) => value(t.unscaled)) },
    { label: w('scaling-scaled'), points: points((t) => value(t.scaled)) },
  ];
  const facts = (name: string, caption: string, rows: [string, string][]): TextPanel => ({ type: 'facts', name, caption, facts: rows });
  const setting = w('scaling-setting', { samples: String(chosen.samples), keys: String(chosen.keys), seed: String(seed) });
  const detailCaption = w('scaling-detail-caption', { dk: String(dK), setting });

  const parameters: ParametersPanel = {
    type: 'parameters',
    name: 'settings',
    caption: w('scaling-settings'),
    fields: [
      integerField('dK', w('scaling-dk'), inputs.dK, scalingInputs.dK),
      integerField('keys', w('scaling-keys'), keys, scalingInputs.keys),
      integerField('samples', w('scaling-samples'), samples, scalingInputs.samples),
      seedField(seed),
    ],
  };

  const steps: Step[] = [];
  steps.push({
    id: 'variance',
    title: w('scaling-variance-title'),
    text: w('scaling-variance-text', { samples: String(chosen.samples), keys: String(chosen.keys), seed: String(seed) }),
    formula: String.raw`\mathrm{Var}(q\cdot k) = \sum_{i=1}^{d_k} \mathrm{Var}(q_i k_i) = d_k,\qquad \htmlClass{focus}{\mathrm{Var}\!\left(\frac{q\cdot k}{\sqrt{d_k}}\right) = \frac{d_k}{d_k} = 1}`,
    panels: [
      parameters,
      chart('variance-unscaled', w('scaling-chart-variance-unscaled'), w('scaling-variance'), [
        { label: w('scaling-measured'), points: points((t) => t.scoreVariance) },
        { label: w('scaling-predicted-dk'), points: points((t) => t.dK) },
      ], linear),
      chart('variance-scaled', w('scaling-chart-variance-scaled'), w('scaling-variance'), [
        { label: w('scaling-measured-scaled'), points: points((t) => t.scaledVariance) },
      ], { ...linear, references: [{ label: w('scaling-predicted-one'), y: 1 }] }),
      facts('variance-facts', detailCaption, [
        ['√d_k', formatNumber(chosen.example.sqrtDk)],
        [w('scaling-fact-mean'), formatNumber(chosen.scoreMean)],
        [w('scaling-fact-variance'), formatNumber(chosen.scoreVariance)],
        [w('scaling-fact-mean-scaled'), formatNumber(chosen.scaledMean)],
        [w('scaling-fact-variance-scaled'), formatNumber(chosen.scaledVariance)],
      ]),
    ],
  });

  steps.push({
    id: 'peak',
    title: w('scaling-peak-title'),
    text: w('scaling-peak-text'),
    formula: String.raw`\htmlClass{focus}{\max_j\, p_j},\quad p = \mathrm{softmax}(q K^{\top}) \ \text{ or }\ \mathrm{softmax}\!\left(\frac{q K^{\top}}{\sqrt{d_k}}\right)`,
    panels: [
      chart('peak', w('scaling-chart-peak', { setting }), w('scaling-largest-weight'), both((s) => s.meanPeakWeight), {
        references: [{ label: w('scaling-all-on-one'), y: 1 }],
        yDomain: [0, 1],
      }),
      facts('peak-facts', detailCaption, [
        [w('scaling-fact-peak-unscaled'), formatNumber(chosen.unscaled.meanPeakWeight)],
        [w('scaling-fact-peak-scaled'), formatNumber(chosen.scaled.meanPeakWeight)],
      ]),
    ],
  });

  steps.push({
    id: 'entropy',
    title: w('scaling-entropy-title'),
    text: w('scaling-entropy-text', { keys: String(chosen.keys), max: formatNumber(chosen.maxEntropy) }),
    formula: String.raw`\htmlClass{focus}{H(p) = -\sum_j p_j \ln p_j},\qquad 0 \le H(p) \le \ln m`,
    panels: [
      chart('entropy', w('scaling-chart-entropy', { setting }), w('scaling-entropy-nats'), both((s) => s.meanEntropy), {
        references: [{ label: w('scaling-equal-weights', { keys: String(chosen.keys), max: formatNumber(chosen.maxEntropy) }), y: chosen.maxEntropy }],
      }),
      facts('entropy-facts', detailCaption, [
        [w('scaling-fact-entropy-unscaled'), formatNumber(chosen.unscaled.meanEntropy)],
        [w('scaling-fact-entropy-scaled'), formatNumber(chosen.scaled.meanEntropy)],
        [w('scaling-fact-largest', { keys: String(chosen.keys) }), formatNumber(chosen.maxEntropy)],
      ]),
    ],
  });

  steps.push({
    id: 'gradient',
    title: w('scaling-gradient-title'),
    text: w('scaling-gradient-text'),
    formula: String.raw`\frac{\partial p_i}{\partial x_j} = p_i(\delta_{ij} - p_j),\qquad \htmlClass{focus}{\left\lVert \mathrm{diag}(p) - p\,p^{\top} \right\rVert_F}`,
    panels: [
      chart('gradient', w('scaling-chart-gradient', { setting }), w('scaling-gradient-norm'), both((s) => s.meanGradientNorm)),
      facts('gradient-facts', detailCaption, [
        [w('scaling-fact-gradient-unscaled'), formatNumber(chosen.unscaled.meanGradientNorm)],
        [w('scaling-fact-gradient-scaled'), formatNumber(chosen.scaled.meanGradientNorm)],
      ]),
    ],
  });

  const e = chosen.example;
  const keyLabels = labels(undefined, chosen.keys, 'k');
  const explainArgs = { query: e.query, key: e.key, value: e.key };
  const row = (name: string, title: Pick<MatrixPanel, 'title' | 'caption'>, data: number[][], colour: MatrixPanel['colour'], extra: Partial<MatrixPanel> = {}): MatrixPanel =>
    ({ type: 'matrix', name, ...title, data, rowLabels: ['q'], colLabels: keyLabels, colour, ...extra });
  steps.push({
    id: 'example',
    title: w('scaling-example-title', { dk: String(dK) }),
    text: w('scaling-example-text', { keys: String(chosen.keys), dk: String(dK), sqrtdk: formatNumber(e.sqrtDk) }),
    formula: String.raw`\mathrm{softmax}(q K^{\top})\ \text{ vs }\ \htmlClass{focus}{\mathrm{softmax}\!\left(\frac{q K^{\top}}{\sqrt{d_k}}\right)},\quad \sqrt{d_k} = \sqrt{${dK}} = ${formatNumber(e.sqrtDk)}`,
    panels: [
      row('scores', titled(w('scaling-matrix-scores'), shape(1, chosen.keys)), e.scores, 'diverging', { explain: { stage: 'score', args: explainArgs, symbol: 'score' } }),
      row('scaled', titled(w('scaling-matrix-scaled', { dk: String(dK) }), shape(1, chosen.keys)), e.scaled, 'diverging', { explain: { stage: 'scaled', args: explainArgs, symbol: 'scaled' } }),
      row('weights-unscaled', titled(w('scaling-matrix-softmax-unscaled')), e.weightsUnscaled, 'weights',
        { explain: { stage: 'softmax', args: { logits: e.scores, logitSymbol: w('scaling-scores-symbol'), logitPanel: 'scores' }, symbol: 'weight' } }),
      row('weights', titled(w('scaling-matrix-softmax-scaled')), e.weightsScaled, 'weights', { explain: { stage: 'weight', args: explainArgs, symbol: 'weight' } }),
      parameters,
    ],
  });

  const jacobianUnscaled = lab.softmaxJacobian({ logits: e.scores });
  const jacobianScaled = lab.softmaxJacobian({ logits: e.scaled });
  const jacobian = (name: string, title: string, t: typeof jacobianScaled): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(chosen.keys, chosen.keys)), detail: w('scaling-frobenius', { norm: formatNumber(t.frobeniusNorm) }), data: t.jacobian,
    rowLabels: labels(undefined, chosen.keys, 'p'), colLabels: labels(undefined, chosen.keys, 'x'), colour: 'none',
    explain: { stage: 'jacobian', args: { weights: t.weights[0] }, symbol: 'J' },
  });
  steps.push({
    id: 'jacobian',
    title: w('scaling-jacobian-title'),
    text: w('scaling-jacobian-text', {
      unscaled: formatNumber(jacobianUnscaled.frobeniusNorm), scaled: formatNumber(jacobianScaled.frobeniusNorm), samples: String(chosen.samples),
    }),
    formula: String.raw`\htmlClass{focus}{J = \mathrm{diag}(p) - p\,p^{\top}},\qquad \lVert J \rVert_F = \sqrt{\textstyle\sum_{ij} J_{ij}^2}`,
    panels: [
      jacobian('jacobian-unscaled', w('scaling-matrix-jacobian-unscaled'), jacobianUnscaled),
      jacobian('jacobian-scaled', w('scaling-matrix-jacobian-scaled'), jacobianScaled),
    ],
  });

  steps.push({
    id: 'sharpness',
    title: w('scaling-sharpness-title'),
    text: w('scaling-sharpness-text', { guess: formatNumber(0.4), samples: String(samples), seed: String(seed) }),
    formula: String.raw`\htmlClass{focus}{\max_j\, \mathrm{softmax}\!\left(\frac{q K^{\top}}{\sqrt{d_k}}\right)_j}\ \text{ vs }\ \max_j\, \mathrm{softmax}(q K^{\top})_j,\quad m = 5`,
    panels: [{
      type: 'matrix',
      name: 'sharpness',
      ...titled(w('scaling-matrix-sharpness', { keys: String(SHARPNESS_KEYS), samples: String(samples) })),
      data: sharpness.map((t) => [t.unscaled.meanPeakWeight, t.scaled.meanPeakWeight]),
      rowLabels: sharpness.map((t) => `d_k = ${t.dK}`),
      colLabels: [w('scaling-column-unscaled'), w('scaling-column-scaled')],
      colour: 'weights',
      explain: { stage: 'given', symbol: 'peak', args: { what: w('scaling-sharpness-what', { samples: String(samples), keys: String(SHARPNESS_KEYS), seed: String(seed) }) } },
    }],
  });
  return { steps, trace: chosen };
}
