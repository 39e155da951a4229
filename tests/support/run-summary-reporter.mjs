// A node:test reporter for the end of `npm test`, beside node's default reporter (whose closing
// `# pass N` / `# fail 0` lines CI reads): what was skipped and why, in one line, e.g.
//   skipped: 28 (/usr/bin/python3 cannot import torch ×14; … ×14)
// or `skipped: none`, so a fresh machine says in one place what it could not test (a skip
// without a reason counts as "no reason given", itself a finding: every skip should name what is
// missing); then the slowest test files, so a run that got slower says where. With
// ATTN_FILE_TIMES set, it also writes every file's time there (`ms<TAB>file`, slowest first),
// from which the next run starts the slowest files first (scripts/lib/test-files.mjs).
import fs from 'node:fs';

/**
 * The line for the skipped tests and suites (each a map of reason → count), most frequent
 * first. The count is of tests, as in node's own `ℹ skipped N`; a skipped suite hides tests
 * node never counts, so it is listed apart.
 */
export function summarise(tests, suites = new Map()) {
  const total = [...tests.values()].reduce((sum, count) => sum + count, 0);
  if (total === 0 && suites.size === 0) return 'skipped: none';
  const list = (reasons, unit) => [...reasons]
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([reason, count]) => `${reason} ×${count}${unit}`);
  return `skipped: ${total} (${[...list(tests, ''), ...list(suites, ' whole suite')].join('; ')})`;
}

/** The reason a `test:pass`/`test:fail` event was skipped for, or null if it ran. */
export function skipReason(data) {
  if (data.skip === undefined || data.skip === false) return null;
  return typeof data.skip === 'string' && data.skip.trim() !== '' ? data.skip.trim() : 'no reason given';
}

/**
 * The lines for `times` (file → ms, the sum of its top-level tests' and suites' durations, the
 * hooks within them included), slowest first.
 */
export function slowestFiles(times, shown = 12) {
  const rows = [...times].sort(([, a], [, b]) => b - a);
  const total = rows.reduce((sum, [, ms]) => sum + ms, 0);
  return [
    `test files: ${rows.length}, their tests' times summed: ${(total / 1000).toFixed(0)} s; the slowest:`,
    ...rows.slice(0, shown).map(([file, ms]) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${relative(file)}`),
  ];
}

/** A test file's path from the working directory (the repository's root under npm test). */
const relative = (file) => (file.startsWith(`${process.cwd()}/`) ? file.slice(process.cwd().length + 1) : file);

/** Every file's time as file-times.tsv holds it: `ms<TAB>file` lines, slowest first. */
export function timesTable(times) {
  return [...times].sort(([, a], [, b]) => b - a).map(([file, ms]) => `${Math.round(ms)}\t${relative(file)}\n`).join('');
}

export default async function* runSummary(source) {
  const tests = new Map();
  const suites = new Map();
  const times = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (file && nesting === 0) times.set(file, (times.get(file) ?? 0) + (details?.duration_ms ?? 0));
    const reason = skipReason(event.data);
    if (reason === null) continue;
    const counts = details?.type === 'suite' ? suites : tests;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  if (process.env.ATTN_FILE_TIMES) fs.writeFileSync(process.env.ATTN_FILE_TIMES, timesTable(times));
  yield `${summarise(tests, suites)}\n${slowestFiles(times).join('\n')}\n`;
}
