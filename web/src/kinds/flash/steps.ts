// The lesson on flash attention, tile by tile: the engine's flashAttention computes attention one
// tile of queries × keys at a time with a running max m, a running sum ℓ and an unnormalised
// output O per query (the online softmax of Milakov & Gimelshein 2018, tiled as in Dao et al.
// 2022). One step per tile of its trace, then the final division and the proof against full
// attention, in float64 and float32. Every number comes from the engine; this file arranges them.
import type { AttentionLab } from '../../../lib/index.js';
import type { MatrixPanel, Panel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import type { FlashInputs } from './inputs.js';
import { flashInputs } from './inputs.js';
import { formatDifference, formatNumber } from '../../model/format.js';
import { attentionParameters } from '../attention/edits.js';
import { attentionArgs } from '../shared/explain-terms.js';
import { integerField, labels, shape, titled } from '../shared/fields.js';
import type { Built } from '../kind.js';
import { block, type FlashTraces, softmaxInput, type WalkedTile, walkTiles } from './tiles.js';
import { w as attentionWords } from '../attention/words-en.js';
import { w } from './words-en.js';

/** The running statistics' columns, in the order of the engine's tile trace. */
const runningColumns = (): string[] =>
  [w('flash-column-tile-max'), w('flash-column-m-before'), w('flash-column-m-after'), 'α', w('flash-column-sum-before'), w('flash-column-sum-after')];

const TILE_FORMULA = String.raw`m' = \max\!\big(m,\ \max_j s_j\big),\quad \alpha = e^{\,m - m'},\quad \ell' = \alpha\,\ell + \sum_j e^{\,s_j - m'},\quad O' = \alpha\,O + \sum_j e^{\,s_j - m'}\,v_j`;

/** What the steps label rows and keys with, and the walkthrough's own labels. */
export interface FlashContext {
  inputs: FlashInputs;
  queryLabels?: string[];
  keyLabels?: string[];
}

/** The tile controls, shown on the inputs and the tiling steps. */
function tileParameters(inputs: FlashInputs): ParametersPanel {
  const n = inputs.query.length;
  const m = inputs.key.length;
  return {
    type: 'parameters',
    name: 'tiles',
    caption: w('flash-tiles'),
    fields: [
      integerField('blockRows', w('flash-queries-per-tile'), inputs.blockRows, { min: flashInputs.blockRows.min, max: n }),
      integerField('blockCols', w('flash-keys-per-tile'), inputs.blockCols, { min: flashInputs.blockCols.min, max: m }),
      {
        name: 'order', label: w('flash-order'), kind: 'choice', value: inputs.order,
        options: [['rows', w('flash-order-rows-option')], ['columns', w('flash-order-columns-option')]],
      },
    ],
  };
}

/** Asks the engine: the tiled run, full attention, both again in float32, and how far apart they are. */
export function flashTraces(lab: AttentionLab, inputs: FlashInputs): FlashTraces {
  const args = attentionArgs(inputs);
  const tiles = { blockRows: inputs.blockRows, blockCols: inputs.blockCols };
  const flash = lab.flashAttention({ ...args, ...tiles });
  const full = lab.attention(args);
  const flash32 = lab.flashAttention({ ...args, ...tiles, precision: 'float32', trace: false });
  return {
    inputs,
    flash,
    full,
    flash32,
    proof: lab.matrixDifference({ left: flash.output, right: full.output }),
    proof32: lab.matrixDifference({ left: flash32.output, right: full.output }),
  };
}

export function flashSteps(lab: AttentionLab, context: FlashContext): Built<FlashTraces> {
  const { inputs } = context;
  const traces = flashTraces(lab, inputs);
  const { flash, full, proof, proof32 } = traces;
  const n = inputs.query.length;
  const m = inputs.key.length;
  const dV = inputs.value[0].length;
  const rows = labels(context.queryLabels, n, 'q');
  const keys = labels(context.keyLabels, m, 'k');
  const vDims = labels(undefined, dV, 'v');
  const scores = softmaxInput(full);
  const walked = walkTiles(flash.tiles ?? [], inputs);

  const scoresPanel = (focus?: [number, number][]): MatrixPanel => ({
    type: 'matrix', name: 'scores', ...titled(w(full.masked ? 'flash-matrix-masked-scores' : 'flash-matrix-scaled-scores'), shape(n, m)),
    data: scores, rowLabels: rows, colLabels: keys, colour: 'diverging', blocked: full.mask, focus,
    explain: full.masked && full.mask
      ? { stage: 'masked', args: { scaled: full.scaled, mask: full.mask, fill: inputs.maskFill ?? -Infinity }, symbol: 's' }
      : { stage: 'scaled', args: inputs, symbol: 's' },
  });
  const inputPanel = (name: 'query' | 'key' | 'value', title: string, data: number[][], rowLabels: string[], prefix: string): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(data.length, data[0].length)), data, rowLabels, colLabels: labels(undefined, data[0].length, prefix), colour: 'none', editable: name,
  });

  const steps: Step[] = [];
  const inputPanels: Panel[] = [
    attentionParameters(inputs),
    tileParameters(inputs),
    inputPanel('query', attentionWords('attention-matrix-query'), inputs.query, rows, 'd'),
    inputPanel('key', attentionWords('attention-matrix-key'), inputs.key, keys, 'd'),
    inputPanel('value', attentionWords('attention-matrix-value'), inputs.value, keys, 'v'),
  ];
  if (full.mask) {
    inputPanels.push({
      type: 'matrix', name: 'mask', ...titled(w('flash-matrix-mask'), shape(n, m), 'flash-caption-mask'), data: full.mask, rowLabels: rows, colLabels: keys,
      colour: 'weights', editable: Array.isArray(inputs.mask) ? 'mask' : undefined,
    });
  }
  steps.push({
    id: 'inputs',
    title: w('flash-inputs-title'),
    text: w('flash-inputs-text', {
      shape: shape(n, m),
      queries: w(inputs.blockRows === 1 ? 'flash-queries-one' : 'flash-queries', { count: String(inputs.blockRows) }),
      keys: w(inputs.blockCols === 1 ? 'flash-keys-one' : 'flash-keys', { count: String(inputs.blockCols) }),
    }),
    formula: TILE_FORMULA,
    panels: inputPanels,
  });

  const tileCount = walked.length;
  const largest = flash.peakCells;
  steps.push({
    id: 'scores',
    title: w(tileCount === 1 ? 'flash-scores-title-one' : 'flash-scores-title', { count: String(tileCount), shape: shape(inputs.blockRows, inputs.blockCols) }),
    text: w('flash-scores-text', {
      order: w(inputs.order === 'rows' ? 'flash-order-rows' : 'flash-order-columns'), largest: String(largest), shape: shape(n, m),
    }),
    formula: String.raw`S = \frac{QK^{\top}}{\sqrt{d_k}},\quad \text{tile } (r, c) = S[\,r\,b_r : (r+1)\,b_r,\ c\,b_c : (c+1)\,b_c\,]`,
    panels: [tileParameters(inputs), scoresPanel()],
  });

  walked.forEach((walk, k) => steps.push(tileStep(walk, k, tileCount, { inputs, rows, keys, vDims, scores, scoresPanel })));

  steps.push(normaliseStep(traces, rows, vDims));
  steps.push(proofStep(traces, proof, proof32, rows, vDims));
  return { steps, trace: traces };
}

