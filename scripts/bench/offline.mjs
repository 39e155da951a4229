/**
 * `npm run bench:single` (through scripts/bench/offline.sh): how heavy the offline builds are and
 * how fast the single file opens from file://.
 *
 *   1. bytes   the single file raw, gzip (zlib level 6) and brotli (q11), split into the inlined
 *              wasm, the inlined fonts, the rest of the script and the rest of the style sheet;
 *              the SCORM package's zip (default walkthrough)
 *   2. load    file:// navigation → the first step on screen in headless Chromium, over fresh
 *              pages (one warm-up, then --loads), with the page benchmark's init script
 *              (scripts/bench/page/instrument.mjs) for the milestones
 *
 * A benchmark, not a test: it never fails because of a size or a timing.
 *
 *   node scripts/bench/offline.mjs [--loads N] [--wait-quiet S] [--no-build] [--out FILE]
 *
 * --wait-quiet S: first wait up to S seconds for the machine to be less than 15 % busy.
 *
 * Output: a table on stdout, progress on stderr, everything as JSON (build/bench/offline.json).
 * See docs/benchmarks-embed.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { launchBrowser } from '../lib/browser.mjs';
import { buildScormPackage, DEFAULT_WALKTHROUGH, SCORM_DIR } from '../offline/scorm-package.mjs';
import { buildSingleFile, ROOT, SINGLE_FILE } from '../offline/single-file.mjs';
import { readArgs } from './args.mjs';
import { loadTimings } from './page/in-page.mjs';
import { instrumentPage } from './page/instrument.mjs';
import { CpuMonitor, waitForQuiet } from './page/noise.mjs';
import { compressedSizes, machine } from './page/sizes-and-machine.mjs';
import { summary } from './stats.mjs';
import { markdownTable as table } from './tables.mjs';

const log = (...args) => console.error('bench:single:', ...args);
const kb = (bytes) => (bytes / 1000).toFixed(1);
const ms = (x) => (x == null ? '—' : x >= 100 ? x.toFixed(0) : x.toFixed(1));

function parseArgs(argv) {
  const options = { loads: 10, waitQuiet: 0, build: true, out: path.join(ROOT, 'build/bench/offline.json') };
  readArgs(argv, (arg, { value, count }) => {
    if (arg === '--loads') options.loads = count(1);
    else if (arg === '--wait-quiet') options.waitQuiet = count(0);
    else if (arg === '--no-build') options.build = false;
    else if (arg === '--out') options.out = path.resolve(value());
    else throw new Error(`${arg}: expected --loads N (N ≥ 1), --wait-quiet S, --no-build or --out FILE`);
  });
  return options;
}


/** The single file's bytes by what they are: each part compressed on its own (an estimate of its share). */
function composition(html) {
  const take = (pattern) => {
    const found = html.match(pattern) ?? [];
    return { count: found.length, text: found.join('') };
  };
  const wasm = take(/data:application\/wasm;base64,[A-Za-z0-9+/=]+/g);
  const fonts = take(/data:font\/woff2;base64,[A-Za-z0-9+/=]+/g);
  const script = html.slice(html.indexOf('<script>'), html.lastIndexOf('</script>'));
  const style = html.slice(html.indexOf('<style>'), html.indexOf('</style>'));
  const part = (text) => compressedSizes(Buffer.from(text));
  return {
    wasm: { ...part(wasm.text), count: wasm.count },
    fonts: { ...part(fonts.text), count: fonts.count },
    script: part(script.replace(wasm.text, '')),
    style: part(fonts.text ? style.split(/data:font\/woff2;base64,[A-Za-z0-9+/=]+/).join('') : style),
  };
}

