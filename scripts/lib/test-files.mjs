// The files `npm test` hands to node --test, the slowest first. node --test starts files in the
// order given, as many at once as its concurrency; in folder order the run used to end on the
// longest files (walkthrough-axe, walkthrough-screens: ~2 minutes each under load), started last
// and running alone while the other core idled. Slowest first, the short files fill in behind.
//
// The times are the last run's on this machine (build/file-times.tsv, which the run
// summary reporter writes), or else the committed tests/support/file-times.tsv (a copy of one
// run's, for a fresh clone): only the order depends on them, never what runs. A file in neither
// (a new one) runs after the timed ones.
//
//   node scripts/lib/test-files.mjs tests/api tests/page tests/e2e   prints them, one a line
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const LAST_RUN = path.join(ROOT, 'build', 'file-times.tsv');
export const COMMITTED = path.join(ROOT, 'tests', 'support', 'file-times.tsv');

/** The test files under `folder` as node --test finds them there (*.test.mjs, node_modules left out). */
function testFilesIn(folder) {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : testFilesIn(file);
    return entry.name.endsWith('.test.mjs') ? [file] : [];
  });
}

/** File (relative to the repository) → ms, from a file-times.tsv (`ms<TAB>file` lines); empty if none. */
export function readTimes(file) {
  if (!fs.existsSync(file)) return new Map();
  return new Map(fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((line) => {
    const [ms, name] = line.split('\t');
    return [name, Number(ms)];
  }));
}

/** The test files of `folders` (relative to the repository), slowest first by `times`. */
export function slowestFirst(folders, times) {
  const files = folders.flatMap((folder) => testFilesIn(path.join(ROOT, folder))).map((file) => path.relative(ROOT, file)).sort();
  return files.sort((a, b) => (times.get(b) ?? -1) - (times.get(a) ?? -1));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const times = readTimes(LAST_RUN);
  const files = slowestFirst(process.argv.slice(2), times.size > 0 ? times : readTimes(COMMITTED));
  process.stdout.write(`${files.join('\n')}\n`);
}