interface TileContext {
  inputs: FlashInputs;
  rows: string[];
  keys: string[];
  vDims: string[];
  scores: number[][];
  scoresPanel: (focus?: [number, number][]) => MatrixPanel;
}

/** "q₀–q₃", or "q₂" for one. */
const span = (names: string[], start: number, count: number) =>
  count === 1 ? names[start] : `${names[start]}–${names[start + count - 1]}`;

function tileStep(walk: WalkedTile, k: number, total: number, c: TileContext): Step {
  const { tile, previous, id } = walk;
  const rowNames = c.rows.slice(tile.rowStart, tile.rowStart + walk.rows);
  const focus: [number, number][] = [];
  for (let i = 0; i < walk.rows; i += 1) for (let j = 0; j < walk.cols; j += 1) focus.push([tile.rowStart + i, tile.colStart + j]);
  const columns = runningColumns();
  const running: MatrixPanel = {
    type: 'matrix', name: `${id}-running`, ...titled(w('flash-matrix-running'), shape(walk.rows, columns.length)),
    data: tile.tileMax.map((_, i) => [tile.tileMax[i], tile.maxBefore[i], tile.maxAfter[i], tile.rescale[i], previous?.sumAfter[i] ?? 0, tile.sumAfter[i]]),
    rowLabels: rowNames, colLabels: columns, colour: 'none', explain: { stage: 'trace', symbol: 'running' },
  };
  const tileKeys = span(c.keys, tile.colStart, walk.cols);
  const values: MatrixPanel = {
    type: 'matrix', name: `${id}-values`, ...titled(w('flash-matrix-values', { keys: tileKeys }), shape(walk.cols, c.vDims.length)),
    data: block(c.inputs.value, tile.colStart, walk.cols, 0, c.vDims.length), rowLabels: c.keys.slice(tile.colStart, tile.colStart + walk.cols),
    colLabels: c.vDims, colour: 'none',
    explain: {
      stage: 'moved', symbol: 'v',
      args: { from: c.inputs.value, fromSymbol: 'V', rows: Array.from({ length: walk.cols }, (_, r) => tile.colStart + r), why: w('flash-values-why', { keys: tileKeys }) },
    },
  };
  const partial: MatrixPanel = {
    type: 'matrix', name: `${id}-partial`, ...titled(w('flash-matrix-partial'), shape(walk.rows, c.vDims.length)),
    data: tile.partialOutput, rowLabels: rowNames, colLabels: c.vDims, colour: 'diverging', explain: { stage: 'trace', symbol: 'O' },
  };
  const first = rowNames[0];
  const before = tile.maxBefore[0];
  const after = tile.maxAfter[0];
  const alpha = formatNumber(tile.rescale[0]);
  const story = before === -Infinity
    ? w('flash-story-first', { query: first, alpha })
    : before === after
      ? w('flash-story-same', { query: first, max: formatNumber(after), alpha })
      : w('flash-story-rises', { query: first, before: formatNumber(before), after: formatNumber(after), alpha });
  return {
    id,
    title: w('flash-tile-title', { number: String(k + 1), total: String(total), queries: span(c.rows, tile.rowStart, walk.rows), keys: tileKeys }),
    text: `${story} ${w('flash-tile-text')}`,
    formula: TILE_FORMULA,
    panels: [c.scoresPanel(focus), running, values, partial],
  };
}

