// The decoding part of `npm run bench`: lab.kvCacheDecode (causal multi-head self-attention
// decoded one row at a time with a key/value cache) for multi-head, grouped-query and
// multi-query attention and a sliding window with sinks, at growing contexts, natively, in wasm
// and in PyTorch (torch_decode.py), after checking that all of them decode the same rows.
import { maxAbsDiff } from './agreement.mjs';
import { processControls, timeJs } from './contenders.mjs';
import { seededMatrix } from './inputs.mjs';
import { NO_TRIM_TUNABLES, startNative } from './native.mjs';
import { startPythonScript } from './python.mjs';
import { summary } from '../stats.mjs';

/** The layers decoded: 8 query heads each, key/value heads 8 (multi-head), 2 (grouped), 1 (multi-query). */
export const DECODE_CONFIGS = [
  { id: 'mha', label: 'multi-head, kvHeads 8', heads: 8, kvHeads: 8 },
  { id: 'gqa', label: 'grouped, kvHeads 2', heads: 8, kvHeads: 2 },
  { id: 'mqa', label: 'multi-query, kvHeads 1', heads: 8, kvHeads: 1 },
  { id: 'window', label: 'multi-head, window 64 + 4 sinks', heads: 8, kvHeads: 8, window: 64, sinks: 4 },
];

/** Contender ids as the attention part spells them, so one --contenders list selects both. */
export const DECODE_CONTENDERS = [
  { id: 'native', label: 'native C++ (g++ -O3)', short: 'native' },
  { id: 'nativeNoTrim', label: 'native, malloc no-trim', short: 'no-trim' },
  { id: 'wasmKernel', label: 'wasm kernel (Embind, flat)', short: 'wasm' },
  { id: 'torch', label: 'PyTorch 1.13 (OpenBLAS, 1 thread)', short: 'PyTorch', python: true },
];

/** PyTorch sums in other orders (BLAS, softmax); the engine's builds agree bit for bit. */
export const DECODE_AGREEMENT = 1e-9;

/** kvCacheDecode's limit: every step returns its cache, n·(n+1)·d_model numbers in all. */
const MAX_TRACE_NUMBERS = 2 ** 21;

/** The streams torch_decode.py and attention_bench.cpp draw the input and W_Q, W_K, W_V, W_O from. */
const INPUT_STREAM = 3;
const WEIGHT_STREAMS = [4, 5, 6, 7];

const flat = (rows, cols, data) => ({ rows, cols, data });

/** The seeded input rows and weights (scaled by 1/√d_model), as bindings matrices. */
function decodeInputs(n, dModel, config) {
  const kvWidth = config.kvHeads * (dModel / config.heads);
  const scale = 1 / Math.sqrt(dModel);
  const [wQ, wK, wV, wO] = [dModel, kvWidth, kvWidth, dModel].map((width, i) => {
    const data = seededMatrix(dModel, width, WEIGHT_STREAMS[i]);
    for (let j = 0; j < data.length; j += 1) data[j] *= scale;
    return flat(dModel, width, data);
  });
  return { input: flat(n, dModel, seededMatrix(n, dModel, INPUT_STREAM)), wQ, wK, wV, wO };
}

/** The words of a decode request after "decode" / "output": N D_MODEL HEADS KV_HEADS WINDOW SINKS. */
const shapeWords = (c) => `${c.n} ${c.dModel} ${c.config.heads} ${c.config.kvHeads} ${c.config.window ?? 0} ${c.config.sinks ?? 0}`;

/**
 * Refuses contexts kvCacheDecode would refuse, before anything starts.
 * @param {number[]} contexts
 * @param {number} dModel
 */
