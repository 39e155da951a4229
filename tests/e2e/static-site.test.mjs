// `npm run build` (scripts/site.sh): the page as a static site that works from any sub-path of any
// static host. The site is built by the script itself, then served by a plain static file server
// (no vite, no rewriting) under /courses/attention/lab/, and used there in Chromium: the engine
// loads, lessons open by link, the training lesson's Web Worker trains, the Embed dialog's
// snippet points under the sub-path, and the host script is beside the page.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { launchBrowser, ROOT } from '../../scripts/lib/browser.mjs';
import { missingCommand } from '../../scripts/lib/commands.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';

const SUB_PATH = '/courses/attention/lab/';
const siteDir = path.join(ROOT, 'build', 'e2e', `site-${process.pid}`);

/** @type {Awaited<ReturnType<typeof serveFiles>>} */ let host;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;
/** @type {string} */ let buildLog;

before(async () => {
  buildLog = execFileSync('bash', ['scripts/site.sh'], { cwd: ROOT, env: { ...process.env, SITE_DIR: siteDir }, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  host = await serveFiles({ folders: { [SUB_PATH]: siteDir } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
  fs.rmSync(siteDir, { recursive: true, force: true });
});

const site = () => new URL(SUB_PATH, host.url).href;

/** Opens an address of the site and waits for a step; records failed requests and page errors. */
async function open(address, ready = '#step-title') {
  const page = await browser.context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400) problems.push(`${response.status()} ${response.url()}`);
  });
  await page.goto(address);
  await page.locator(ready).filter({ hasText: /\S/ }).first().waitFor();
  return { page, problems };
}

test('npm run build writes the site, every address in its page relative to it', () => {
  assert.match(buildLog, /the static site is in .*site-\d+\//);
  const html = fs.readFileSync(path.join(siteDir, 'index.html'), 'utf8');
  const addresses = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]).filter((a) => !a.startsWith('data:') && !a.startsWith('#') && !/^https?:/.test(a));
  assert.ok(addresses.length > 3, addresses.join(' '));
  assert.deepEqual(addresses.filter((a) => a.startsWith('/')), [], 'no address from the host’s root');
  assert.ok(fs.readdirSync(path.join(siteDir, 'assets')).some((file) => file.endsWith('.wasm')));
  assert.ok(fs.existsSync(path.join(siteDir, 'embed-host.js')));
});

test('served under a sub-path, the worked example shows the engine’s numbers and a lesson opens by link', async () => {
  const { page, problems } = await open(site());
  await page.locator('#step-list button[data-step="softmax"]').click();
  assert.deepEqual(await page.locator('figure[data-panel="weights"] td[data-row]').allTextContents(), ['0.140', '0.284', '0.576']);
  await page.goto(`${site()}index.html?w=causal-mask&step=softmax`);
  await page.locator('#walkthrough-title').filter({ hasText: /Causal mask/ }).waitFor();
  assert.equal(await page.locator('#step-list button[aria-current="step"]').getAttribute('data-step'), 'softmax');
  assert.deepEqual(problems, []);
  await page.close();
});

test('served under a sub-path, the training lesson trains in its Web Worker', { timeout: 240_000 }, async () => {
  const { page, problems } = await open(`${site()}?train=reverse`, '#training-status[data-state="ready"]');
  await page.locator('#train-button').click();
  await page.waitForFunction(() => Number(document.getElementById('training-status')?.textContent?.match(/^Step (\d+)/)?.[1] ?? 0) >= 30, null, { timeout: 200_000 });
  await page.locator('#train-button').click();
  assert.deepEqual(problems, []);
  await page.close();
});

test('served under a sub-path, the Embed snippet points under it, its host script is there, and the Download buttons find the offline template', async () => {
  const { page, problems } = await open(`${site()}?w=causal-mask`);
  await page.locator('.control-embed').click();
  const snippet = await page.locator('dialog.embed-dialog textarea').inputValue();
  const src = /<iframe src="([^"]*)"/.exec(snippet)?.[1]?.replace(/&amp;/g, '&') ?? '';
  assert.ok(src.startsWith(site()), src);
  const hostScript = /<script src="([^"]*)"/.exec(snippet)?.[1] ?? '';
  assert.equal(hostScript, `${site()}embed-host.js`);
  const response = await page.request.get(hostScript);
  assert.equal(response.status(), 200);
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Single HTML file' }).click()]);
  assert.equal(download.suggestedFilename(), 'attention-lab-causal-mask.html');
  assert.ok(fs.existsSync(path.join(siteDir, 'attention-lab-offline.html')));
  assert.deepEqual(problems, []);
  await page.close();
});

/** Why the nginx recipe cannot be tried here, or undefined. */
const noNginx = missingCommand('nginx', ['-v'],
  'nginx is not installed (Debian package nginx-light; optional, not installed by scripts/setup.sh because its package starts a server on port 80)');

test('the nginx recipe in docs/deploy/nginx.conf serves the site: wasm as application/wasm, gzipped, hashed assets cached for a year, the page revalidated', { skip: noNginx }, async () => {
  const dir = fs.mkdtempSync(path.join(ROOT, 'build', 'e2e', 'nginx-'));
  const recipe = fs.readFileSync(path.join(ROOT, 'docs/deploy/nginx.conf'), 'utf8').replaceAll('/var/www/attention-lab/', `${siteDir}/`);
  const port = 20000 + (process.pid % 20000);
  fs.writeFileSync(path.join(dir, 'nginx.conf'), `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log;
events {}
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi; uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  server {
    listen 127.0.0.1:${port};
${recipe}
  }
}
`);
  // nginx as root hands requests to workers running as nobody: the site must be readable by them.
  fs.chmodSync(dir, 0o755);
  const { spawn } = await import('node:child_process');
  const nginx = spawn('nginx', ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')], { stdio: 'ignore' });
  try {
    const base = `http://127.0.0.1:${port}/attention-lab/`;
    let index;
    for (let tries = 0; ; tries += 1) {
      index = await fetch(base).catch(() => undefined);
      if (index || tries > 100) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(index, `nginx did not answer: ${fs.existsSync(path.join(dir, 'error.log')) ? fs.readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`);
    assert.equal(index.status, 200);
    assert.equal(index.headers.get('cache-control'), 'no-cache');
    const wasmFile = fs.readdirSync(path.join(siteDir, 'assets')).find((file) => file.endsWith('.wasm'));
    const wasm = await fetch(`${base}assets/${wasmFile}`, { headers: { 'accept-encoding': 'gzip' } });
    assert.equal(wasm.status, 200);
    assert.equal(wasm.headers.get('content-type'), 'application/wasm');
    assert.equal(wasm.headers.get('content-encoding'), 'gzip');
    assert.equal(wasm.headers.get('cache-control'), 'public, max-age=31536000, immutable');

    const page = await browser.context.newPage();
    await page.goto(`${base}?w=worked-example&step=softmax`);
    await page.locator('figure[data-panel="weights"] td[data-row]').first().waitFor();
    assert.deepEqual(await page.locator('figure[data-panel="weights"] td[data-row]').allTextContents(), ['0.140', '0.284', '0.576']);
    await page.close();
  } finally {
    nginx.kill('SIGTERM');
    await new Promise((resolve) => nginx.once('exit', resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
