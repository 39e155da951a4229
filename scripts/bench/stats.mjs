// The statistics every benchmark reports (npm run bench, bench:page, bench:single), defined once
// so a "median" or a "p95" means the same thing in every table of docs/benchmarks*.md.

const sorted = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b);

/** Sum of a list or typed array. */
export function sum(/** @type {ArrayLike<number>} */ xs) {
  let s = 0;
  for (let i = 0; i < xs.length; i += 1) s += xs[i];
  return s;
}

/**
 * Linear-interpolation quantile (q in [0, 1]) of an unsorted list: between the two samples
 * around position (n − 1)·q. Used for the p10–p90 bands of the engine benchmark.
 */
export function quantile(/** @type {number[]} */ xs, /** @type {number} */ q) {
  const s = sorted(xs);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

/** Median: the middle sample, or the mean of the middle two for an even count. */
export function median(/** @type {number[]} */ xs) {
  return quantile(xs, 0.5);
}

/**
 * Nearest-rank percentile (p in [0, 100]): the smallest sample with at least p % of the
 * samples ≤ it, so a p95 is always a time some edit or load actually took.
 */
export function percentile(/** @type {number[]} */ xs, /** @type {number} */ p) {
  const s = sorted(xs);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * The summary every benchmark table draws from: count, median, p10 and p90 (interpolated),
 * p95 (nearest rank), min and max.
 */
export function summary(/** @type {number[]} */ xs) {
  return {
    n: xs.length,
    median: median(xs),
    p10: quantile(xs, 0.1),
    p90: quantile(xs, 0.9),
    p95: percentile(xs, 95),
    min: Math.min(...xs),
    max: Math.max(...xs),
  };
}
