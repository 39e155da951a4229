// The timing method every part of `npm run bench` shares (docs/benchmarks.md, "Method"): a
// warm-up that also sizes each batch, then interleaved rounds with the contender order rotated.
import { median, sum } from '../stats.mjs';

/**
 * Per contender and case, batches of 1, 2, 4, … calls until warmupMs is spent, then enough calls
 * for batchMs at the last batch's median. Then `rounds` rounds, each one batch of every
 * contender for every case, the contender order rotated by one from round to round so that
 * drift and order effects hit all of them alike. One sample per batch: its mean per-call time.
 * Keys are `${contender id}:${case key}`.
 * @template {{ key: string }} C
 * @param {{ cases: C[], active: { id: string }[],
 *   batch: (id: string, c: C, iterations: number) => Promise<number[]>,
 *   options: { rounds: number, batchMs: number, warmupMs: number },
 *   log: (text: string) => void, started: number, what: string }} run
 */
export async function timeRounds({ cases, active, batch, options, log, started, what }) {
  const seconds = () => ((performance.now() - started) / 1000).toFixed(1);
  /** @type {Record<string, number>} */
  const iterations = {};
  for (const c of cases) {
    for (const { id } of active) {
      let k = 1;
      let spent = 0;
      let times = [];
      while (spent < options.warmupMs) {
        times = await batch(id, c, k);
        spent += sum(times);
        k *= 2;
      }
      iterations[`${id}:${c.key}`] = Math.max(1, Math.ceil(options.batchMs / median(times)));
    }
  }
  log(`${what}: warm-up done (${seconds()} s)`);

  /** @type {Record<string, { perRound: number[], calls: number[] }>} */
  const samples = {};
  for (const c of cases) for (const { id } of active) samples[`${id}:${c.key}`] = { perRound: [], calls: [] };
  for (let r = 0; r < options.rounds; r += 1) {
    for (const c of cases) {
      for (let s = 0; s < active.length; s += 1) {
        const { id } = active[(r + s) % active.length];
        const key = `${id}:${c.key}`;
        const times = await batch(id, c, iterations[key]);
        samples[key].perRound.push(sum(times) / times.length);
        samples[key].calls.push(...times);
      }
    }
    log(`${what}: round ${r + 1}/${options.rounds} (${seconds()} s)`);
  }
  return { iterations, samples };
}
