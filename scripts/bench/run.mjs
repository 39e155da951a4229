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
 *   plain JS     scripts/bench/engine/reference-attention.mjs over Float64Arrays
 *   PyTorch, NumPy  engine/torch_attention.py (Debian's /usr/bin/python3, torch 1.13, NumPy),
 *                the same trace with each library's own ops, one BLAS thread (OpenBLAS when
 *                libopenblas0-pthread is installed; run.sh installs it), a child process each;
 *                left out with a note when /usr/bin/python3 cannot import them
 *   … before     with --before-lib / --before-native-bin: the same kernel, public API and
 *                native binary (with the no-trim tunables) from another checkout (e.g. the
 *                engine before a change), timed in the same interleaved rounds, so a change's
 *                cost is measured within one run
 *
 * Before timing, the JS reference, the PyTorch / NumPy traces and the "before" build must agree
 * with the wasm trace to 1e-12 (every field), the public API with the kernel, and the native
 * checksums with the wasm ones; otherwise it stops with exit code 1.
 * Then, per contender and n, a warm-up that also sizes a batch (≥ --batch-ms), and R rounds;
 * each round runs one batch of every contender for every n, interleaved, with the contender
 * order rotated from round to round so that drift and order effects hit all of them alike.
 * One sample per batch = the batch's mean per-call time; reported: median, p10, p90 over the
 * rounds, and the ratios per round (paired), summarised the same way.
 *
 * Then, in a second part, decoding with a key/value cache (engine/decode.mjs): lab.kvCacheDecode
 * over n ∈ {45, 90, 180} rows of d_model 64 with 8 query heads, for multi-head (kvHeads 8),
 * grouped (2) and multi-query (1) attention and a window of 64 with 4 sinks, by native
 * (attn_bench's `decode` request, with and without the no-trim tunables), the wasm kernel
 * (core.kvCacheDecode, flat) and PyTorch (engine/torch_decode.py: the same decoder in float64
 * tensor ops, one thread). Before timing, every case's PyTorch output rows must equal the wasm
 * kernel's to 1e-9, the native output sums the wasm one, and every contender's cache the count
 * kvCacheMemory gives; then the same warm-up and rounds (engine/rounds.mjs). Reported: time per
 * token (a decode's time / n) and the cache's bytes, per layer and context.
 *
 * This is a benchmark, not a test: it reports its targets (TARGETS), it never asserts them.
 *
 *   node --expose-gc scripts/bench/run.mjs [--quick] [--rounds R] [--batch-ms T]
 *        [--warmup-ms T] [--sizes 64,256,512] [--out FILE] [--native-bin FILE] [--lib DIR]
 *        [--before-lib DIR] [--before-native-bin FILE] [--only attention|decode]
 *        [--decode-contexts 45,90,180] [--decode-d-model 64]
 *        [--contenders native,nativeNoTrim,nativeBefore,wasmKernel,wasmKernelBefore,wasmApi,
 *                      wasmApiBefore,js,torch,numpy]
 *
 * --lib points at a copy of web/lib (index.js, load-core.js, wasm/) built with other flags;
 * --native-bin likewise at another attn_bench. --before-lib and --before-native-bin add a second
 * build as extra contenders beside this one's (e.g. --before-lib ../before/web/lib
 * --before-native-bin ../before/build/native/attn_bench for a checkout made with
 * `git worktree add`, set up and built there).
 *
 * --decode-contexts and --decode-d-model size the decoding part (kvCacheDecode takes at most
 * n·(n+1)·d_model = 2,097,152 cached numbers over a decode: n ≤ 180 at d_model 64); the decoding
 * part runs those of its contenders (native, nativeNoTrim, wasmKernel, torch) --contenders names.
 *
 * The parts: engine/contenders.mjs (the contenders and their set-up), engine/decode.mjs (the
 * decoding part's), engine/rounds.mjs (warm-up and rounds), engine/native.mjs and
 * engine/python.mjs (the child processes), engine/agreement.mjs (the checks),
 * engine/machine.mjs (what the report says about the machine), engine/report.mjs (the table),
 * engine/markdown.mjs and decode-tables.mjs (the JSON as docs/benchmarks.md's tables); statistics from stats.mjs,
 * shared with the browser benchmarks.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { readArgs } from './args.mjs';
import { defaultContenders, loadLib, startContenders } from './engine/contenders.mjs';
import { checkDecodeSizes, DECODE_CONFIGS, DECODE_CONTENDERS, decodeResults, startDecode } from './engine/decode.mjs';
import { cpuSnapshot, machine, otherLoad } from './engine/machine.mjs';
import { print } from './engine/report.mjs';
import { timeRounds } from './engine/rounds.mjs';
import { median, summary } from './stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const D = 64;
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
    beforeLib: undefined,
    beforeNativeBin: undefined,
    contenders: /** @type {string[]} */ ([]),
    explicitContenders: false,
    parts: ['attention', 'decode'],
    decodeContexts: [45, 90, 180],
    decodeDModel: 64,
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
      case '--before-lib': options.beforeLib = path.resolve(value()); break;
      case '--before-native-bin': options.beforeNativeBin = path.resolve(value()); break;
      case '--contenders': options.contenders = value().split(','); options.explicitContenders = true; break;
      case '--only': options.parts = [value()]; break;
      case '--decode-contexts': options.decodeContexts = value().split(',').map((s) => Math.round(positive(s))); break;
      case '--decode-d-model': options.decodeDModel = Math.round(positive()); break;
      case '-h': case '--help':
        console.log(readFileSync(fileURLToPath(import.meta.url), 'utf8').split('*/')[0]);
        process.exit(0);
        break;
      default: throw new Error(`unknown argument ${arg} (see --help)`);
    }
  });
  if (!['attention', 'decode'].includes(options.parts[0])) throw new Error(`--only: expected attention or decode, got ${options.parts[0]}`);
  if (options.parts.includes('decode')) checkDecodeSizes(options.decodeContexts, options.decodeDModel);
  if (!options.explicitContenders) options.contenders = defaultContenders(options);
  if (options.quick) {
    if (!explicit.has('rounds')) options.rounds = 5;
    if (!explicit.has('batchMs')) options.batchMs = 50;
    if (!explicit.has('warmupMs')) options.warmupMs = 150;
  }
  return options;
}


