/**
 * What crosses the boundary between JavaScript and the engine: matrices and vectors (any rows of
 * numbers on input; plain arrays on output) and masks. Written by hand; the operations that take
 * and return them are declared in operations.d.ts, from the engine's descriptions.
 */

/** A matrix as rows of numbers. Rows may be typed arrays on input; outputs are always number[][]. */
export type Matrix = number[][];
/** A vector of numbers. */
export type Vector = number[];
/** A matrix accepted as input: rows of numbers (arrays or typed arrays). */
export type MatrixInput = ReadonlyArray<ReadonlyArray<number> | Float64Array | Float32Array>;
/** A vector accepted as input. */
export type VectorInput = ReadonlyArray<number> | Float64Array | Float32Array;

/**
 * Which keys each query may attend to.
 * - `'causal'`: query i sees keys j ≤ i;
 * - `{ keyLength: L }`: padding, keys with index ≥ L are blocked (0 ≤ L ≤ m);
 * - an n × m matrix of 0/1 or booleans, 1 / true = attend.
 */
export type Mask = 'causal' | { keyLength: number } | ReadonlyArray<ReadonlyArray<number | boolean>>;
