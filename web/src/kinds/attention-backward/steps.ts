// Steps of one backward pass of attention, in the order a learner computes them and the engine's
// backward passes do (cpp/src/attention_backward.cpp): the forward recapped, the loss's gradient
// g, then ∂L/∂V, ∂L/∂weights, the softmax backward, the scale, ∂L/∂Q and ∂L/∂K. Every number
// comes from the engine's forward and backward traces (the row sums Σₖ wₖ·gₖ from its
// explanation of the softmax backward); this file only arranges and words them.
import type { AttentionBackwardTrace, AttentionLab, AttentionTrace } from '../../../lib/index.js';
import type { AttentionBackwardInputs, BackwardExplainStage, MatrixPanel, Panel, Step } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { attentionParameters } from '../attention/inputs.js';
import { attentionArgs } from '../shared/explain.js';
import { labels } from '../shared/fields.js';
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

  const input = (name: 'query' | 'key' | 'value', caption: string, rowLabels: string[], prefix: string): MatrixPanel => ({
    type: 'matrix', name, caption, data: inputs[name], rowLabels, colLabels: dims(prefix, inputs[name][0].length), colour: 'none', editable: name,
  });
  const query = input('query', `Q — queries (${n}×${dK})`, rows, 'd');
  const key = input('key', `K — keys (${m}×${dK})`, keys, 'd');
  const value = input('value', `V — values (${m}×${dV})`, keys, 'v');
  const weights: MatrixPanel = {
    type: 'matrix', name: 'weights', caption: `weights w (${n}×${m})`, data: f.weights,
    rowLabels: rows, colLabels: keys, colour: 'weights', rowSums: f.weightSums, ...blocked,
    explain: { stage: 'weight', args: inputs, symbol: 'w' },
  };
  const output: MatrixPanel = {
    type: 'matrix', name: 'output', caption: `output = w·V (${n}×${dV})`, data: f.output,
    rowLabels: rows, colLabels: dims('v', dV), colour: 'diverging',
    explain: { stage: 'output', args: inputs, symbol: 'output' },
  };
  const gradOutput: MatrixPanel = {
    type: 'matrix', name: 'grad-output', caption: `g = ∂L/∂output (${n}×${dV})`, data: b.gradOutput,
    rowLabels: rows, colLabels: dims('v', dV), colour: 'none', editable: 'gradOutput',
  };
  /** A gradient the engine explains cell by cell. */
  const gradient = (name: string, caption: string, data: number[][], rowLabels: string[], colLabels: string[], stage: BackwardExplainStage, symbol: string, masked = false): MatrixPanel => ({
    type: 'matrix', name, caption, data, rowLabels, colLabels, colour: 'diverging',
    ...(masked ? blocked : {}), explain: { stage, args: inputs, symbol },
  });
  const gradValue = gradient('grad-value', `∂L/∂V (${m}×${dV})`, b.gradValue, keys, dims('v', dV), 'gradValue', '∂L/∂V');
  const gradWeights = gradient('grad-weights', `∂L/∂w (${n}×${m})`, b.gradWeights, rows, keys, 'gradWeight', '∂L/∂w', true);
  const rowDot = gradient('row-dot', `Σₖ wₖ·gₖ (${n}×1)`, rowDots.map((x) => [x]), rows, ['Σ'], 'rowDot', 'Σ');
  const gradScaled = gradient('grad-scaled', `∂L/∂scaled (${n}×${m})`, b.gradScaled, rows, keys, 'gradScaled', '∂L/∂s', true);
  const gradScores = gradient('grad-scores', `∂L/∂scores (${n}×${m})`, b.gradScores, rows, keys, 'gradScore', '∂L/∂score', true);
  const gradQuery = gradient('grad-query', `∂L/∂Q (${n}×${dK})`, b.gradQuery, rows, dims('d', dK), 'gradQuery', '∂L/∂Q');
  const gradKey = gradient('grad-key', `∂L/∂K (${m}×${dK})`, b.gradKey, keys, dims('d', dK), 'gradKey', '∂L/∂K');

  const parameters = attentionParameters(inputs);
  const inputPanels: Panel[] = [
    { ...parameters, fields: parameters.fields.map((field) => (field.name === 'seed' ? { ...field, label: 'seed (new random Q, K, V and g)' } : field)) },
    query, key, value, weights, output,
  ];
  if (f.mask) {
    // A mask given as a matrix is toggled cell by cell, as in the forward's walkthroughs.
    const editable = Array.isArray(inputs.mask) ? 'mask' : undefined;
    inputPanels.splice(4, 0, { type: 'matrix', name: 'mask', caption: `mask A (${n}×${m}): 1 = attend, 0 = blocked`, data: f.mask, rowLabels: rows, colLabels: keys, colour: 'weights', editable });
  }

  const steps: Step[] = [
    {
      id: 'inputs',
      title: 'The forward pass, as before',
      text: `The backward pass starts where the forward ended. It reuses the forward's numbers: the weights w and the values V (and Q and K further back), so nothing is computed twice. ${n === 1 ? 'One query' : `${n} queries`}, ${m} keys, d_k = ${dK}, d_v = ${dV}. Edit any input to see every gradient change.`,
      formula: FORWARD,
      panels: inputPanels,
    },
    {
      id: 'grad-output',
      title: 'The loss, and g = ∂L/∂output',
      text: 'A loss L measures how far the output is from what we want. Here L adds up each output number times its number in g, so ∂L/∂output is g itself: each number says how fast L grows when that output number grows. Learning lowers L, so it pushes each output number against the sign of its g. Edit g to choose another loss.',
      formula: String.raw`${lossFormula(inputs.gradOutput)},\quad g = \frac{\partial L}{\partial\,\mathrm{output}}`,
      panels: [output, gradOutput],
    },
    {
      id: 'grad-value',
      title: 'Values: ∂L/∂V = wᵀ·g',
      text: 'Value row j reached each output row i through the weight wᵢⱼ, so its gradient adds up the output gradients, each weighted by how much that query looked at key j. A value the queries barely looked at gets little blame. Select a number to see its sum.',
      formula: String.raw`\frac{\partial L}{\partial V} = \htmlClass{focus}{w^{\top} g},\quad \frac{\partial L}{\partial V_{jc}} = \sum_i w_{ij}\, g_{ic}`,
      panels: [weights, gradOutput, gradValue],
    },
    {
      id: 'grad-weights',
      title: 'Weights: ∂L/∂w = g·Vᵀ',
      text: 'A weight wᵢⱼ mixed value row j into output row i, so raising it a little changes L by g_i·v_j. A negative number means more weight on that key would lower the loss.',
      formula: String.raw`\frac{\partial L}{\partial w} = \htmlClass{focus}{g V^{\top}},\quad \frac{\partial L}{\partial w_{ij}} = \sum_c g_{ic}\, V_{jc}`,
      panels: [gradOutput, value, gradWeights],
    },
    {
      id: 'grad-scaled',
      title: 'Softmax backward: ∂L/∂scaled',
      text: `Each row of weights adds up to 1, so a score can only win weight from the other keys. The softmax's gradient says so: from each gⱼ = ∂L/∂wⱼ it subtracts the row's weighted average Σₖ wₖ·gₖ (its own column), then scales by wⱼ. A key better than average for the loss gets a negative gradient, and each row adds up to 0.${f.mask ? ' A blocked score was replaced by a constant, so it gets no gradient.' : ''}`,
      formula: String.raw`\frac{\partial L}{\partial s_{ij}} = w_{ij}\Big(g_{ij} - \htmlClass{focus}{\textstyle\sum_k w_{ik}\, g_{ik}}\Big),\quad s = \mathrm{scaled},\ g = \frac{\partial L}{\partial w}`,
      panels: [weights, gradWeights, rowDot, gradScaled],
    },
    {
      id: 'grad-scores',
      title: `Scale: divide by √d_k = ${formatNumber(f.sqrtDk)}`,
      text: `The forward divided every score by √d_k, so a change in a score reaches the loss divided by √d_k too: each gradient is divided by √${dK}.`,
      formula: String.raw`\frac{\partial L}{\partial\,\mathrm{scores}} = \frac{\partial L/\partial\,\mathrm{scaled}}{\htmlClass{focus}{\sqrt{d_k}}},\quad \sqrt{d_k} = \sqrt{${dK}} = ${formatNumber(f.sqrtDk)}`,
      panels: [gradScaled, gradScores],
    },
    {
      id: 'grad-query',
      title: 'Queries: ∂L/∂Q = ∂L/∂scores·K',
      text: 'scoreᵢⱼ = qᵢ·kⱼ grows when qᵢ moves towards kⱼ. So the query\'s gradient mixes the key rows, each by how much its score should change.',
      formula: String.raw`\frac{\partial L}{\partial Q} = \htmlClass{focus}{\frac{\partial L}{\partial\,\mathrm{scores}}\, K},\quad \frac{\partial L}{\partial Q_{ic}} = \sum_j \frac{\partial L}{\partial\,\mathrm{score}_{ij}}\, K_{jc}`,
      panels: [gradScores, key, gradQuery],
    },
    {
      id: 'grad-key',
      title: 'Keys: ∂L/∂K = (∂L/∂scores)ᵀ·Q',
      text: 'The same score grows when kⱼ moves towards qᵢ, so each key\'s gradient mixes the query rows, each by how much that query\'s score on the key should change.',
      formula: String.raw`\frac{\partial L}{\partial K} = \htmlClass{focus}{\Big(\frac{\partial L}{\partial\,\mathrm{scores}}\Big)^{\!\top} Q},\quad \frac{\partial L}{\partial K_{jc}} = \sum_i \frac{\partial L}{\partial\,\mathrm{score}_{ij}}\, Q_{ic}`,
      panels: [gradScores, query, gradKey],
    },
    {
      id: 'update',
      title: 'A learning step: θ ← θ − η·∂L/∂θ',
      text: 'Nothing changes here. A learning step would subtract a small multiple η (the learning rate) of each gradient from its matrix, which lowers L a little. In a transformer Q, K and V are computed from the tokens as X·W_Q, X·W_K and X·W_V, so these gradients flow one step further back, to the weight matrices that training changes.',
      formula: String.raw`\theta \leftarrow \theta - \eta\,\frac{\partial L}{\partial \theta},\quad \theta \in \{Q, K, V\}`,
      panels: [gradQuery, gradKey, gradValue],
    },
  ];
  return { steps, trace: { forward: f, backward: b, rowDots } };
}
