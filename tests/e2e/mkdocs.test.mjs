// The web component in an MkDocs site, as docs/embedding.md's recipe says, with Debian's MkDocs
// (1.4, whose extra_javascript cannot say `type: module`): the component's folder in docs/, the
// classic loader in extra_javascript, a lab on the home page and one on a page two folders deep.
// The site is built with `mkdocs build --strict` and served under a sub-path (as site_url would
// put it), and both labs must show the engine's numbers in Chromium.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { missingCommand } from '../../scripts/lib/commands.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, ROOT } from '../../scripts/lib/browser.mjs';
import { copyComponentInto, weightsOn } from './site-recipes.mjs';

/** Why MkDocs cannot be tried here, or undefined. */
const noMkdocs = missingCommand('mkdocs', ['--version'], 'mkdocs is not installed (Debian package mkdocs; scripts/setup.sh installs it)');

const work = path.join(ROOT, 'build', 'e2e', `mkdocs-${process.pid}`);
const SUB_PATH = '/courses/attention/';

/** The recipe of docs/embedding.md, "MkDocs". */
const MKDOCS_YML = `site_name: A course on attention
site_url: https://example.org${SUB_PATH}
# The theme's code highlighting comes from a CDN, which a closed test network cannot reach.
theme:
  name: mkdocs
  highlightjs: false
extra_javascript:
  - attention-lab/attention-lab-loader.js
nav:
  - Home: index.md
  - Week 3: weeks/three/masks.md
`;

/** @type {Awaited<ReturnType<typeof serveFiles>>} */ let host;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;

before(async () => {
  if (noMkdocs) return;
  fs.rmSync(work, { recursive: true, force: true });
  const docs = path.join(work, 'docs');
  fs.mkdirSync(path.join(docs, 'weeks', 'three'), { recursive: true });
  await copyComponentInto(path.join(docs, 'attention-lab'));
  fs.writeFileSync(path.join(work, 'mkdocs.yml'), MKDOCS_YML);
  fs.writeFileSync(path.join(docs, 'index.md'), '# Attention\n\nThe worked example:\n\n<attention-lab walkthrough="worked-example" step="softmax"></attention-lab>\n');
  fs.writeFileSync(path.join(docs, 'weeks', 'three', 'masks.md'), '# Week 3: masks\n\n<attention-lab walkthrough="causal-mask" step="softmax"></attention-lab>\n');
  execFileSync('mkdocs', ['build', '--strict', '--quiet', '-f', path.join(work, 'mkdocs.yml'), '-d', path.join(work, 'site')], { stdio: 'pipe' });
  host = await serveFiles({ folders: { [SUB_PATH]: path.join(work, 'site') } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('mkdocs build --strict writes the loader into every page with a path relative to it', { skip: noMkdocs }, () => {
  const nested = fs.readFileSync(path.join(work, 'site', 'weeks', 'three', 'masks', 'index.html'), 'utf8');
  assert.match(nested, /<script src="\.\.\/\.\.\/\.\.\/attention-lab\/attention-lab-loader\.js"( defer)?><\/script>/);
  const home = fs.readFileSync(path.join(work, 'site', 'index.html'), 'utf8');
  assert.match(home, /<script src="attention-lab\/attention-lab-loader\.js"( defer)?><\/script>/);
});

test('the lab on the home page shows the engine’s weights', { skip: noMkdocs }, async () => {
  const { weights, problems } = await weightsOn(browser, host, SUB_PATH);
  assert.deepEqual(weights, ['0.140', '0.284', '0.576']);
  assert.deepEqual(problems, []);
});

test('the lab on a page three folders deep finds the component and its engine', { skip: noMkdocs }, async () => {
  const { weights, problems } = await weightsOn(browser, host, `${SUB_PATH}weeks/three/masks/`);
  assert.equal(weights.length, 16, weights.join(' '));
  assert.deepEqual(weights.slice(0, 4), ['1.000', '0', '0', '0'], 'the first token sees only itself (an exact 0 stays 0; the 1 takes the row’s decimals)');
  assert.deepEqual(problems, []);
});
