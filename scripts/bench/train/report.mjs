// The Markdown `npm run bench:train` prints, as pasted into docs/benchmarks-train.md: speed
// per model and contender, the goals met or missed, time to 99 % on reverse, and memory.
import { markdownTable } from '../tables.mjs';

const fmt = (/** @type {number} */ x, digits = 0) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (/** @type {number} */ bytes) => `${fmt(bytes / 2 ** 20, 2)} MiB`;

/** @param {any} r the results train.mjs writes to build/bench/train.json */
export function report(r) {
  const ids = Object.keys(r.speed[0].contenders);
  const labels = ids.map((id) => r.speed[0].contenders[id].label);
  const out = [];
  const m = r.machine;
  out.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.os}, Node ${m.node}; ${m.chromium ?? 'no Chromium'}. ` +
    `Load average (1, 5, 15 min) at start ${m.loadAverageAtStart.map((x) => fmt(x, 2)).join(', ')}, at end ${m.loadAverageAtEnd.map((x) => fmt(x, 2)).join(', ')}. ${m.date}.`);
  if (m.torch) out.push(`PyTorch ${m.torch.torch}, ${m.torch.threads} thread(s), BLAS: ${m.torch.blas.map((b) => `${b.internal_api} ${b.version ?? ''} (${b.num_threads} thread) ${b.filepath}`).join('; ') || 'none reported'}.`);
  out.push('', `Training steps per second (median over ${r.options.passes} passes × ${r.options.rounds} rounds of ${r.options.steps} steps; p10–p90 in brackets):`, '');
  out.push(markdownTable(['model', ...labels], r.speed.map((s) => [s.name, ...ids.map((id) => {
    const c = s.contenders[id];
    return `${fmt(c.stepsPerSecond)} (${fmt(c.p10StepsPerSecond)}–${fmt(c.p90StepsPerSecond)})`;
  })]), ['l']));
  if (ids.includes('torch')) {
    out.push('', 'Goal: faster than PyTorch on every lesson-size model (Chromium worker and Node, wasm):', '');
    out.push(markdownTable(['model', 'Node / PyTorch', 'Chromium / PyTorch', 'native / PyTorch', 'goal'], r.speed.filter((s) => !s.seed003).map((s) => {
      const ratio = (/** @type {string} */ id) => (s.contenders[id] ? s.contenders[id].stepsPerSecond / s.contenders.torch.stepsPerSecond : NaN);
      const met = ratio('node') > 1 && (!s.contenders.chromium || ratio('chromium') > 1);
      return [s.name, `${fmt(ratio('node'), 2)}×`, `${fmt(ratio('chromium'), 2)}×`, `${fmt(ratio('native'), 2)}×`, met ? 'met' : 'MISSED'];
    }), ['l']));
    const probes = r.speed.map((s) => s.checks.torch).filter(Boolean);
    if (probes.length) {
      out.push('', `PyTorch started from our trainer's initial weights: the largest difference of its attention weights on the probe from ours, over every model, layer and head: ${Math.max(...probes.map((p) => p.maxAttentionDifference)).toExponential(1)}; its probe predictions equal ours: ${probes.every((p) => p.predictionsAgree) ? 'yes' : 'NO'}.`);
    }
  }
  const native = r.agreement.filter((a) => a.contender === 'native');
  if (native.length) {
    out.push('', `Agreement: Chromium's losses equal Node's bit for bit; native's differ by at most ${Math.max(...native.map((a) => a.maxRelativeDifference)).toExponential(1)} relative over ${native[0].steps} steps (glibc's exp/log against the wasm module's, last bits).`);
  }
  if (r.timeTo99) {
    const t = r.timeTo99;
    out.push('', `Reverse (defaults) to 99 % held-out accuracy in the Chromium worker: ${t.ms === null ? `not reached in ${t.steps} steps (${fmt(t.accuracy * 100, 1)} %)` : `${fmt(t.ms)} ms, ${t.steps} steps (the held-out set evaluated every ${t.every} steps, included)`}. Goal under 3 s: ${t.ms !== null && t.ms < 3000 ? 'met' : 'MISSED'}.`);
  }
  out.push('', `Memory over ${fmt(r.memory.steps)} steps of reverse (defaults), from lab.memory():`, '');
  const row = (/** @type {string} */ where, /** @type {any} */ x) => [where, mb(x.before.heapBytesInUse), mb(x.warm.heapBytesInUse), mb(x.trained.heapBytesInUse), mb(x.disposed.heapBytesInUse), mb(x.trained.wasmMemoryBytes),
    x.trained.heapBytesInUse === x.warm.heapBytesInUse && x.disposed.heapBytesInUse === x.before.heapBytesInUse ? 'no growth; all freed' : 'GROWTH or not freed'];
  out.push(markdownTable(['where', 'heap before', 'after 100 steps', `after ${fmt(r.memory.steps)}`, 'after dispose()', 'wasm memory', 'verdict'],
    [row('Node', r.memory.node), ...(r.memory.chromium ? [row('Chromium worker', r.memory.chromium)] : [])], ['l']));
  return out.join('\n');
}
