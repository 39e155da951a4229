// A node:test reporter that prints one line: what was skipped and why, e.g.
//   skipped: 28 (/usr/bin/python3 cannot import torch ×14; … ×14)
// or `skipped: none`. scripts/test.sh runs it beside node's default reporter (whose closing
// `# pass N` / `# fail 0` lines CI reads) and prints its file after the run, so a fresh
// machine says in one place what it could not test. A skip without a reason counts as
// "no reason given", which is itself a finding: every skip should name what is missing.

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

export default async function* skipSummary(source) {
  const tests = new Map();
  const suites = new Map();
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const reason = skipReason(event.data);
    if (reason === null) continue;
    const counts = event.data.details?.type === 'suite' ? suites : tests;
    counts.set(reason, (counts.get(reason) ?? 0) + 1);
  }
  yield `${summarise(tests, suites)}\n`;
}
