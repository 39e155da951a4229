// Whether node_modules holds what package-lock.json asks for, so that set-up (scripts/setup.sh)
// runs `npm ci` only when something is missing or different. npm writes what it installed to
// node_modules/.package-lock.json; the comparison is of contents, not of file times (a checkout,
// or an `npm install` that rewrites the lock with the same contents, makes the lock newer).
//   node scripts/lib/installed-deps.mjs    exit 0 when node_modules matches the lock, 1 (saying why) when not
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** The fields that say which package is installed where. */
const identity = (entry) => JSON.stringify([entry.version, entry.resolved, entry.integrity, Boolean(entry.link)]);

/**
 * Why `root`'s node_modules does not match its lock file, or undefined when it does. A package
 * the lock marks optional may be missing (npm skips those for another platform, such as
 * @esbuild/darwin-arm64); every other package must be installed, and every installed package
 * must be the lock's.
 * @param {string} [root] a folder holding package-lock.json
 * @returns {string | undefined}
 */
export function installedMismatch(root = ROOT) {
  const read = (file) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));
  let lock;
  let installed;
  try {
    lock = read('package-lock.json');
  } catch (error) {
    return `package-lock.json cannot be read: ${error.message}`;
  }
  try {
    installed = read(path.join('node_modules', '.package-lock.json'));
  } catch {
    return 'node_modules is missing or was not installed by npm';
  }
  const wanted = Object.entries(lock.packages ?? {}).filter(([where]) => where !== '');
  const have = installed.packages ?? {};
  for (const [where, entry] of wanted) {
    if (!(where in have)) {
      if (entry.optional) continue;
      return `${where} is not installed`;
    }
    if (identity(have[where]) !== identity(entry)) return `${where} is ${have[where].version ?? 'another version'}, the lock asks for ${entry.version}`;
  }
  const locked = new Set(wanted.map(([where]) => where));
  const extra = Object.keys(have).find((where) => !locked.has(where));
  if (extra) return `${extra} is installed but not in the lock`;
  for (const [where] of wanted) {
    if (where in have && !fs.existsSync(path.join(root, where))) return `${where} was removed`;
  }
  return undefined;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const mismatch = installedMismatch();
  if (mismatch) {
    console.log(`setup: npm ci (${mismatch})`);
    process.exit(1);
  }
}
