/**
 * EXPERIMENT (not part of `npm run bench`): the wasm kernel and the plain-JS reference timed in
 * headless Chromium (a newer V8 than Node 20's), next to the native binary, to see how much of
 * the wasm / native gap is the engine that runs the wasm. Needs apt `chromium` and npm
 * `playwright-core`; builds nothing (run `npm run bench -- --quick` first).
 *
 *   node scripts/bench/experiments/chromium.mjs [--rounds R] [--lib DIR]
 *
 * --lib serves another copy of web/lib (e.g. build/wasm-exp/NAME/lib from wasm-variant.sh).
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const arg = (name) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const rounds = Number(arg('--rounds')) || 11;
const LIB = path.resolve(arg('--lib') ?? path.join(ROOT, 'web/lib'));
const SIZES = [64, 256, 512];
const TYPES = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.html': 'text/html' };

const PAGE = `<!doctype html><link rel="icon" href="data:,"><script type="module">
import { loadCore } from '/web/lib/load-core.js';
import { benchInputs } from '/scripts/bench/inputs.mjs';
import { referenceAttention } from '/scripts/bench/reference-attention.mjs';
const core = await loadCore();
window.bench = (n, which, iterations) => {
  const x = benchInputs(n, 64);
  const m = (data) => ({ rows: n, cols: 64, data });
  const req = { query: m(x.query), key: m(x.key), value: m(x.value), mask: { kind: 'none' } };
  const call = which === 'kernel' ? () => core.attention(req) : () => referenceAttention(req.query, req.key, req.value);
  const start = performance.now();
  for (let i = 0; i < iterations; i += 1) call();
  return (performance.now() - start) / iterations;
};
window.ready = true;
</script>`;

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
  const wanted = path.normalize(decodeURIComponent(url.pathname));
  const file = wanted.startsWith('/web/lib/')
    ? path.join(LIB, wanted.slice('/web/lib/'.length))
    : wanted.startsWith('/scripts/bench/') ? path.join(ROOT, wanted) : null;
  if (!file) return res.writeHead(404).end();
  try {
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(await readFile(file));
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const port = /** @type {import('node:net').AddressInfo} */ (server.address()).port;

const { chromium } = await import('playwright-core');
const profile = mkdtempSync(path.join(os.tmpdir(), 'attn-bench-chromium-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
    '--disable-component-update', '--disable-sync'],
});
const page = context.pages()[0] ?? (await context.newPage());
await page.goto(`http://127.0.0.1:${port}/`);
await page.waitForFunction(() => window.ready === true);

const native = spawn(path.join(ROOT, 'build/native/attn_bench'), ['--serve'], {
  stdio: ['pipe', 'pipe', 'inherit'],
  env: { ...process.env, GLIBC_TUNABLES: '' },
});
let buffered = '';
const waiting = [];
native.stdout.on('data', (chunk) => {
  buffered += chunk;
  let nl;
  while ((nl = buffered.indexOf('\n')) >= 0) {
    const line = buffered.slice(0, nl);
    buffered = buffered.slice(nl + 1);
    waiting.shift()(JSON.parse(line));
  }
});
const nativeMean = (n, iterations) =>
  new Promise((resolve) => {
    waiting.push((r) => resolve(r.times_ms.reduce((a, b) => a + b, 0) / r.times_ms.length));
    native.stdin.write(`${n} 64 ${iterations} 1\n`);
  });

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
console.log(`Chromium ${(await context.browser()?.version()) ?? ''}, lib ${path.relative(ROOT, LIB)}; ${rounds} rounds, interleaved; per-call ms, median over rounds`);
console.log('  n  native  wasm kernel (Chromium)  JS (Chromium)  kernel/native  JS/kernel');
for (const n of SIZES) {
  const iterations = { 64: 200, 256: 15, 512: 4 }[n];
  for (let w = 0; w < 3; w += 1) {
    await page.evaluate(([n, k]) => window.bench(n, 'kernel', k), [n, iterations]);
    await page.evaluate(([n, k]) => window.bench(n, 'js', Math.max(1, k / 4)), [n, iterations]);
  }
  const t = { native: [], kernel: [], js: [], rk: [], rj: [] };
  for (let r = 0; r < rounds; r += 1) {
    const a = await nativeMean(n, iterations);
    const b = await page.evaluate(([n, k]) => window.bench(n, 'kernel', k), [n, iterations]);
    const c = await page.evaluate(([n, k]) => window.bench(n, 'js', Math.max(1, Math.ceil(k / 4))), [n, iterations]);
    t.native.push(a); t.kernel.push(b); t.js.push(c); t.rk.push(b / a); t.rj.push(c / b);
  }
  console.log(`${String(n).padStart(3)}  ${median(t.native).toFixed(3).padStart(6)}  ${median(t.kernel).toFixed(3).padStart(22)}  ` +
    `${median(t.js).toFixed(3).padStart(13)}  ${median(t.rk).toFixed(2).padStart(12)}×  ${median(t.rj).toFixed(2).padStart(8)}×`);
}
native.stdin.end('quit\n');
await context.close();
server.close();
rmSync(profile, { recursive: true, force: true });