function normaliseStep({ flash }: FlashTraces, rows: string[], vDims: string[]): Step {
  const stats: MatrixPanel = {
    type: 'matrix', name: 'final-statistics', ...titled(w('flash-matrix-final'), shape(rows.length, 2)),
    data: flash.rowMax.map((x, i) => [x, flash.rowSum[i]]), rowLabels: rows, colLabels: ['m', 'ℓ'], colour: 'none',
    explain: { stage: 'trace', symbol: 'final' },
  };
  const output: MatrixPanel = {
    type: 'matrix', name: 'output', ...titled(w('flash-matrix-output'), shape(rows.length, vDims.length)),
    data: flash.output, rowLabels: rows, colLabels: vDims, colour: 'diverging', explain: { stage: 'trace', symbol: 'output' },
  };
  return {
    id: 'normalise',
    title: w('flash-normalise-title'),
    text: w('flash-normalise-text'),
    formula: String.raw`\text{output}_i = \frac{O_i}{\ell_i} = \frac{\sum_j e^{\,s_{ij} - m_i}\, v_j}{\sum_j e^{\,s_{ij} - m_i}} = \sum_j \mathrm{softmax}(s_i)_j\, v_j`,
    panels: [stats, output],
  };
}

function proofStep({ inputs, flash, full, flash32 }: FlashTraces, proof: FlashTraces['proof'], proof32: FlashTraces['proof32'], rows: string[], vDims: string[]): Step {
  const matrix = (name: string, title: string, data: number[][], detail?: string, explain?: MatrixPanel['explain']): MatrixPanel => ({
    type: 'matrix', name, ...titled(title, shape(rows.length, vDims.length)), detail, data, rowLabels: rows, colLabels: vDims, colour: 'diverging', explain,
  });
  const difference = (left: number[][], leftSymbol: string): MatrixPanel['explain'] => ({
    stage: 'sum', symbol: 'Δ',
    args: { parts: [{ symbol: leftSymbol, panel: leftSymbol === 'flash' ? 'flash-output' : 'flash-output-float32', data: left }, { symbol: 'full', panel: 'full-output', data: full.output }], subtracted: true },
  });
  const facts: TextPanel = {
    type: 'facts', name: 'proof-facts', caption: w('flash-proof-facts'), facts: [
      [w('flash-fact-difference-64'), formatDifference(proof.maxAbsDifference)],
      [w('flash-fact-equal-64'), w('flash-fact-of', { count: String(proof.identicalCells), total: String(proof.cells) })],
      [w('flash-fact-difference-32'), formatDifference(proof32.maxAbsDifference)],
      [w('flash-fact-equal-32'), w('flash-fact-of', { count: String(proof32.identicalCells), total: String(proof32.cells) })],
    ],
  };
  const exact = proof.maxAbsDifference === 0;
  return {
    id: 'proof',
    title: w(exact ? 'flash-proof-title-exact' : 'flash-proof-title-rounding'),
    text: [
      w(exact ? 'flash-proof-text-exact' : 'flash-proof-text-rounding', { difference: formatDifference(proof.maxAbsDifference) }),
      w('flash-proof-float32', { difference: formatDifference(proof32.maxAbsDifference) }),
    ].join(' '),
    formula: String.raw`\max_{i,j} \big|\,\text{flash}(Q,K,V)_{ij} - \mathrm{softmax}\!\big(QK^{\top}/\sqrt{d_k}\big)V_{ij}\big|`,
    panels: [
      facts,
      matrix('flash-output', w('flash-matrix-flash-output'), flash.output, undefined, { stage: 'trace', symbol: 'output' }),
      matrix('full-output', w('flash-matrix-full-output'), full.output, undefined, { stage: 'output', args: inputs, symbol: 'full' }),
      matrix('difference', w('flash-matrix-difference-64'), proof.difference, `max |Δ| = ${formatDifference(proof.maxAbsDifference)}`, difference(flash.output, 'flash')),
      matrix('difference-float32', w('flash-matrix-difference-32'), proof32.difference, `max |Δ| = ${formatDifference(proof32.maxAbsDifference)}`, difference(flash32.output, 'float32')),
      matrix('flash-output-float32', w('flash-matrix-flash-output-32'), flash32.output, undefined,
        { stage: 'given', symbol: 'output', args: { what: w('flash-float32-what') } }),
    ],
  };
}
