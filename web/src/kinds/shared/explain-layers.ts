// "Explain this number" around attention: a linear layer's cell (projections, W_O, the
// feed-forward layers) and a positional encoding's, from the engine's explainLinear and
// explainPositionalEncoding; and the cells whose operands are all in the trace they came from (a
// residual sum, LayerNorm, an activation, the concatenation, an embedding), laid out from it.
// Formatting only: every number is the engine's. Not in the worked example's code: loaded with
// the other kinds (explain-more.ts); a masked score, which the worked example shows, is explain.ts's.
import type { AttentionLab } from '../../../lib/index.js';
import type { LayerExplainSource, MatrixPanel } from '../../model/types.js';
import type { Explanation } from '../kind.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import { cellSub, sub, sumOfProducts, term } from './explain-terms.js';
import { w } from './explain-layer-words-en.js';

/** Numbers added up: at most eight written out, longer lists show their ends. */
function listed(xs: number[], joiner = ' + '): string {
  const written = xs.map(term);
  return written.length <= 8 ? written.join(joiner) : `${written.slice(0, 3).join(joiner)}${joiner}…${joiner}${written.slice(-2).join(joiner)}`;
}

export function explainLayerCell(lab: AttentionLab, source: Exclude<LayerExplainSource, { stage: 'masked' }>, symbol: string, panel: MatrixPanel, row: number, column: number): Explanation {
  const name = `${symbol}${cellSub(row, column)}`;
  const cell = panel.data[row][column];
  switch (source.stage) {
    case 'linear': {
      const { input, weight, bias, inputSymbol, weightSymbol, inputPanel } = source.args;
      const e = lab.explainLinear({ input, weight, bias, row, column });
      const withBias = e.bias !== undefined;
      return {
        lines: [
          `${name} = ${w(withBias ? 'explain-linear-cell-bias' : 'explain-linear-cell', { row: String(row), input: inputSymbol, column: String(column), weight: weightSymbol, sub: sub(column), count: String(e.terms.length) })}`,
          `= ${sumOfProducts(e.terms)}${withBias ? ` + ${term(e.bias as number)}` : ''}`,
          withBias ? `= ${formatNumber(e.productSum)} + ${term(e.bias as number)} = ${formatNumber(e.value)}` : `= ${formatNumber(e.value)}`,
        ],
        exact: exactNumber(e.value),
        related: inputPanel ? [{ panel: inputPanel, row }] : [],
      };
    }
    case 'positional': {
      const e = lab.explainPositionalEncoding({ position: row, column, dModel: source.args.dModel });
      const f = e.cosine ? 'cos' : 'sin';
      return {
        lines: [
          `${name} = ${f}(pos / 10000^(2i/d)): ${w(e.cosine ? 'explain-positional-cosine' : 'explain-positional-sine', { position: String(e.position), column: String(e.column), pair: String(e.pair), first: String(2 * e.pair), second: String(2 * e.pair + 1), d: String(e.dModel) })}`,
          `= ${f}(${e.position} / 10000^${formatNumber(e.exponent)}) = ${f}(${e.position} / ${formatNumber(e.divisor)}) = ${f}(${formatNumber(e.angle)}) = ${formatNumber(e.value)}`,
        ],
        exact: exactNumber(e.value),
        related: [],
      };
    }
    case 'sum': {
      const { parts, subtracted } = source.args;
      const op = subtracted ? ' − ' : ' + ';
      return {
        lines: [`${name} = ${parts.map((p) => `${p.symbol}${cellSub(row, column)}`).join(op)} = ${parts.map((p) => term(p.data[row][column])).join(op)} = ${formatNumber(cell)}`],
        exact: exactNumber(cell),
        related: parts.flatMap((p) => (p.panel ? [{ panel: p.panel, row, col: column }] : [])),
      };
    }
    case 'layerNorm': {
      const a = source.args;
      const x = a.input[row];
      const mu = a.mean[row];
      const variance = a.variance[row];
      return {
        lines: [
          `${name} = (x − μ) / √(σ² + ε) · γ + β, ${w('explain-layer-norm-where', { row: String(row), input: a.inputSymbol, count: String(x.length), eps: formatNumber(a.eps) })}`,
          `μ = (${listed(x)}) / ${x.length} = ${formatNumber(mu)}`,
          `σ² = ((x₀ − μ)² + … + (x${sub(x.length - 1)} − μ)²) / ${x.length} = ${formatNumber(variance)}`,
          `(x${sub(column)} − μ) / √(σ² + ε) = (${term(x[column])} − ${term(mu)}) / √(${formatNumber(variance)} + ${formatNumber(a.eps)}) = ${formatNumber(a.normalized[row][column])}`,
          `· γ${sub(column)} + β${sub(column)} = ${term(a.normalized[row][column])} · ${term(a.gamma[column])} + ${term(a.beta[column])} = ${formatNumber(cell)}`,
        ],
        exact: exactNumber(cell),
        related: a.inputPanel ? [{ panel: a.inputPanel, row }] : [],
      };
    }
    case 'activation': {
      const { activation, input, inputSymbol, inputPanel } = source.args;
      const h = input[row][column];
      const operand = `${inputSymbol}${cellSub(row, column)}`;
      return {
        lines: activation === 'relu'
          ? [`${name} = ReLU(${operand}) = max(0, ${formatNumber(h)}) = ${formatNumber(cell)}: ${w(h > 0 ? 'explain-relu-positive' : 'explain-relu-negative')}`]
          : activation === 'elu+1'
          ? [`${name} = elu(${operand}) + 1 = ${h > 0 ? `${operand} + 1 = ${term(h)} + 1` : `e^${operand} = e^${term(h)}`} = ${formatNumber(cell)}: ${w(h > 0 ? 'explain-elu-positive' : 'explain-elu-negative')}`]
          : [`${name} = GELU(${operand}) = ${operand}·Φ(${operand}) = GELU(${formatNumber(h)}) = ${formatNumber(cell)}`],
        note: activation === 'gelu' ? w('explain-gelu-note') : undefined,
        exact: exactNumber(cell),
        related: inputPanel ? [{ panel: inputPanel, row, col: column }] : [],
      };
    }
    case 'concat': {
      const { heads } = source.args;
      const dK = heads[0][0].length;
      const head = Math.floor(column / dK);
      const within = column - head * dK;
      return {
        lines: [`${name} = ${w('explain-concat-cell', { head: String(head + 1), cell: cellSub(row, within) })} = ${formatNumber(heads[head][row][within])}`],
        note: w('explain-concat-note', { width: String(dK), first: String(head * dK), last: String(head * dK + dK - 1), head: String(head + 1), column: String(column), within: String(within) }),
        exact: exactNumber(heads[head][row][within]),
        related: [{ panel: `head-${head}-weights`, row }],
      };
    }
    case 'embedding': {
      const { seed } = source.args;
      const word = panel.rowLabels?.[row] ?? w('explain-embedding-row', { row: String(row) });
      return {
        lines: [`${name} = ${w('explain-embedding-cell', { column: String(column), word })} = ${formatNumber(cell)}`],
        note: w('explain-embedding-note', { width: String(panel.data[0].length), seed: String(seed) }),
        exact: exactNumber(cell),
        related: [],
      };
    }
    case 'columnSum': {
      const { data, dataSymbol, dataPanel } = source.args;
      const values = data.map((r) => r[column]);
      return {
        lines: [`${name} = ${w('explain-column-sum', { column: String(column), data: dataSymbol, count: String(values.length) })} = ${listed(values)} = ${formatNumber(cell)}`],
        exact: exactNumber(cell),
        related: dataPanel ? [{ panel: dataPanel, col: column }] : [],
      };
    }
    case 'jacobian': {
      const p = source.args.weights;
      const [pi, pj] = [`p${sub(row)}`, `p${sub(column)}`];
      return {
        lines: row === column
          ? [`${name} = ∂${pi}/∂x${sub(column)} = ${pi} − ${pi}·${pi} = ${term(p[row])} − ${term(p[row])}·${term(p[row])} = ${formatNumber(cell)}: ${w('explain-jacobian-own')}`]
          : [`${name} = ∂${pi}/∂x${sub(column)} = −${pi}·${pj} = −${term(p[row])}·${term(p[column])} = ${formatNumber(cell)}: ${w('explain-jacobian-other')}`],
        exact: exactNumber(cell),
        related: [],
      };
    }
    case 'moved': {
      const { from, fromSymbol, fromPanel, rows, why } = source.args;
      const fromRow = rows[row];
      return {
        lines: [`${name} = ${w('explain-moved', { row: String(fromRow), from: fromSymbol, column: String(column) })} = ${formatNumber(from[fromRow][column])}: ${why}`],
        exact: exactNumber(from[fromRow][column]),
        related: fromPanel ? [{ panel: fromPanel, row: fromRow, col: column }] : [],
      };
    }
    case 'given':
      return { lines: [`${name} = ${formatNumber(cell)}: ${source.args.what}`], exact: exactNumber(cell), related: [] };
    case 'slice': {
      const { from, fromSymbol, firstColumn, head } = source.args;
      const width = panel.data[0].length;
      const c = firstColumn + column;
      return {
        lines: [`${name} = ${fromSymbol}${cellSub(row, c)} = ${formatNumber(from[row][c])}`],
        note: w('explain-slice-note', { head: String(head), first: String(firstColumn), last: String(firstColumn + width - 1), from: fromSymbol, column: String(column), source: String(c) }),
        exact: exactNumber(from[row][c]),
        related: [],
      };
    }
    case 'linearRatio': {
      const { featureQuery, state, normalizer } = source.args;
      const numerator = lab.explainLinear({ input: featureQuery, weight: state, row, column });
      const denominator = lab.explainLinear({ input: featureQuery, weight: normalizer.map((z) => [z]), row, column: 0 });
      return {
        lines: [
          `${name} = ${w('explain-linear-ratio', { sub: sub(row), column: String(column) })}`,
          `= (${sumOfProducts(numerator.terms)}) / (${sumOfProducts(denominator.terms)})`,
          `= ${formatNumber(numerator.value)} / ${formatNumber(denominator.value)} = ${formatNumber(cell)}`,
        ],
        exact: exactNumber(cell),
        related: [{ panel: 'feature-query', row }, { panel: 'state', col: column }, { panel: 'normalizer' }],
      };
    }
    case 'softmax': {
      const { logits, logitSymbol, logitPanel } = source.args;
      const t = lab.softmax({ logits: [logits[row]] });
      const max = t.rowMax[0];
      const exponent = (x: number) => `e^(${formatNumber(x)} − ${formatNumber(max)})`;
      return {
        lines: [
          `${name} = ${exponent(logits[row][column])} / (${logits[row].map(exponent).join(' + ')})`,
          `= ${formatNumber(t.exps[0][column])} / (${t.exps[0].map((x) => formatNumber(x)).join(' + ')}) = ${formatNumber(t.exps[0][column])} / ${formatNumber(t.rowSum[0])} = ${formatNumber(t.weights[0][column])}`,
        ],
        note: w('explain-softmax-note', { logits: logitSymbol }),
        exact: exactNumber(t.weights[0][column]),
        related: logitPanel ? [{ panel: logitPanel, row }] : [],
      };
    }
    case 'random': {
      const { seed, what } = source.args;
      return {
        lines: [`${name} = ${formatNumber(cell)}: ${w('explain-random-cell')}`],
        note: w('explain-random-note', { what, seed: String(seed) }),
        exact: exactNumber(cell),
        related: [],
      };
    }
    case 'cosine': {
      const { dot, rowSymbol: x } = source.args;
      const [i, j] = [`${x}${sub(row)}`, `${x}${sub(column)}`];
      return {
        lines: [
          `${name} = ${i}·${j} / (‖${i}‖·‖${j}‖) = ${i}·${j} / √((${i}·${i})·(${j}·${j})): ${w('explain-cosine')}`,
          `= ${term(dot[row][column])} / √(${formatNumber(dot[row][row])}·${formatNumber(dot[column][column])}) = ${formatNumber(cell)}`,
        ],
        exact: exactNumber(cell),
        related: [],
      };
    }
  }
}
