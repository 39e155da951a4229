// Steps of the positional-encoding lesson, generated from the engine's positionalEncoding,
// positionSimilarity, embedTokens and permutationTest. Step ids follow those operations:
// encoding, waves, similarity, permutation (without and with PE). Every number shown comes from
// a trace; this file only picks rows and columns out of the engine's matrices and words them.
import type { AttentionLab, Matrix, PermutationTestTrace, PositionSimilarityTrace } from '../../../lib/index.js';
import { InputRefusal } from '../../model/refusal.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParameterField, ParametersPanel, Step } from '../../model/types.js';
import type { PositionalInputs } from './inputs.js';
import { linearExplain } from '../shared/explain-sources.js';
import { positionalInputs, WAVES } from './inputs.js';
import { formatNumber, numberList } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { w } from './words-en.js';

const MAX_WAVES = WAVES.max;

// Two lines, so that it fits a phone.
const PE_FORMULA = String.raw`\begin{gathered}PE_{(pos,\,2i)} = \sin\!\left(\frac{pos}{10000^{2i/d}}\right)\\ PE_{(pos,\,2i+1)} = \cos\!\left(\frac{pos}{10000^{2i/d}}\right)\end{gathered}`;

/**
 * The columns to plot, as whole numbers. Columns beyond the encoding's width are left out (and
 * named), so a smaller d_model still works; anything that is not a column number is refused.
 */
function waveColumns(dimensions: (number | string)[], dModel: number): { columns: number[]; dropped: number[] } {
  if (dimensions.length === 0 || dimensions.length > MAX_WAVES) {
    throw new InputRefusal(`dimensions: expected 1 to ${MAX_WAVES} column numbers to plot, got ${dimensions.length}`);
  }
  const columns: number[] = [];
  const dropped: number[] = [];
  dimensions.forEach((given, i) => {
    const column = typeof given === 'number' ? given : Number(given);
    if (!Number.isInteger(column) || column < 0) {
      throw new InputRefusal(`dimensions[${i}]: expected a column number (a whole number from 0), got ${JSON.stringify(String(given).slice(0, 20))}`);
    }
    if (column >= dModel) dropped.push(column);
    else if (!columns.includes(column)) columns.push(column);
  });
  if (columns.length === 0) {
    throw new InputRefusal(`dimensions: expected at least one column below d_model = ${dModel}, got ${dropped.join(', ')}`);
  }
  return { columns, dropped };
}

function sizeFields(inputs: PositionalInputs): ParameterField[] {
  return [
    integerField('length', w('positional-positions'), inputs.length, positionalInputs.length),
    integerField('dModel', 'd_model', inputs.dModel, positionalInputs.dModel),
  ];
}

const parameters = (name: string, caption: string, fields: ParameterField[]): ParametersPanel =>
  ({ type: 'parameters', name, caption, fields });

/** The traces the steps came from: the encoding and its rows' cosine similarity. */
export interface PositionalTraces {
  encoding: Matrix;
  similarity: PositionSimilarityTrace;
}

