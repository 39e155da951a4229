// "Explain this number": the exact arithmetic behind one cell of an attention call, with every
// term taken from the engine's explainAttention (cpp/src/explain.cpp). Any kind's panel may name
// such a call (the scaling lesson's first draw, a head's weights); this file only lays it out.
// Gradients of the backward pass are laid out by explain-backward.ts, linear attention's state by
// explain-linear.ts, the numbers around attention (layers, norms, positions) by explain-layers.ts:
// the worked example shows none of those, so they are a chunk of their own (explain-more.ts),
// which every other kind's module imports and which registers them here.
import type { AttentionLab } from '../../../lib/index.js';
import type { BackwardExplainStage, ExplainSource, ExplainStage, LayerExplainSource, LinearStateSource, MatrixPanel } from '../../model/types.js';
import type { Explanation } from '../kind.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import { attentionArgs, cellSub, sumOfProducts, term } from './explain-terms.js';
import { w } from './explain-words-en.js';

const FORWARD_STAGES: readonly string[] = ['score', 'scaled', 'weight', 'output'] satisfies ExplainStage[];
const LAYER_STAGES: readonly string[] = ['linear', 'positional', 'sum', 'layerNorm', 'activation', 'columnSum', 'jacobian', 'moved', 'slice', 'linearRatio', 'softmax', 'concat', 'embedding', 'given', 'random', 'masked', 'cosine'] satisfies LayerExplainSource['stage'][];

/** An explain source the engine's explain calls answer (a kind's own, `stage: 'trace'`, is its module's). */
export type EngineExplainSource = Exclude<ExplainSource, { stage: 'trace' }>;

/** Whether a panel shows a gradient of the backward pass (explain-backward.ts lays those out). */
const isGradient = (source: Exclude<EngineExplainSource, { stage: 'linearState' } | LayerExplainSource>): source is Extract<ExplainSource, { stage: BackwardExplainStage }> => !FORWARD_STAGES.includes(source.stage);
const isLayer = (source: EngineExplainSource): source is LayerExplainSource & { symbol: string } => LAYER_STAGES.includes(source.stage);

/** The explanations beyond an attention call's cells and a masked score (explain-more.ts registers them). */
export interface MoreExplainers {
  layer(lab: AttentionLab, source: Exclude<LayerExplainSource, { stage: 'masked' }>, symbol: string, panel: MatrixPanel, row: number, column: number): Explanation;
  linearState(source: LinearStateSource, symbol: string, row: number, column: number): Explanation;
  gradient(lab: AttentionLab, stage: BackwardExplainStage, inputs: Extract<ExplainSource, { stage: BackwardExplainStage }>['args'], symbol: string, row: number, column: number): Explanation;
}

let more: MoreExplainers | undefined;

/** Called by explain-more.ts when it loads. */
export function registerExplainers(explainers: MoreExplainers): void {
  more = explainers;
}

/** The explainers of explain-more.ts, which a kind that shows their cells has loaded. */
function loaded(): MoreExplainers {
  if (!more) throw new Error('explain-more.ts is not loaded: every kind\'s module but attention\'s imports it');
  return more;
}

export function explainCell(lab: AttentionLab, source: EngineExplainSource, panel: MatrixPanel, row: number, column: number): Explanation {
  if (source.stage === 'linearState') return loaded().linearState(source.args, source.symbol, row, column);
  if (source.stage === 'masked') return explainMasked(source.args, source.symbol, panel, row, column);
  if (isLayer(source)) return loaded().layer(lab, source, source.symbol, panel, row, column);
  if (isGradient(source)) return loaded().gradient(lab, source.stage, source.args, source.symbol, row, column);
  const args = { ...attentionArgs(source.args), row, column };
  const name = `${source.symbol}${cellSub(row, column)}`;
  switch (source.stage) {
    case 'score': {
      const e = lab.explainAttention({ ...args, stage: 'score' });
      return {
        lines: [`${name} = ${sumOfProducts(e.terms)} = ${formatNumber(e.sum)}`],
        exact: exactNumber(e.sum),
        related: [{ panel: 'query', row }, { panel: 'key', row: column }],
      };
    }
    case 'scaled': {
      const e = lab.explainAttention({ ...args, stage: 'scaled' });
      return {
        lines: [`${name} = score${cellSub(row, column)} / √d_k = ${term(e.score)} / √${e.dK} = ${term(e.score)} / ${formatNumber(e.sqrtDk)} = ${formatNumber(e.scaled)}`],
        exact: exactNumber(e.scaled),
        related: [{ panel: 'scores', row, col: column }],
      };
    }
    case 'weight': {
      const e = lab.explainAttention({ ...args, stage: 'weight' });
      if (e.fullyMasked) {
        return {
          lines: [`${name} = 0: ${w('explain-weight-blocked')}`],
          exact: exactNumber(e.weight),
          related: [{ panel: 'masked', row }, { panel: 'scaled', row }],
        };
      }
      // Keys filled with −∞ add nothing to the sum and are left out; a finite fill such as
      // −1e9 is written out, since it is part of what the softmax adds up.
      const allowed = e.logits.map((x, j) => ({ x, j })).filter(({ x }) => x !== -Infinity);
      const exponent = (x: number) => `e^(${formatNumber(x)} − ${formatNumber(e.rowMax)})`;
      const denominator = allowed.map(({ x }) => exponent(x)).join(' + ');
      const values = allowed.map(({ j }) => formatNumber(e.exps[j])).join(' + ');
      return {
        lines: [
          `${name} = ${exponent(e.logits[column])} / (${denominator})`,
          `= ${formatNumber(e.numerator)} / (${values}) = ${formatNumber(e.numerator)} / ${formatNumber(e.rowSum)} = ${formatNumber(e.weight)}`,
        ],
        note: w(e.blocked.some((b) => b === 1) ? 'explain-weight-note-masked' : 'explain-weight-note', { row: String(row), max: formatNumber(e.rowMax) }),
        exact: exactNumber(e.weight),
        related: [{ panel: 'scaled', row }, { panel: 'masked', row }],
      };
    }
    case 'output': {
      const e = lab.explainAttention({ ...args, stage: 'output' });
      return {
        lines: [`${name} = ${sumOfProducts(e.terms)} = ${formatNumber(e.sum)}`],
        exact: exactNumber(e.sum),
        related: [{ panel: 'weights', row }, { panel: 'value', col: column }],
      };
    }
  }
  throw new Error(`unknown stage of panel ${panel.name}`);
}

/** A masked score: kept where the mask is 1, replaced by the fill where it is 0. */
function explainMasked({ scaled, mask, fill }: Extract<LayerExplainSource, { stage: 'masked' }>['args'], symbol: string, panel: MatrixPanel, row: number, column: number): Explanation {
  const at = cellSub(row, column);
  const name = `${symbol}${at}`;
  const cell = panel.data[row][column];
  return {
    lines: mask[row][column] !== 0
      ? [`${name} = scaled${at} + M${at} = ${term(scaled[row][column])} + 0 = ${formatNumber(cell)}: ${w('explain-masked-kept', { at })}`]
      : [`${name} = M${at} = ${formatNumber(fill)}: ${w('explain-masked-replaced', { at, score: formatNumber(scaled[row][column]), fill: fill === -Infinity ? '−∞' : formatNumber(fill) })}`],
    exact: exactNumber(cell),
    related: [{ panel: 'scaled', row, col: column }, { panel: 'mask', row, col: column }],
  };
}
