// The Markdown `npm run bench:train` prints, as pasted into docs/benchmarks-train.md: speed
// per model and contender, the goals met or missed, time to 99 % on reverse, and memory; then
// the language model's speed against PyTorch, its generation speed and its heap.
import { markdownTable } from '../tables.mjs';

const fmt = (/** @type {number} */ x, digits = 0) => x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mb = (/** @type {number} */ bytes) => `${fmt(bytes / 2 ** 20, 2)} MiB`;
const kib = (/** @type {number} */ bytes) => `${fmt(bytes / 2 ** 10, 1)} KiB`;

/** @param {any} r the results train.mjs writes to build/bench/train.json */
export function report(r) {
  const out = [];
  const m = r.machine;
  out.push(`Machine: ${m.cpu}, ${m.cores} cores, ${m.os}, Node ${m.node}; ${m.chromium ?? 'no Chromium'}. ` +
    `Load average (1, 5, 15 min) at start ${m.loadAverageAtStart.map((x) => fmt(x, 2)).join(', ')}, at end ${m.loadAverageAtEnd.map((x) => fmt(x, 2)).join(', ')}. ${m.date}.`);
  if (m.torch) out.push(`PyTorch ${m.torch.torch}, ${m.torch.threads} thread(s), BLAS: ${m.torch.blas.map((b) => [b.internal_api, b.version, b.num_threads == null ? null : `(${b.num_threads} thread)`, b.filepath].filter((x) => x != null).join(' ')).join('; ') || 'none reported'}.`);
  if (r.speed) out.push('', ...toyReport(r));
  if (r.languageModel) out.push('', ...languageModelReport(r.languageModel));
  return out.join('\n');
}

/** The language model's tables: training speed, the PyTorch check, generation and the heap. */
function languageModelReport(/** @type {any} */ lm) {
  const out = [];
  const ids = Object.keys(lm.speed);
  const s = lm.shape;
  out.push(`Language model, the shipped shape (d_model ${s.dModel}, ${s.heads} heads, ${s.kvHeads} key/value heads, ${s.layers} layers, d_ff ${s.dFF}, context ${s.context}; batch ${s.batch} windows, ${s.repeatWindows} of them ending in a random string read over and over): training steps per second (median over ${lm.passes} passes × ${lm.rounds} rounds of ${lm.steps} steps; p10–p90 in brackets):`, '');
  out.push(markdownTable([...ids.map((id) => lm.speed[id].label)], [ids.map((id) => {
    const c = lm.speed[id];
    return `${fmt(c.stepsPerSecond, 2)} (${fmt(c.p10StepsPerSecond, 2)}–${fmt(c.p90StepsPerSecond, 2)})`;
  })]));
  if (lm.speed.torch) {
    const ratio = (/** @type {string} */ id) => lm.speed[id].stepsPerSecond / lm.speed.torch.stepsPerSecond;
    out.push('', `Against PyTorch (ratio of medians): ${ids.filter((id) => id !== 'torch').map((id) => `${lm.speed[id].label} ${fmt(ratio(id), 2)}× (${ratio(id) > 1 ? 'faster' : 'SLOWER'})`).join('; ')}.`);
  }
  if (lm.torchCheck) {
    out.push('', `PyTorch from the engine's initial weights, on the engine's first batch: loss ${lm.torchCheck.loss} against ${lm.torchCheck.engineLoss} (difference ${lm.torchCheck.lossDifference.toExponential(1)}), gradient norm before clipping differs by ${lm.torchCheck.gradientNormDifference.toExponential(1)}.`);
  }
  const g = lm.generation;
  out.push('', `Generation with the KV cache (random weights of that shape, ${g.tokens} tokens after a prompt of ${g.prompt.length} characters, temperature 1, median of the rounds): ${['chromium', 'node'].filter((id) => g[id]).map((id) => `${id === 'chromium' ? 'Chromium Web Worker' : 'Node'} ${fmt(g[id].tokensPerSecond)} tokens/s`).join(', ')}.`);
  const mem = lm.memory;
  const small = mem.model;
  out.push('', `Heap in use (mallinfo) over ${fmt(mem.steps)} training steps of a small model (d_model ${small.dModel}, ${small.layers} layers, context ${small.context}, batch ${small.batch}):`, '');
  out.push(markdownTable(['where', 'before', 'after 100 steps', `after ${fmt(mem.steps)}`, 'after the trainer', 'verdict'], ['native', 'node'].filter((id) => mem[id]).map((id) => {
    const x = mem[id];
    return [id === 'native' ? 'native' : 'Node (wasm)', kib(x.before), kib(x.warm), kib(x.trained), kib(x.disposed), `${x.trained === x.warm ? 'no growth' : 'GROWTH'}; ${x.disposed === x.before ? 'all freed' : `${kib(x.disposed - x.before)} kept`}`];
  }), ['l']));
  return out;
}

/** The toy models' tables. */
function toyReport(/** @type {any} */ r) {
  const ids = Object.keys(r.speed[0].contenders);
  const labels = ids.map((id) => r.speed[0].contenders[id].label);
  const out = [];
  out.push(`Training steps per second (median over ${r.options.passes} passes × ${r.options.rounds} rounds of ${r.options.steps} steps; p10–p90 in brackets):`, '');
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
  return out;
}
