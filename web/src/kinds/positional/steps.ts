// Steps of the positional-encoding lesson, generated from the engine's positionalEncoding,
// positionSimilarity, embedTokens and permutationTest. Step ids follow those operations:
// encoding, waves, similarity, permutation (without and with PE). Every number shown comes from
// a trace; this file only picks rows and columns out of the engine's matrices and words them.
import type { AttentionLab, Matrix, PermutationTestTrace, PositionSimilarityTrace } from '../../../lib/index.js';
import { InputRefusal } from '../../model/refusal.js';
import type { Built } from '../kind.js';
import type { ChartPanel, MatrixPanel, ParameterField, ParametersPanel, PositionalInputs, Step } from '../../model/types.js';
import { linearExplain } from '../shared/explain-sources.js';
import { LIMITS } from '../../model/limits.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape } from '../shared/fields.js';

const MAX_WAVES = LIMITS.positional.waves.max;

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
      throw new InputRefusal(`dimensions[${i}]: expected a column number (a whole number from 0), got ${String(given).slice(0, 20)}`);
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
    integerField('length', 'positions', inputs.length, LIMITS.positional.length),
    integerField('dModel', 'd_model', inputs.dModel, LIMITS.positional.dModel),
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
  const firstRow = pe[0].slice(0, 4).map((x) => formatNumber(x)).join(', ');
  steps.push({
    id: 'encoding',
    title: 'The encoding: one row per position',
    text: `Attention alone has no idea of order, so each position gets its own fixed vector of d_model = ${width} numbers, added to the token’s embedding. ` +
      `Each row below is one position; the even columns are sines and the odd ones cosines, each pair at its own frequency. ` +
      `Position 0 starts ${firstRow}…: sin 0 and cos 0. ` +
      'On the left the colours change from row to row (fast waves); further right they barely change (slow waves).',
    formula: String.raw`\htmlClass{focus}{${PE_FORMULA}}`,
    panels: [
      {
        type: 'heatmap',
        name: 'encoding',
        caption: `PE: ${positions} positions × ${width} dimensions (${shape(positions, width)})`,
        detail: 'one row per position, one column per dimension',
        data: pe,
        rowName: 'position',
        colName: 'dimension',
        colour: 'diverging',
        explain: { stage: 'positional', args: { dModel: width }, symbol: 'PE' },
      },
      {
        type: 'matrix',
        name: 'encoding-corner',
        caption: `the top-left corner in numbers (${shape(cornerRows.length, cornerRows[0].length)})`,
        data: cornerRows,
        rowLabels: cornerRows.map((_, pos) => `pos ${pos}`),
        colLabels: labels(undefined, cornerRows[0].length, 'd'),
        colour: 'diverging',
        explain: { stage: 'positional', args: { dModel: width }, symbol: 'PE' },
      },
      parameters('encoding-size', 'Size of the encoding', sizeFields(inputs)),
    ],
  });

  // ---- waves: a few columns against position ------------------------------------------------
  // Two columns per chart: more lines on one set of axes tangle into an unreadable zigzag.
  const pairs: number[][] = [];
  columns.forEach((column, k) => (k % 2 === 0 ? pairs.push([column]) : pairs[pairs.length - 1].push(column)));
  const charts: ChartPanel[] = pairs.map((pair, k) => ({
    type: 'chart',
    name: `waves-${k}`,
    caption: `PE[pos, dim] for ${pair.length > 1 ? `dimensions ${pair.join(' and ')}` : `dimension ${pair[0]}`}, over ${positions} positions`,
    xLabel: 'position',
    yLabel: 'PE value',
    xScale: 'linear',
    yDomain: [-1, 1],
    series: pair.map((column) => ({
      label: `dim ${column} (${column % 2 === 0 ? 'sin' : 'cos'})`,
      points: pe.map((row, pos): [number, number] => [pos, row[column]]),
    })),
  }));
  steps.push({
    id: 'waves',
    title: 'Each column is a wave',
    text: 'Read down one column and you get a wave over the positions. Columns 2i and 2i + 1 share a frequency, one as a sine and one as a cosine. ' +
      'Columns 0 and 1 have the highest frequency and repeat every few positions; each later pair is slower, and the last columns change only slowly over the whole range. ' +
      'So low dimensions oscillate fast and high dimensions slowly (it is easy to read the formula the other way round; this plot settles it). ' +
      'Fast columns tell neighbours apart, slow ones tell near from far.' +
      (dropped.length > 0 ? ` Column${dropped.length > 1 ? 's' : ''} ${dropped.join(', ')} ${dropped.length > 1 ? 'are' : 'is'} left out: d_model is only ${width}.` : ''),
    formula: String.raw`\begin{gathered}PE_{(pos,\,2i)} = \sin(\omega_i\,pos)\\ PE_{(pos,\,2i+1)} = \cos(\omega_i\,pos)\\ \htmlClass{focus}{\omega_i = 10000^{-2i/d}}\ \text{falls as } i \text{ grows}\end{gathered}`,
    panels: [
      ...charts,
      parameters('wave-columns', 'Columns and size', [
        { name: 'dimensions', label: `columns to plot (up to ${MAX_WAVES})`, kind: 'tokens', value: inputs.dimensions.map(String).join(' ') },
        ...sizeFields(inputs),
      ]),
    ],
  });

  // ---- similarity: how alike two positions' encodings are -----------------------------------
  const middle = Math.floor((positions - 1) / 2);
  const cosineRows: ChartPanel = {
    type: 'chart',
    name: 'similarity-rows',
    caption: `cosine of one position with every position`,
    xLabel: 'position',
    yLabel: 'cosine',
    xScale: 'linear',
    series: [...new Set([0, middle])].map((row) => ({
      label: `position ${row}`,
      points: similarity.cosine[row].map((value, pos): [number, number] => [pos, value]),
    })),
  };
  const last = positions - 1;
  const neighbours: [string, string][] = [...new Set([1, 2, last])]
    .filter((j) => j > 0 && j < positions)
    .map((j) => [`cosine of positions 0 and ${j}`, formatNumber(similarity.cosine[0][j])]);
  steps.push({
    id: 'similarity',
    title: 'Nearby positions look alike',
    text: 'Comparing every two positions’ encodings (the dot product PE·PEᵀ, or its cosine) shows the structure: ' +
      'each position is most like itself, a lot like its neighbours, and less like positions further away. ' +
      'The pattern depends only on the distance: a middle position’s curve falls off on both sides just as position 0’s does on its one side. ' +
      'So attention, which works with dot products, can tell how far apart two tokens are.',
    formula: String.raw`\htmlClass{focus}{\cos(i, j) = \frac{PE_i \cdot PE_j}{\lVert PE_i \rVert\,\lVert PE_j \rVert}}`,
    panels: [
      {
        type: 'heatmap',
        name: 'cosine',
        caption: `cosine similarity of every two positions (${shape(positions, positions)})`,
        detail: 'the strong diagonal is each position compared with itself',
        data: similarity.cosine,
        rowName: 'position',
        colName: 'position',
        colour: 'diverging',
        explain: { stage: 'cosine', args: { dot: similarity.similarity, rowSymbol: 'PE' }, symbol: 'cos' },
      },
      cosineRows,
      {
        type: 'facts',
        name: 'similarity-facts',
        caption: 'From the engine',
        facts: [
          ['PE(0)·PE(0), the dot product with itself', formatNumber(similarity.similarity[0][0])],
          ['length of PE(0)', formatNumber(similarity.norms[0])],
          ...neighbours,
        ],
      },
      parameters('similarity-size', 'Size of the encoding', sizeFields(inputs)),
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
  const matrix = (name: string, caption: string, data: number[][], rowLabels: string[], explain: MatrixPanel['explain']): MatrixPanel =>
    ({ type: 'matrix', name, caption, data, rowLabels, colLabels: cols, colour: 'diverging', explain });
  // An output's last pass, concat·W_O, from the same layer run on what attention saw.
  const outputOf = (x: number[][]) => {
    const layer = lab.multiHeadAttention({ query: x, key: x, value: x, heads: inputs.heads, seed: inputs.seed });
    return linearExplain('output', { input: layer.concat, weight: layer.params.wO, bias: layer.params.bO, inputSymbol: 'the heads’ outputs side by side', weightSymbol: 'W_O' });
  };
  const permutationPanels = (suffix: string, t: PermutationTestTrace) => [
    matrix(`output${suffix}`, `output, sentence in order (${shape(n, d)})`, t.output, tokens, outputOf(t.input)),
    matrix(`permuted-output${suffix}`, `output, sentence reversed (${shape(n, d)})`, t.permutedOutput, shuffled, outputOf(t.permutedInput)),
    matrix(`realigned${suffix}`, `reversed output put back in order (${shape(n, d)})`, t.realigned, tokens, {
      stage: 'moved', symbol: 'realigned',
      args: { from: t.permutedOutput, fromSymbol: 'the reversed output', fromPanel: `permuted-output${suffix}`, rows: tokens.map((_, r) => t.permutation.indexOf(r)), why: 'the same word’s row, moved back to its place in the sentence' },
    }),
  ];
  const sentenceFields = parameters('sentence', 'Sentence and attention', [
    { name: 'tokens', label: 'words', kind: 'tokens', value: tokens.join(' ') },
    integerField('tokenDModel', 'd_model of the words', inputs.tokenDModel, LIMITS.positional.tokenDModel),
    integerField('heads', 'heads h', inputs.heads, LIMITS.positional.heads),
    seedField(inputs.seed),
  ]);
  const repeatedWord = tokens.find((token, i) => tokens.indexOf(token) !== i);
  const difference = (t: PermutationTestTrace) => formatNumber(t.maxDifference);

  steps.push({
    id: 'permutation',
    title: 'Without positions, order is invisible',
    text: `Self-attention (${inputs.heads} head${inputs.heads > 1 ? 's' : ''}, seeded weights) reads “${tokens.join(' ')}” and then “${shuffled.join(' ')}”. ` +
      'Shuffling the words only shuffles the output rows: put back in order, they match the first run up to rounding. ' +
      'Each word gets the same vector wherever it stands, so the model cannot know where it stands.' +
      (repeatedWord ? ` The two “${repeatedWord}” rows are even identical within one run.` : ''),
    formula: String.raw`\mathrm{Attn}(\htmlClass{focus}{P}X) = \htmlClass{focus}{P}\,\mathrm{Attn}(X)\quad\text{for any reordering } P`,
    panels: [
      {
        type: 'facts',
        name: 'permutation-facts',
        caption: 'Largest difference between the two runs, realigned',
        facts: [['without positional encoding', difference(plain)]],
      },
      ...permutationPanels('', plain),
      sentenceFields,
    ],
  });

  steps.push({
    id: 'permutation-pe',
    title: 'With positions, order matters',
    text: 'Now the positional encoding is added after shuffling: the words move, the positions stay. ' +
      'The first word now stands last and gets the last position’s encoding, so a word that moves enters attention as a different vector, and realigning no longer recovers the first run. ' +
      'The difference is no longer rounding: the model can see where each word is.',
    formula: String.raw`\mathrm{Attn}(PX + \htmlClass{focus}{PE}) \neq P\,\mathrm{Attn}(X + \htmlClass{focus}{PE})`,
    panels: [
      {
        type: 'facts',
        name: 'permutation-pe-facts',
        caption: 'Largest difference between the two runs, realigned',
        facts: [
          ['without positional encoding', difference(plain)],
          ['with positional encoding', difference(withPe)],
        ],
      },
      ...permutationPanels('-pe', withPe),
      sentenceFields,
    ],
  });
  return { steps, trace: { encoding: pe, similarity } };
}
