// "Explain this number" around attention: a linear layer's cell (projections, W_O, the
// feed-forward layers) and a positional encoding's, from the engine's explainLinear and
// explainPositionalEncoding; and the cells whose operands are all in the trace they came from (a
// residual sum, LayerNorm, an activation, the concatenation, an embedding, a masked score), laid
// out from it. Formatting only: every number is the engine's.
import type { AttentionLab } from '../../../lib/index.js';
import type { LayerExplainSource, MatrixPanel } from '../../model/types.js';
import type { Explanation } from '../kind.js';
import { exactNumber, formatNumber } from '../../model/format.js';
import { cellSub, sub, sumOfProducts, term } from './explain-terms.js';
import { w } from './explain-words-en.js';

/** Numbers added up: at most eight written out, longer lists show their ends. */
function listed(xs: number[], joiner = ' + '): string {
  const written = xs.map(term);
  return written.length <= 8 ? written.join(joiner) : `${written.slice(0, 3).join(joiner)}${joiner}…${joiner}${written.slice(-2).join(joiner)}`;
}

export function explainLayerCell(lab: AttentionLab, source: LayerExplainSource, symbol: string, panel: MatrixPanel, row: number, column: number): Explanation {
  const name = `${symbol}${cellSub(row, column)}`;
  const cell = panel.data[row][column];
  switch (source.stage) {
    case 'linear': {
      const { input, weight, bias, inputSymbol, weightSymbol, inputPanel } = source.args;
      const e = lab.explainLinear({ input, weight, bias, row, column });
      const withBias = e.bias !== undefined;
      return {
        lines: [
          `${name} = row ${row} of ${inputSymbol} · column ${column} of ${weightSymbol}${withBias ? ` + bias${sub(column)}` : ''}: ${e.terms.length} products added up`,
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
          `${name} = ${f}(pos / 10000^(2i/d)): position ${e.position}, column ${e.column} is the ${e.cosine ? 'cosine' : 'sine'} of pair i = ${e.pair} (columns ${2 * e.pair} and ${2 * e.pair + 1}), d = ${e.dModel}`,
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
          `${name} = (x − μ) / √(σ² + ε) · γ + β, where x is row ${row} of ${a.inputSymbol} (${x.length} numbers) and ε = ${formatNumber(a.eps)}`,
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
          ? [`${name} = ReLU(${operand}) = max(0, ${formatNumber(h)}) = ${formatNumber(cell)}: ${h > 0 ? 'a positive number passes unchanged' : 'a negative number becomes 0'}`]
          : activation === 'elu+1'
          ? [`${name} = elu(${operand}) + 1 = ${h > 0 ? `${operand} + 1 = ${term(h)} + 1` : `e^${operand} = e^${term(h)}`} = ${formatNumber(cell)}: ${h > 0 ? 'above 0, x + 1' : 'at or below 0, eˣ'}, so it is always positive`]
          : [`${name} = GELU(${operand}) = ${operand}·Φ(${operand}) = GELU(${formatNumber(h)}) = ${formatNumber(cell)}`],
        note: activation === 'gelu' ? 'Φ(x) is the chance that a standard normal number is below x: large positive numbers pass almost unchanged, large negative ones become about 0.' : undefined,
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
        lines: [`${name} = head ${head + 1}'s output${cellSub(row, within)} = ${formatNumber(heads[head][row][within])}`],
        note: `Each head fills ${dK} columns: columns ${head * dK} to ${head * dK + dK - 1} come from head ${head + 1}, so column ${column} is its column ${within}.`,
        exact: exactNumber(heads[head][row][within]),
        related: [{ panel: `head-${head}-weights`, row }],
      };
    }
    case 'embedding': {
      const { seed } = source.args;
      const word = panel.rowLabels?.[row] ?? `row ${row}`;
      return {
        lines: [`${name} = number ${column} of the table's row for “${word}” = ${formatNumber(cell)}`],
        note: `The table gives every word ${panel.data[0].length} numbers drawn from seed ${seed}, not learned here; the same word always gets the same row.`,
        exact: exactNumber(cell),
        related: [],
      };
    }
    case 'columnSum': {
      const { data, dataSymbol, dataPanel } = source.args;
      const values = data.map((r) => r[column]);
      return {
        lines: [`${name} = column ${column} of ${dataSymbol} added over its ${values.length} rows = ${listed(values)} = ${formatNumber(cell)}`],
        exact: exactNumber(cell),
        related: dataPanel ? [{ panel: dataPanel, col: column }] : [],
      };
    }
    case 'jacobian': {
      const p = source.args.weights;
      const [pi, pj] = [`p${sub(row)}`, `p${sub(column)}`];
      return {
        lines: row === column
          ? [`${name} = ∂${pi}/∂x${sub(column)} = ${pi} − ${pi}·${pi} = ${term(p[row])} − ${term(p[row])}·${term(p[row])} = ${formatNumber(cell)}: raising its own score raises a weight, by less the closer it is to 0 or 1`]
          : [`${name} = ∂${pi}/∂x${sub(column)} = −${pi}·${pj} = −${term(p[row])}·${term(p[column])} = ${formatNumber(cell)}: raising another key's score takes weight away`],
        exact: exactNumber(cell),
        related: [],
      };
    }
    case 'moved': {
      const { from, fromSymbol, fromPanel, rows, why } = source.args;
      const fromRow = rows[row];
      return {
        lines: [`${name} = row ${fromRow} of ${fromSymbol}, column ${column} = ${formatNumber(from[fromRow][column])}: ${why}`],
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
        note: `Head ${head} takes columns ${firstColumn} to ${firstColumn + width - 1} of ${fromSymbol}, so its column ${column} is ${fromSymbol}'s column ${c}.`,
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
          `${name} = φ(q${sub(row)})·S's column ${column} / φ(q${sub(row)})·z`,
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
        note: `The exponents are the row's ${logitSymbol}, not divided by √d_k, each less the row's largest.`,
        exact: exactNumber(t.weights[0][column]),
        related: logitPanel ? [{ panel: logitPanel, row }] : [],
      };
    }
    case 'random': {
      const { seed, what } = source.args;
      return {
        lines: [`${name} = ${formatNumber(cell)}: an input, not computed from anything on screen`],
        note: `The engine draws every number of ${what} from a standard normal distribution with seed ${seed} (randomMatrix): the same seed gives the same numbers on every machine.`,
        exact: exactNumber(cell),
        related: [],
      };
    }
    case 'masked': {
      const { scaled, mask, fill } = source.args;
      const at = cellSub(row, column);
      return {
        lines: mask[row][column] !== 0
          ? [`${name} = scaled${at} + M${at} = ${term(scaled[row][column])} + 0 = ${formatNumber(cell)}: ${w('explain-masked-kept', { at })}`]
          : [`${name} = M${at} = ${formatNumber(fill)}: ${w('explain-masked-replaced', { at, score: formatNumber(scaled[row][column]), fill: fill === -Infinity ? '−∞' : formatNumber(fill) })}`],
        exact: exactNumber(cell),
        related: [{ panel: 'scaled', row, col: column }, { panel: 'mask', row, col: column }],
      };
    }
    case 'cosine': {
      const { dot, rowSymbol: x } = source.args;
      const [i, j] = [`${x}${sub(row)}`, `${x}${sub(column)}`];
      return {
        lines: [
          `${name} = ${i}·${j} / (‖${i}‖·‖${j}‖) = ${i}·${j} / √((${i}·${i})·(${j}·${j})): the dot product of the two rows over the product of their lengths`,
          `= ${term(dot[row][column])} / √(${formatNumber(dot[row][row])}·${formatNumber(dot[column][column])}) = ${formatNumber(cell)}`,
        ],
        exact: exactNumber(cell),
        related: [],
      };
    }
  }
}
