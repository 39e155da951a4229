// The lesson on flash attention, tile by tile: the engine's flashAttention computes attention one
// tile of queries × keys at a time with a running max m, a running sum ℓ and an unnormalised
// output O per query (the online softmax of Milakov & Gimelshein 2018, tiled as in Dao et al.
// 2022). One step per tile of its trace, then the final division and the proof against full
// attention, in float64 and float32. Every number comes from the engine; this file arranges them.
import type { AttentionLab } from '../../../lib/index.js';
import type { FlashInputs, MatrixPanel, Panel, ParametersPanel, Step, TextPanel } from '../../model/types.js';
import { LIMITS } from '../../model/limits.js';
import { formatDifference, formatNumber } from '../../model/format.js';
import { attentionParameters } from '../attention/inputs.js';
import { attentionArgs } from '../shared/explain.js';
import { integerField, labels, shape } from '../shared/fields.js';
import type { Built } from '../kind.js';
import { block, type FlashTraces, softmaxInput, type WalkedTile, walkTiles } from './tiles.js';

export const RUNNING_COLUMNS = ['tile max', 'm before', 'm after', 'α', 'ℓ before', 'ℓ after'] as const;

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
    caption: 'Tiles',
    fields: [
      integerField('blockRows', 'queries per tile', inputs.blockRows, { min: LIMITS.flash.blockRows.min, max: n }),
      integerField('blockCols', 'keys per tile', inputs.blockCols, { min: LIMITS.flash.blockCols.min, max: m }),
      {
        name: 'order', label: 'order', kind: 'choice', value: inputs.order,
        options: [['rows', 'query blocks outside (FlashAttention-2)'], ['columns', 'key blocks outside (FlashAttention-1)']],
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
  const dK = inputs.query[0].length;
  const dV = inputs.value[0].length;
  const rows = labels(context.queryLabels, n, 'q');
  const keys = labels(context.keyLabels, m, 'k');
  const vDims = labels(undefined, dV, 'v');
  const scores = softmaxInput(full);
  const walked = walkTiles(flash.tiles ?? [], inputs);

  const scoresPanel = (focus?: [number, number][]): MatrixPanel => ({
    type: 'matrix', name: 'scores', caption: `${full.masked ? 'masked scores' : 'scaled scores'} QKᵀ/√d_k (${shape(n, m)})`,
    data: scores, rowLabels: rows, colLabels: keys, colour: 'diverging', blocked: full.mask, focus,
    explain: full.masked && full.mask
      ? { stage: 'masked', args: { scaled: full.scaled, mask: full.mask, fill: inputs.maskFill ?? -Infinity }, symbol: 's' }
      : { stage: 'scaled', args: inputs, symbol: 's' },
  });
  const inputPanel = (name: 'query' | 'key' | 'value', caption: string, data: number[][], rowLabels: string[], prefix: string): MatrixPanel => ({
    type: 'matrix', name, caption, data, rowLabels, colLabels: labels(undefined, data[0].length, prefix), colour: 'none', editable: name,
  });

  const steps: Step[] = [];
  const inputPanels: Panel[] = [
    attentionParameters(inputs),
    tileParameters(inputs),
    inputPanel('query', `Q — queries (${shape(n, dK)})`, inputs.query, rows, 'd'),
    inputPanel('key', `K — keys (${shape(m, dK)})`, inputs.key, keys, 'd'),
    inputPanel('value', `V — values (${shape(m, dV)})`, inputs.value, keys, 'v'),
  ];
  if (full.mask) {
    inputPanels.push({
      type: 'matrix', name: 'mask', caption: `mask (${shape(n, m)}), 1 = attend`, data: full.mask, rowLabels: rows, colLabels: keys,
      colour: 'weights', editable: Array.isArray(inputs.mask) ? 'mask' : undefined,
    });
  }
  steps.push({
    id: 'inputs',
    title: 'The inputs, and the tiles they are cut into',
    text: `Full attention writes down all ${n}×${m} scores before its softmax. Flash attention never holds them all: ` +
      `it reads ${inputs.blockRows} ${inputs.blockRows === 1 ? 'query' : 'queries'} and ${inputs.blockCols} ${inputs.blockCols === 1 ? 'key' : 'keys'} at a time, ` +
      `and keeps only three running numbers per query. Change the tile size or the order and every step is recomputed by the engine.`,
    formula: TILE_FORMULA,
    panels: inputPanels,
  });

  const tileCount = walked.length;
  const largest = flash.peakCells;
  steps.push({
    id: 'scores',
    title: `${tileCount} ${tileCount === 1 ? 'tile' : 'tiles'} of at most ${shape(inputs.blockRows, inputs.blockCols)} scores`,
    text: `These are the scores full attention computes all at once (engine: attention). The tiled run computes the same numbers, one tile at a time, ` +
      `in the order ${inputs.order === 'rows' ? 'query block by query block' : 'key block by key block'}. ` +
      `Its largest intermediate holds ${largest} numbers (the engine's peakCells), against the whole ${n}×${m} score matrix for full attention.`,
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
  const running: MatrixPanel = {
    type: 'matrix', name: `${id}-running`, caption: `running statistics after this tile (${shape(walk.rows, RUNNING_COLUMNS.length)})`,
    data: tile.tileMax.map((_, i) => [tile.tileMax[i], tile.maxBefore[i], tile.maxAfter[i], tile.rescale[i], previous?.sumAfter[i] ?? 0, tile.sumAfter[i]]),
    rowLabels: rowNames, colLabels: [...RUNNING_COLUMNS], colour: 'none', explain: { stage: 'trace', symbol: 'running' },
  };
  const values: MatrixPanel = {
    type: 'matrix', name: `${id}-values`, caption: `V, the tile's keys ${span(c.keys, tile.colStart, walk.cols)} (${shape(walk.cols, c.vDims.length)})`,
    data: block(c.inputs.value, tile.colStart, walk.cols, 0, c.vDims.length), rowLabels: c.keys.slice(tile.colStart, tile.colStart + walk.cols),
    colLabels: c.vDims, colour: 'none',
    explain: {
      stage: 'moved', symbol: 'v',
      args: { from: c.inputs.value, fromSymbol: 'V', rows: Array.from({ length: walk.cols }, (_, r) => tile.colStart + r), why: `this tile reads the value rows of its keys, ${span(c.keys, tile.colStart, walk.cols)}` },
    },
  };
  const partial: MatrixPanel = {
    type: 'matrix', name: `${id}-partial`, caption: `O, the unnormalised output so far (${shape(walk.rows, c.vDims.length)})`,
    data: tile.partialOutput, rowLabels: rowNames, colLabels: c.vDims, colour: 'diverging', explain: { stage: 'trace', symbol: 'O' },
  };
  const first = rowNames[0];
  const before = tile.maxBefore[0];
  const after = tile.maxAfter[0];
  const story = before === -Infinity
    ? `This is the first tile of ${first}'s row block: m starts at −∞, so α = e^(−∞) = ${formatNumber(tile.rescale[0])} and nothing earlier is kept.`
    : before === after
      ? `For ${first} the running max stays ${formatNumber(after)}, so α = ${formatNumber(tile.rescale[0])}: what was summed so far is kept as it is.`
      : `For ${first} the running max rises from ${formatNumber(before)} to ${formatNumber(after)}, so everything summed so far is multiplied by α = e^(${formatNumber(before)} − ${formatNumber(after)}) = ${formatNumber(tile.rescale[0])}.`;
  return {
    id,
    title: `Tile ${k + 1} of ${total}: queries ${span(c.rows, tile.rowStart, walk.rows)} × keys ${span(c.keys, tile.colStart, walk.cols)}`,
    text: `${story} Then the tile's exponentials e^(s − m) are added to ℓ, and the same exponentials times the tile's value rows to O. ` +
      'Select any running number or any number of O to see its arithmetic.',
    formula: TILE_FORMULA,
    panels: [c.scoresPanel(focus), running, values, partial],
  };
}

function normaliseStep({ flash }: FlashTraces, rows: string[], vDims: string[]): Step {
  const stats: MatrixPanel = {
    type: 'matrix', name: 'final-statistics', caption: `final m and ℓ per query (${shape(rows.length, 2)})`,
    data: flash.rowMax.map((x, i) => [x, flash.rowSum[i]]), rowLabels: rows, colLabels: ['m', 'ℓ'], colour: 'none',
    explain: { stage: 'trace', symbol: 'final' },
  };
  const output: MatrixPanel = {
    type: 'matrix', name: 'output', caption: `output = O / ℓ (${shape(rows.length, vDims.length)})`,
    data: flash.output, rowLabels: rows, colLabels: vDims, colour: 'diverging', explain: { stage: 'trace', symbol: 'output' },
  };
  return {
    id: 'normalise',
    title: 'Divide once at the end',
    text: 'After its last tile, each query divides its O by its ℓ. The softmax\'s denominator was never known tile by tile: ' +
      'the rescaling by α kept O and ℓ on the same footing, so one division gives the weighted average of the values. A query whose every key is blocked keeps ℓ = 0 and an output of 0.',
    formula: String.raw`\text{output}_i = \frac{O_i}{\ell_i} = \frac{\sum_j e^{\,s_{ij} - m_i}\, v_j}{\sum_j e^{\,s_{ij} - m_i}} = \sum_j \mathrm{softmax}(s_i)_j\, v_j`,
    panels: [stats, output],
  };
}

function proofStep({ inputs, flash, full, flash32 }: FlashTraces, proof: FlashTraces['proof'], proof32: FlashTraces['proof32'], rows: string[], vDims: string[]): Step {
  const matrix = (name: string, caption: string, data: number[][], detail?: string, explain?: MatrixPanel['explain']): MatrixPanel => ({
    type: 'matrix', name, caption, detail, data, rowLabels: rows, colLabels: vDims, colour: 'diverging', explain,
  });
  const difference = (left: number[][], leftSymbol: string): MatrixPanel['explain'] => ({
    stage: 'sum', symbol: 'Δ',
    args: { parts: [{ symbol: leftSymbol, panel: leftSymbol === 'flash' ? 'flash-output' : 'flash-output-float32', data: left }, { symbol: 'full', panel: 'full-output', data: full.output }], subtracted: true },
  });
  const facts: TextPanel = {
    type: 'facts', name: 'proof-facts', caption: 'Tiled against full attention', facts: [
      ['max |Δ|, tiled − full, both float64', formatDifference(proof.maxAbsDifference)],
      ['cells equal to the last bit (float64)', `${proof.identicalCells} of ${proof.cells}`],
      ['max |Δ|, tiled in float32 − full in float64', formatDifference(proof32.maxAbsDifference)],
      ['cells equal to the last bit (float32)', `${proof32.identicalCells} of ${proof32.cells}`],
    ],
  };
  const exact = proof.maxAbsDifference === 0;
  return {
    id: 'proof',
    title: exact ? 'The same output as full attention, to the last bit' : 'The same output as full attention, up to rounding',
    text: `The engine ran full attention on the same inputs and subtracted: the largest difference is ${formatDifference(proof.maxAbsDifference)}` +
      (exact ? ', every number identical.' : ' — rounding in the last bits, because the sums are added in another order.') +
      ` Tiling is a rearrangement of the exact computation, not an approximation. Computed in float32 instead, the same tiles are off by ${formatDifference(proof32.maxAbsDifference)}: the choice of float32 costs far more than the tiling.`,
    formula: String.raw`\max_{i,j} \big|\,\text{flash}(Q,K,V)_{ij} - \mathrm{softmax}\!\big(QK^{\top}/\sqrt{d_k}\big)V_{ij}\big|`,
    panels: [
      facts,
      matrix('flash-output', `flash attention output (${shape(rows.length, vDims.length)})`, flash.output, undefined, { stage: 'trace', symbol: 'output' }),
      matrix('full-output', `full attention output (${shape(rows.length, vDims.length)})`, full.output, undefined, { stage: 'output', args: inputs, symbol: 'full' }),
      matrix('difference', `tiled − full, float64 (${shape(rows.length, vDims.length)})`, proof.difference, `max |Δ| = ${formatDifference(proof.maxAbsDifference)}`, difference(flash.output, 'flash')),
      matrix('difference-float32', `tiled in float32 − full in float64 (${shape(rows.length, vDims.length)})`, proof32.difference, `max |Δ| = ${formatDifference(proof32.maxAbsDifference)}`, difference(flash32.output, 'float32')),
      matrix('flash-output-float32', `flash attention output in float32 (${shape(rows.length, vDims.length)})`, flash32.output, undefined,
        { stage: 'given', symbol: 'output', args: { what: 'the same tiles run again in float32 by the engine (flashAttention with precision float32): every product, running max, sum and division rounded to about 7 significant digits.' } }),
    ],
  };
}
