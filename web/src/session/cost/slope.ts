// What the cost lab draws from the measurements. The times plotted are measured ones: each
// point is the median of the repeats, taken as one of them (for an even count, the lower middle
// one), never an average. The slope is the one computation the page does itself, and it is
// chart arithmetic on measured numbers, not attention: the least-squares line through
// (log n, log seconds), whose slope says how the time grows (≈ 2 when doubling n quadruples it).
import type { CostCell } from './measurement.js';

/** The median of the repeats, as one measured time. */
export function medianTime(seconds: readonly number[]): number {
  const sorted = [...seconds].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)];
}

/** Measured (n, seconds) points of one variant's cells, smallest n first. */
export function timePoints(cells: readonly CostCell[]): [number, number][] {
  return cells.flatMap((c): [number, number][] => (c.result ? [[c.n, medianTime(c.result.seconds)]] : []));
}

/**
 * The least-squares slope of log(seconds) against log(n); undefined with fewer than two sizes or
 * a time of 0 (too fast for the clock), whose logarithm does not exist.
 */
export function logLogSlope(points: readonly [number, number][]): number | undefined {
  if (points.length < 2 || points.some(([, t]) => !(t > 0))) return undefined;
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, t]) => Math.log(t));
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const mx = mean(xs);
  const my = mean(ys);
  let sxy = 0;
  let sxx = 0;
  xs.forEach((x, i) => {
    sxy += (x - mx) * (ys[i] - my);
    sxx += (x - mx) ** 2;
  });
  return sxy / sxx;
}
