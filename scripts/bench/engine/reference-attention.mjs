/**
 * The benchmark's baseline: scaled dot-product attention (no mask) in plain JavaScript over
 * flat row-major Float64Arrays, computing the same trace as the engine (docs/engine.md):
 * scores, scaled, max-subtracted row softmax (rowMax, exps, rowSum, weights) and output.
 *
 * Written the way one would write it without thinking about speed tricks: straightforward loops,
 * a fresh array per trace field, no unrolling, no blocking, no transposes, no reuse of buffers
 * between calls. The one deliberate choice is the loop order of weights·V (i, j, c: add each
 * weighted value row into the output row), which walks both arrays contiguously, as row-major
 * code normally does; a textbook i, c, j dot product would stride through V.
 */

/**
 * @param {{ rows: number, cols: number, data: Float64Array }} query n × d_k
 * @param {{ rows: number, cols: number, data: Float64Array }} key m × d_k
 * @param {{ rows: number, cols: number, data: Float64Array }} value m × d_v
 */
export function referenceAttention(query, key, value) {
  const n = query.rows;
  const m = key.rows;
  const dK = query.cols;
  const dV = value.cols;
  const q = query.data;
  const k = key.data;
  const v = value.data;

  // 1. scores = Q·Kᵀ: the dot product of every query row with every key row.
  const scores = new Float64Array(n * m);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < m; j += 1) {
      let dot = 0;
      for (let c = 0; c < dK; c += 1) dot += q[i * dK + c] * k[j * dK + c];
      scores[i * m + j] = dot;
    }
  }

  // 2. scaled = scores / √d_k.
  const sqrtDk = Math.sqrt(dK);
  const scaled = new Float64Array(n * m);
  for (let x = 0; x < n * m; x += 1) scaled[x] = scores[x] / sqrtDk;

  // 3. row softmax, max-subtracted.
  const rowMax = new Float64Array(n);
  const rowSum = new Float64Array(n);
  const exps = new Float64Array(n * m);
  const weights = new Float64Array(n * m);
  for (let i = 0; i < n; i += 1) {
    let max = -Infinity;
    for (let j = 0; j < m; j += 1) max = Math.max(max, scaled[i * m + j]);
    rowMax[i] = max;
    let sum = 0;
    for (let j = 0; j < m; j += 1) {
      const e = Math.exp(scaled[i * m + j] - max);
      exps[i * m + j] = e;
      sum += e;
    }
    rowSum[i] = sum;
    for (let j = 0; j < m; j += 1) weights[i * m + j] = exps[i * m + j] / sum;
  }

  // 4. output = weights·V.
  const output = new Float64Array(n * dV);
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < m; j += 1) {
      const w = weights[i * m + j];
      for (let c = 0; c < dV; c += 1) output[i * dV + c] += w * v[j * dV + c];
    }
  }

  const matrix = (/** @type {number} */ rows, /** @type {number} */ cols, /** @type {Float64Array} */ data) => ({ rows, cols, data });
  return {
    scores: matrix(n, m, scores),
    sqrtDk,
    scaled: matrix(n, m, scaled),
    softmax: { rowMax, exps: matrix(n, m, exps), rowSum },
    weights: matrix(n, m, weights),
    output: matrix(n, dV, output),
  };
}
