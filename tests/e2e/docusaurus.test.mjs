// The web component in a Docusaurus 3 site, as docs/embedding.md's recipe says: the component's
// folder in static/attention-lab/, its module in docusaurus.config.js `scripts` with the site's
// baseUrl, a lab in MDX on the home page and one on a page two folders deep. The site
// (docusaurus-site/, with its own package-lock.json) is built with `docusaurus build` and served
// under its baseUrl; both labs, also the one reached by Docusaurus's client-side navigation,
// must show the engine's numbers in Chromium, with the engine fetched from under the sub-path.
//
// Docusaurus is an npm package, not a Debian one, and too large (~270 MB, ~1,300 packages) for
// the repository's own node_modules: `npm ci` installs it into a cache outside the checkout,
// keyed by the lockfile (under a minute the first time, nothing afterwards); with the npm
// registry out of reach the tests are skipped and say so.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, ROOT } from '../../scripts/lib/browser.mjs';
import { copyComponentInto, weightsOn } from './site-recipes.mjs';

const SITE = path.join(ROOT, 'tests', 'e2e', 'docusaurus-site');
/** The site's baseUrl (docusaurus-site/docusaurus.config.js). */
const BASE_URL = '/course/';
const work = path.join(ROOT, 'build', 'e2e', `docusaurus-${process.pid}`);

/** npm's codes for a registry it cannot reach. */
const UNREACHABLE = /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ENOTCACHED)\b/;

/** The network error npm's `said` names, if any: a registry out of reach. */
const networkError = (said) => UNREACHABLE.exec(said)?.[1];

/**
 * Installs the site's packages with `npm ci` into the cache (XDG_CACHE_HOME or ~/.cache)
 * under attention-lab/docusaurus/<hash of package.json and package-lock.json>, once per lockfile;
 * an earlier lockfile's install is removed. Installs into a folder of its own, renamed when
 * complete, so an interrupted or concurrent run never leaves a half-installed cache.
 * @returns {{ nodeModules: string, installSeconds: number | null } | { skip: string }} installSeconds:
 *   null when it was installed already
 */
function installSite() {
  const files = ['package.json', 'package-lock.json'];
  const hash = crypto.createHash('sha256');
  for (const file of files) hash.update(fs.readFileSync(path.join(SITE, file)));
  const key = hash.digest('hex').slice(0, 16);
  const cache = path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), '.cache'), 'attention-lab', 'docusaurus');
  const installed = path.join(cache, key);
  if (fs.existsSync(installed)) return { nodeModules: path.join(installed, 'node_modules'), installSeconds: null };
  const started = performance.now();
  // A quick look first: npm ci itself retries for a minute and more before it gives up.
  const ping = spawnSync('npm', ['ping', '--fetch-retries=0', '--fetch-timeout=20000'], { encoding: 'utf8' });
  if (ping.status !== 0 && networkError(ping.stderr)) return { skip: `the npm registry is out of reach (npm ping: ${networkError(ping.stderr)})` };
  const fresh = `${installed}.${process.pid}`;
  fs.mkdirSync(fresh, { recursive: true });
  for (const file of files) fs.copyFileSync(path.join(SITE, file), path.join(fresh, file));
  try {
    execFileSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: fresh, stdio: 'pipe' });
  } catch (error) {
    fs.rmSync(fresh, { recursive: true, force: true });
    const said = `${error.stderr ?? ''}${error.message}`;
    if (networkError(said)) return { skip: `the npm registry is out of reach (npm ci: ${networkError(said)})` };
    throw new Error(`npm ci of tests/e2e/docusaurus-site failed:\n${said}`);
  }
  try {
    fs.renameSync(fresh, installed);
  } catch {
    fs.rmSync(fresh, { recursive: true, force: true }); // another run finished first
  }
  for (const old of fs.readdirSync(cache)) {
    if (/^[0-9a-f]{16}$/.test(old) && old !== key) fs.rmSync(path.join(cache, old), { recursive: true, force: true });
  }
  return { nodeModules: path.join(installed, 'node_modules'), installSeconds: (performance.now() - started) / 1000 };
}

