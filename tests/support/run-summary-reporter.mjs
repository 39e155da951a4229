// A node:test reporter for the end of `npm test`, beside node's default reporter (whose closing
// `# pass N` / `# fail 0` lines CI reads): what was skipped and why, in one line, e.g.
//   skipped: 28 (/usr/bin/python3 cannot import torch ×14; … ×14)
// or `skipped: none`, so a fresh machine says in one place what it could not test (a skip
// without a reason counts as "no reason given", itself a finding: every skip should name what is
// missing); then the slowest test files, so a run that got slower says where. With
// ATTN_FILE_TIMES set, it also writes every file's time there (`ms<TAB>file`, slowest first),
// from which the next run starts the slowest files first (scripts/lib/test-files.mjs).
// Failed tests come first, each with its file and its error's first lines: CI keeps only the tail
// of a run's output, where node's TAP reporter no longer shows which test failed.
import fs from 'node:fs';
import { inspect } from 'node:util';

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

/**
 * The lines for the failed tests (each `{ file, name, message }`): the count, then one line per
 * failure, at most `shown`, or nothing when none failed.
 */
export function failureLines(failures, shown = 20) {
  if (failures.length === 0) return [];
  const line = ({ file, name, message }) => `  ${file ? `${relative(file)} › ` : ''}${name}: ${message}`;
  const more = failures.length > shown ? [`  … and ${failures.length - shown} more`] : [];
  return [`failed: ${failures.length}`, ...failures.slice(0, shown).map(line), ...more];
}

/** A value as an assertion's summary shows it: strings quoted, everything on one line, cut short. */
const shown = (/** @type {unknown} */ x) => (typeof x === 'string' ? JSON.stringify(x) : inspect(x, { breakLength: Infinity, depth: 3 })).slice(0, 160);

/**
 * An error in one line, whatever node wrapped it in (a test's failure cause is in `cause`): an
 * assertion's values (its message's first line only says what kind of comparison failed, and a
 * diff's lines are no use on one line), else the message's first two lines.
 */
function firstLines(error) {
  const inner = error?.cause ?? error;
  if (inner?.code === 'ERR_ASSERTION' && 'actual' in inner && 'expected' in inner) {
    return `${inner.operator ?? 'assert'}: got ${shown(inner.actual)}, expected ${shown(inner.expected)}`;
  }
  const lines = String(inner?.message ?? inner ?? '').split('\n').map((part) => part.trim()).filter(Boolean);
  return lines.slice(0, 2).join(' ').slice(0, 300) || 'no error given';
}

export default async function* runSummary(source) {
  const tests = new Map();
  const suites = new Map();
  const times = new Map();
  const failures = [];
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const { file, nesting, details } = event.data;
    if (file && nesting === 0) times.set(file, (times.get(file) ?? 0) + (details?.duration_ms ?? 0));
    // A suite fails when a test in it does; only its own errors (a hook's) are worth a line.
    const ownFailure = details?.type !== 'suite' || details?.error?.failureType !== 'subtestsFailed';
    if (event.type === 'test:fail' && !event.data.todo && ownFailure) {
      failures.push({ file, name: event.data.name, message: firstLines(details?.error) });
    }
    const reason = skipReason(event.data);
    if (reason === null) continue;
    const counts = details?.type === 'suite' ? suites : tests;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  if (process.env.ATTN_FILE_TIMES) fs.writeFileSync(process.env.ATTN_FILE_TIMES, timesTable(times));
  yield `${[...failureLines(failures), summarise(tests, suites), ...slowestFiles(times)].join('\n')}\n`;
}
