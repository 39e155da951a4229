/**
 * `npm run bench:page` (through scripts/bench/page.sh): how heavy and how fast the teaching page
 * is, in headless Chromium against the production build served as `npm start` serves it.
 *
 *   1. bytes     every response the landing page loads (HTML, JS, CSS, fonts, wasm), raw and
 *                gzip-compressed here with zlib (level 6, and brotli q11 for reference) since
 *                vite preview serves them uncompressed; against the target ≤ 200 KB gzip
 *   2. first step  navigation start → the first step on screen (#step-title non-empty and a
 *                panel in #panels, then the frame that paints it), over fresh page loads with
 *                the HTTP cache disabled so the wasm is fetched and compiled every time;
 *                target ≤ 150 ms (median and p95)
 *   3. edits     edit → updated view, timed inside the page, ~100 edits alternating between two
 *                values, on the worked example (landing) and on multi-head attention with
 *                n = 32 tokens, d_model = 64, 8 heads, plus single-head attention at n = 32,
 *                d_k = 64 through the same cell editor; target p95 ≤ 8 ms. Split into time in
 *                the engine (façade and Embind/wasm), the rest of the page's JS (step
 *                assembly, DOM build, KaTeX), style + layout, and paint.
 *
 * This is a benchmark, not a test: it reports the targets, it never asserts them.
 *
 *   node scripts/bench/page.mjs [--quick] [--loads N] [--edits N] [--warmup-edits N]
 *        [--gap-ms T] [--profile-edits N] [--trace-edits N] [--throttled-loads N] [--wait-quiet S]
 *        [--inject-css CSS] [--no-build] [--out FILE]
 *
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

import { launchBrowser } from '../../tests/e2e/browser.mjs';
import { describePage, loadTimings, runEdits } from './page/in-page.mjs';
import { instrumentPage } from './page/instrument.mjs';
import { CpuMonitor, waitForQuiet } from './page/noise.mjs';
import { compressedSizes, machine, median, summary, table } from './page/report.mjs';
import { readArgs } from './args.mjs';
import { attribute, bundleComposition, SourceMap, TRACE_CATEGORIES, traceBreakdown } from './page/profile.mjs';
import { buildAndServePage } from './page/serve.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Issue 9's targets (the first run's were 400 KB, 1 s and 16 ms).
const TARGETS = { landingGzipKB: 200, firstStepMs: 150, editP95Ms: 8 };
const VIEWPORT = { width: 1280, height: 900 };

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
    throttledLoads: 5,
    waitQuiet: 0,
    injectCss: null,
    build: true,
    out: path.join(ROOT, 'build/bench/page.json'),
  };
  readArgs(argv, (arg, { value, count }) => {
    switch (arg) {
      case '--quick': options.loads = 5; options.edits = 20; options.warmupEdits = 2; options.profileEdits = 6; options.traceEdits = 4; options.throttledLoads = 2; break;
      case '--loads': options.loads = count(1); break;
      case '--edits': options.edits = count(2); break;
      case '--warmup-edits': options.warmupEdits = count(0); break;
      case '--gap-ms': options.gapMs = count(0); break;
      case '--profile-edits': options.profileEdits = count(0); break;
      case '--trace-edits': options.traceEdits = count(0); break;
      case '--throttled-loads': options.throttledLoads = count(0); break;
      case '--wait-quiet': options.waitQuiet = count(0); break;
      case '--inject-css': options.injectCss = value(); break;
      case '--no-build': options.build = false; break;
      case '--out': options.out = path.resolve(value()); break;
      case '--help':
        console.log('node scripts/bench/page.mjs [--quick] [--loads N] [--edits N] [--warmup-edits N] [--gap-ms T] [--profile-edits N] [--trace-edits N] [--throttled-loads N] [--wait-quiet S] [--inject-css CSS] [--no-build] [--out FILE]');
        process.exit(0);
        break;
      default: throw new Error(`unknown argument ${arg} (try --help)`);
    }
  });
  return options;
}

// ---------------------------------------------------------------------------------------------
// statistics and formatting

const kb = (bytes) => (bytes / 1000).toFixed(1);
const ms = (x) => (x === null || x === undefined ? '—' : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
const log = (...args) => console.error('bench:page:', ...args);

// ---------------------------------------------------------------------------------------------
// 1. bytes

const KINDS = [
  [/\.html?$|^\/$/, 'html'],
  [/\.m?js$/, 'js'],
  [/\.css$/, 'css'],
  [/\.(woff2?|ttf|otf|eot)$/, 'font'],
  [/\.wasm$/, 'wasm'],
];
const kindOf = (pathname) => KINDS.find(([pattern]) => pattern.test(pathname))?.[1] ?? 'other';


/**
 * Loads the landing page with the cache disabled and records every response with its body;
 * then visits every step of the landing walkthrough and records what that adds (KaTeX loads
 * the fonts a formula needs when it is first drawn).
 */
