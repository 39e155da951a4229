// h5p-standalone (npm, MIT: github.com/tunapanda/h5p-standalone), the H5P player that needs no
// server, playing an .h5p: it reads a package unpacked and served over HTTP (it fetches h5p.json,
// the content and each library's library.json), writes H5P's iframe with its own bundle of H5P's
// core scripts, and runs the content's library in it. scripts/setup.sh unpacks it from its npm
// tarball (its preinstall script insists on yarn). The page records every xAPI statement H5P's
// dispatcher relays (window.statements).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { unzipSync } from 'fflate';
import { ROOT } from './pack.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';

/** The player's files (dist/ of the npm package). */
export const H5P_STANDALONE = path.join(ROOT, 'node_modules', '.cache', 'h5p-standalone-3.8.2', 'dist');

/** The page around the player: the package at /package, the player's bundles at /player. */
const page = (user, state) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>An H5P course page</title></head>
<body><main><h1>A course page</h1><div id="h5p"></div></main>
<script src="/player/main.bundle.js"></script>
<script>
  window.statements = [];
  new H5PStandalone.H5P(document.getElementById('h5p'), {
    id: 'attention-lab', h5pJsonPath: '/package', frameJs: '/player/frame.bundle.js', frameCss: '/player/styles/h5p.css',
    user: ${JSON.stringify(user).replace(/</g, '\\u003c')},
    // The state a host saved (H5P's core reads it as JSON), or none: the player would ask a server for it.
    contentUserData: [{ state: ${JSON.stringify(state ?? 'RESET').replace(/</g, '\u003c')} }],
    // H5P's core hands a content its saved state only where the host saves state; not within the test.
    ${state ? 'saveFreq: 3600,' : ''}
  }).then(() => H5P.externalDispatcher.on('xAPI', (event) => window.statements.push(event.data.statement)),
    (error) => { window.playerFailed = String(error); });
</script></body></html>`;

/**
 * Plays `h5p` (the package's bytes) for `user` (H5P's user: name, mail and an id) in a new page of
 * `context`; resolves once the lab in its frame shows its first step.
 * @param {import('playwright-core').BrowserContext} context @param {Uint8Array} h5p
 * @param {{ id: string, name: string, mail: string }} user
 * @param {{ state?: string }} [options] state: what a host saved of an earlier visit (the content's getCurrentState, as JSON)
 */
export async function playInStandalone(context, h5p, user, { state } = {}) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-h5p-package-'));
  for (const [name, bytes] of Object.entries(unzipSync(h5p))) {
    const file = path.join(folder, name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, bytes);
  }
  const server = await serveFiles({ pages: { '/': page(user, state) }, folders: { '/player/': H5P_STANDALONE, '/package/': folder } });
  const browserPage = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  browserPage.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  browserPage.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await browserPage.goto(server.url);
  const frame = await (await browserPage.waitForSelector('iframe.h5p-iframe')).contentFrame();
  if (!frame) throw new Error('h5p-standalone wrote no frame for the content');
  // The lab has started: its step list is drawn (every step's button).
  await frame.locator('#step-title').filter({ hasText: /\S/ }).waitFor();
  return {
    page: browserPage,
    frame,
    problems: () => problems,
    close: async () => {
      await browserPage.close();
      await server.close();
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}
