// What the lesson "A language model, step by step" keeps of a build: the engine's traces its steps
// came from (the exports and "explain this number" read them), and how each explained cell is worded.
import type { DecoderLayerTrace, EmbeddingLookupTrace, Generation, LanguageModelSettings, LanguageModelTokens, NextTokenLossTrace, RmsNormTrace, SampleTrace } from '../../../lib/index.js';

/** Tokens the distribution steps list: the most likely, found by the engine's top-k. */
export const CANDIDATES = 12;

/** The traces the steps came from, and how each trace-explained panel's cells were computed. */
export interface LanguageModelTraces {
  config: LanguageModelSettings;
  tokens: LanguageModelTokens;
  embedding: EmbeddingLookupTrace;
  layers: DecoderLayerTrace[];
  finalNorm: RmsNormTrace;
  next: NextTokenLossTrace;
  /** The most likely tokens in vocabulary order (sample's `kept` at top-k CANDIDATES, temperature 1). */
  candidates: number[];
  sampled: SampleTrace;
  generation: Generation;
  /** Words for each cell of each trace-explained panel, by panel name. */
  cells: Record<string, CellWords>;
}

/** A cell's arithmetic, given its row, column, name ("x₀₁") and value. */
export type CellWords = (row: number, column: number, name: string, cell: number) => { lines: string[]; note?: string };
