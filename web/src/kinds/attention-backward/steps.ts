// Steps of one backward pass of attention, in the order a learner computes them and the engine's
// backward passes do (cpp/src/attention_backward.cpp): the forward recapped, the loss's gradient
// g, then ∂L/∂V, ∂L/∂weights, the softmax backward, the scale, ∂L/∂Q and ∂L/∂K. Every number
// comes from the engine's forward and backward traces (the row sums Σₖ wₖ·gₖ from its
// explanation of the softmax backward); this file only arranges and words them.
import type { AttentionBackwardTrace, AttentionLab, AttentionTrace } from '../../../lib/index.js';
import type { BackwardExplainStage, MatrixPanel, Panel, Step } from '../../model/types.js';
import type { AttentionBackwardInputs } from './inputs.js';
import { formatNumber } from '../../model/format.js';
import { attentionParameters } from '../attention/edits.js';
import { attentionArgs } from '../shared/explain-terms.js';
import { labels, shape, titled } from '../shared/fields.js';
import { w as attentionWords } from '../attention/words-en.js';
import { w } from './words-en.js';
import type { Built } from '../kind.js';

/** What the steps were built from: the forward, the backward, and each row's Σₖ wₖ·gₖ. */
export interface BackwardBuilt {
  forward: AttentionTrace;
  backward: AttentionBackwardTrace;
  rowDots: number[];
}

export interface BackwardStepContext {
  inputs: AttentionBackwardInputs;
  queryLabels?: string[];
  keyLabels?: string[];
}

const FORWARD = String.raw`\mathrm{output} = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V`;

/**
 * The loss as the learner set it, L = Σ gᵢⱼ·outputᵢⱼ, written out term by term when it is short
 * (L = output₀₀ − output₀₁) and as the sum otherwise. Formatting only: no number is computed.
 */
function lossFormula(g: number[][]): string {
  const terms = g.flatMap((row, i) => row.map((x, j) => ({ x, name: String.raw`\mathrm{output}_{${i}${j}}` }))).filter(({ x }) => x !== 0);
  if (terms.length === 0) return 'L = 0';
  if (terms.length > 4) return String.raw`L = \textstyle\sum_{ij} g_{ij}\,\mathrm{output}_{ij}`;
  const written = terms.map(({ x, name }, k) => {
    const sign = x < 0 ? '-' : k === 0 ? '' : '+';
    const size = Math.abs(x) === 1 ? '' : String.raw`${formatNumber(Math.abs(x)).replace('−', '')}\cdot `;
    return `${k === 0 ? sign : ` ${sign} `}${size}${name}`;
  });
  return `L = ${written.join('')}`;
}

