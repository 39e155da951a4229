// The web component in a Sphinx site, as docs/embedding.md's Jupyter Book recipe says (Jupyter
// Book builds its books with Sphinx, and its `_config.yml` `sphinx: config:` entries become
// Sphinx's conf.py; Jupyter Book itself is not packaged for Debian): the component's folder in
// _static/, the classic loader in html_js_files, a lab on the home page and one on a page two
// folders deep, written as raw HTML. Built by Debian's sphinx-build with warnings as errors and
// served under a sub-path, both labs must show the engine's numbers in Chromium.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';

import { missingCommand } from '../../scripts/lib/commands.mjs';
import { serveFiles } from '../../scripts/lib/static-server.mjs';
import { launchBrowser, ROOT } from '../../scripts/lib/browser.mjs';
import { copyComponentInto, weightsOn } from './site-recipes.mjs';

/** Why Sphinx cannot be tried here, or undefined. */
const noSphinx = missingCommand('sphinx-build', ['--version'], 'sphinx-build is not installed (Debian package python3-sphinx; scripts/setup.sh installs it)');

const work = path.join(ROOT, 'build', 'e2e', `sphinx-${process.pid}`);
const SUB_PATH = '/courses/attention/';

/** The recipe of docs/embedding.md, "Jupyter Book", as the conf.py Jupyter Book writes from it. */
const CONF_PY = `project = 'A course on attention'
html_static_path = ['_static']
html_js_files = ['attention-lab/attention-lab-loader.js']
`;

const rawTag = (walkthrough) => `.. raw:: html\n\n   <attention-lab walkthrough="${walkthrough}" step="softmax"></attention-lab>\n`;

/** @type {Awaited<ReturnType<typeof serveFiles>>} */ let host;
/** @type {Awaited<ReturnType<typeof launchBrowser>>} */ let browser;

before(async () => {
  if (noSphinx) return;
  fs.rmSync(work, { recursive: true, force: true });
  const source = path.join(work, 'source');
  fs.mkdirSync(path.join(source, 'weeks', 'three'), { recursive: true });
  await copyComponentInto(path.join(source, '_static', 'attention-lab'));
  fs.writeFileSync(path.join(source, 'conf.py'), CONF_PY);
  fs.writeFileSync(path.join(source, 'index.rst'), `Attention\n=========\n\nThe worked example:\n\n${rawTag('worked-example')}\n.. toctree::\n\n   weeks/three/masks\n`);
  fs.writeFileSync(path.join(source, 'weeks', 'three', 'masks.rst'), `Week 3: masks\n=============\n\n${rawTag('causal-mask')}`);
  execFileSync('sphinx-build', ['-W', '-q', '-b', 'html', source, path.join(work, 'site')], { stdio: 'pipe' });
  host = await serveFiles({ folders: { [SUB_PATH]: path.join(work, 'site') } });
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
  await host?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

test('sphinx-build -W writes the loader into every page with a path relative to it', { skip: noSphinx }, () => {
  const nested = fs.readFileSync(path.join(work, 'site', 'weeks', 'three', 'masks.html'), 'utf8');
  assert.match(nested, /<script src="\.\.\/\.\.\/_static\/attention-lab\/attention-lab-loader\.js"><\/script>/);
  const home = fs.readFileSync(path.join(work, 'site', 'index.html'), 'utf8');
  assert.match(home, /<script src="_static\/attention-lab\/attention-lab-loader\.js"><\/script>/);
});

test('the lab on the home page shows the engine’s weights', { skip: noSphinx }, async () => {
  const { weights, problems } = await weightsOn(browser, host, `${SUB_PATH}index.html`);
  assert.deepEqual(weights, ['0.140', '0.284', '0.576']);
  assert.deepEqual(problems, []);
});

test('the lab on a page two folders deep finds the component and its engine', { skip: noSphinx }, async () => {
  const { weights, problems } = await weightsOn(browser, host, `${SUB_PATH}weeks/three/masks.html`);
  assert.equal(weights.length, 16, weights.join(' '));
  assert.deepEqual(weights.slice(0, 4), ['1.000', '0', '0', '0'], 'the first token sees only itself (an exact 0 stays 0; the 1 takes the row’s decimals)');
  assert.deepEqual(problems, []);
});