export function checkDecodeSizes(contexts, dModel) {
  for (const n of contexts) {
    if (n * (n + 1) * dModel > MAX_TRACE_NUMBERS) {
      const largest = Math.floor((Math.sqrt(1 + (4 * MAX_TRACE_NUMBERS) / dModel) - 1) / 2);
      throw new Error(`--decode-contexts: kvCacheDecode holds at most ${MAX_TRACE_NUMBERS} cached numbers over a decode ` +
        `(n·(n+1)·d_model), so n ≤ ${largest} at d_model ${dModel}; got ${n}`);
    }
  }
  if (DECODE_CONFIGS.some((c) => dModel % c.heads !== 0)) throw new Error(`--decode-d-model: expected a multiple of 8 (the heads), got ${dModel}`);
}

/**
 * Starts the decoding contenders among `ids`, checks per configuration and context that they
 * decode the same rows and hold the same cache, and returns the cases and `batch`.
 * @param {{ decodeContexts: number[], decodeDModel: number, nativeBin: string, explicitContenders: boolean }} options
 * @param {string[]} ids the contenders asked for (--contenders, or every one)
 * @param {{ core: any, lab: any }} lib this build's engine (contenders.mjs's loadLib)
 * @param {(text: string) => void} log
 */
export async function startDecode(options, ids, lib, log) {
  const dModel = options.decodeDModel;
  /** @type {Record<string, any>} */
  const children = {};
  if (ids.includes('native')) children.native = startNative(options.nativeBin, null, dModel);
  if (ids.includes('nativeNoTrim')) children.nativeNoTrim = startNative(options.nativeBin, NO_TRIM_TUNABLES, dModel);
  let python = null;
  if (ids.includes('torch')) {
    try {
      children.torch = await startPythonScript('torch', 'torch_decode.py', ['--serve'], dModel);
      python = children.torch.info;
    } catch (error) {
      if (options.explicitContenders) throw error;
      log(`decode: torch left out: ${/** @type {Error} */ (error).message.split('\n')[0]}`);
    }
  }
  const active = DECODE_CONTENDERS.filter((c) => ids.includes(c.id) && (c.id === 'wasmKernel' || children[c.id]));

  const cases = DECODE_CONFIGS.flatMap((config) => options.decodeContexts.map((n) => {
    const inputs = decodeInputs(n, dModel, config);
    const request = {
      ...inputs, heads: config.heads, kvHeads: config.kvHeads, window: config.window, sinks: config.sinks,
      positional: 'none', ropeConvention: 'half',
    };
    const wasm = () => {
      const result = lib.core.kvCacheDecode(request);
      if (!result.ok) throw new Error(`wasm kvCacheDecode: ${result.message}`);
      return result.value;
    };
    return { key: `${config.id}:${n}`, config, n, dModel, wasm };
  }));

  const controls = processControls(children);
  /** @type {Record<string, any>} */
  const checks = {};
  try {
    for (const c of cases) checks[c.key] = await checkDecode(c, children, lib);
  } catch (error) {
    // Nothing is timed; the children must not keep the caller's process alive.
    controls.stop();
    throw error;
  }
  log(`decode: ${cases.length} cases agree (PyTorch vs wasm max |diff| ≤ ` +
    `${Math.max(...Object.values(checks).map((x) => x.torchVsWasmMaxAbsDiff ?? 0)).toExponential(1)}, ` +
    `native vs wasm checksums ≤ ${Math.max(...Object.values(checks).map((x) => x.nativeVsWasmRelDiff ?? 0)).toExponential(1)})`);

  /** batch(contender, case, iterations) → per-call ms (one call decodes all n rows) */
  const batch = async (id, c, iterations) => {
    if (children[id]) return (await children[id].request(`decode ${shapeWords(c)} ${iterations} 0`)).times_ms;
    return timeJs(c.wasm, iterations);
  };
  return { active, cases, checks, batch, python, ...controls };
}

/**
 * One case's agreement: PyTorch's decoded rows against the wasm kernel's to DECODE_AGREEMENT,
 * the native builds' output sums against wasm's, and the cache every contender holds at the end
 * against kvCacheMemory's count for the same layer (one layer, float64, the window plus the sinks).
 */
