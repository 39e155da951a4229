// Steps of a scaled dot-product attention walkthrough, generated from one engine trace. The
// step ids follow the engine's passes (cpp/src/attention.cpp): scores, scale, mask, softmax,
// output. Every number comes from the trace; this file only arranges and words them.
import type { AttentionLab, AttentionTrace } from '../../../lib/index.js';
import type { AttentionInputs, MatrixPanel, Panel, Step } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { attentionParameters } from './inputs.js';
import { attentionArgs } from '../shared/explain.js';
import { labels } from '../shared/fields.js';
import type { Built } from '../kind.js';

const FORMULA = String.raw`\mathrm{Attention}(Q,K,V) = \mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V`;

export interface AttentionStepContext {
  inputs: AttentionInputs;
  queryLabels?: string[];
  keyLabels?: string[];
  /** Whether the mask matrix may be edited by toggling cells. */
  editableMask?: boolean;
}

export function attentionSteps(lab: AttentionLab, context: AttentionStepContext): Built<AttentionTrace> {
  const { inputs } = context;
  const args = attentionArgs(inputs);
  const t = lab.attention(args);
  const n = t.scores.length;
  const m = t.scores[0].length;
  const dK = inputs.query[0].length;
  const dV = inputs.value[0].length;
  const rows = labels(context.queryLabels, n, 'q');
  const keys = labels(context.keyLabels, m, 'k');
  const dims = (prefix: string, count: number) => labels(undefined, count, prefix);
  const fill = inputs.maskFill ?? -Infinity;

  const query: MatrixPanel = {
    type: 'matrix', name: 'query', caption: `Q — queries (${n}×${dK})`, data: inputs.query,
    rowLabels: rows, colLabels: dims('d', dK), colour: 'none', editable: 'query',
  };
  const key: MatrixPanel = {
    type: 'matrix', name: 'key', caption: `K — keys (${m}×${dK})`, data: inputs.key,
    rowLabels: keys, colLabels: dims('d', dK), colour: 'none', editable: 'key',
  };
  const value: MatrixPanel = {
    type: 'matrix', name: 'value', caption: `V — values (${m}×${dV})`, data: inputs.value,
    rowLabels: keys, colLabels: dims('v', dV), colour: 'none', editable: 'value',
  };
  const scores: MatrixPanel = {
    type: 'matrix', name: 'scores', caption: `scores = QKᵀ (${n}×${m})`, data: t.scores,
    rowLabels: rows, colLabels: keys, colour: 'diverging',
    explain: { stage: 'score', args: inputs, symbol: 'score' },
  };
  const scaled: MatrixPanel = {
    type: 'matrix', name: 'scaled', caption: `scaled = scores / √d_k (${n}×${m})`, data: t.scaled,
    rowLabels: rows, colLabels: keys, colour: 'diverging',
    explain: { stage: 'scaled', args: inputs, symbol: 'scaled' },
  };
  const weights: MatrixPanel = {
    type: 'matrix', name: 'weights', caption: `weights = softmax (${n}×${m})`, data: t.weights,
    rowLabels: rows, colLabels: keys, colour: 'weights', rowSums: t.weightSums,
    explain: { stage: 'weight', args: inputs, symbol: 'weight' },
  };
  const output: MatrixPanel = {
    type: 'matrix', name: 'output', caption: `output = weights·V (${n}×${dV})`, data: t.output,
    rowLabels: rows, colLabels: dims('v', dV), colour: 'diverging',
    explain: { stage: 'output', args: inputs, symbol: 'output' },
  };

  const masked: MatrixPanel | undefined = t.mask && t.masked ? {
    ...scaled, name: 'masked', caption: `masked scores (${n}×${m})`, data: t.masked, blocked: t.mask,
    explain: { stage: 'masked', args: { scaled: t.scaled, mask: t.mask, fill }, symbol: 'masked' },
  } : undefined;

  const steps: Step[] = [];
  const inputPanels: Panel[] = [attentionParameters(inputs), query, key, value];
  if (t.mask) {
    inputPanels.push({
      type: 'matrix', name: 'mask', caption: `mask A (${n}×${m}): 1 = attend, 0 = blocked`, data: t.mask,
      rowLabels: rows, colLabels: keys, colour: 'weights', editable: context.editableMask ? 'mask' : undefined,
    });
  }
  steps.push({
    id: 'inputs',
    title: 'The inputs',
    text: `${n === 1 ? 'One query' : `${n} queries`} of width d_k = ${dK} meet ${m} keys of the same width; each key carries a value of width d_v = ${dV}. Edit any number to see every step change.`,
    formula: FORMULA,
    panels: inputPanels,
  });
  steps.push({
    id: 'scores',
    title: 'Scores: how well each query matches each key',
    text: 'Each score is the dot product of a query row with a key row: multiply matching entries and add them up. A large score means a close match. Select a score to see its sum.',
    formula: String.raw`\mathrm{softmax}\!\left(\frac{\htmlClass{focus}{QK^{\top}}}{\sqrt{d_k}}\right)V`,
    panels: [query, key, scores],
  });
  steps.push({
    id: 'scale',
    title: `Scale: divide by √d_k = ${formatNumber(t.sqrtDk)}`,
    text: `Dot products of longer vectors grow larger, which would make the softmax extreme. Dividing by √d_k (here √${dK}) keeps their spread the same whatever the width.`,
    formula: String.raw`\mathrm{softmax}\!\left(\frac{QK^{\top}}{\htmlClass{focus}{\sqrt{d_k}}}\right)V,\quad \sqrt{d_k} = \sqrt{${dK}} = ${formatNumber(t.sqrtDk)}`,
    panels: [scores, scaled],
  });
  if (t.mask && masked) {
    const blocked = t.fullyMaskedRows.length;
    steps.push({
      id: 'mask',
      title: 'Mask: block what may not be seen',
      text: `The mask A says which keys each query may see: 1 = attend, 0 = blocked. The formula adds M, made from A: 0 where A is 1 (the score is kept), ` +
        `${fill === -Infinity ? '−∞ where A is 0, which the softmax turns into a weight of exactly 0' : `${formatNumber(fill)} where A is 0 (a large negative number instead of −∞)`}.` +
        (blocked > 0 ? ` Row ${t.fullyMaskedRows.map((r) => rows[r]).join(', ')} has every key blocked.` : ''),
      formula: String.raw`\mathrm{softmax}\!\left(\htmlClass{focus}{\frac{QK^{\top}}{\sqrt{d_k}} + M}\right)V,\quad M_{ij} = \begin{cases}0 & A_{ij} = 1\ (\text{attend})\\ ${fill === -Infinity ? String.raw`-\infty` : formatNumber(fill)} & A_{ij} = 0\ (\text{blocked})\end{cases}`,
      panels: [
        { type: 'matrix', name: 'mask', caption: `mask A (${n}×${m}): 1 = attend, 0 = blocked`, data: t.mask, rowLabels: rows, colLabels: keys, colour: 'weights', editable: context.editableMask ? 'mask' : undefined },
        masked,
      ],
    });
  }
  steps.push({
    id: 'softmax',
    title: 'Softmax: scores become weights',
    text: 'Each row is exponentiated and divided by its sum, so the weights are positive and every row adds up to 1 (the Σ column); scores that a softmax turns into probabilities are often called logits. The largest score gets the largest share. ' +
      shiftSentence(t.softmax.rowMax, rows) +
      'Select a weight to see its softmax.' +
      (t.fullyMaskedRows.length > 0 && fill === -Infinity ? ' A fully masked row has nothing to share out: its weights are all 0.' : ''),
    formula: String.raw`\htmlClass{focus}{\mathrm{softmax}}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V,\quad \mathrm{softmax}(x)_j = \frac{e^{x_j}}{\sum_l e^{x_l}}`,
    panels: [masked ?? scaled, weights],
  });
  steps.push({
    id: 'output',
    title: 'Weighted sum: mix the values',
    text: 'Each output row is the average of the value rows, weighted by that query\'s attention. Select an output number to see the sum.',
    formula: String.raw`\mathrm{softmax}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)\htmlClass{focus}{V}`,
    panels: [weights, value, output],
  });
  return { steps, trace: t };
}

/**
 * Why the engine subtracts each row's largest score before exponentiating, with the first row's
 * maximum from the trace: e^x overflows past x ≈ 709, and e^(x − max) ≤ 1 cannot; a shift by a
 * constant cancels in the division, so the weights are the same.
 */
function shiftSentence(rowMax: readonly number[], rows: readonly string[]): string {
  const i = rowMax.findIndex((x) => Number.isFinite(x));
  if (i < 0) return '';
  return `First each row's largest score is subtracted (for ${rows[i]}: ${formatNumber(rowMax[i])}), so no e^x can overflow; shifting a whole row by the same amount leaves its weights unchanged. `;
}
