// Builds that several test files and commands need (the page, the web component, the offline
// template, the packed npm package), made once per state of the sources they are made from and
// kept in build/cache/<name>/<key>/. The key is a hash of every source file's path and bytes, so
// a kept build is never stale: an edit anywhere makes a new key and the next caller builds again.
// `npm test` makes them all before its tests run (scripts/test-builds.mjs); a test file run on
// its own makes what it needs and leaves it for the next.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const CACHE = path.join(ROOT, 'build', 'cache');

/** What the cached builds are made from: the page, its build scripts and what the package ships. */
const SOURCES = ['web', 'scripts', 'vite.config.js', 'vite.component.config.js', 'tsconfig.json',
  'package.json', 'package-lock.json', 'README.md', 'LICENSE', 'docs/engine.md'];

/** Every file under `entry` (a file or a folder), sorted, skipping node_modules. */
function filesUnder(entry) {
  const full = path.join(ROOT, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return fs.readdirSync(full).filter((name) => name !== 'node_modules').sort()
    .flatMap((name) => filesUnder(path.join(entry, name)));
}

let key;
/** The hash of the sources now, computed once per process (~20 ms). */
export function sourcesKey() {
  if (!key) {
    const hash = crypto.createHash('sha256');
    for (const file of SOURCES.flatMap(filesUnder)) {
      hash.update(`${file}\0`);
      hash.update(fs.readFileSync(path.join(ROOT, file)));
      hash.update('\0');
    }
    key = hash.digest('hex').slice(0, 16);
  }
  return key;
}

/** Builds already under way in this process, by folder: a second caller waits for the first. */
const underWay = new Map();

/**
 * The folder of the build `name` for the sources as they are, made by `make(folder)` unless it is
 * there already. `make` writes into a folder of its own that is renamed into place when complete,
 * so a reader never sees half a build, and two processes that build at once both finish (the
 * second's copy is dropped). Builds of this name for other sources are removed.
 * @param {string} name @param {(folder: string) => Promise<void>} make
 * @returns {Promise<string>}
 */
export function cachedBuild(name, make) {
  const parent = path.join(CACHE, name);
  const folder = path.join(parent, sourcesKey());
  if (fs.existsSync(folder)) return Promise.resolve(folder);
  if (!underWay.has(folder)) {
    underWay.set(folder, (async () => {
      const partial = `${folder}.${process.pid}.partial`;
      fs.rmSync(partial, { recursive: true, force: true });
      fs.mkdirSync(partial, { recursive: true });
      try {
        await make(partial);
        fs.renameSync(partial, folder);
      } catch (error) {
        fs.rmSync(partial, { recursive: true, force: true });
        if (!fs.existsSync(folder)) throw error; // another process's rename wins; anything else is real
      }
      for (const other of fs.readdirSync(parent)) {
        if (/^[0-9a-f]{16}$/.test(other) && path.join(parent, other) !== folder) {
          fs.rmSync(path.join(parent, other), { recursive: true, force: true });
        }
      }
      return folder;
    })().finally(() => underWay.delete(folder)));
  }
  return underWay.get(folder);
}