async function checkDecode(c, children, lib) {
  const trace = c.wasm();
  const output = Float64Array.from(trace.output.flat());
  let outputSum = 0;
  for (const x of output) outputSum += x;
  const { config } = c;
  const memory = lib.lab.kvCacheMemory({
    layers: 1, length: c.n, dModel: c.dModel, bytesPerNumber: 8, heads: config.heads, kvHeads: config.kvHeads,
    window: config.window === undefined ? undefined : config.window + config.sinks,
  });
  const problems = [];
  if (memory.numbers !== trace.cacheCells) problems.push(`kvCacheMemory counts ${memory.numbers} numbers, kvCacheDecode holds ${trace.cacheCells}`);
  const out = { cacheCells: trace.cacheCells, cacheBytes: memory.bytes, multiplyAddsPerToken: 0 };
  out.multiplyAddsPerToken = trace.positions.reduce((s, p) => s + p.multiplyAddsWithCache, 0) / c.n;
  const what = `${config.label}, n = ${c.n}`;
  if (children.torch) {
    const { output: b64 } = await children.torch.request(`output ${shapeWords(c)}`);
    const bytes = Buffer.from(b64, 'base64');
    const torchOutput = new Float64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    out.torchVsWasmMaxAbsDiff = maxAbsDiff(output, torchOutput, `PyTorch vs wasm output (${what})`);
    if (!(out.torchVsWasmMaxAbsDiff <= DECODE_AGREEMENT)) problems.push(`PyTorch vs wasm output: max |diff| ${out.torchVsWasmMaxAbsDiff} > ${DECODE_AGREEMENT}`);
  }
  for (const id of ['torch', 'native', 'nativeNoTrim'].filter((x) => children[x])) {
    const { checksum } = await children[id].request(`decode ${shapeWords(c)} 1 0`);
    const rel = Math.abs(checksum.output - outputSum) / Math.max(1, Math.abs(outputSum));
    if (id !== 'torch') out.nativeVsWasmRelDiff = Math.max(out.nativeVsWasmRelDiff ?? 0, rel);
    if (!(rel <= DECODE_AGREEMENT)) problems.push(`${id} vs wasm output sums: ${checksum.output} against ${outputSum}`);
    if (checksum.cacheCells !== trace.cacheCells) problems.push(`${id} holds ${checksum.cacheCells} cached numbers, wasm ${trace.cacheCells}`);
  }
  if (problems.length) throw new Error(`decode ${what}: the contenders do not compute the same thing; not timing.\n  ${problems.join('\n  ')}`);
  return out;
}

/**
 * The decoding part's results: per case and contender, ms per decode and per token (each
 * round's decode time / n), and the per-round ratios of the wasm kernel to the others.
 * @param {{ key: string, n: number, config: any }[]} cases
 * @param {{ id: string, label: string }[]} active
 * @param {Record<string, { perRound: number[] }>} samples
 * @param {Record<string, number>} iterations
 */
export function decodeResults(cases, active, samples, iterations) {
  const results = [];
  const ratios = [];
  for (const c of cases) {
    const perRound = (id) => samples[`${id}:${c.key}`]?.perRound;
    for (const { id, label } of active) {
      results.push({
        config: c.config.id, n: c.n, contender: id, label, iterationsPerBatch: iterations[`${id}:${c.key}`],
        perDecodeMs: summary(perRound(id)), perTokenMs: summary(perRound(id).map((x) => x / c.n)),
        perDecodeMsByRound: perRound(id),
      });
    }
    const ratio = (a, b) => (perRound(a) && perRound(b) ? summary(perRound(a).map((x, i) => x / perRound(b)[i])) : null);
    ratios.push({
      config: c.config.id, n: c.n,
      wasmKernelOverNative: ratio('wasmKernel', 'native'),
      wasmKernelOverNativeNoTrim: ratio('wasmKernel', 'nativeNoTrim'),
      wasmKernelOverTorch: ratio('wasmKernel', 'torch'),
    });
  }
  return { results, ratios };
}
