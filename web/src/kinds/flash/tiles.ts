// The tiles of a flashAttention trace as the lesson walks them: in the order the learner chose,
// each with the tile before it in its row block (whose running sum and partial output it
// rescales), and the block of full attention's scores it covers. Indexing only: every number is
// the engine's.
import type { AttentionLab, AttentionTrace, MatrixDifferenceTrace } from '../../../lib/index.js';
import type { FlashInputs } from './inputs.js';

export type FlashTrace = ReturnType<AttentionLab['flashAttention']>;
export type FlashTile = NonNullable<FlashTrace['tiles']>[number];

/** Everything the steps came from: the tiled run, full attention, both in float32, and their differences. */
export interface FlashTraces {
  /** The inputs they were computed from (tile sizes and order included). */
  inputs: FlashInputs;
  flash: FlashTrace;
  full: AttentionTrace;
  flash32: FlashTrace;
  /** flashAttention − attention, both in float64. */
  proof: MatrixDifferenceTrace;
  /** flashAttention in float32 − attention in float64. */
  proof32: MatrixDifferenceTrace;
}

/** One tile as a step shows it. */
export interface WalkedTile {
  tile: FlashTile;
  /** The tile before it in the same row block (undefined for the first: ℓ = 0, O = 0, m = −∞). */
  previous?: FlashTile;
  /** Its query rows and keys: rowStart … rowStart + rows − 1, colStart … colStart + cols − 1. */
  rows: number;
  cols: number;
  /** The step id, after the engine's numbering of the tile: tile-<rowBlock>-<colBlock>. */
  id: string;
}

/** The tiles in the order asked; each tile's numbers depend only on the tiles before it in its own row block. */
export function walkTiles(tiles: readonly FlashTile[], inputs: FlashInputs): WalkedTile[] {
  const m = inputs.key.length;
  const before = new Map<FlashTile, FlashTile>();
  tiles.forEach((tile, k) => {
    const prior = tiles[k - 1];
    if (prior && prior.rowBlock === tile.rowBlock) before.set(tile, prior);
  });
  const walked = tiles.map((tile) => ({
    tile,
    previous: before.get(tile),
    rows: tile.tileMax.length,
    cols: Math.min(inputs.blockCols, m - tile.colStart),
    id: `tile-${tile.rowBlock}-${tile.colBlock}`,
  }));
  if (inputs.order === 'rows') return walked;
  // Key blocks outside: the same tiles, column block by column block (a stable sort keeps the rows in order).
  return [...walked].sort((a, b) => a.tile.colBlock - b.tile.colBlock);
}

/** The block of a matrix a tile covers (full attention's scores, the mask, V). */
export const block = <T>(matrix: readonly (readonly T[])[], rowStart: number, rows: number, colStart: number, cols: number): T[][] =>
  matrix.slice(rowStart, rowStart + rows).map((row) => row.slice(colStart, colStart + cols));

/** The scores the softmax sees: masked when there is a mask, else scaled. */
export const softmaxInput = (full: AttentionTrace): number[][] => full.masked ?? full.scaled;