async function measureBytes(context, url) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  /** @type {Map<string, Promise<object>>} */
  const responses = new Map();
  let phase = 'landing';
  page.on('response', (response) => {
    const u = new URL(response.url());
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return;
    if (responses.has(response.url())) return;
    const loadedIn = phase;
    responses.set(response.url(), (async () => {
      const body = await response.body().catch(() => Buffer.alloc(0));
      const request = response.request();
      const wire = await request.sizes().catch(() => null);
      const headers = await response.allHeaders();
      return {
        path: u.pathname,
        file: path.basename(u.pathname) || '/',
        kind: kindOf(u.pathname),
        status: response.status(),
        phase: loadedIn,
        contentEncoding: headers['content-encoding'] ?? null,
        wireBodyBytes: wire?.responseBodySize ?? null,
        wireHeaderBytes: wire?.responseHeadersSize ?? null,
        ...compressedSizes(body),
      };
    })());
  });
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForFunction(() => /** @type {any} */ (window).__bench?.firstStepPainted != null, null, { timeout: 30000 });
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await page.waitForLoadState('networkidle');
  const landingState = await page.evaluate(describePage);

  phase = 'steps';
  for (const step of landingState.steps) {
    await page.locator(`#step-list button[data-step="${step}"]`).click();
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
  }
  await page.waitForLoadState('networkidle');
  const files = await Promise.all(responses.values());
  await page.close();

  const total = (list) => list.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli, count: t.count + 1 }), { raw: 0, gzip: 0, brotli: 0, count: 0 });
  const landing = files.filter((f) => f.phase === 'landing');
  const byKind = {};
  for (const f of landing) {
    byKind[f.kind] ??= { raw: 0, gzip: 0, brotli: 0, count: 0 };
    byKind[f.kind].raw += f.raw;
    byKind[f.kind].gzip += f.gzip;
    byKind[f.kind].brotli += f.brotli;
    byKind[f.kind].count += 1;
  }
  return {
    landingStep: landingState.step,
    files: files.sort((a, b) => b.gzip - a.gzip),
    landingTotal: total(landing),
    landingByKind: byKind,
    allStepsTotal: total(files),
    extraForSteps: files.filter((f) => f.phase === 'steps').map((f) => f.file),
    servedCompressed: landing.some((f) => f.contentEncoding && f.contentEncoding !== 'identity'),
    landingWireBytes: landing.reduce((t, f) => t + (f.wireBodyBytes ?? 0), 0),
  };
}

/** Everything vite build wrote, for comparison with what the landing page actually loads. */
function buildOutput(outDir, loadedFiles) {
  const out = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.map')) out.push({ file: path.relative(outDir, full), kind: kindOf(entry.name), ...compressedSizes(fs.readFileSync(full)) });
    }
  };
  walk(outDir);
  const loaded = new Set(loadedFiles);
  const total = (list) => list.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, count: t.count + 1 }), { raw: 0, gzip: 0, count: 0 });
  return {
    total: total(out),
    neverLoaded: total(out.filter((f) => !loaded.has(path.basename(f.file)))),
    files: out.sort((a, b) => b.raw - a.raw),
  };
}

