/**
 * `npm run bench:page` (through scripts/bench/page.sh): how heavy and how fast the teaching page
 * is, in headless Chromium against the production build served as `npm start` serves it.
 *
 *   1. bytes     every response the landing page loads (HTML, JS, CSS, fonts, wasm), raw and
 *                gzip-compressed here with zlib (level 6, and brotli q11 for reference), so every
 *                response counts alike whatever the server compresses; target ≤ 200 KB gzip
 *   2. first step  navigation start → the first step on screen (#step-title non-empty and a
 *                panel in #panels, then the frame that paints it), over fresh page loads with
 *                the HTTP cache disabled so the wasm is fetched and compiled every time;
 *                target ≤ 150 ms (median and p95)
 *   3. edits     edit → updated view, timed inside the page, ~100 edits alternating between two
 *                values, on the worked example (landing) and on multi-head attention with
 *                n = 32 tokens, d_model = 64, 8 heads, plus single-head attention at n = 32,
 *                d_k = 64 through the same cell editor; target p95 ≤ 8 ms. Split into time in
 *                the engine (façade and Embind/wasm), the rest of the page's JS (steps and
 *                DOM), style + layout, and paint.
 *   4. latency   input → next paint in the lesson "Watch attention learn" (?train=reverse), ~100
 *                key presses and ~100 clicks, not training, training in the Web Worker, and
 *                training on the page's thread (the worker refused by a CSP); target p95
 *                < 50 ms while training (page/training-latency.mjs)
 *
 * This is a benchmark, not a test: it reports the targets, it never asserts them.
 *
 *   node scripts/bench/page.mjs [--quick] [--loads N] [--edits N] [--warmup-edits N]
 *        [--gap-ms T] [--profile-edits N] [--trace-edits N] [--floor-edits N] [--throttled-loads N] [--wait-quiet S]
 *        [--inject-css CSS] [--scenario ID]… [--page-root DIR] [--no-build] [--out FILE]
 *        [--latency-inputs N] [--latency-only] [--latency-profile S]
 *
 * --floor-edits N: per scenario, N more edits with no script work: one real edit's DOM changes and
 * canvas pixels put back and forth (page/floor.mjs), timed as an edit. What the browser alone
 * takes to show that edit, a floor no change to the page's code can go under.
 * --scenario ID: only this edit scenario (repeat for more; ids in page/edits.mjs scenarios()).
 * --page-root DIR: measure the page of another checkout (e.g. one at an older commit, with its
 * engine built) with this harness, so that a before/after uses one harness; run the two in turn.
 *
 * --latency-only: part 4 alone (the lesson's input latency), with its --latency-inputs N per kind.
 * --latency-profile S: after part 4, trace S seconds and profile S seconds of the page's main
 * thread while the lesson trains in its worker, with no input (page/training-profile.mjs).
 * --wait-quiet S: before measuring, wait up to S seconds for 5 s in which the machine is less
 * than 15 % busy (other people's test runs make every figure here larger).
 * --inject-css CSS: add this style sheet to every page, to try a CSS change (e.g.
 * content-visibility on the matrix panels) without editing web/src.
 *
 * Output: a table on stdout, progress on stderr, everything as JSON in build/bench/page.json.
 * See docs/benchmarks-page.md.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { launchBrowser } from '../lib/browser.mjs';
import { readArgs } from './args.mjs';
import { buildOutput, measureBytes } from './page/bytes.mjs';
import { editScenario, scenarios } from './page/edits.mjs';
import { instrumentPage } from './page/instrument.mjs';
import { freshLoad, THROTTLED } from './page/loads.mjs';
import { report } from './page/report.mjs';
import { CpuMonitor, waitForQuiet } from './page/noise.mjs';
import { bundleComposition, SourceMap } from './page/profile.mjs';
import { compressedSizes, machine } from './page/sizes-and-machine.mjs';
import { buildAndServePage } from './page/serve.mjs';
import { CONDITIONS, latencyCondition } from './page/training-latency.mjs';
import { profileTraining } from './page/training-profile.mjs';
import { buildAndServe } from '../lib/browser.mjs';
import { summary } from './stats.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// What parts 1–3 are reported against (docs/benchmarks-page.md); part 4's is in training-latency.mjs.
const TARGETS = { landingGzipKB: 200, firstStepMs: 150, editP95Ms: 8 };
const log = (...args) => console.error('bench:page:', ...args);

// ---------------------------------------------------------------------------------------------
// options

function parseArgs(argv) {
  const options = {
    loads: 15,
    edits: 100,
    warmupEdits: 5,
    // Between edits. Also keeps the page's history.replaceState calls (one per edit) under
    // Chromium's flood guard (200 per 10 s), beyond which it ignores them and warns.
    gapMs: 50,
    profileEdits: 20,
    traceEdits: 10,
    floorEdits: 100,
    throttledLoads: 5,
    waitQuiet: 0,
    injectCss: null,
    scenarios: [],
    pageRoot: undefined,
    build: true,
    latencyInputs: 100,
    latencyWarmup: 6,
    latencyOnly: false,
    latencyProfile: 0,
    out: path.join(ROOT, 'build/bench/page.json'),
  };
  readArgs(argv, (arg, { value, count }) => {
    switch (arg) {
      case '--quick': options.loads = 5; options.edits = 20; options.warmupEdits = 2; options.profileEdits = 6; options.traceEdits = 4; options.floorEdits = 20; options.throttledLoads = 2; options.latencyInputs = 20; break;
      case '--loads': options.loads = count(1); break;
      case '--edits': options.edits = count(2); break;
      case '--warmup-edits': options.warmupEdits = count(0); break;
      case '--gap-ms': options.gapMs = count(0); break;
      case '--profile-edits': options.profileEdits = count(0); break;
      case '--trace-edits': options.traceEdits = count(0); break;
      case '--floor-edits': options.floorEdits = count(0); break;
      case '--throttled-loads': options.throttledLoads = count(0); break;
      case '--wait-quiet': options.waitQuiet = count(0); break;
      case '--inject-css': options.injectCss = value(); break;
      case '--scenario': options.scenarios.push(value()); break;
      case '--page-root': options.pageRoot = path.resolve(value()); break;
      case '--no-build': options.build = false; break;
      case '--latency-inputs': options.latencyInputs = count(2); break;
      case '--latency-only': options.latencyOnly = true; break;
      case '--latency-profile': options.latencyProfile = count(1); break;
      case '--out': options.out = path.resolve(value()); break;
      case '--help':
        console.log('node scripts/bench/page.mjs [--quick] [--loads N] [--edits N] [--warmup-edits N] [--gap-ms T] [--profile-edits N] [--trace-edits N] [--floor-edits N] [--throttled-loads N] [--wait-quiet S] [--inject-css CSS] [--scenario ID]… [--page-root DIR] [--no-build] [--out FILE] [--latency-inputs N] [--latency-only] [--latency-profile S]');
        process.exit(0);
        break;
      default: throw new Error(`unknown argument ${arg} (try --help)`);
    }
  });
  return options;
}

/** Parts 1–3: bytes, first step, edits. */
async function measurePage(context, server, options, monitor) {
  log('1/4 bytes of the landing page');
  const bytes = await measureBytes(context, server.url);
  const output = buildOutput(server.outDir, bytes.files.map((f) => f.file));
  const composition = [];
  for (const [file, map] of options.sourceMaps) {
    const code = fs.readFileSync(path.join(server.outDir, 'assets', file), 'utf8');
    composition.push({ file, parts: bundleComposition(code, map, (text) => compressedSizes(text).gzip) });
  }

  monitor.phase('first step');
  log(`2/4 first step: 1 warm-up load + ${options.loads} fresh loads (HTTP cache disabled)`);
  const warmupLoad = await freshLoad(context, server.url);
  const loads = [];
  for (let i = 0; i < options.loads; i += 1) loads.push(await freshLoad(context, server.url));
  const field = (key) => loads.map((l) => l[key]).filter((x) => typeof x === 'number');
  const firstStep = {
    loads: loads.length,
    warmupLoad,
    allFetchedWasm: loads.every((l) => (l.wasmTransferSize ?? 0) > 0),
    firstStepPainted: summary(field('firstStepPainted')),
    copyPainted: summary(field('copyPainted')),
    firstStep: summary(field('firstStep')),
    engineReady: summary(field('engineReady')),
    htmlResponseEnd: summary(field('htmlResponseEnd')),
    jsResponseEnd: summary(field('jsResponseEnd')),
    wasmStart: summary(field('wasmStart')),
    wasmResponseEnd: summary(field('wasmResponseEnd')),
    domContentLoaded: summary(field('domContentLoaded')),
    firstContentfulPaint: summary(field('firstContentfulPaint')),
    buildSteps: summary(loads.map((l) => l.firstStep - l.engineReady)),
    samples: loads,
  };
  if (options.throttledLoads > 0) {
    log(`    + ${options.throttledLoads} loads over an emulated ${THROTTLED.label} link`);
    const slow = [];
    for (let i = 0; i < options.throttledLoads; i += 1) slow.push(await freshLoad(context, server.url, THROTTLED));
    const slowField = (key) => slow.map((l) => l[key]).filter((x) => typeof x === 'number');
    firstStep.throttled = {
      network: THROTTLED.label,
      loads: slow.length,
      firstStepPainted: summary(slowField('firstStepPainted')),
      copyPainted: summary(slowField('copyPainted')),
      jsResponseEnd: summary(slowField('jsResponseEnd')),
      wasmResponseEnd: summary(slowField('wasmResponseEnd')),
      engineReady: summary(slowField('engineReady')),
      samples: slow,
    };
  }

  log(`3/4 edits: ${options.warmupEdits} warm-up + ${options.edits} measured per scenario`);
  const edits = [];
  for (const scenario of scenarios().filter((s) => options.scenarios.length === 0 || options.scenarios.includes(s.id))) {
    monitor.phase(`edits: ${scenario.id}`);
    edits.push(await editScenario(context, server.url, scenario, options, log));
  }
  return { bytes, output, composition, firstStep, edits };
}

