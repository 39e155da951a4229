// "Explain this number" for a gradient of the backward pass: the exact arithmetic behind one
// cell, with every term from the engine's explainAttentionBackward (cpp/src/explain_backward.cpp).
// This file only lays the terms out, as explain.ts does for the forward.
import type { AttentionBackwardCall, BackwardExplainStage } from '../../model/types.js';
import type { AttentionLab, ProductTerm } from '../../../lib/index.js';
import type { Explanation } from '../kind.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import { attentionArgs, sub, sumOfProducts, term } from './explain-terms.js';
import { w } from './explain-layer-words-en.js';

/** The cells an explanation points at, by the backward walkthrough's panel names. */
type Related = Explanation['related'];

export function explainGradient(lab: AttentionLab, stage: BackwardExplainStage, inputs: AttentionBackwardCall, symbol: string, row: number, column: number): Explanation {
  const args = { ...attentionArgs(inputs), gradOutput: inputs.gradOutput, row, column };
  const name = `${symbol}${sub(row)}${sub(column)}`;
  const sum = (e: { terms: ProductTerm[]; sum: number }, related: Related): Explanation => ({
    lines: [`${name} = ${sumOfProducts(e.terms)} = ${formatNumber(e.sum)}`],
    exact: exactNumber(e.sum),
    related,
  });
  switch (stage) {
    case 'gradValue':
      return sum(lab.explainAttentionBackward({ ...args, stage }), [{ panel: 'weights', col: row }, { panel: 'grad-output', col: column }]);
    case 'gradWeight':
      return sum(lab.explainAttentionBackward({ ...args, stage }), [{ panel: 'grad-output', row }, { panel: 'value', row: column }]);
    case 'gradQuery':
      return sum(lab.explainAttentionBackward({ ...args, stage }), [{ panel: 'grad-scores', row }, { panel: 'key', col: column }]);
    case 'gradKey':
      return sum(lab.explainAttentionBackward({ ...args, stage }), [{ panel: 'grad-scores', col: row }, { panel: 'query', col: column }]);
    case 'rowDot': {
      // The row's Σₖ wₖ·gₖ: the engine's explanation of any cell of that row holds it.
      const e = lab.explainAttentionBackward({ ...args, column: 0, stage: 'gradScaled' });
      return {
        lines: [`Σ${sub(row)} = Σₖ wₖ·gₖ = ${sumOfProducts(e.terms)} = ${formatNumber(e.rowDot)}`],
        exact: exactNumber(e.rowDot),
        related: [{ panel: 'weights', row }, { panel: 'grad-weights', row }],
      };
    }
    case 'gradScaled': {
      const e = lab.explainAttentionBackward({ ...args, stage });
      const related: Related = [{ panel: 'weights', row, col: column }, { panel: 'grad-weights', row }, { panel: 'row-dot', row, col: 0 }];
      if (e.blocked) {
        return { lines: [`${name} = 0: ${w('explain-grad-blocked')}`], exact: exactNumber(e.gradScaled), related };
      }
      return {
        lines: [
          `${name} = w·(g − Σₖ wₖ·gₖ) = ${term(e.weight)}·(${term(e.gradWeight)} − ${term(e.rowDot)})`,
          `= ${term(e.weight)}·${term(e.difference)} = ${formatNumber(e.gradScaled)}`,
          w('explain-grad-where', { sum: sumOfProducts(e.terms) }),
        ],
        exact: exactNumber(e.gradScaled),
        related,
      };
    }
    case 'gradScore': {
      const e = lab.explainAttentionBackward({ ...args, stage });
      return {
        lines: [`${name} = ∂L/∂s${sub(row)}${sub(column)} / √d_k = ${term(e.gradScaled)} / √${e.dK} = ${term(e.gradScaled)} / ${formatNumber(e.sqrtDk)} = ${formatNumber(e.gradScore)}`],
        exact: exactNumber(e.gradScore),
        related: [{ panel: 'grad-scaled', row, col: column }],
      };
    }
  }
}