/** The attention forward part: its contenders, checks, rounds, ratios and targets. */
async function runAttention(options, log, started) {
  const { active, cases, checks, batch, python, pids, stop } = await startContenders(options, D, log);
  // From here on, CPU time not spent by this process or its children is other work's.
  const cpuStart = cpuSnapshot(pids);

  const { iterations, samples } = await timeRounds({ cases, active, batch, options, log, started, what: 'attention' });
  const load = otherLoad(cpuStart, cpuSnapshot(pids));
  stop();

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
        singleCallMedianMs: median(samples[key].calls),
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
      wasmKernelOverBefore: ratio('wasmKernel', 'wasmKernelBefore'),
      wasmApiOverBefore: ratio('wasmApi', 'wasmApiBefore'),
      nativeOverBefore: ratio('nativeNoTrim', 'nativeBefore'),
      wasmKernelOverTorch: ratio('wasmKernel', 'torch'),
      wasmKernelOverNumpy: ratio('wasmKernel', 'numpy'),
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

  return {
    benchmark: 'scaled dot-product attention forward, no mask, full trace, double precision',
    config: {
      sizes: options.sizes, d: D, rounds: options.rounds, batchMs: options.batchMs, warmupMs: options.warmupMs,
      quick: options.quick, inputs: 'splitmix64, seed 1, streams 0/1/2 = Q/K/V, entries 2u - 1',
      contenders: active.map((c) => c.id),
      order: 'rotated by one contender per round',
      gcBetweenBatches: typeof globalThis.gc === 'function', nativeBinary: path.relative(ROOT, options.nativeBin),
      lib: path.relative(ROOT, options.lib),
      beforeLib: options.beforeLib, beforeNativeBin: options.beforeNativeBin,
      python,
    },
    checks,
    results,
    ratios,
    targets,
    otherLoad: load,
  };
}

/** The decoding part (engine/decode.mjs): the same method on lab.kvCacheDecode. */
async function runDecode(options, log, started) {
  const ids = options.contenders.filter((id) => DECODE_CONTENDERS.some((c) => c.id === id));
  if (!ids.length) {
    log(`decode: left out (--contenders has none of ${DECODE_CONTENDERS.map((c) => c.id).join(', ')})`);
    return undefined;
  }
  const lib = await loadLib(options.lib);
  const { active, cases, checks, batch, python, pids, stop } = await startDecode(options, ids, lib, log);
  const cpuStart = cpuSnapshot(pids);
  const { iterations, samples } = await timeRounds({ cases, active, batch, options, log, started, what: 'decode' });
  const load = otherLoad(cpuStart, cpuSnapshot(pids));
  stop();
  return {
    benchmark: 'causal multi-head self-attention decoded row by row with a key/value cache (lab.kvCacheDecode), double precision',
    config: {
      dModel: options.decodeDModel, contexts: options.decodeContexts, layers: DECODE_CONFIGS,
      inputs: 'splitmix64, seed 1, streams 3 = input rows, 4/5/6/7 = W_Q/W_K/W_V/W_O × 1/√d_model, entries 2u - 1',
      contenders: active.map((c) => c.id), python,
    },
    checks,
    ...decodeResults(cases, active, samples, iterations),
    otherLoad: load,
  };
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const log = (/** @type {string} */ text) => process.stderr.write(`bench: ${text}\n`);
  const started = performance.now();

  const info = machine(options);
  log(`${info.cpu}, ${info.cores} cores, Node ${info.node}; ${options.rounds} rounds, batches ≥ ${options.batchMs} ms; ${options.parts.join(' and ')}`);
  if (typeof globalThis.gc !== 'function') log('no --expose-gc: garbage from one contender may be collected during the next');

  const report = {
    machine: info,
    ...(options.parts.includes('attention') ? await runAttention(options, log, started) : {}),
    decode: options.parts.includes('decode') ? await runDecode(options, log, started) : undefined,
    durationS: 0,
  };
  report.durationS = (performance.now() - started) / 1000;
  info.loadAverageAtEnd = os.loadavg();
  mkdirSync(path.dirname(options.out), { recursive: true });
  writeFileSync(options.out, `${JSON.stringify(report, null, 2)}\n`);
  print(report, options);
}

main().catch((error) => {
  console.error(`bench: FAILED: ${error.stack ?? error}`);
  process.exit(1);
});