/** Part 4: the lesson's input latency in each condition (same-thread: a second server, with a CSP). */
async function measureLatency(context, server, options, monitor) {
  log(`4/4 input latency in ?train=reverse: ${options.latencyWarmup} warm-up + ${options.latencyInputs} measured key presses and clicks per condition`);
  const latency = [];
  for (const condition of CONDITIONS) {
    if (monitor.timer) monitor.phase(`latency: ${condition.id}`);
    else monitor.start(`latency: ${condition.id}`); // --latency-only
    const served = condition.headers
      ? await buildAndServe({ outDir: server.outDir, headers: condition.headers, skipBuild: true, root: options.pageRoot })
      : server;
    try {
      latency.push(await latencyCondition(context, served.url, condition, options, log));
    } finally {
      if (served !== server) await served.close();
    }
  }
  return latency;
}

// ---------------------------------------------------------------------------------------------
// main

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const loadBefore = os.loadavg();

  log(options.build ? 'vite build (to build/bench/page-dist) and vite preview' : 'vite preview of the existing build/bench/page-dist');
  const known = scenarios().map((s) => s.id);
  const unknown = options.scenarios.filter((id) => !known.includes(id));
  if (unknown.length) throw new Error(`--scenario: expected one of ${known.join(', ')}, got ${unknown.join(', ')}`);
  if (options.pageRoot) log(`the page of ${options.pageRoot}`);
  const server = await buildAndServePage({ skipBuild: !options.build, root: options.pageRoot });
  options.sourceMaps = new Map();
  for (const file of fs.readdirSync(path.join(server.outDir, 'assets'))) {
    if (file.endsWith('.js.map')) {
      options.sourceMaps.set(file.slice(0, -4), new SourceMap(JSON.parse(fs.readFileSync(path.join(server.outDir, 'assets', file), 'utf8'))));
    }
  }
  const quiet = await waitForQuiet(options.waitQuiet, 0.15, log);
  const browser = await launchBrowser({ forTests: false });
  const { context } = browser;
  await context.addInitScript(instrumentPage);
  if (options.injectCss) {
    await context.addInitScript((css) => {
      const add = () => document.head.append(Object.assign(document.createElement('style'), { textContent: css }));
      if (document.head) add();
      else document.addEventListener('DOMContentLoaded', add, { once: true });
    }, options.injectCss);
  }
  const monitor = new CpuMonitor();
  let result;
  try {
    const probe = await context.newPage();
    const cdp = await context.newCDPSession(probe);
    const version = await cdp.send('Browser.getVersion');
    await probe.close();
    const info = machine(version.product);

    if (!options.latencyOnly) monitor.start('bytes');
    const measured = options.latencyOnly ? {} : await measurePage(context, server, options, monitor);
    const latency = await measureLatency(context, server, options, monitor);
    let trainingProfile;
    if (options.latencyProfile > 0) {
      monitor.phase('latency: profile');
      log(`    profile: ${options.latencyProfile} s traced + ${options.latencyProfile} s profiled while training in the worker`);
      trainingProfile = await profileTraining(context, server.url, { seconds: options.latencyProfile, afterSteps: 2000, sourceMaps: options.sourceMaps });
    }
    const noise = monitor.stop();

    result = {
      benchmark: 'page',
      machine: info,
      loadAverage: { before: loadBefore, after: os.loadavg() },
      noise,
      busyBeforeStart: quiet,
      options: { ...options, sourceMaps: undefined },
      targets: TARGETS,
      build: { ms: server.buildMs, outDir: path.relative(ROOT, server.outDir), ...measured.output, composition: measured.composition },
      bytes: measured.bytes,
      firstStep: measured.firstStep,
      edits: measured.edits,
      latency,
      trainingProfile,
      durationS: (performance.now() - started) / 1000,
    };
  } finally {
    monitor.stop();
    await browser.close();
    await server.close();
  }

  fs.mkdirSync(path.dirname(options.out), { recursive: true });
  fs.writeFileSync(options.out, `${JSON.stringify(result, null, 1)}\n`);
  console.log(report(result));
  log(`JSON: ${path.relative(process.cwd(), options.out)} (${result.durationS.toFixed(0)} s)`);
}


main().catch((error) => {
  // Playwright's messages can quote a whole URL with the inputs in it: keep them readable.
  const text = String(error?.stack ?? error);
  console.error(text.length > 3000 ? `${text.slice(0, 3000)} … (${text.length - 3000} more characters)` : text);
  process.exit(1);
});
