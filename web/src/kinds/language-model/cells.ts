// "Explain this number" for the lesson "A language model, step by step": each trace-explained
// panel's cells written out with the operands of the traces the steps came from (the embedding
// table's row, a norm's mean square, a residual's two terms, a projection's products, a logit's
// log-sum-exp, the sampling passes). Each line ends in the engine's own value; the terms are
// written, never evaluated, here.
import type { Matrix, RmsNormTrace, SampleTrace, SwiGluTrace } from '../../../lib/index.js';
import { formatNumber } from '../../model/format.js';
import { sub, sumOfProducts, term } from '../shared/explain-terms.js';
import type { CellWords, LanguageModelTraces } from './traces.js';
import { w } from './words-en.js';


const products = (left: readonly number[], right: (k: number) => number) => left.map((l, k) => ({ left: l, right: right(k) }));

/** The explainers of each panel, made from the traces (the steps name which panel gets which). */
export function cellWords(trace: LanguageModelTraces, labels: string[], pieceOf: (token: number) => string, unembedding: Matrix) {
  const { tokens, next, finalNorm, candidates } = trace;
  const is = (name: string, cell: number) => `${name} = ${formatNumber(cell)}`;
  /** A number of the sample trace that is one of its passes, worded by that pass. */
  const sampled = (sample: SampleTrace, v: number, column: 'softmax' | 'topK' | 'final', name: string, cell: number) => {
    if (column === 'softmax') return { lines: [`${name} = exp(s${sub(v)}) / Σᵤ exp(sᵤ) = ${formatNumber(cell)}`], note: w('lm-explain-softmax', { piece: pieceOf(v) }) };
    const inSet = column === 'topK' ? cell > 0 : sample.kept.includes(v);
    if (!inSet) return { lines: [is(name, cell)], note: w(column === 'topK' ? 'lm-explain-removed-top-k' : 'lm-explain-removed-top-p', { piece: pieceOf(v) }) };
    const from = column === 'topK' ? sample.softmax[v] : sample.topKProbabilities[v];
    return {
      lines: [`${name} = ${formatNumber(from)} / Σ = ${formatNumber(cell)}`],
      note: w(column === 'topK' ? 'lm-explain-top-k' : 'lm-explain-final', { piece: pieceOf(v) }),
    };
  };
  return {
    tokenId: ((_r, c, name, cell) => ({ lines: [is(name, cell)], note: w('lm-explain-token-id', { piece: labels[c] }) })) satisfies CellWords,
    lookup: ((r, c, name, cell) => ({
      lines: [`${name} = E[${tokens.tokens[r]}]${sub(c)} = ${formatNumber(cell)}`],
      note: w('lm-explain-lookup', { piece: labels[r], token: String(tokens.tokens[r]) }),
    })) satisfies CellWords,
    rms: (norm: RmsNormTrace): CellWords => (r, _c, name, cell) => ({
      lines: [`${name} = √(mean(x${sub(r)}²) + ε) = √(${formatNumber(norm.meanSquare[r])} + ${formatNumber(norm.eps)}) = ${formatNumber(cell)}`],
      note: w('lm-explain-rms'),
    }),
    normed: (norm: RmsNormTrace, input: Matrix): CellWords => (r, c, name, cell) => ({
      lines: [`${name} = x${sub(r)}${sub(c)} / rms${sub(r)} · γ${sub(c)} = ${term(input[r][c])} / ${formatNumber(norm.rms[r])} · ${term(norm.gamma[c])} = ${formatNumber(cell)}`],
      note: w('lm-explain-normed'),
    }),
    sum: (a: Matrix, b: Matrix, aName: string, bName: string): CellWords => (r, c, name, cell) => ({
      lines: [`${name} = ${aName} + ${bName} = ${term(a[r][c])} + ${term(b[r][c])} = ${formatNumber(cell)}`],
      note: w('lm-explain-residual'),
    }),
    down: (ffn: SwiGluTrace, wDown: Matrix): CellWords => (r, c, name, cell) => ({
      lines: [`${name} = Σₖ hiddenₖ·W_down[k]${sub(c)} = ${sumOfProducts(products(ffn.hidden[r], (k) => wDown[k][c]))}`, `= ${formatNumber(cell)}`],
      note: w('lm-explain-down', { dff: String(ffn.hidden[r].length) }),
    }),
    candidates: (last: number): CellWords => (r, c, name, cell) => {
      const v = candidates[r];
      if (c === 0) {
        return {
          lines: [`z${sub(v)} = x̂${sub(last)} · E${sub(v)} = ${sumOfProducts(products(finalNorm.output[last], (j) => unembedding[v][j]))}`, `= ${formatNumber(cell)}`],
          note: w('lm-explain-logit', { piece: pieceOf(v) }),
        };
      }
      return {
        lines: [`${name} = exp(z${sub(v)} − logsumexp) = exp(${term(next.logits[last][v])} − ${term(next.logSumExp[last])}) = ${formatNumber(cell)}`],
        note: w('lm-explain-probability', { piece: pieceOf(v) }),
      };
    },
    losses: ((_r, c, name, cell) => {
      const target = tokens.tokens[c + 1];
      return {
        lines: [`${name} = −ln p${sub(c)}(${labels[c + 1]}) = −ln ${formatNumber(next.probabilities[c][target])} = ${formatNumber(cell)}`],
        note: w('lm-explain-loss', { before: labels[c], piece: labels[c + 1] }),
      };
    }) satisfies CellWords,
    temperature: (sample: SampleTrace, logits: number[], temperature: number): CellWords => (r, c, name, cell) => {
      const v = candidates[r];
      if (c === 0) return { lines: [is(`z${sub(v)}`, cell)], note: w('lm-explain-logit-again', { piece: pieceOf(v) }) };
      if (c === 1) {
        return temperature === 0
          ? { lines: [is(`s${sub(v)}`, cell)], note: w('lm-explain-greedy') }
          : { lines: [`s${sub(v)} = z${sub(v)} / T = ${term(logits[v])} / ${formatNumber(temperature)} = ${formatNumber(cell)}`], note: w('lm-explain-scaled') };
      }
      return sampled(sample, v, 'softmax', name, cell);
    },
    topK: (sample: SampleTrace): CellWords => (r, c, name, cell) => sampled(sample, candidates[r], c === 0 ? 'softmax' : 'topK', name, cell),
    topP: (sample: SampleTrace, ranked: number[]): CellWords => (r, c, name, cell) => {
      const v = ranked[r];
      if (c === 0) return sampled(sample, v, 'topK', name, cell);
      if (c === 2) return sampled(sample, v, 'final', name, cell);
      return r === 0
        ? { lines: [`${name} = ${formatNumber(sample.topKProbabilities[v])} = ${formatNumber(cell)}`], note: w('lm-explain-cumulative-first') }
        : { lines: [`${name} = ${formatNumber(sample.cumulative[r - 1])} + ${formatNumber(sample.topKProbabilities[v])} = ${formatNumber(cell)}`], note: w('lm-explain-cumulative') };
    },
    kept: (sample: SampleTrace): CellWords => (_r, c, name, cell) => sampled(sample, sample.kept[c], 'final', name, cell),
    generatedToken: ((_r, c, name, cell) => ({
      lines: [is(name, cell)],
      note: w('lm-explain-generation-token', { piece: pieceOf(trace.generation.tokens[c]), step: String(c + 1) }),
    })) satisfies CellWords,
    generation: ((r, _c, name, cell) => {
      const step = trace.generation.steps[r];
      return {
        lines: [is(name, cell)],
        note: w('lm-explain-generation-probability', { piece: pieceOf(step.token), position: String(step.position), kept: String(step.kept.length) }),
      };
    }) satisfies CellWords,
  };
}
