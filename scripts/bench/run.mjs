/**
 * `npm run bench` (through scripts/bench/run.sh): scaled dot-product attention forward, no mask,
 * n = m ∈ {64, 256, 512}, d_k = d_v = 64, double precision, same seeded inputs for every
 * contender:
 *
 *   native       attn::scaled_dot_product_attention, g++ build in build/native (attn_bench,
 *                kept running as a child process that takes one batch per stdin line)
 *   native no-trim  the same binary with glibc malloc told to keep freed memory
 *                (GLIBC_TUNABLES): without it, every call page-faults its ~5 n×m buffers back
 *                in from the kernel, a cost wasm (whose memory never shrinks) does not pay
 *   wasm kernel  the raw Embind call core.attention({ query: { rows, cols, data }, … }) with
 *                flat Float64Arrays in and out: the like-for-like comparison with native
 *   wasm API     lab.attention({ query, key, value }) with nested arrays in and out
 *   plain JS     scripts/bench/reference-attention.mjs over Float64Arrays
 *
 * Before timing, the JS reference must agree with the wasm trace to 1e-12, the public API with
 * the kernel, and the native checksums with the wasm ones; otherwise it stops with exit code 1.
 * Then, per contender and n, a warm-up that also sizes a batch (≥ --batch-ms), and R rounds;
 * each round runs one batch of every contender for every n, interleaved, with the contender
 * order rotated from round to round so that drift and order effects hit all of them alike.
 * One sample per batch = the batch's mean per-call time; reported: median, p10, p90 over the
 * rounds, and the ratios per round (paired), summarised the same way.
 *
 * This is a benchmark, not a test: it reports the targets, it never asserts them.
 *
 *   node --expose-gc scripts/bench/run.mjs [--quick] [--rounds R] [--batch-ms T]
 *        [--warmup-ms T] [--sizes 64,256,512] [--out FILE] [--native-bin FILE] [--lib DIR]
 *        [--contenders native,nativeNoTrim,wasmKernel,wasmApi,js]
 *
 * --lib points at a copy of web/lib (index.js, load-core.js, wasm/) built with other flags,
 * for experiments; --native-bin likewise at another attn_bench.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';

import { readArgs } from './args.mjs';
import { benchInputs, toNested } from './inputs.mjs';
import { referenceAttention } from './reference-attention.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const D = 64;
const AGREEMENT = 1e-12;
const TARGETS = { n: 256, wasmOverNativeAtMost: 1.5, jsOverWasmAtLeast: 2.5 };

// ---------------------------------------------------------------------------------------------
// options

function parseArgs(argv) {
  const options = {
    quick: false,
    rounds: 15,
    batchMs: 100,
    warmupMs: 400,
    sizes: [64, 256, 512],
    out: path.join(ROOT, 'build/bench/attention.json'),
    nativeBin: path.join(ROOT, 'build/native/attn_bench'),
    lib: path.join(ROOT, 'web/lib'),
    contenders: ['native', 'nativeNoTrim', 'wasmKernel', 'wasmApi', 'js'],
  };
  const explicit = new Set();
  readArgs(argv, (arg, { value, positive }) => {
    switch (arg) {
      case '--quick': options.quick = true; break;
      case '--rounds': options.rounds = Math.round(positive()); explicit.add('rounds'); break;
      case '--batch-ms': options.batchMs = positive(); explicit.add('batchMs'); break;
      case '--warmup-ms': options.warmupMs = positive(); explicit.add('warmupMs'); break;
      case '--sizes': options.sizes = value().split(',').map((s) => Math.round(positive(s))); break;
      case '--out': options.out = path.resolve(value()); break;
      case '--native-bin': options.nativeBin = path.resolve(value()); break;
      case '--lib': options.lib = path.resolve(value()); break;
      case '--contenders': options.contenders = value().split(','); break;
      case '-h': case '--help':
        console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
        process.exit(0);
        break;
      default: throw new Error(`unknown argument ${arg} (see --help)`);
    }
  });
  if (options.quick) {
    if (!explicit.has('rounds')) options.rounds = 5;
    if (!explicit.has('batchMs')) options.batchMs = 50;
    if (!explicit.has('warmupMs')) options.warmupMs = 150;
  }
  return options;
}

// ---------------------------------------------------------------------------------------------
// statistics

/** Linear-interpolation quantile of an unsorted list. */
function quantile(values, q) {
  const s = [...values].sort((a, b) => a - b);
  const pos = (s.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return s[lo] + (s[hi] - s[lo]) * (pos - lo);
}

function summary(values) {
  return {
    median: quantile(values, 0.5),
    p10: quantile(values, 0.1),
    p90: quantile(values, 0.9),
    min: Math.min(...values),
    max: Math.max(...values),
  };
}

const sum = (/** @type {ArrayLike<number>} */ xs) => {
  let s = 0;
  for (let i = 0; i < xs.length; i += 1) s += xs[i];
  return s;
};

// ---------------------------------------------------------------------------------------------
// the machine

function firstLine(command, args) {
  try {
    return execFileSync(command, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).split('\n')[0].trim();
  } catch (error) {
    return `unavailable (${command}: ${/** @type {Error} */ (error).message.split('\n')[0]})`;
  }
}

function cpuModel() {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8').split('\n').find((l) => l.startsWith('model name'));
    if (line) return line.split(':').slice(1).join(':').trim();
  } catch { /* not Linux */ }
  return os.cpus()[0]?.model ?? 'unknown';
}