// ---------------------------------------------------------------------------------------------
// 2. first step, fresh loads

/** A link like Lighthouse's desktop profile: 10 Mbit/s down, 40 ms round trip (CDP emulation). */
const THROTTLED = { label: '10 Mbit/s, 40 ms RTT', latency: 40, downloadThroughput: 10e6 / 8, uploadThroughput: 10e6 / 8 };

async function freshLoad(context, url, network = null) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  if (network) {
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false, latency: network.latency, downloadThroughput: network.downloadThroughput, uploadThroughput: network.uploadThroughput,
    });
  }
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForFunction(() => /** @type {any} */ (window).__bench?.firstStepPainted != null, null, { timeout: 30000, polling: 50 });
  const timings = await page.evaluate(loadTimings);
  await page.close();
  return timings;
}

// ---------------------------------------------------------------------------------------------
// 3. edits

const SENTENCE_32 = ('the quick brown fox jumps over the lazy dog while a small cat sat on the warm mat ' +
  'and watched birds fly over an old stone wall near the quiet river bank').split(' ');
if (SENTENCE_32.length !== 32) throw new Error(`the multi-head sentence has ${SENTENCE_32.length} words, not 32`);

/** Deterministic numbers in [-1, 1) with three decimals (a small LCG; only the sizes matter). */
function matrix(rows, cols, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return Math.round(((state / 2 ** 32) * 2 - 1) * 1000) / 1000;
  };
  return Array.from({ length: rows }, () => Array.from({ length: cols }, next));
}

function alternate(count, a, b) {
  return Array.from({ length: count }, (_, i) => (i % 2 === 0 ? a : b));
}