export function positionalSteps(lab: AttentionLab, inputs: PositionalInputs): Built<PositionalTraces> {
  const { length, dModel } = inputs;
  const pe = lab.positionalEncoding({ length, dModel });
  const similarity = lab.positionSimilarity({ length, dModel });
  const { columns, dropped } = waveColumns(inputs.dimensions, dModel);
  const positions = pe.length;
  const width = pe[0].length;
  const steps: Step[] = [];

  // ---- encoding: the whole table ------------------------------------------------------------
  const cornerRows = pe.slice(0, 5).map((row) => row.slice(0, 8));
  const firstRow = numberList(pe[0].slice(0, 4).map((x) => formatNumber(x)));
  steps.push({
    id: 'encoding',
    title: w('positional-encoding-title'),
    text: w('positional-encoding-text', { width: String(width), first: firstRow }),
    formula: String.raw`\htmlClass{focus}{${PE_FORMULA}}`,
    panels: [
      {
        type: 'heatmap',
        name: 'encoding',
        ...titled(w('positional-matrix-encoding', { positions: String(positions), width: String(width) }), shape(positions, width)),
        detail: w('positional-encoding-detail'),
        data: pe,
        rowName: w('positional-position'),
        colName: w('positional-dimension'),
        colour: 'diverging',
        explain: { stage: 'positional', args: { dModel: width }, symbol: 'PE' },
      },
      {
        type: 'matrix',
        name: 'encoding-corner',
        ...titled(w('positional-matrix-corner'), shape(cornerRows.length, cornerRows[0].length)),
        data: cornerRows,
        rowLabels: cornerRows.map((_, pos) => w('positional-pos', { pos: String(pos) })),
        colLabels: labels(undefined, cornerRows[0].length, 'd'),
        colour: 'diverging',
        explain: { stage: 'positional', args: { dModel: width }, symbol: 'PE' },
      },
      parameters('encoding-size', w('positional-size'), sizeFields(inputs)),
    ],
  });

  // ---- waves: a few columns against position ------------------------------------------------
  // Two columns per chart: more lines on one set of axes tangle into an unreadable zigzag.
  const pairs: number[][] = [];
  columns.forEach((column, k) => (k % 2 === 0 ? pairs.push([column]) : pairs[pairs.length - 1].push(column)));
  const charts: ChartPanel[] = pairs.map((pair, k) => ({
    type: 'chart',
    name: `waves-${k}`,
    caption: pair.length > 1
      ? w('positional-caption-wave-pair', { first: String(pair[0]), second: String(pair[1]), positions: String(positions) })
      : w('positional-caption-wave', { column: String(pair[0]), positions: String(positions) }),
    xLabel: w('positional-position'),
    yLabel: w('positional-pe-value'),
    xScale: 'linear',
    yDomain: [-1, 1],
    series: pair.map((column) => ({
      label: w('positional-series', { column: String(column), wave: column % 2 === 0 ? 'sin' : 'cos' }),
      points: pe.map((row, pos): [number, number] => [pos, row[column]]),
    })),
  }));
  steps.push({
    id: 'waves',
    title: w('positional-waves-title'),
    text: [
      w('positional-waves-text'),
      ...(dropped.length > 0
        ? [w(dropped.length > 1 ? 'positional-waves-dropped' : 'positional-waves-dropped-one', { columns: dropped.join(', '), width: String(width) })]
        : []),
    ].join(' '),
    formula: String.raw`\begin{gathered}PE_{(pos,\,2i)} = \sin(\omega_i\,pos)\\ PE_{(pos,\,2i+1)} = \cos(\omega_i\,pos)\\ \htmlClass{focus}{\omega_i = 10000^{-2i/d}}\ \text{falls as } i \text{ grows}\end{gathered}`,
    panels: [
      ...charts,
      parameters('wave-columns', w('positional-columns-size'), [
        { name: 'dimensions', label: w('positional-columns-to-plot', { max: String(MAX_WAVES) }), kind: 'tokens', value: inputs.dimensions.map(String).join(' ') },
        ...sizeFields(inputs),
      ]),
    ],
  });

  // ---- similarity: how alike two positions' encodings are -----------------------------------
  const middle = Math.floor((positions - 1) / 2);
  const cosineRows: ChartPanel = {
    type: 'chart',
    name: 'similarity-rows',
    caption: w('positional-cosine-rows'),
    xLabel: w('positional-position'),
    yLabel: w('positional-cosine'),
    xScale: 'linear',
    series: [...new Set([0, middle])].map((row) => ({
      label: w('positional-series-position', { row: String(row) }),
      points: similarity.cosine[row].map((value, pos): [number, number] => [pos, value]),
    })),
  };
  const last = positions - 1;
  const neighbours: [string, string][] = [...new Set([1, 2, last])]
    .filter((j) => j > 0 && j < positions)
    .map((j) => [w('positional-cosine-of', { position: String(j) }), formatNumber(similarity.cosine[0][j])]);
  steps.push({
    id: 'similarity',
    title: w('positional-similarity-title'),
    text: w('positional-similarity-text'),
    formula: String.raw`\htmlClass{focus}{\cos(i, j) = \frac{PE_i \cdot PE_j}{\lVert PE_i \rVert\,\lVert PE_j \rVert}}`,
    panels: [
      {
        type: 'heatmap',
        name: 'cosine',
        ...titled(w('positional-matrix-cosine'), shape(positions, positions)),
        detail: w('positional-cosine-detail'),
        data: similarity.cosine,
        rowName: w('positional-position'),
        colName: w('positional-position'),
        colour: 'diverging',
        explain: { stage: 'cosine', args: { dot: similarity.similarity, rowSymbol: 'PE' }, symbol: 'cos' },
      },
      cosineRows,
      {
        type: 'facts',
        name: 'similarity-facts',
        caption: w('positional-from-engine'),
        facts: [
          [w('positional-self-dot'), formatNumber(similarity.similarity[0][0])],
          [w('positional-length'), formatNumber(similarity.norms[0])],
          ...neighbours,
        ],
      },
      parameters('similarity-size', w('positional-size'), sizeFields(inputs)),
    ],
  });

  // ---- permutation: is attention blind to order? --------------------------------------------
  const tokens = inputs.tokens;
  const n = tokens.length;
  const embedded = lab.embedTokens({ tokens, dModel: inputs.tokenDModel, seed: inputs.seed });
  const reversed = tokens.map((_, i) => n - 1 - i);
  const run = (positionalEncoding: boolean) => lab.permutationTest({
    input: embedded.embeddings, permutation: reversed, heads: inputs.heads, seed: inputs.seed, positionalEncoding,
  });
  const plain = run(false);
  const withPe = run(true);
  const shuffled = plain.permutation.map((i) => tokens[i]);
  const d = embedded.embeddings[0].length;
  const cols = labels(undefined, d, 'd');
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], explain: MatrixPanel['explain']): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(n, d)), data, rowLabels, colLabels: cols, colour: 'diverging', explain });
  // An output's last pass, concat·W_O, from the same layer run on what attention saw.
  const outputOf = (x: number[][]) => {
    const layer = lab.multiHeadAttention({ query: x, key: x, value: x, heads: inputs.heads, seed: inputs.seed });
    return linearExplain('output', { input: layer.concat, weight: layer.params.wO, bias: layer.params.bO, inputSymbol: w('positional-heads-side-by-side'), weightSymbol: 'W_O' });
  };
  const permutationPanels = (suffix: string, t: PermutationTestTrace) => [
    matrix(`output${suffix}`, w('positional-matrix-output'), t.output, tokens, outputOf(t.input)),
    matrix(`permuted-output${suffix}`, w('positional-matrix-permuted'), t.permutedOutput, shuffled, outputOf(t.permutedInput)),
    matrix(`realigned${suffix}`, w('positional-matrix-realigned'), t.realigned, tokens, {
      stage: 'moved', symbol: 'realigned',
      args: { from: t.permutedOutput, fromSymbol: w('positional-reversed-output'), fromPanel: `permuted-output${suffix}`, rows: tokens.map((_, r) => t.permutation.indexOf(r)), why: w('positional-realigned-why') },
    }),
  ];
  const sentenceFields = parameters('sentence', w('positional-sentence'), [
    { name: 'tokens', label: w('positional-words'), kind: 'tokens', value: tokens.join(' ') },
    integerField('tokenDModel', w('positional-token-dmodel'), inputs.tokenDModel, positionalInputs.tokenDModel),
    integerField('heads', w('positional-heads-h'), inputs.heads, positionalInputs.heads),
    seedField(inputs.seed),
  ]);
  const repeatedWord = tokens.find((token, i) => tokens.indexOf(token) !== i);
  const difference = (t: PermutationTestTrace) => formatNumber(t.maxDifference);

  steps.push({
    id: 'permutation',
    title: w('positional-permutation-title'),
    text: [
      w(inputs.heads > 1 ? 'positional-permutation-text' : 'positional-permutation-text-one',
        { heads: String(inputs.heads), sentence: tokens.join(' '), shuffled: shuffled.join(' ') }),
      ...(repeatedWord ? [w('positional-permutation-repeated', { word: repeatedWord })] : []),
    ].join(' '),
    formula: String.raw`\mathrm{Attn}(\htmlClass{focus}{P}X) = \htmlClass{focus}{P}\,\mathrm{Attn}(X)\quad\text{for any reordering } P`,
    panels: [
      {
        type: 'facts',
        name: 'permutation-facts',
        caption: w('positional-largest-difference'),
        facts: [[w('positional-without-pe'), difference(plain)]],
      },
      ...permutationPanels('', plain),
      sentenceFields,
    ],
  });

  steps.push({
    id: 'permutation-pe',
    title: w('positional-permutation-pe-title'),
    text: w('positional-permutation-pe-text'),
    formula: String.raw`\mathrm{Attn}(PX + \htmlClass{focus}{PE}) \neq P\,\mathrm{Attn}(X + \htmlClass{focus}{PE})`,
    panels: [
      {
        type: 'facts',
        name: 'permutation-pe-facts',
        caption: w('positional-largest-difference'),
        facts: [
          [w('positional-without-pe'), difference(plain)],
          [w('positional-with-pe'), difference(withPe)],
        ],
      },
      ...permutationPanels('-pe', withPe),
      sentenceFields,
    ],
  });
  return { steps, trace: { encoding: pe, similarity } };
}