const install = installSite();
const noRegistry = 'skip' in install ? install.skip : undefined;

/** @type {Awaited<ReturnType<typeof serveFiles>>} */ let host;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;
let buildSeconds = 0;

before(async () => {
  if (noRegistry) return;
  fs.rmSync(work, { recursive: true, force: true });
  fs.cpSync(SITE, work, { recursive: true, filter: (source) => path.basename(source) !== 'node_modules' });
  fs.symlinkSync(install.nodeModules, path.join(work, 'node_modules'));
  await copyComponentInto(path.join(work, 'static', 'attention-lab'));
  const started = performance.now();
  // Each run builds in a folder of its own: webpack's persistent cache would only grow.
  execFileSync(path.join(work, 'node_modules', '.bin', 'docusaurus'), ['build'], {
    cwd: work, stdio: 'pipe', env: { ...process.env, DOCUSAURUS_NO_PERSISTENT_CACHE: '1' },
  });
  buildSeconds = (performance.now() - started) / 1000;
  host = await serveFiles({ folders: { [BASE_URL]: path.join(work, 'build') } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('docusaurus build writes the module script with the baseUrl into every page', { skip: noRegistry }, (t) => {
  const installed = install.installSeconds === null ? 'installed before' : `${install.installSeconds.toFixed(1)} s`;
  t.diagnostic(`npm ci: ${installed}; docusaurus build: ${buildSeconds.toFixed(1)} s`);
  const script = `<script src="${BASE_URL}attention-lab/attention-lab.js" type="module"></script>`;
  for (const page of ['index.html', 'weeks/three/masks/index.html']) {
    const html = fs.readFileSync(path.join(work, 'build', page), 'utf8');
    assert.ok(html.includes(script), `${page} loads ${script}`);
    assert.match(html, /<attention-lab walkthrough="[a-z-]+" step="softmax"><\/attention-lab>/, `${page} keeps the tag from MDX`);
  }
});

test('the lab on the home page shows the engine’s weights, its engine fetched from under the baseUrl', { skip: noRegistry }, async () => {
  const { weights, problems, wasm } = await weightsOn(browser, host, BASE_URL);
  assert.deepEqual(weights, ['0.140', '0.284', '0.576']);
  assert.deepEqual(problems, []);
  assert.ok(wasm.length > 0, 'the page fetched the engine');
  for (const address of wasm) assert.ok(new URL(address).pathname.startsWith(`${BASE_URL}attention-lab/`), address);
});

/** The causal mask's weights: 16 cells, the first token seeing only itself. */
function assertCausalWeights(weights) {
  assert.equal(weights.length, 16, weights.join(' '));
  assert.deepEqual(weights.slice(0, 4), ['1.000', '0', '0', '0'], 'the first token sees only itself (an exact 0 stays 0; the 1 takes the row’s decimals)');
}

test('the lab on a page two folders deep, opened by its address, finds the component and its engine', { skip: noRegistry }, async () => {
  const { weights, problems } = await weightsOn(browser, host, `${BASE_URL}weeks/three/masks/`);
  assertCausalWeights(weights);
  assert.deepEqual(problems, []);
});

test('the lab on that page, reached by a link (client-side navigation), starts too', { skip: noRegistry }, async () => {
  const { weights, problems } = await weightsOn(browser, host, BASE_URL, async (page) => {
    await page.locator('attention-lab figure[data-panel="weights"] td[data-row]').first().waitFor({ timeout: 60_000 });
    await page.getByRole('link', { name: 'week 3, masks', exact: true }).click();
    await page.getByRole('heading', { name: 'Week 3: masks' }).waitFor();
  });
  assertCausalWeights(weights);
  assert.deepEqual(problems, []);
});
