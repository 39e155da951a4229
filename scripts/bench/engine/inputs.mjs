/**
 * The benchmark's inputs, identical to the ones scripts/bench/attention_bench.cpp builds:
 * Q, K, V (n × d) filled row by row with 2u − 1, u from the engine's splitmix64
 * (docs/engine.md) with state seed·256 + k, seed 1, k = 0, 1, 2 for Q, K, V.
 */

const MASK64 = (1n << 64n) - 1n;
const INPUT_SEED = 1n;

/**
 * splitmix64 as the engine specifies it; u in [0, 1) with 53 random bits.
 * @param {bigint} state
 */
function splitmix64(state) {
  let s = state & MASK64;
  return () => {
    s = (s + 0x9e3779b97f4a7c15n) & MASK64;
    let z = s;
    z = ((z ^ (z >> 30n)) * 0xbf58476d1ce4e5b9n) & MASK64;
    z = ((z ^ (z >> 27n)) * 0x94d049bb133111ebn) & MASK64;
    z ^= z >> 31n;
    return Number(z >> 11n) * 2 ** -53;
  };
}

/**
 * @param {number} rows
 * @param {number} cols
 * @param {number} stream 0 = Q, 1 = K, 2 = V
 * @returns {Float64Array} row-major
 */
export function seededMatrix(rows, cols, stream) {
  const next = splitmix64(INPUT_SEED * 256n + BigInt(stream));
  const data = new Float64Array(rows * cols);
  for (let i = 0; i < data.length; i += 1) data[i] = 2 * next() - 1;
  return data;
}

/**
 * @param {number} n queries = keys
 * @param {number} d d_k = d_v
 */
export function benchInputs(n, d) {
  return {
    n,
    d,
    query: seededMatrix(n, d, 0),
    key: seededMatrix(n, d, 1),
    value: seededMatrix(n, d, 2),
  };
}

/**
 * @param {Float64Array} data
 * @param {number} rows
 * @param {number} cols
 * @returns {number[][]}
 */
export function toNested(data, rows, cols) {
  const out = new Array(rows);
  for (let i = 0; i < rows; i += 1) out[i] = Array.from(data.subarray(i * cols, (i + 1) * cols));
  return out;
}