export function backwardSteps(lab: AttentionLab, context: BackwardStepContext): Built<BackwardBuilt> {
  const { inputs } = context;
  const args = attentionArgs(inputs);
  const f = lab.attention(args);
  const b = lab.attentionBackward({ ...args, gradOutput: inputs.gradOutput });
  const n = f.scores.length;
  const m = f.scores[0].length;
  const dK = inputs.query[0].length;
  const dV = inputs.value[0].length;
  // Σₖ wₖ·gₖ of each row, as the engine adds it up in its explanation of ∂L/∂scaled.
  const rowDots = f.weights.map((_, i) =>
    lab.explainAttentionBackward({ ...args, gradOutput: inputs.gradOutput, row: i, column: 0, stage: 'gradScaled' }).rowDot);
  const rows = labels(context.queryLabels, n, 'q');
  const keys = labels(context.keyLabels, m, 'k');
  const dims = (prefix: string, count: number) => labels(undefined, count, prefix);
  const blocked = f.mask ? { blocked: f.mask } : {};

  const input = (name: 'query' | 'key' | 'value', title: string, rowLabels: string[], prefix: string): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(inputs[name].length, inputs[name][0].length)), data: inputs[name], rowLabels,
    colLabels: dims(prefix, inputs[name][0].length), colour: 'none', editable: name,
  });
  const query = input('query', attentionWords('attention-matrix-query'), rows, 'd');
  const key = input('key', attentionWords('attention-matrix-key'), keys, 'd');
  const value = input('value', attentionWords('attention-matrix-value'), keys, 'v');
  const weights: MatrixPanel = {
    type: 'matrix', name: 'weights', ...titled(w('backward-matrix-weights'), shape(n, m)), data: f.weights,
    rowLabels: rows, colLabels: keys, colour: 'weights', rowSums: f.weightSums, ...blocked,
    explain: { stage: 'weight', args: inputs, symbol: 'w' },
  };
  const output: MatrixPanel = {
    type: 'matrix', name: 'output', ...titled(w('backward-matrix-output'), shape(n, dV)), data: f.output,
    rowLabels: rows, colLabels: dims('v', dV), colour: 'diverging',
    explain: { stage: 'output', args: inputs, symbol: 'output' },
  };
  const gradOutput: MatrixPanel = {
    type: 'matrix', name: 'grad-output', ...titled('g = ∂L/∂output', shape(n, dV)), data: b.gradOutput,
    rowLabels: rows, colLabels: dims('v', dV), colour: 'none', editable: 'gradOutput',
  };
  /** A gradient the engine explains cell by cell. */
  const gradient = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], stage: BackwardExplainStage, symbol: string, masked = false): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels, colour: 'diverging',
    ...(masked ? blocked : {}), explain: { stage, args: inputs, symbol },
  });
  const gradValue = gradient('grad-value', '∂L/∂V', b.gradValue, keys, dims('v', dV), 'gradValue', '∂L/∂V');
  const gradWeights = gradient('grad-weights', '∂L/∂w', b.gradWeights, rows, keys, 'gradWeight', '∂L/∂w', true);
  const rowDot = gradient('row-dot', 'Σₖ wₖ·gₖ', rowDots.map((x) => [x]), rows, ['Σ'], 'rowDot', 'Σ');
  const gradScaled = gradient('grad-scaled', '∂L/∂scaled', b.gradScaled, rows, keys, 'gradScaled', '∂L/∂s', true);
  const gradScores = gradient('grad-scores', '∂L/∂scores', b.gradScores, rows, keys, 'gradScore', '∂L/∂score', true);
  const gradQuery = gradient('grad-query', '∂L/∂Q', b.gradQuery, rows, dims('d', dK), 'gradQuery', '∂L/∂Q');
  const gradKey = gradient('grad-key', '∂L/∂K', b.gradKey, keys, dims('d', dK), 'gradKey', '∂L/∂K');

  const parameters = attentionParameters(inputs);
  const inputPanels: Panel[] = [
    { ...parameters, fields: parameters.fields.map((field) => (field.name === 'seed' ? { ...field, label: w('backward-seed') } : field)) },
    query, key, value, weights, output,
  ];
  if (f.mask) {
    // A mask given as a matrix is toggled cell by cell, as in the forward's walkthroughs.
    const editable = Array.isArray(inputs.mask) ? 'mask' : undefined;
    inputPanels.splice(4, 0, { type: 'matrix', name: 'mask', ...titled(attentionWords('attention-matrix-mask'), shape(n, m), 'attention-caption-mask'), data: f.mask, rowLabels: rows, colLabels: keys, colour: 'weights', editable });
  }

  const steps: Step[] = [
    {
      id: 'inputs',
      title: w('backward-inputs-title'),
      text: w(n === 1 ? 'backward-inputs-text-one' : 'backward-inputs-text', { n: String(n), m: String(m), dk: String(dK), dv: String(dV) }),
      formula: FORWARD,
      panels: inputPanels,
    },
    {
      id: 'grad-output',
      title: w('backward-grad-output-title'),
      text: w('backward-grad-output-text'),
      formula: String.raw`${lossFormula(inputs.gradOutput)},\quad g = \frac{\partial L}{\partial\,\mathrm{output}}`,
      panels: [output, gradOutput],
    },
    {
      id: 'grad-value',
      title: w('backward-grad-value-title'),
      text: w('backward-grad-value-text'),
      formula: String.raw`\frac{\partial L}{\partial V} = \htmlClass{focus}{w^{\top} g},\quad \frac{\partial L}{\partial V_{jc}} = \sum_i w_{ij}\, g_{ic}`,
      panels: [weights, gradOutput, gradValue],
    },
    {
      id: 'grad-weights',
      title: w('backward-grad-weights-title'),
      text: w('backward-grad-weights-text'),
      formula: String.raw`\frac{\partial L}{\partial w} = \htmlClass{focus}{g V^{\top}},\quad \frac{\partial L}{\partial w_{ij}} = \sum_c g_{ic}\, V_{jc}`,
      panels: [gradOutput, value, gradWeights],
    },
    {
      id: 'grad-scaled',
      title: w('backward-grad-scaled-title'),
      text: [w('backward-grad-scaled-text'), ...(f.mask ? [w('backward-grad-scaled-masked')] : [])].join(' '),
      formula: String.raw`\frac{\partial L}{\partial s_{ij}} = w_{ij}\Big(g_{ij} - \htmlClass{focus}{\textstyle\sum_k w_{ik}\, g_{ik}}\Big),\quad s = \mathrm{scaled},\ g = \frac{\partial L}{\partial w}`,
      panels: [weights, gradWeights, rowDot, gradScaled],
    },
    {
      id: 'grad-scores',
      title: w('backward-grad-scores-title', { sqrtdk: formatNumber(f.sqrtDk) }),
      text: w('backward-grad-scores-text', { dk: String(dK) }),
      formula: String.raw`\frac{\partial L}{\partial\,\mathrm{scores}} = \frac{\partial L/\partial\,\mathrm{scaled}}{\htmlClass{focus}{\sqrt{d_k}}},\quad \sqrt{d_k} = \sqrt{${dK}} = ${formatNumber(f.sqrtDk)}`,
      panels: [gradScaled, gradScores],
    },
    {
      id: 'grad-query',
      title: w('backward-grad-query-title'),
      text: w('backward-grad-query-text'),
      formula: String.raw`\frac{\partial L}{\partial Q} = \htmlClass{focus}{\frac{\partial L}{\partial\,\mathrm{scores}}\, K},\quad \frac{\partial L}{\partial Q_{ic}} = \sum_j \frac{\partial L}{\partial\,\mathrm{score}_{ij}}\, K_{jc}`,
      panels: [gradScores, key, gradQuery],
    },
    {
      id: 'grad-key',
      title: w('backward-grad-key-title'),
      text: w('backward-grad-key-text'),
      formula: String.raw`\frac{\partial L}{\partial K} = \htmlClass{focus}{\Big(\frac{\partial L}{\partial\,\mathrm{scores}}\Big)^{\!\top} Q},\quad \frac{\partial L}{\partial K_{jc}} = \sum_i \frac{\partial L}{\partial\,\mathrm{score}_{ij}}\, Q_{ic}`,
      panels: [gradScores, query, gradKey],
    },
    {
      id: 'update',
      title: w('backward-update-title'),
      text: w('backward-update-text'),
      formula: String.raw`\theta \leftarrow \theta - \eta\,\frac{\partial L}{\partial \theta},\quad \theta \in \{Q, K, V\}`,
      panels: [gradQuery, gradKey, gradValue],
    },
  ];
  return { steps, trace: { forward: f, backward: b, rowDots } };
}
