// Set-up (scripts/setup.sh, run by `npm start`) runs `npm ci` only when node_modules does not hold
// what package-lock.json asks for: compared by contents (scripts/lib/installed-deps.mjs), so a
// lock file that is merely newer (a checkout, an `npm install` that rewrote it unchanged) does
// not reinstall everything, and a changed one does.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

import { installedMismatch } from '../../scripts/lib/installed-deps.mjs';

const PACKAGES = {
  'node_modules/katex': { version: '0.19.1', resolved: 'https://registry.npmjs.org/katex/-/katex-0.19.1.tgz', integrity: 'sha512-k', dev: true },
  'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', resolved: 'https://registry.npmjs.org/@esbuild/darwin-arm64/-/darwin-arm64-0.28.2.tgz', integrity: 'sha512-d', dev: true, optional: true, os: ['darwin'] },
};

/** A project folder with `lock` as its lock file and `installed` as node_modules/.package-lock.json (none if undefined). */
function project(lock, installed) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-deps-'));
  fs.writeFileSync(path.join(root, 'package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: { '': { name: 'x' }, ...lock } }));
  if (installed) {
    fs.mkdirSync(path.join(root, 'node_modules'), { recursive: true });
    for (const where of Object.keys(installed)) fs.mkdirSync(path.join(root, where), { recursive: true });
    fs.writeFileSync(path.join(root, 'node_modules', '.package-lock.json'), JSON.stringify({ lockfileVersion: 3, packages: installed }));
  }
  return root;
}

test('node_modules as the lock asks, with another platform’s optional package skipped: no npm ci, however new the lock file', () => {
  const { 'node_modules/katex': katex } = PACKAGES;
  const root = project(PACKAGES, { 'node_modules/katex': katex });
  const later = new Date(Date.now() + 60_000);
  fs.utimesSync(path.join(root, 'package-lock.json'), later, later);
  assert.equal(installedMismatch(root), undefined);
});

test('npm ci when node_modules is missing, differs from the lock, lacks a package or has one the lock does not', () => {
  const katex = PACKAGES['node_modules/katex'];
  assert.match(installedMismatch(project(PACKAGES, undefined)), /node_modules is missing/);
  assert.match(installedMismatch(project(PACKAGES, { 'node_modules/katex': { ...katex, version: '0.16.0' } })), /node_modules\/katex is 0\.16\.0, the lock asks for 0\.19\.1/);
  assert.match(installedMismatch(project({ ...PACKAGES, 'node_modules/d3-axis': { version: '3.0.1', dev: true } }, { 'node_modules/katex': katex })), /d3-axis is not installed/);
  assert.match(installedMismatch(project(PACKAGES, { 'node_modules/katex': katex, 'node_modules/left-pad': { version: '1.3.0' } })), /left-pad is installed but not in the lock/);
  const removed = project(PACKAGES, { 'node_modules/katex': katex });
  fs.rmSync(path.join(removed, 'node_modules/katex'), { recursive: true });
  assert.match(installedMismatch(removed), /katex was removed/);
});

test('this checkout, installed by npm ci as the tests need, matches its lock: `npm start` would not reinstall', () => {
  assert.equal(installedMismatch(), undefined);
});
