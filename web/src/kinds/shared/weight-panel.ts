// A layer's weight matrix shown where it is used (below the numbers it makes), each cell saying
// where it comes from and what it feeds: the engine's seeded initialisation or a trained run.
import type { MatrixPanel } from '../../model/types.js';
import type { TrainedLayer } from '../../model/trained-layer.js';
import { labels, shape, titled } from './fields.js';
import { w } from './layer-words-en.js';

export interface WeightOrigin {
  /** Whether the weights come from a trained run (else the engine drew them from a seed). */
  trained: boolean;
  /** Where they come from, e.g. "drawn by seeded Xavier initialisation (seed 3), not trained". */
  origin: string;
}

/** Where a layer's weights come from: the trained layer's run, or the engine's seeded initialisation. */
export function weightOrigin(trained: TrainedLayer | undefined, seed: number): WeightOrigin {
  return trained
    ? { trained: true, origin: w('kinds-origin-trained', { task: trained.config.task }) }
    : { trained: false, origin: w('kinds-origin-seeded', { seed: String(seed) }) };
}

/**
 * `feeds`: what the matrix makes, e.g. "Q"; `columnPrefix`: how its columns are labelled ("d" for
 * the model's width, "f" for the feed-forward's).
 */
export function weightPanel(name: string, symbol: string, data: number[][], feeds: string, { trained, origin }: WeightOrigin, columnPrefix = 'd', rowPrefix = 'd'): MatrixPanel {
  const rows = data.length;
  const cols = data[0].length;
  return {
    type: 'matrix',
    name,
    ...titled(w(trained ? 'kinds-weight-matrix-trained' : 'kinds-weight-matrix-seeded', { symbol }), shape(rows, cols)),
    data,
    rowLabels: labels(undefined, rows, rowPrefix),
    colLabels: labels(undefined, cols, columnPrefix),
    colour: 'none',
    explain: { stage: 'given', args: { what: w('kinds-weight-what', { origin, feeds }) }, symbol },
  };
}
