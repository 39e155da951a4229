// Steps of a scaled dot-product attention walkthrough, generated from one engine trace. The
// step ids follow the engine's passes (cpp/src/attention.cpp): scores, scale, mask, softmax,
// output. Every number comes from the trace; this file only arranges and words them.
import type { AttentionLab, AttentionTrace } from '../../../lib/index.js';
import type { MatrixPanel, Panel, Step } from '../../model/types.js';
import type { AttentionInputs } from './inputs.js';
import { formatNumber } from '../../model/format.js';
import { attentionParameters } from './edits.js';
import { attentionArgs } from '../shared/explain-terms.js';
import { labels, shape, titled } from '../shared/fields.js';
import { w } from './words-en.js';
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
    type: 'matrix', name: 'query', ...titled(w('attention-matrix-query'), shape(n, dK)), data: inputs.query,
    rowLabels: rows, colLabels: dims('d', dK), colour: 'none', editable: 'query',
  };
  const key: MatrixPanel = {
    type: 'matrix', name: 'key', ...titled(w('attention-matrix-key'), shape(m, dK)), data: inputs.key,
    rowLabels: keys, colLabels: dims('d', dK), colour: 'none', editable: 'key',
  };
  const value: MatrixPanel = {
    type: 'matrix', name: 'value', ...titled(w('attention-matrix-value'), shape(m, dV)), data: inputs.value,
    rowLabels: keys, colLabels: dims('v', dV), colour: 'none', editable: 'value',
  };
  const scores: MatrixPanel = {
    type: 'matrix', name: 'scores', ...titled(w('attention-matrix-scores'), shape(n, m)), data: t.scores,
    rowLabels: rows, colLabels: keys, colour: 'diverging',
    explain: { stage: 'score', args: inputs, symbol: 'score' },
  };
  const scaled: MatrixPanel = {
    type: 'matrix', name: 'scaled', ...titled(w('attention-matrix-scaled'), shape(n, m)), data: t.scaled,
    rowLabels: rows, colLabels: keys, colour: 'diverging',
    explain: { stage: 'scaled', args: inputs, symbol: 'scaled' },
  };
  const weights: MatrixPanel = {
    type: 'matrix', name: 'weights', ...titled(w('attention-matrix-weights'), shape(n, m)), data: t.weights,
    rowLabels: rows, colLabels: keys, colour: 'weights', rowSums: t.weightSums,
    explain: { stage: 'weight', args: inputs, symbol: 'weight' },
  };
  const output: MatrixPanel = {
    type: 'matrix', name: 'output', ...titled(w('attention-matrix-output'), shape(n, dV)), data: t.output,
    rowLabels: rows, colLabels: dims('v', dV), colour: 'diverging',
    explain: { stage: 'output', args: inputs, symbol: 'output' },
  };

  const masked: MatrixPanel | undefined = t.mask && t.masked ? {
    ...scaled, name: 'masked', ...titled(w('attention-matrix-masked'), shape(n, m)), data: t.masked, blocked: t.mask,
    explain: { stage: 'masked', args: { scaled: t.scaled, mask: t.mask, fill }, symbol: 'masked' },
  } : undefined;

  const mask: MatrixPanel | undefined = t.mask ? {
    type: 'matrix', name: 'mask', ...titled(w('attention-matrix-mask'), shape(n, m), 'attention-caption-mask'), data: t.mask,
    rowLabels: rows, colLabels: keys, colour: 'weights', editable: context.editableMask ? 'mask' : undefined,
  } : undefined;

  const steps: Step[] = [];
  const inputPanels: Panel[] = [attentionParameters(inputs), query, key, value];
  if (mask) inputPanels.push(mask);
  steps.push({
    id: 'inputs',
    title: w('attention-inputs-title'),
    text: w(n === 1 ? 'attention-inputs-text-one' : 'attention-inputs-text', { n: String(n), dk: String(dK), m: String(m), dv: String(dV) }),
    formula: FORMULA,
    panels: inputPanels,
  });
  steps.push({
    id: 'scores',
    title: w('attention-scores-title'),
    text: w('attention-scores-text'),
    formula: String.raw`\mathrm{softmax}\!\left(\frac{\htmlClass{focus}{QK^{\top}}}{\sqrt{d_k}}\right)V`,
    panels: [query, key, scores],
  });
  steps.push({
    id: 'scale',
    title: w('attention-scale-title', { sqrtdk: formatNumber(t.sqrtDk) }),
    text: w('attention-scale-text', { dk: String(dK) }),
    formula: String.raw`\mathrm{softmax}\!\left(\frac{QK^{\top}}{\htmlClass{focus}{\sqrt{d_k}}}\right)V,\quad \sqrt{d_k} = \sqrt{${dK}} = ${formatNumber(t.sqrtDk)}`,
    panels: [scores, scaled],
  });
  if (mask && masked) {
    const blocked = t.fullyMaskedRows.length;
    steps.push({
      id: 'mask',
      title: w('attention-mask-title'),
      text: [
        fill === -Infinity ? w('attention-mask-text-infinite') : w('attention-mask-text-fill', { fill: formatNumber(fill) }),
        ...(blocked > 0 ? [w('attention-mask-blocked-row', { rows: t.fullyMaskedRows.map((r) => rows[r]).join(', ') })] : []),
      ].join(' '),
      formula: String.raw`\mathrm{softmax}\!\left(\htmlClass{focus}{\frac{QK^{\top}}{\sqrt{d_k}} + M}\right)V,\quad M_{ij} = \begin{cases}0 & A_{ij} = 1\ (\text{attend})\\ ${fill === -Infinity ? String.raw`-\infty` : formatNumber(fill)} & A_{ij} = 0\ (\text{blocked})\end{cases}`,
      panels: [mask, masked],
    });
  }
  steps.push({
    id: 'softmax',
    title: w('attention-softmax-title'),
    text: [
      w('attention-softmax-text'),
      ...shiftSentence(t.softmax.rowMax, rows),
      w('attention-softmax-select'),
      ...(t.fullyMaskedRows.length > 0 && fill === -Infinity ? [w('attention-softmax-fully-masked')] : []),
    ].join(' '),
    formula: String.raw`\htmlClass{focus}{\mathrm{softmax}}\!\left(\frac{QK^{\top}}{\sqrt{d_k}}\right)V,\quad \mathrm{softmax}(x)_j = \frac{e^{x_j}}{\sum_l e^{x_l}}`,
    panels: [masked ?? scaled, weights],
  });
  steps.push({
    id: 'output',
    title: w('attention-output-title'),
    text: w('attention-output-text'),
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
function shiftSentence(rowMax: readonly number[], rows: readonly string[]): string[] {
  const i = rowMax.findIndex((x) => Number.isFinite(x));
  return i < 0 ? [] : [w('attention-softmax-shift', { row: rows[i], max: formatNumber(rowMax[i]) })];
}