/** CXX_FLAGS of a CMake target, and its link line's flags, from a build directory. */
function cmakeFlags(buildDir, target) {
  const read = (file) => {
    try { return readFileSync(path.join(buildDir, 'CMakeFiles', `${target}.dir`, file), 'utf8'); } catch { return null; }
  };
  const flags = read('flags.make');
  const compile = flags?.match(/^CXX_FLAGS = (.*)$/m)?.[1]?.trim() ?? null;
  const link = read('link.txt');
  const linkFlags = link
    ? link.split(/\s+/).filter((w) => /^-(O|s[A-Z]|f|m|l)/.test(w)).join(' ')
    : null;
  return { compile, link: linkFlags };
}

function fileSizes(file) {
  try {
    const bytes = readFileSync(file);
    return { file: path.relative(ROOT, file), bytes: bytes.length, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  } catch {
    return { file: path.relative(ROOT, file), bytes: null, gzipBytes: null };
  }
}

/**
 * CPU accounting for the "was anyone else using the machine?" line: system-wide busy and steal
 * ticks from /proc/stat, and this process's (all threads) plus the native child's CPU time.
 */
function cpuSnapshot(childPids) {
  try {
    const hz = 100; // USER_HZ; Linux reports /proc/stat and /proc/PID/stat in these ticks
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    let child = 0;
    for (const pid of childPids) {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      child += (Number(after[11]) + Number(after[12])) / hz; // utime, stime
    }
    const own = process.cpuUsage();
    return {
      wall: performance.now() / 1000,
      busy: (user + nice + system + irq + softirq) / hz,
      steal: steal / hz,
      ours: (own.user + own.system) / 1e6 + child,
    };
  } catch {
    return null;
  }
}

function otherLoad(before, after) {
  if (!before || !after) return null;
  const capacity = (after.wall - before.wall) * os.cpus().length;
  const others = Math.max(0, after.busy - before.busy - (after.ours - before.ours));
  return { othersShareOfCpu: others / capacity, stealShareOfCpu: (after.steal - before.steal) / capacity };
}

function machine(options) {
  const native = cmakeFlags(path.join(ROOT, 'build/native'), 'attn_core');
  const wasmCore = cmakeFlags(path.join(ROOT, 'build/wasm'), 'attn_core');
  const wasmLink = cmakeFlags(path.join(ROOT, 'build/wasm'), 'attention_core');
  return {
    date: new Date().toISOString(),
    cpu: cpuModel(),
    cores: os.cpus().length,
    node: process.version,
    gxx: firstLine('g++', ['--version']),
    emxx: firstLine('em++', ['--version']),
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: os.loadavg(),
    wasm: fileSizes(path.join(options.lib, 'wasm/attention-core.wasm')),
    glue: fileSizes(path.join(options.lib, 'wasm/attention-core.mjs')),
    flags: {
      native: native.compile,
      wasmCompile: wasmCore.compile,
      wasmLink: wasmLink.link,
      note: options.lib === path.join(ROOT, 'web/lib') ? undefined : `wasm from ${options.lib}; flags above are build/wasm's`,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// the native contender: one long-lived child, one batch per stdin line

/**
 * glibc malloc settings under which freed memory stays in the process: by default glibc hands
 * the trace's large blocks back to the kernel (trim / mmap thresholds) and every call page-faults
 * ~2 MB (n = 256) back in. The nativeNoTrim contender runs the same binary with these, to show
 * the engine's compute apart from that. wasm memory never shrinks, so wasm never pays it.
 */
const NO_TRIM_TUNABLES = 'glibc.malloc.mmap_threshold=268435456:glibc.malloc.trim_threshold=1073741824';

function startNative(binary, tunables) {
  try {
    statSync(binary);
  } catch {
    throw new Error(`${binary} not found: build it with cmake --build build/native --target attn_bench`);
  }
  const env = { ...process.env };
  delete env.GLIBC_TUNABLES;
  if (tunables) env.GLIBC_TUNABLES = tunables;
  const child = spawn(binary, ['--serve'], { stdio: ['pipe', 'pipe', 'inherit'], env });
  const lines = createInterface({ input: child.stdout });
  /** @type {{ resolve: (v: any) => void, reject: (e: Error) => void }[]} */
  const waiting = [];
  let ended = null;
  lines.on('line', (line) => {
    const next = waiting.shift();
    if (!next) return;
    try {
      const parsed = JSON.parse(line);
      if (parsed.error) next.reject(new Error(`attn_bench: ${parsed.error}`));
      else next.resolve(parsed);
    } catch (error) {
      next.reject(new Error(`attn_bench: unreadable reply ${line.slice(0, 200)}`));
    }
  });
  const fail = (why) => {
    ended = why;
    while (waiting.length) waiting.shift().reject(new Error(`attn_bench: ${why}`));
  };
  child.on('exit', (code, signal) => fail(`exited (code ${code}, signal ${signal})`));
  child.on('error', (error) => fail(error.message));
  return {
    /** @returns {Promise<{ times_ms: number[], checksum: Record<string, number> }>} */
    batch(n, iterations, warmup = 0) {
      if (ended) return Promise.reject(new Error(`attn_bench: ${ended}`));
      return new Promise((resolve, reject) => {
        waiting.push({ resolve, reject });
        child.stdin.write(`${n} ${D} ${iterations} ${warmup}\n`);
      });
    },
    stop() {
      child.stdin.end('quit\n');
    },
    pid: child.pid,
  };
}

// ---------------------------------------------------------------------------------------------
// agreement checks

function maxAbsDiff(a, b, what) {
  if (a.length !== b.length) throw new Error(`${what}: lengths differ (${a.length} vs ${b.length})`);
  let worst = 0;
  for (let i = 0; i < a.length; i += 1) {
    const diff = Math.abs(a[i] - b[i]);
    if (!(diff <= worst)) worst = Number.isNaN(diff) ? Infinity : diff;
  }
  return worst;
}

/** Flat field list of a trace in the bindings' shape. */
function traceFields(t) {
  return {
    scores: t.scores.data,
    scaled: t.scaled.data,
    rowMax: t.softmax.rowMax,
    exps: t.softmax.exps.data,
    rowSum: t.softmax.rowSum,
    weights: t.weights.data,
    output: t.output.data,
  };
}

function flatten(nested) {
  return Float64Array.from(nested.flat());
}

async function checkAgreement(n, kernelCall, apiCall, jsCall, natives) {
  const kernel = kernelCall();
  const js = jsCall();
  const api = apiCall();
  const k = traceFields(kernel);
  const j = traceFields(js);
  /** @type {Record<string, number>} */
  const jsDiffs = {};
  for (const field of Object.keys(k)) jsDiffs[field] = maxAbsDiff(k[field], j[field], `JS vs wasm ${field} (n = ${n})`);
  jsDiffs.sqrtDk = Math.abs(kernel.sqrtDk - js.sqrtDk);
  const jsWorst = Math.max(...Object.values(jsDiffs));

  const apiDiffs = {
    scores: maxAbsDiff(k.scores, flatten(api.scores), 'API scores'),
    weights: maxAbsDiff(k.weights, flatten(api.weights), 'API weights'),
    exps: maxAbsDiff(k.exps, flatten(api.softmax.exps), 'API exps'),
    output: maxAbsDiff(k.output, flatten(api.output), 'API output'),
  };
  const apiWorst = Math.max(...Object.values(apiDiffs));

  const wasmChecksum = { scores: sum(k.scores), weights: sum(k.weights), output: sum(k.output) };
  let checksumWorst = 0;
  let nativeReply = null;
  for (const native of natives) {
    nativeReply = await native.batch(n, 1, 0);
    for (const field of Object.keys(wasmChecksum)) {
      const a = wasmChecksum[field];
      const b = nativeReply.checksum[field];
      checksumWorst = Math.max(checksumWorst, Math.abs(a - b) / Math.max(1, Math.abs(a)));
    }
  }

  const problems = [];
  if (!(jsWorst <= AGREEMENT)) problems.push(`plain JS vs wasm kernel: max |diff| ${jsWorst} > ${AGREEMENT} (${JSON.stringify(jsDiffs)})`);
  if (!(apiWorst <= AGREEMENT)) problems.push(`public API vs wasm kernel: max |diff| ${apiWorst} > ${AGREEMENT}`);
  if (!(checksumWorst <= 1e-9)) {
    problems.push(`native vs wasm checksums differ: native ${JSON.stringify(nativeReply.checksum)}, wasm ${JSON.stringify(wasmChecksum)}`);
  }
  if (problems.length) {
    throw new Error(`n = ${n}: the contenders do not compute the same thing; not timing.\n  ${problems.join('\n  ')}`);
  }
  return {
    jsVsWasmMaxAbsDiff: jsWorst,
    jsVsWasmByField: jsDiffs,
    apiVsKernelMaxAbsDiff: apiWorst,
    nativeVsWasmChecksumRelDiff: checksumWorst,
    nativeChecksum: nativeReply?.checksum,
    wasmChecksum,
  };
}

// ---------------------------------------------------------------------------------------------
// timing

const CONTENDERS = [
  { id: 'native', label: 'native C++ (g++ -O3)' },
  { id: 'nativeNoTrim', label: 'native, malloc no-trim' },
  { id: 'wasmKernel', label: 'wasm kernel (Embind, flat)' },
  { id: 'wasmApi', label: 'wasm via public API (nested)' },
  { id: 'js', label: 'plain JS reference' },
];

const collect = typeof globalThis.gc === 'function' ? globalThis.gc : () => {};

/** Times `iterations` calls of fn one by one; returns per-call ms. */
function timeJs(fn, iterations) {
  const times = new Array(iterations);
  let keep = 0;
  for (let i = 0; i < iterations; i += 1) {
    const start = performance.now();
    const result = fn();
    times[i] = performance.now() - start;
    keep += result === undefined ? 0 : 1;
  }
  if (keep < 0) console.log('unreachable');
  return times;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = (/** @type {string} */ text) => process.stderr.write(`bench: ${text}\n`);
  const started = performance.now();

  const libUrl = pathToFileURL(options.lib + path.sep);
  const { loadCore } = await import(new URL('load-core.js', libUrl).href);
  const { loadAttentionLab } = await import(new URL('index.js', libUrl).href);
  const core = await loadCore();
  const lab = await loadAttentionLab();
  const native = startNative(options.nativeBin, null);
  const nativeNoTrim = startNative(options.nativeBin, NO_TRIM_TUNABLES);
  const active = CONTENDERS.filter((c) => options.contenders.includes(c.id));
  const unknown = options.contenders.filter((id) => !CONTENDERS.some((c) => c.id === id));
  if (unknown.length || !active.length) {
    throw new Error(`--contenders: expected some of ${CONTENDERS.map((c) => c.id).join(',')}, got ${options.contenders.join(',')}`);
  }

  const info = machine(options);
  log(`${info.cpu}, ${info.cores} cores, Node ${info.node}; ${options.rounds} rounds, batches ≥ ${options.batchMs} ms`);
  if (typeof globalThis.gc !== 'function') log('no --expose-gc: garbage from one contender may be collected during the next');

  // Per n: inputs in each contender's form and one-call closures.
  const cases = options.sizes.map((n) => {
    const x = benchInputs(n, D);
    const flat = {
      query: { rows: n, cols: D, data: x.query },
      key: { rows: n, cols: D, data: x.key },
      value: { rows: n, cols: D, data: x.value },
      mask: { kind: 'none' },
    };
    const nested = { query: toNested(x.query, n, D), key: toNested(x.key, n, D), value: toNested(x.value, n, D) };
    const kernelCall = () => {
      const result = core.attention(flat);
      if (!result.ok) throw new Error(`wasm kernel: ${result.message}`);
      return result.value;
    };
    const apiCall = () => lab.attention(nested);
    const jsCall = () => referenceAttention(flat.query, flat.key, flat.value);
    return { n, kernelCall, apiCall, jsCall };
  });

  const cpuBefore = cpuSnapshot([native.pid, nativeNoTrim.pid]);
  /** @type {Record<number, any>} */
  const checks = {};
  for (const c of cases) {
    checks[c.n] = await checkAgreement(c.n, c.kernelCall, c.apiCall, c.jsCall, [native, nativeNoTrim]);
    log(`n = ${c.n}: JS vs wasm max |diff| ${checks[c.n].jsVsWasmMaxAbsDiff.toExponential(1)}, ` +
      `API vs kernel ${checks[c.n].apiVsKernelMaxAbsDiff}, native vs wasm checksums ${checks[c.n].nativeVsWasmChecksumRelDiff.toExponential(1)}`);
  }

  /** batch(contender, case, iterations) → per-call ms */
  const batch = async (id, c, iterations) => {
    if (id === 'native') return (await native.batch(c.n, iterations, 0)).times_ms;
    if (id === 'nativeNoTrim') return (await nativeNoTrim.batch(c.n, iterations, 0)).times_ms;
    collect();
    if (id === 'wasmKernel') return timeJs(c.kernelCall, iterations);
    if (id === 'wasmApi') return timeJs(c.apiCall, iterations);
    return timeJs(c.jsCall, iterations);
  };

  // Warm-up and batch sizing: doubling batches until warmupMs is spent, then enough calls for
  // batchMs at the last batch's median.
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
      const perCall = quantile(times, 0.5);
      iterations[`${id}:${c.n}`] = Math.max(1, Math.ceil(options.batchMs / perCall));
    }
  }
  log(`warm-up done (${((performance.now() - started) / 1000).toFixed(1)} s)`);

  /** @type {Record<string, { perRound: number[], calls: number[] }>} */
  const samples = {};
  for (const c of cases) for (const { id } of active) samples[`${id}:${c.n}`] = { perRound: [], calls: [] };
  for (let r = 0; r < options.rounds; r += 1) {
    for (const c of cases) {
      for (let s = 0; s < active.length; s += 1) {
        const { id } = active[(r + s) % active.length];
        const key = `${id}:${c.n}`;
        const times = await batch(id, c, iterations[key]);
        samples[key].perRound.push(sum(times) / times.length);
        samples[key].calls.push(...times);
      }
    }
    log(`round ${r + 1}/${options.rounds} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
  }
  const load = otherLoad(cpuBefore, cpuSnapshot([native.pid, nativeNoTrim.pid]));
  native.stop();
  nativeNoTrim.stop();

  const results = [];
  const ratios = [];
  for (const c of cases) {
    const stats = {};
    for (const { id, label } of active) {
      const key = `${id}:${c.n}`;
      stats[id] = summary(samples[key].perRound);
      results.push({
        n: c.n,
        contender: id,
        label,
        iterationsPerBatch: iterations[key],
        perCallMs: stats[id],
        perCallMsByRound: samples[key].perRound,
        singleCallMedianMs: quantile(samples[key].calls, 0.5),
      });
    }
    const ratio = (a, b) =>
      stats[a] && stats[b]
        ? {
            ofMedians: stats[a].median / stats[b].median,
            paired: summary(samples[`${a}:${c.n}`].perRound.map((x, i) => x / samples[`${b}:${c.n}`].perRound[i])),
          }
        : null;
    ratios.push({
      n: c.n,
      wasmKernelOverNative: ratio('wasmKernel', 'native'),
      wasmKernelOverNativeNoTrim: ratio('wasmKernel', 'nativeNoTrim'),
      jsOverWasmKernel: ratio('js', 'wasmKernel'),
      wasmApiOverWasmKernel: ratio('wasmApi', 'wasmKernel'),
      jsOverWasmApi: ratio('js', 'wasmApi'),
    });
  }
  const atTarget = ratios.find((r) => r.n === TARGETS.n);
  const targets = atTarget?.wasmKernelOverNative && atTarget.jsOverWasmKernel
    ? {
        n: TARGETS.n,
        wasmOverNative: { target: `≤ ${TARGETS.wasmOverNativeAtMost}`, measured: atTarget.wasmKernelOverNative.paired.median, met: atTarget.wasmKernelOverNative.paired.median <= TARGETS.wasmOverNativeAtMost },
        jsOverWasm: { target: `≥ ${TARGETS.jsOverWasmAtLeast}`, measured: atTarget.jsOverWasmKernel.paired.median, met: atTarget.jsOverWasmKernel.paired.median >= TARGETS.jsOverWasmAtLeast },
        wasmOverNativeNoTrim: atTarget.wasmKernelOverNativeNoTrim
          ? { target: `≤ ${TARGETS.wasmOverNativeAtMost}`, measured: atTarget.wasmKernelOverNativeNoTrim.paired.median, met: atTarget.wasmKernelOverNativeNoTrim.paired.median <= TARGETS.wasmOverNativeAtMost }
          : null,
      }
    : null;

  const report = {
    benchmark: 'scaled dot-product attention forward, no mask, full trace, double precision',
    machine: info,
    config: {
      sizes: options.sizes, d: D, rounds: options.rounds, batchMs: options.batchMs, warmupMs: options.warmupMs,
      quick: options.quick, inputs: 'splitmix64, seed 1, streams 0/1/2 = Q/K/V, entries 2u - 1',
      contenders: active.map((c) => c.id),
      order: 'rotated by one contender per round',
      gcBetweenBatches: typeof globalThis.gc === 'function', nativeBinary: path.relative(ROOT, options.nativeBin),
      lib: path.relative(ROOT, options.lib),
    },
    checks,
    results,
    ratios,
    targets,
    durationS: (performance.now() - started) / 1000,
    otherLoad: load,
  };
  info.loadAverageAtEnd = os.loadavg();
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
  print(report, options);
}

// ---------------------------------------------------------------------------------------------
// the table

function print(report, options) {
  const m = report.machine;
  const kb = (b) => (b == null ? 'n/a' : `${(b / 1024).toFixed(1)} kB`);
  const ms = (x) => (x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toFixed(3));
  const x2 = (x) => `${x.toFixed(2)}×`;
  const out = [];
  out.push('Attention forward benchmark (no mask, full trace, double, d_k = d_v = 64)');
  out.push(`date      ${m.date}`);
  out.push(`cpu       ${m.cpu}, ${m.cores} cores (${m.platform})`);
  out.push(`node      ${m.node}`);
  out.push(`g++       ${m.gxx}`);
  out.push(`em++      ${m.emxx}`);
  out.push(`flags     native: ${m.flags.native}`);
  out.push(`          wasm:   ${m.flags.wasmCompile} | link: ${m.flags.wasmLink}`);
  out.push(`wasm      ${m.wasm.file}: ${kb(m.wasm.bytes)} raw, ${kb(m.wasm.gzipBytes)} gzip; glue ${kb(m.glue.bytes)} raw, ${kb(m.glue.gzipBytes)} gzip`);
  out.push(`method    ${options.rounds} rounds, interleaved, batches ≥ ${options.batchMs} ms; per-call ms = batch mean; median [p10–p90] over rounds${options.quick ? ' (--quick)' : ''}`);
  out.push('');
  const header = ['n', 'contender', 'median ms', 'p10–p90 ms', 'calls/batch'];
  const rows = report.results.map((r) => [
    String(r.n), r.label, ms(r.perCallMs.median), `${ms(r.perCallMs.p10)}–${ms(r.perCallMs.p90)}`, String(r.iterationsPerBatch),
  ]);
  out.push(...table(header, rows, [true, false, true, true, true]));
  out.push('');
  const ratioColumns = [
    ['wasm kernel / native', 'wasmKernelOverNative'],
    ['kernel / native no-trim', 'wasmKernelOverNativeNoTrim'],
    ['JS / wasm kernel', 'jsOverWasmKernel'],
    ['wasm API / kernel', 'wasmApiOverWasmKernel'],
    ['JS / wasm API', 'jsOverWasmApi'],
  ].filter(([, key]) => report.ratios.some((r) => r[key]));
  const fmt = (r) => (r ? `${x2(r.paired.median)} [${r.paired.p10.toFixed(2)}–${r.paired.p90.toFixed(2)}]` : 'n/a');
  if (ratioColumns.length) {
    const rHeader = ['n', ...ratioColumns.map(([title]) => title)];
    const rRows = report.ratios.map((r) => [String(r.n), ...ratioColumns.map(([, key]) => fmt(r[key]))]);
    out.push('ratios of per-call times, median [p10–p90] of the per-round ratios:');
    out.push(...table(rHeader, rRows, rHeader.map(() => true)));
  }
  if (report.targets) {
    const t = report.targets;
    out.push('');
    out.push(`targets at n = ${t.n} (reported, not asserted): wasm / native ${x2(t.wasmOverNative.measured)} (target ${t.wasmOverNative.target}: ${t.wasmOverNative.met ? 'met' : 'MISSED'}), ` +
      `JS / wasm ${x2(t.jsOverWasm.measured)} (target ${t.jsOverWasm.target}: ${t.jsOverWasm.met ? 'met' : 'MISSED'})`);
    if (t.wasmOverNativeNoTrim) {
      out.push(`          against native with malloc no-trim: wasm / native ${x2(t.wasmOverNativeNoTrim.measured)} (${t.wasmOverNativeNoTrim.met ? 'within' : 'outside'} ${t.wasmOverNativeNoTrim.target})`);
    }
  }
  out.push(`agreement: JS vs wasm ≤ ${Math.max(...Object.values(report.checks).map((c) => c.jsVsWasmMaxAbsDiff)).toExponential(1)} ` +
    `(limit ${AGREEMENT}); native vs wasm checksums ≤ ${Math.max(...Object.values(report.checks).map((c) => c.nativeVsWasmChecksumRelDiff)).toExponential(1)} relative`);
  if (report.otherLoad) {
    const { othersShareOfCpu: o, stealShareOfCpu: st } = report.otherLoad;
    out.push(`noise     other processes used ${(100 * o).toFixed(0)} % of the CPUs during the run, hypervisor steal ${(100 * st).toFixed(0)} %` +
      (o > 0.1 || st > 0.1 ? '  ** busy machine: treat these figures with suspicion, run again when idle **' : ''));
  }
  const shown = path.relative(process.cwd(), options.out);
  out.push(`json      ${shown.startsWith('..') ? options.out : shown}   (${report.durationS.toFixed(1)} s)`);
  console.log(out.join('\n'));
}

function table(header, rows, rightAlign) {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const cell = (text, i) => (rightAlign[i] ? text.padStart(widths[i]) : text.padEnd(widths[i]));
  const line = (cells) => cells.map(cell).join('  ').trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)];
}

main().catch((error) => {
  console.error(`bench: FAILED: ${error.stack ?? error}`);
  process.exit(1);
});