async function openScenario(context, url, search) {
  const page = await context.newPage();
  await page.setViewportSize(VIEWPORT);
  /** @type {string[]} */
  const problems = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`console ${message.type()}: ${message.text().slice(0, 300)}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  await page.goto(url + search);
  await page.waitForFunction(() => /** @type {any} */ (window).__bench?.firstStepPainted != null, null, { timeout: 30000 });
  return { page, problems };
}

/**
 * One edit scenario: open the page, check it shows what was asked for, run warm-up + measured
 * edits. Multi-head has no editable cell: a parameters-panel control is used when the page has
 * one for the field, otherwise the popstate path (the inputs in a new URL, as back/forward does).
 */
async function editScenario(context, url, scenario, options) {
  const { page, problems } = await openScenario(context, url, scenario.search);
  try {
    if (scenario.step) await page.locator(`#step-list button[data-step="${scenario.step}"]`).click();
    let state = await page.evaluate(describePage);
    let mode = scenario.mode;
    let how = scenario.how;
    if (scenario.mode === 'seed') {
      // A seed control of a parameters panel on the step shown; with no step asked for, on any
      // step. Without one: the popstate path.
      mode = state.parameterControls.includes('seed') ? 'parameter' : 'popstate';
      if (mode === 'popstate' && !scenario.step) {
        for (const step of state.steps) {
          await page.locator(`#step-list button[data-step="${step}"]`).click();
          if ((await page.evaluate(describePage)).parameterControls.includes('seed')) {
            mode = 'parameter';
            break;
          }
        }
        if (mode === 'popstate') await page.locator(`#step-list button[data-step="${state.steps[0]}"]`).click();
        state = await page.evaluate(describePage);
      }
      how = mode === 'parameter'
        ? 'seed 3 ↔ 4 through the parameters panel\'s seed control (change event)'
        : 'seed 3 ↔ 4 through history.pushState + popstate: this step has no editable cell and no seed control, so the page re-opens the walkthrough from the URL (engine + the whole walkthrough view, as back/forward does)';
    }
    if (state.notices.length > 0) problems.push(...state.notices.map((n) => `notice: ${n}`));
    const total = options.warmupEdits + options.edits;
    const values = alternate(total, scenario.values[0], scenario.values[1]);
    /** The in-page edit loop over these values; `extra`: profile or marks for the separate runs. */
    const edit = (editValues, extra = {}) => page.evaluate(runEdits, {
      mode,
      values: editValues,
      cell: scenario.cell,
      field: 'seed',
      urls: mode === 'popstate' ? editValues.map((v) => scenario.urlFor(v, state)) : undefined,
      gapMs: options.gapMs,
      ...extra,
    });
    log(`  ${scenario.id}: ${state.walkthrough} / ${state.step} (${state.cells} <td>s and ${state.canvasCells} canvas cells shown), ${total} edits by ${mode}`);
    let lastValue = values.at(-1);
    const samples = await edit(values);
    let profile = null;
    if (options.profileEdits > 0) {
      // A separate, profiled run (the profiler's overhead is not in the timings above). It
      // continues the alternation from the value the page shows now.
      const cdp = await page.context().newCDPSession(page);
      const profiles = [];
      cdp.on('Profiler.consoleProfileFinished', (event) => profiles.push(event.profile));
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      const last = lastValue;
      const next = last === scenario.values[0] ? scenario.values[1] : scenario.values[0];
      const profiledValues = alternate(options.profileEdits, next, last);
      await edit(profiledValues, { profile: true });
      for (let waited = 0; profiles.length < profiledValues.length && waited < 5000; waited += 50) await new Promise((r) => setTimeout(r, 50));
      await cdp.send('Profiler.disable');
      await cdp.detach();
      profile = attribute(profiles, options.sourceMaps, profiles.length);
      lastValue = profiledValues.at(-1);
    }
    let trace = null;
    if (options.traceEdits > 0) {
      // Another separate run, under Chromium's tracing: the rendering pipeline per edit.
      const cdp = await page.context().newCDPSession(page);
      const events = [];
      cdp.on('Tracing.dataCollected', (event) => events.push(...event.value));
      const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
      const current = lastValue;
      const tracedValues = alternate(options.traceEdits, current === scenario.values[0] ? scenario.values[1] : scenario.values[0], current);
      await cdp.send('Tracing.start', { traceConfig: { includedCategories: TRACE_CATEGORIES }, transferMode: 'ReportEvents' });
      await edit(tracedValues, { marks: true });
      await cdp.send('Tracing.end');
      await complete;
      await cdp.detach();
      lastValue = tracedValues.at(-1);
      trace = traceBreakdown(events);
    }
    const measured = samples.slice(options.warmupEdits);
    const pick = (key) => summary(measured.map((s) => s[key]));
    const pageJs = summary(measured.map((s) => s.toDom - s.lab));
    const facade = summary(measured.map((s) => s.lab - s.core));
    const byName = {};
    for (const s of measured) for (const [k, v] of Object.entries(s.byName)) byName[k] = (byName[k] ?? 0) + v / measured.length;
    return {
      id: scenario.id,
      label: scenario.label,
      url: scenario.search,
      walkthrough: state.walkthrough,
      step: state.step,
      panels: state.panels,
      cellsShown: state.cells,
      elements: samples.at(-1)?.elements ?? state.elements,
      mode,
      how,
      edits: measured.length,
      warmupEdits: options.warmupEdits,
      firstEdit: samples[0],
      toDom: pick('toDom'),
      styleLayout: pick('styleLayout'),
      paint: pick('paint'),
      work: pick('work'),
      toNextFrame: pick('toNextFrame'),
      engine: pick('lab'),
      embind: pick('core'),
      facade,
      pageJs,
      msPerEditByOperation: byName,
      engineCallsPerEdit: measured[0]?.labCalls ?? null,
      profile,
      trace,
      problems: [...problems.reduce((m, p) => m.set(p, (m.get(p) ?? 0) + 1), new Map())].map(([p, n]) => (n > 1 ? `${p} (×${n})` : p)),
      samples,
    };
  } finally {
    await page.close();
  }
}