/** One fresh page: file:// navigation to the first step painted (ms after navigation start). */
async function load(context, url) {
  const page = await context.newPage();
  await page.addInitScript(instrumentPage);
  await page.goto(url);
  await page.waitForFunction(() => window.__bench?.firstStepPainted != null, null, { timeout: 30_000 });
  const timings = await page.evaluate(loadTimings);
  await page.close();
  return timings;
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const built = {};
  if (options.build) {
    let start = performance.now();
    await buildSingleFile();
    built.singleMs = performance.now() - start;
    start = performance.now();
    await buildScormPackage();
    built.scormMs = performance.now() - start;
    log(`built in ${(built.singleMs / 1000).toFixed(1)} s and ${(built.scormMs / 1000).toFixed(1)} s`);
  }
  const html = fs.readFileSync(SINGLE_FILE);
  const zip = fs.statSync(path.join(SCORM_DIR, `attention-lab-${DEFAULT_WALKTHROUGH}.zip`)).size;
  const bytes = { single: compressedSizes(html), parts: composition(html.toString('utf8')), scormZip: zip };

  await waitForQuiet(options.waitQuiet, 0.15, log);
  const browser = await launchBrowser({ forTests: false });
  const cpu = new CpuMonitor();
  const url = pathToFileURL(SINGLE_FILE).href;
  try {
    log('warm-up load');
    const warmUp = await load(browser.context, url);
    cpu.start('loads');
    const loads = [];
    for (let i = 0; i < options.loads; i += 1) loads.push(await load(browser.context, url));
    const noise = cpu.stop();
    const milestones = ['firstContentfulPaint', 'domContentLoaded', 'engineReady', 'firstStep', 'firstStepPainted'];
    const stats = Object.fromEntries(milestones.map((m) => [m, summary(loads.map((l) => l[m]).filter((x) => x != null))]));
    const info = machine(browser.context.browser()?.version() ?? 'unknown');

    const { parts } = bytes;
    console.log(`\nOffline single file: ${path.relative(ROOT, SINGLE_FILE)}; SCORM package: ${kb(zip)} KB zip\n`);
    console.log(table(['part', 'raw KB', 'gzip KB', 'brotli KB'], [
      [`wasm (base64, ${parts.wasm.count})`, kb(parts.wasm.raw), kb(parts.wasm.gzip), kb(parts.wasm.brotli)],
      [`KaTeX fonts (woff2 base64, ${parts.fonts.count})`, kb(parts.fonts.raw), kb(parts.fonts.gzip), kb(parts.fonts.brotli)],
      ['script (without the wasm)', kb(parts.script.raw), kb(parts.script.gzip), kb(parts.script.brotli)],
      ['style (without the fonts)', kb(parts.style.raw), kb(parts.style.gzip), kb(parts.style.brotli)],
      ['**whole file**', kb(bytes.single.raw), kb(bytes.single.gzip), kb(bytes.single.brotli)],
    ], ['l']));
    console.log(`\n${options.loads} loads from file:// after one warm-up (ms after navigation start):\n`);
    console.log(table(['milestone', 'median', 'p95', 'min', 'max'],
      milestones.map((m) => [m, ms(stats[m].median), ms(stats[m].p95), ms(stats[m].min), ms(stats[m].max)]), ['l']));
    console.log(`\nwarm-up load: first step painted at ${ms(warmUp.firstStepPainted)} ms; other processes used ${(100 * (noise[0]?.othersShareOfCpu ?? 0)).toFixed(0)} % of the CPUs meanwhile`);
    console.log(`machine: ${info.cpu}, ${info.cores} cores, ${info.os}, Chromium ${info.chromium}, Node ${info.node}`);

    fs.mkdirSync(path.dirname(options.out), { recursive: true });
    fs.writeFileSync(options.out, JSON.stringify({ machine: info, built, bytes, warmUp, loads, stats, noise }, null, 2));
    log(`wrote ${path.relative(ROOT, options.out)}`);
  } finally {
    await browser.close();
  }
}

main().catch((error) => {
  console.error(`bench:single: ${error.stack ?? error}`);
  process.exit(1);
});
