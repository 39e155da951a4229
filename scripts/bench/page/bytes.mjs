// Part 1 of the page benchmark: the bytes the landing page loads, and what the build holds.
import fs from 'node:fs';
import path from 'node:path';

import { describePage } from './in-page.mjs';
import { VIEWPORT } from './loads.mjs';
import { compressedSizes } from './sizes-and-machine.mjs';

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
 * then visits every step of the landing walkthrough and records what that adds (a later step
 * may load a chunk or a font the landing step did not need).
 */
export async function measureBytes(context, url) {
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
export function buildOutput(outDir, loadedFiles) {
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