function scenarios() {
  const multiHeadInputs = (seed) => ({ tokens: SENTENCE_32, dModel: 64, heads: 8, seed });
  const multiHeadSearch = (seed, step) => `?w=multi-head${step ? `&step=${step}` : ''}&in=${encodeURIComponent(JSON.stringify(multiHeadInputs(seed)))}`;
  const big = { query: matrix(32, 64, 1), key: matrix(32, 64, 2), value: matrix(32, 64, 3) };
  return [
    {
      id: 'worked-example',
      label: 'worked example (landing), 1×2 query, 3 keys',
      search: '',
      mode: 'cell',
      how: 'query[0][0] 2 ↔ 1 through the cell editor (Enter keydown)',
      cell: { panel: 'query', row: 0, col: 0 },
      values: [2, 1],
    },
    {
      id: 'multi-head-embed',
      label: 'multi-head, n = 32, d_model = 64, 8 heads: first step (embed)',
      search: multiHeadSearch(3),
      mode: 'seed',
      values: [4, 3],
      urlFor: (seed) => `${location0()}${multiHeadSearch(seed, 'embed')}`,
    },
    {
      id: 'multi-head-heads',
      label: 'multi-head, n = 32, d_model = 64, 8 heads: heads step (8 weight matrices)',
      search: multiHeadSearch(3, 'heads'),
      step: 'heads',
      mode: 'seed',
      values: [4, 3],
      urlFor: (seed) => `${location0()}${multiHeadSearch(seed, 'heads')}`,
    },
    {
      id: 'attention-32x64',
      label: 'single-head attention, n = m = 32, d_k = d_v = 64 (the worked example with 32×64 Q, K, V: beyond the page\'s own size controls, reachable only through a link; a canvas grid)',
      // The inputs in the link's hash, as the page writes them (readable JSON is read at any size).
      search: `#in=${encodeURIComponent(JSON.stringify(big))}`,
      mode: 'cell',
      how: 'query[0][0] 2 ↔ 3 through the cell editor (Enter keydown)',
      cell: { panel: 'query', row: 0, col: 0 },
      values: [2, 3],
    },
  ];
}
// pushState takes a path relative to the page; the page lives at the server root.
const location0 = () => '/';

