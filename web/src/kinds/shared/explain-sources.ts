// The explain sources the kinds declare on their panels for the numbers around attention
// (explain-layers.ts lays them out): a linear layer's, whose absent or empty bias is left out,
// and a looked-up embedding's.
import type { LayerNormTrace } from '../../../lib/index.js';
import type { ExplainSource, LinearSource } from '../../model/types.js';

/** y = x·W (+ b) named `symbol`; a bias the engine left empty (none given) is no bias. */
export function linearExplain(symbol: string, source: LinearSource): ExplainSource {
  const { bias, ...rest } = source;
  return { stage: 'linear', symbol, args: bias && bias.length > 0 ? { ...rest, bias } : rest };
}

/** A row of the seeded embedding table, named `symbol`. */
export function embeddingExplain(symbol: string, seed: number): ExplainSource {
  return { stage: 'embedding', symbol, args: { seed } };
}

/** A LayerNorm's output named `symbol`, from its trace and the rows it normalised. */
export function layerNormExplain(symbol: string, norm: LayerNormTrace, input: number[][], inputSymbol: string, inputPanel?: string): ExplainSource {
  const { mean, variance, normalized, gamma, beta, eps } = norm;
  return { stage: 'layerNorm', symbol, args: { input, mean, variance, normalized, gamma, beta, eps, inputSymbol, inputPanel } };
}

/** A number of a seeded random input, named `symbol`. */
export function randomExplain(symbol: string, seed: number, what = symbol): ExplainSource {
  return { stage: 'random', symbol, args: { seed, what } };
}
