// Steps of the rotary-positions lesson, generated from the engine's rope (theta, angles, cos,
// sin, output), attention's scores of rotated queries and keys, and matrixDifference. Step ids
// follow rope's passes and what the lesson shows with them: clocks (theta), angles, rotate,
// relative, conventions, permutation, decay, interpolation. Every number shown comes from a
// trace; this file picks rows and columns out of the engine's matrices, builds the inputs it
// hands the engine (copies of q, all-ones rows, positions) and words them.
import type { AttentionLab, RopeTrace } from '../../../lib/index.js';
import type { Built } from '../kind.js';
import type { ChartPanel, ExplainSource, MatrixPanel, ParameterField, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { formatNumber } from '../../model/format.js';
import { integerField, labels, seedField, shape, titled } from '../shared/fields.js';
import { sub } from '../shared/explain-terms.js';
import { ropeInputs, type RopeInputs } from './inputs.js';
import { ropeLayer } from './layer.js';
import { halfColumnOf, pairOf, type CellSource, type Convention } from './pairs.js';
import { w } from './words-en.js';

/** Points a chart of the long context draws: the tokens are sampled evenly beyond this. */
const CHART_POINTS = 512;
/** Rows of the angles written out in numbers (the heatmap shows them all). */
const CORNER_ROWS = 8;
/** Positions the clocks chart follows: beyond them the fastest hand's turns blur into a band. */
const CLOCK_POSITIONS = 64;

const ROTATION = String.raw`\begin{pmatrix}a'\\ b'\end{pmatrix} = \begin{pmatrix}\cos p\theta_i & -\sin p\theta_i\\ \sin p\theta_i & \cos p\theta_i\end{pmatrix}\begin{pmatrix}a\\ b\end{pmatrix}`;

/** The traces the steps came from, and what "explain this number" needs for each panel. */
export interface RopeTraces {
  /** q and k, the engine's seeded random rows. */
  query: number[];
  key: number[];
  /** q rotated at every position 0 … length − 1 (the clocks). */
  clocks: RopeTrace;
  /** The rotated queries at m and m + shift, and keys at n and n + shift. */
  queries: RopeTrace;
  keys: RopeTrace;
  /** How each trace-explained panel's cells were computed, by panel name. */
  cells: Record<string, CellSource>;
}

const parameters = (name: string, caption: string, fields: ParameterField[]): ParametersPanel =>
  ({ type: 'parameters', name, caption, fields });

/** `count` copies of `row`. */
const copies = (row: number[], count: number): number[][] => Array.from({ length: count }, () => row);

/** Tokens 0 … count − 1, at most CHART_POINTS of them, evenly spread and ending on the last. */
function sampledTokens(count: number): number[] {
  if (count <= CHART_POINTS) return Array.from({ length: count }, (_, t) => t);
  return Array.from({ length: CHART_POINTS }, (_, k) => Math.round((k * (count - 1)) / (CHART_POINTS - 1)));
}

export function ropeSteps(lab: AttentionLab, inputs: RopeInputs): Built<RopeTraces> {
  const { width: d, base, length, factor, seed } = inputs;
  const convention: Convention = inputs.convention;
  const half = d / 2;
  const m = inputs.queryPosition;
  const n = inputs.keyPosition;
  const shift = inputs.shift;
  const rope = (input: number[][], positions: number[], which: Convention = convention) =>
    lab.rope({ input, positions, base, convention: which });

  const layer = ropeLayer(lab, inputs);
  const [query] = layer.query;
  const [key] = layer.key;
  const positionsUpTo = (count: number) => Array.from({ length: count }, (_, p) => p);
  const clocks = rope(copies(query, length), positionsUpTo(length));
  const queries = rope(layer.query, layer.queryPositions);
  const keys = rope(layer.key, layer.keyPositions);
  const cells: Record<string, CellSource> = {};
  const dims = labels(undefined, d, 'd');
  const pairs = labels(undefined, half, 'θ');
  const randomRows: ExplainSource = { stage: 'random', symbol: 'x', args: { seed, what: w('rope-random-what') } };
  const traced = (name: string, source: CellSource, symbol: string): ExplainSource => {
    cells[name] = source;
    return { stage: 'trace', symbol };
  };
  const matrix = (name: string, title: string, data: number[][], rowLabels: string[], colLabels: string[], explain: ExplainSource, detail?: string): MatrixPanel =>
    ({ type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), ...(detail ? { detail } : {}), data, rowLabels, colLabels, colour: 'diverging', explain });
  const rotated = (name: string, title: string, trace: RopeTrace, input: number[][], rowLabels: string[], which: Convention, inputPanel: string): MatrixPanel =>
    matrix(name, title, trace.output, rowLabels, dims,
      traced(name, { kind: 'rotated', input, cos: trace.cos, sin: trace.sin, convention: which, inputPanel, cosPanel: `${name}-cos`, sinPanel: `${name}-sin` }, "x'"),
      w('rope-pairs-detail', { pairs: pairList(d, which) }));
  const at = (symbol: string, position: number) => w('rope-at', { symbol, position: String(position) });
  const sizeFields = [
    integerField('width', w('rope-width'), d, ropeInputs.width),
    { name: 'base', label: w('rope-base'), kind: 'number', value: base, min: ropeInputs.base.min, max: ropeInputs.base.max, step: 1 } satisfies ParameterField,
  ];
  const conventionField: ParameterField = {
    name: 'convention', label: w('rope-convention'), kind: 'choice', value: convention,
    options: [['half', w('rope-convention-half')], ['interleaved', w('rope-convention-interleaved')]],
  };
  const positionFields = parameters('positions', w('rope-positions-caption'), [
    integerField('queryPosition', w('rope-query-position'), m, ropeInputs.queryPosition),
    integerField('keyPosition', w('rope-key-position'), n, ropeInputs.keyPosition),
    integerField('shift', w('rope-shift'), shift, ropeInputs.shift),
    conventionField,
    seedField(seed),
  ]);
  const steps: Step[] = [];

  // ---- clocks: θ_i, one speed per pair ------------------------------------------------------
  const slowest = half - 1;
  const clockPairs = [...new Set([0, Math.floor(slowest / 2), slowest])];
  steps.push({
    id: 'clocks',
    title: w('rope-clocks-title'),
    text: w('rope-clocks-text', { pairs: String(half), d: String(d), fast: formatNumber(clocks.theta[0]), slow: formatNumber(clocks.theta[slowest]) }),
    formula: String.raw`\htmlClass{focus}{\theta_i = \text{base}^{-2i/d}},\quad i = 0,\dots,\tfrac{d}{2}-1`,
    panels: [
      matrix('theta', w('rope-matrix-theta'), [clocks.theta], ['θ'], pairs,
        traced('theta', { kind: 'theta', theta: clocks.theta, base, width: d }, 'θ')),
      {
        type: 'chart',
        name: 'clocks',
        caption: w('rope-clocks-caption', { positions: String(Math.min(length, CLOCK_POSITIONS)) }),
        xLabel: w('rope-position'),
        yLabel: w('rope-cos-angle'),
        xScale: 'linear',
        yDomain: [-1, 1],
        series: clockPairs.map((i) => ({
          label: w('rope-pair-series', { pair: String(i) }),
          points: clocks.cos.slice(0, CLOCK_POSITIONS).map((row, p): [number, number] => [p, row[i]]),
        })),
      },
      parameters('clock-size', w('rope-size-caption'), [...sizeFields, integerField('length', w('rope-length'), length, ropeInputs.length)]),
    ],
  });

  // ---- angles: position · θ_i ---------------------------------------------------------------
  // In numbers, not a heatmap: pair 0's angles (up to the last position) would wash out the rest.
  const corner = Math.min(CORNER_ROWS, length);
  const positionLabels = positionsUpTo(corner).map((p) => w('rope-pos', { pos: String(p) }));
  const queryRows = [at('q', m), at('q', m + shift)];
  steps.push({
    id: 'angles',
    title: w('rope-angles-title'),
    text: w('rope-angles-text', { m: String(m), later: String(m + shift), fast: formatNumber(queries.angles[1][0]), slow: formatNumber(queries.angles[1][slowest]) }),
    formula: String.raw`\htmlClass{focus}{\text{angle}_{p,i} = p\,\theta_i}`,
    panels: [
      matrix('angles-corner', w('rope-matrix-angles-corner', { rows: String(corner) }), clocks.angles.slice(0, corner), positionLabels, pairs,
        traced('angles-corner', { kind: 'angle', positions: positionsUpTo(corner), theta: clocks.theta, angles: clocks.angles }, 'angle')),
      matrix('angles-query', w('rope-matrix-angles-query'), queries.angles, queryRows, pairs,
        traced('angles-query', { kind: 'angle', positions: [m, m + shift], theta: queries.theta, angles: queries.angles }, 'angle')),
      positionFields,
    ],
  });

  // ---- rotate: q turned at m and at m + shift -----------------------------------------------
  const keyRows = [at('k', n), at('k', n + shift)];
  const trig = (name: string, which: 'cos' | 'sin', trace: RopeTrace, rows: string[], positions: number[]) =>
    matrix(name, w(which === 'cos' ? 'rope-matrix-cos' : 'rope-matrix-sin'), trace[which], rows, pairs,
      traced(name, { kind: which, positions, theta: trace.theta, angles: trace.angles, values: trace[which] }, which));
  steps.push({
    id: 'rotate',
    title: w('rope-rotate-title'),
    text: w(convention === 'half' ? 'rope-rotate-text-half' : 'rope-rotate-text-interleaved', { m: String(m), later: String(m + shift), half: String(half), last: String(half - 1) }),
    formula: String.raw`\htmlClass{focus}{${ROTATION}}`,
    panels: [
      matrix('query', w('rope-matrix-query'), [query, query], queryRows, dims, randomRows),
      trig('rotated-query-cos', 'cos', queries, queryRows, [m, m + shift]),
      trig('rotated-query-sin', 'sin', queries, queryRows, [m, m + shift]),
      rotated('rotated-query', w('rope-matrix-rotated-query'), queries, [query, query], queryRows, convention, 'query'),
      positionFields,
    ],
  });

  // ---- relative: the score depends on m − n only --------------------------------------------
  const scoreCall = { query: queries.output, key: keys.output, value: keys.output };
  const scores = lab.attention(scoreCall).scores;
  const plain = lab.attention({ query: [query], key: [key], value: [key] }).scores[0][0];
  const gap = lab.matrixDifference({ left: [[scores[1][1]]], right: [[scores[0][0]]] });
  steps.push({
    id: 'relative',
    title: w('rope-relative-title'),
    text: w('rope-relative-text', {
      m: String(m), n: String(n), later: String(m + shift), laterkey: String(n + shift), distance: String(m - n),
      first: formatNumber(scores[0][0], 6), second: formatNumber(scores[1][1], 6), plain: formatNumber(plain),
    }),
    formula: String.raw`\htmlClass{focus}{(R_m q)\cdot(R_n k) = q^\top R_{n-m}\,k}`,
    panels: [
      rotated('rotated-query', w('rope-matrix-rotated-query'), queries, [query, query], queryRows, convention, 'query'),
      matrix('key', w('rope-matrix-key'), [key, key], keyRows, dims, randomRows),
      rotated('rotated-key', w('rope-matrix-rotated-key'), keys, [key, key], keyRows, convention, 'key'),
      matrix('scores', w('rope-matrix-scores'), scores, queryRows, keyRows, { stage: 'score', symbol: 'score', args: scoreCall }),
      {
        type: 'facts',
        name: 'relative-facts',
        caption: w('rope-from-engine'),
        facts: [
          [w('rope-score-at', { m: String(m), n: String(n) }), formatNumber(scores[0][0], 10)],
          [w('rope-score-at', { m: String(m + shift), n: String(n + shift) }), formatNumber(scores[1][1], 10)],
          [w('rope-score-gap'), formatNumber(gap.maxAbsDifference)],
          [w('rope-score-plain'), formatNumber(plain, 10)],
        ],
      } satisfies TextPanel,
      positionFields,
    ],
  });

  // ---- conventions: the same q, paired two ways ---------------------------------------------
  const other: Convention = convention === 'half' ? 'interleaved' : 'half';
  const byHalf = rope([query], [m], 'half');
  const byPairs = rope([query], [m], 'interleaved');
  const one = [at('q', m)];
  steps.push({
    id: 'conventions',
    title: w('rope-conventions-title'),
    text: w('rope-conventions-text', { m: String(m), last: String(d - 1), mid: String(half) }),
    formula: String.raw`\text{half: } (x_i,\ x_{i+d/2})\qquad \text{interleaved: } (x_{2i},\ x_{2i+1})`,
    panels: [
      matrix('query-once', w('rope-matrix-query-once'), [query], one, dims, randomRows),
      rotated('rotated-half', w('rope-matrix-rotated-half'), byHalf, [query], one, 'half', 'query-once'),
      rotated('rotated-interleaved', w('rope-matrix-rotated-interleaved'), byPairs, [query], one, 'interleaved', 'query-once'),
      parameters('convention-positions', w('rope-positions-caption'), [
        integerField('queryPosition', w('rope-query-position'), m, ropeInputs.queryPosition),
        integerField('width', w('rope-width'), d, ropeInputs.width),
        seedField(seed),
      ]),
    ],
  });

  // ---- permutation: interleaved = P⁻¹ · half · P ---------------------------------------------
  // Column c of the permuted row is column halfColumnOf⁻¹: 2i → i, 2i + 1 → i + d/2.
  const sources = Array.from({ length: d }, (_, c) => (c < half ? 2 * c : 2 * (c - half) + 1));
  const permuted = [sources.map((c) => query[c])];
  const rotatedPermuted = rope(permuted, [m], 'half');
  const back = Array.from({ length: d }, (_, c) => halfColumnOf(c, d));
  const putBack = [back.map((c) => rotatedPermuted.output[0][c])];
  const check = lab.matrixDifference({ left: putBack, right: byPairs.output });
  cells['permuted-query'] = { kind: 'moved', from: [query], columns: sources, fromSymbol: 'q', fromPanel: 'query-once', why: w('rope-permuted-why') };
  cells['put-back'] = { kind: 'moved', from: rotatedPermuted.output, columns: back, fromSymbol: 'half(Pq)', fromPanel: 'rotated-permuted', why: w('rope-put-back-why') };
  steps.push({
    id: 'permutation',
    title: w('rope-permutation-title'),
    text: w('rope-permutation-text', { mid: String(half), largest: formatNumber(check.maxAbsDifference), other: w(other === 'half' ? 'rope-half' : 'rope-interleaved') }),
    formula: String.raw`\mathrm{RoPE}_{\text{interleaved}}(x) = \htmlClass{focus}{P^{-1}}\,\mathrm{RoPE}_{\text{half}}(\htmlClass{focus}{P}\,x)`,
    panels: [
      matrix('query-once', w('rope-matrix-query-once'), [query], one, dims, randomRows),
      matrix('permuted-query', w('rope-matrix-permuted'), permuted, one, dims, { stage: 'trace', symbol: 'Pq' }),
      rotated('rotated-permuted', w('rope-matrix-rotated-permuted'), rotatedPermuted, permuted, one, 'half', 'permuted-query'),
      matrix('put-back', w('rope-matrix-put-back'), putBack, one, dims, { stage: 'trace', symbol: 'P⁻¹·half(Pq)' }),
      rotated('rotated-interleaved', w('rope-matrix-rotated-interleaved'), byPairs, [query], one, 'interleaved', 'query-once'),
      matrix('permutation-difference', w('rope-matrix-difference'), check.difference, one, dims, {
        stage: 'sum', symbol: 'Δ',
        args: { parts: [{ symbol: 'P⁻¹·half(Pq)', panel: 'put-back', data: putBack }, { symbol: 'interleaved(q)', panel: 'rotated-interleaved', data: byPairs.output }], subtracted: true },
      }),
    ],
  });

  // ---- decay: all-ones q and k, the score against the distance ------------------------------
  const ones = Array<number>(d).fill(1);
  const farthest = length - 1;
  const decayCall = rope(copies(Array<number>(inputs.decayWidth).fill(1), length), positionsUpTo(length));
  const decayScores = lab.attention({ query: [decayCall.output[0]], key: decayCall.output, value: decayCall.output }).scores[0];
  const distances = [...new Set([0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, farthest].filter((r) => r <= farthest))];
  const sampledKeys = distances.map((r) => decayCall.output[r]);
  const sampledCall = { query: [decayCall.output[0]], key: sampledKeys, value: sampledKeys };
  const sampled = lab.attention(sampledCall).scores;
  steps.push({
    id: 'decay',
    title: w('rope-decay-title'),
    text: w('rope-decay-text', { d: String(inputs.decayWidth), top: formatNumber(sampled[0][0]), last: String(farthest) }),
    formula: String.raw`\htmlClass{focus}{(R_0\mathbf{1})\cdot(R_r\mathbf{1}) = \textstyle\sum_i 2\cos(r\,\theta_i)}`,
    panels: [
      {
        type: 'chart',
        name: 'decay',
        caption: w('rope-decay-caption', { positions: String(length) }),
        xLabel: w('rope-distance'),
        yLabel: w('rope-score'),
        xScale: 'linear',
        series: [{ label: w('rope-ones-series'), points: decayScores.map((s, r): [number, number] => [r, s]) }],
      } satisfies ChartPanel,
      matrix('decay-scores', w('rope-matrix-decay'), sampled, [at('q', 0)], distances.map((r) => w('rope-distance-label', { r: String(r) })),
        { stage: 'score', symbol: 'score', args: sampledCall }),
      parameters('decay-size', w('rope-size-caption'), [
        integerField('decayWidth', w('rope-width'), inputs.decayWidth, ropeInputs.decayWidth),
        sizeFields[1],
        integerField('length', w('rope-length'), length, ropeInputs.length),
      ]),
    ],
  });

  // ---- interpolation: a longer context squeezed into the trained positions ------------------
  const long = factor * length;
  const tokens = sampledTokens(long);
  const squeezed = tokens.map((t) => t / factor);
  const asTheyAre = rope(copies(ones, tokens.length), tokens);
  const interpolated = rope(copies(ones, tokens.length), squeezed);
  const marks = [...new Set([length - 1, length, long - 1])].filter((t) => t < long);
  const markRope = (positions: number[]) => rope(copies(ones, marks.length), positions);
  const markedAsTheyAre = markRope(marks);
  const markedSqueezed = markRope(marks.map((t) => t / factor));
  const used = [markedAsTheyAre.angles.map((row) => row[0]), markedSqueezed.angles.map((row) => row[0])];
  cells['used-positions'] = { kind: 'position', tokens: marks, factors: [1, factor], theta: markedAsTheyAre.theta[0] };
  // Trained on positions 0 … length − 1, the model has met angles below those at position `length`.
  const trainedTop = rope([ones], [length]).angles[0][slowest];
  const slowAngle = (trace: RopeTrace) => trace.angles.map((row, k): [number, number] => [tokens[k], row[slowest]]);
  steps.push({
    id: 'interpolation',
    title: w('rope-interpolation-title'),
    text: w('rope-interpolation-text', {
      trained: String(length), trainedlast: String(length - 1), factor: String(factor), long: String(long), last: String(long - 1), pair: String(slowest),
      top: formatNumber(trainedTop), beyond: formatNumber(asTheyAre.angles[tokens.length - 1][slowest]), inside: formatNumber(interpolated.angles[tokens.length - 1][slowest]),
    }),
    formula: String.raw`\htmlClass{focus}{p \mapsto \frac{p}{${factor}}}:\quad \text{angle} = \frac{p}{${factor}}\,\theta_i`,
    panels: [
      {
        type: 'chart',
        name: 'interpolation-angles',
        caption: w('rope-interpolation-caption', { pair: String(slowest), long: String(long) }),
        xLabel: w('rope-token'),
        yLabel: w('rope-angle'),
        xScale: 'linear',
        series: [
          { label: w('rope-as-they-are'), points: slowAngle(asTheyAre) },
          { label: w('rope-interpolated', { factor: String(factor) }), points: slowAngle(interpolated) },
        ],
        references: [{ label: w('rope-trained-top', { trained: String(length) }), y: trainedTop }],
      },
      matrix('used-positions', w('rope-matrix-used'), used, [w('rope-as-is'), `÷ ${factor}`],
        marks.map((t) => w('rope-token-label', { t: String(t) })), { stage: 'trace', symbol: 'p' }),
      parameters('interpolation-size', w('rope-interpolation-parameters'), [
        integerField('length', w('rope-trained-length'), length, ropeInputs.length),
        integerField('factor', w('rope-factor'), factor, ropeInputs.factor),
        ...sizeFields,
      ]),
    ],
  });

  return { steps, trace: { query, key, clocks, queries, keys, cells } };
}

/** The pairs of a convention in words, "(0, 4), (1, 5), …" (at most four written). */
function pairList(d: number, which: Convention): string {
  const all = Array.from({ length: d / 2 }, (_, i) => {
    const [a, b] = pairOf(i, d, which);
    return `(${sub(a)}, ${sub(b)})`.replace(/[₀-₉]+/g, (s) => `d${s}`);
  });
  return all.length <= 4 ? all.join(' ') : `${all.slice(0, 3).join(' ')} … ${all[all.length - 1]}`;
}