// ---------------------------------------------------------------------------------------------
// main

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const started = performance.now();
  const loadBefore = os.loadavg();

  log(options.build ? 'vite build (to build/bench/page-dist) and vite preview' : 'vite preview of the existing build/bench/page-dist');
  const server = await buildAndServePage({ skipBuild: !options.build });
  options.sourceMaps = new Map();
  for (const file of fs.readdirSync(path.join(server.outDir, 'assets'))) {
    if (file.endsWith('.js.map')) {
      options.sourceMaps.set(file.slice(0, -4), new SourceMap(JSON.parse(fs.readFileSync(path.join(server.outDir, 'assets', file), 'utf8'))));
    }
  }
  const quiet = await waitForQuiet(options.waitQuiet, 0.15, log);
  const browser = await launchBrowser();
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

    log('1/3 bytes of the landing page');
    monitor.start('bytes');
    const bytes = await measureBytes(context, server.url);
    const output = buildOutput(server.outDir, bytes.files.map((f) => f.file));
    const composition = [];
    for (const [file, map] of options.sourceMaps) {
      const code = fs.readFileSync(path.join(server.outDir, 'assets', file), 'utf8');
      composition.push({ file, parts: bundleComposition(code, map, (text) => compressedSizes(text).gzip) });
    }

    monitor.phase('first step');
    log(`2/3 first step: 1 warm-up load + ${options.loads} fresh loads (HTTP cache disabled)`);
    const warmupLoad = await freshLoad(context, server.url);
    const loads = [];
    for (let i = 0; i < options.loads; i += 1) loads.push(await freshLoad(context, server.url));
    const field = (key) => loads.map((l) => l[key]).filter((x) => typeof x === 'number');
    const firstStep = {
      loads: loads.length,
      warmupLoad,
      allFetchedWasm: loads.every((l) => (l.wasmTransferSize ?? 0) > 0),
      firstStepPainted: summary(field('firstStepPainted')),
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
        jsResponseEnd: summary(slowField('jsResponseEnd')),
        wasmResponseEnd: summary(slowField('wasmResponseEnd')),
        engineReady: summary(slowField('engineReady')),
        samples: slow,
      };
    }

    log(`3/3 edits: ${options.warmupEdits} warm-up + ${options.edits} measured per scenario`);
    const edits = [];
    for (const scenario of scenarios()) {
      monitor.phase(`edits: ${scenario.id}`);
      edits.push(await editScenario(context, server.url, scenario, options));
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
      build: { ms: server.buildMs, outDir: path.relative(ROOT, server.outDir), ...output, composition },
      bytes,
      firstStep,
      edits,
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

// ---------------------------------------------------------------------------------------------
// the report

function verdict(value, target) {
  return value <= target ? 'met' : 'MISSED';
}

function report(r) {
  const out = [];
  const m = r.machine;
  out.push('# Attention Lab page benchmark', '');
  if (r.options.injectCss) out.push(`**With an injected style sheet** (--inject-css): \`${r.options.injectCss}\``, '');
  out.push(table(['machine', ''], [
    ['CPU', `${m.cpu}, ${m.cores} cores, ${m.memoryGB} GB`],
    ['OS', m.os],
    ['Chromium', `${m.chromium} (headless, playwright-core)`],
    ['Node', m.node],
    ['Vite', m.vite],
    ['date', m.date],
    ['load average (1 min) before → after', `${r.loadAverage.before[0].toFixed(2)} → ${r.loadAverage.after[0].toFixed(2)}`],
  ], ['l', 'l']));
  if (r.noise?.length) {
    const pct = (x) => `${(100 * x).toFixed(0)} %`;
    out.push('', 'CPU during each part (share of all cores; "others" = processes outside this benchmark and its Chromium):', '');
    out.push(table(['part', 's', 'this benchmark', 'others', 'steal'],
      r.noise.map((n) => [n.phase, n.seconds.toFixed(0), pct(n.oursShareOfCpu), pct(n.othersShareOfCpu), pct(n.stealShareOfCpu)]), ['l']));
    const busy = r.noise.filter((n) => n.othersShareOfCpu > 0.1).map((n) => n.phase);
    out.push('', busy.length ? `SUSPECT: other processes used more than 10 % of the CPUs during ${busy.join(', ')}; timings there are inflated, run again on a quiet machine.` : 'Other processes stayed under 10 % of the CPUs throughout.');
  }

  const b = r.bytes;
  out.push('', `## 1. Bytes of the landing page (${b.landingTotal.count} responses, cache disabled; gzip = zlib level 6, computed here)`, '');
  out.push(table(['kind', 'files', 'raw KB', 'gzip KB', 'brotli KB'],
    [...Object.entries(b.landingByKind).sort((x, y) => y[1].gzip - x[1].gzip).map(([kind, t]) => [kind, t.count, kb(t.raw), kb(t.gzip), kb(t.brotli)]),
      ['**total**', b.landingTotal.count, kb(b.landingTotal.raw), kb(b.landingTotal.gzip), kb(b.landingTotal.brotli)]],
    ['l']));
  out.push('', `Target ≤ ${r.targets.landingGzipKB} KB gzip: ${verdict(b.landingTotal.gzip / 1000, r.targets.landingGzipKB)} ` +
    `(${kb(b.landingTotal.gzip)} KB). As served by vite preview (${b.servedCompressed ? 'it gzips some responses' : 'uncompressed'}): ${kb(b.landingWireBytes)} KB of response bodies on the wire` +
    ` (${verdict(b.landingWireBytes / 1000, r.targets.landingGzipKB)} as served).`);
  out.push(`Every step of the landing walkthrough visited: ${b.allStepsTotal.count} responses, ${kb(b.allStepsTotal.raw)} KB raw, ${kb(b.allStepsTotal.gzip)} KB gzip` +
    (b.extraForSteps.length ? ` (adds ${b.extraForSteps.join(', ')})` : ' (nothing more)') + '.');
  out.push(`Build output: ${r.build.total.count} files, ${kb(r.build.total.raw)} KB raw; never loaded by the landing walkthrough: ${r.build.neverLoaded.count} files, ${kb(r.build.neverLoaded.raw)} KB raw.`);
  out.push('', 'Largest responses:', '');
  out.push(table(['file', 'kind', 'raw KB', 'gzip KB', 'brotli KB', 'served by vite preview'],
    b.files.slice(0, 10).map((f) => [f.file + (f.phase === 'steps' ? ' (later step)' : ''), f.kind, kb(f.raw), kb(f.gzip), kb(f.brotli),
      `${kb(f.wireBodyBytes ?? f.raw)} KB ${f.contentEncoding ?? 'uncompressed'}`]), ['l', 'l']));

  for (const bundle of r.build.composition ?? []) {
    out.push('', `What ${bundle.file} is made of (from its source map; gzip of each part on its own, an estimate):`, '');
    out.push(table(['part', 'raw KB', 'gzip KB'], bundle.parts.filter((p) => p.raw >= 500).map((p) => [p.group, kb(p.raw), kb(p.gzip)]), ['l']));
  }

  const f = r.firstStep;
  out.push('', `## 2. Navigation start → first step (${f.loads} fresh loads after 1 warm-up, HTTP cache disabled; ms)`, '');
  const row = (label, s) => [label, ms(s.median), ms(s.p95), ms(s.min), ms(s.max)];
  out.push(table(['milestone', 'median', 'p95', 'min', 'max'], [
    row('HTML received', f.htmlResponseEnd),
    row('first contentful paint ("Loading the engine…")', f.firstContentfulPaint),
    row('JS received', f.jsResponseEnd),
    row('DOMContentLoaded', f.domContentLoaded),
    row('wasm request started', f.wasmStart),
    row('wasm received', f.wasmResponseEnd),
    row('engine ready (compiled, instantiated)', f.engineReady),
    row('first step in the DOM', f.firstStep),
    row('**first step painted**', f.firstStepPainted),
    row('(first step built: DOM − engine ready)', f.buildSteps),
  ], ['l']));
  out.push('', `Target ≤ ${r.targets.firstStepMs} ms: median ${verdict(f.firstStepPainted.median, r.targets.firstStepMs)}, p95 ${verdict(f.firstStepPainted.p95, r.targets.firstStepMs)}. ` +
    `Warm-up load (first page of a new browser): ${ms(f.warmupLoad.firstStepPainted)} ms. wasm fetched over the network on every load: ${f.allFetchedWasm ? 'yes' : 'NO'}. ` +
    `Engine timing hooks in place: ${f.warmupLoad.labHooked && f.warmupLoad.coreHooked > 0 ? 'yes' : 'NO (the engine columns below are 0)'}.`);

  if (f.throttled) {
    const t = f.throttled;
    out.push('', `Over an emulated ${t.network} link (${t.loads} loads, served as npm start serves it: JS/CSS/HTML and the wasm gzipped, fonts as they are): ` +
      `JS received ${ms(t.jsResponseEnd.median)}, wasm received ${ms(t.wasmResponseEnd.median)}, engine ready ${ms(t.engineReady.median)}, ` +
      `**first step painted ${ms(t.firstStepPainted.median)} ms median, ${ms(t.firstStepPainted.max)} max** (target ${verdict(t.firstStepPainted.median, r.targets.firstStepMs)}).`);
  }
  out.push('', `## 3. Edit → updated view (${r.options.edits} edits after ${r.options.warmupEdits} warm-up, alternating two values; ms)`, '');
  out.push(table(['scenario', 'how', '<td>s shown', 'to DOM p50', 'p95', 'work p50', '**work p95**', 'next frame p50', 'p95', 'first edit'],
    r.edits.map((e) => [e.id, e.mode, e.cellsShown, ms(e.toDom.median), ms(e.toDom.p95), ms(e.work.median), ms(e.work.p95), ms(e.toNextFrame.median), ms(e.toNextFrame.p95), ms(e.firstEdit.work)]),
    ['l', 'l']));
  out.push('', 'to DOM: dispatch → the DOM shows the new value (synchronous here). work: to DOM + forced style/layout + the next frame\'s paint, i.e. main-thread time the edit costs. next frame: dispatch → the task after the next animation frame (includes waiting for the frame).');
  out.push('', 'Where the time goes, medians (ms):', '');
  out.push(table(['scenario', 'engine calls', 'engine (façade)', 'of which Embind+wasm', 'façade conversions', 'page JS (steps, DOM, KaTeX)', 'style+layout', 'paint'],
    r.edits.map((e) => [e.id, e.engineCallsPerEdit, ms(e.engine.median), ms(e.embind.median), ms(e.facade.median), ms(e.pageJs.median), ms(e.styleLayout.median), ms(e.paint.median)]),
    ['l']));
  const traced = r.edits.filter((e) => e.trace);
  if (traced.length) {
    out.push('', `Renderer main thread per edit, dispatch → frame, from a Chromium trace of ${r.options.traceEdits} further edits per scenario (ms):`, '');
    out.push(table(['scenario', 'window', 'busy (tasks)', 'JS + DOM calls', 'style recalc', 'layout', 'paint (pre-paint, paint, layerize, commit)', 'GC'],
      traced.map((e) => [e.id, ms(e.trace.window), ms(e.trace.tasks), ms(e.trace.scriptAndDom), ms(e.trace.style), ms(e.trace.layout), ms(e.trace.paint), ms(e.trace.gc)]), ['l']));
  }
  const profiled = r.edits.filter((e) => e.profile);
  if (profiled.length) {
    const names = [...new Set(profiled.flatMap((e) => e.profile.categories.map((c) => c.name)))].filter((n) => n !== 'benchmark harness');
    const at = (e, name) => e.profile.categories.find((c) => c.name === name)?.msPerEdit ?? 0;
    names.sort((a, b) => Math.max(...profiled.map((e) => at(e, b))) - Math.max(...profiled.map((e) => at(e, a))));
    out.push('', `CPU profile of ${r.options.profileEdits} further edits per scenario (sampled self time, ms per edit; separate from the timed runs):`, '');
    out.push(table(['where', ...profiled.map((e) => e.id)],
      [...names.map((name) => [name, ...profiled.map((e) => ms(at(e, name)))]),
        ['**sampled total** (the page\'s; the harness left out)', ...profiled.map((e) => ms(e.profile.sampledMsPerEdit))]], ['l']));
    out.push('', 'Largest single items (ms per edit):');
    for (const e of profiled) {
      const items = [...e.profile.natives.slice(0, 3).map((n) => `${n.name}() ${ms(n.msPerEdit)}`), ...e.profile.files.slice(0, 4).map((f) => `${f.name} ${ms(f.msPerEdit)}`)];
      out.push(`- ${e.id}: ${items.join(', ')}`);
    }
  }
  out.push('', `Target p95 ≤ ${r.targets.editP95Ms} ms (work): ` + r.edits.map((e) => `${e.id} ${verdict(e.work.p95, r.targets.editP95Ms)} (${ms(e.work.p95)})`).join(', ') + '.');
  for (const e of r.edits) {
    out.push(`- ${e.id}: ${e.label}; ${e.how}; step "${e.step}".`);
    if (e.problems.length) out.push(`  problems: ${e.problems.join('; ')}`);
  }
  return out.join('\n');
}

main().catch((error) => {
  // Playwright's messages can quote a whole URL with the inputs in it: keep them readable.
  const text = String(error?.stack ?? error);
  console.error(text.length > 3000 ? `${text.slice(0, 3000)} … (${text.length - 3000} more characters)` : text);
  process.exit(1);
});
