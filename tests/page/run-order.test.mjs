// How npm test orders and times its test files (scripts/lib/test-files.mjs, the run summary
// reporter): every test file runs whatever the times say, the slowest first, new ones last, and
// the times the reporter writes read back as they were written; the summary names each failed
// test, its file and what differed (CI keeps only a run's tail).
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { COMMITTED, readTimes, slowestFirst } from '../../scripts/lib/test-files.mjs';
import runSummary, { timesTable } from '../support/run-summary-reporter.mjs';

const FOLDERS = ['tests/api', 'tests/page', 'tests/e2e'];

test('every test file is listed once, whatever the times, and none that is not a test file', () => {
  const plain = slowestFirst(FOLDERS, new Map());
  const timed = slowestFirst(FOLDERS, readTimes(COMMITTED));
  assert.ok(plain.length > 100);
  assert.deepEqual([...timed].sort(), [...plain].sort());
  assert.equal(new Set(plain).size, plain.length);
  assert.ok(plain.every((file) => file.endsWith('.test.mjs') && !file.includes('node_modules')));
  assert.ok(plain.includes('tests/page/run-order.test.mjs'));
});

test('the slowest files come first, files without a time last in folder order', () => {
  const times = new Map([['tests/e2e/page.test.mjs', 50], ['tests/api/golden.test.mjs', 900], ['tests/page/export.test.mjs', 60]]);
  const files = slowestFirst(FOLDERS, times);
  assert.deepEqual(files.slice(0, 3), ['tests/api/golden.test.mjs', 'tests/page/export.test.mjs', 'tests/e2e/page.test.mjs']);
  const rest = files.slice(3);
  assert.deepEqual(rest, [...rest].sort());
});

test('the times the reporter writes read back as they were, relative to the repository', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'file-times-'));
  const file = path.join(dir, 'file-times.tsv');
  fs.writeFileSync(file, timesTable(new Map([[path.join(process.cwd(), 'tests/e2e/a.test.mjs'), 1234.4], ['tests/api/b.test.mjs', 99]])));
  assert.deepEqual(readTimes(file), new Map([['tests/e2e/a.test.mjs', 1234], ['tests/api/b.test.mjs', 99]]));
  fs.rmSync(dir, { recursive: true });
});

test('the committed times name only test files that exist', () => {
  const missing = [...readTimes(COMMITTED).keys()].filter((file) => !fs.existsSync(file));
  assert.deepEqual(missing, []);
});

test('the run summary names each failed test with its file and what differed, and a failed hook, not the suites around them', async () => {
  // Events as node:test 20 emits them for a file with a failing test, a suite whose hook threw and a
  // todo test that threw (tests/support/run-summary-reporter.mjs reads these fields).
  const file = path.join(process.cwd(), 'tests/page/failing.test.mjs');
  const failure = (/** @type {string} */ message, /** @type {string} */ failureType = 'testCodeFailure') =>
    ({ failureType, cause: Object.assign(new Error(message), { code: 'ERR_ASSERTION' }) });
  const events = [
    { type: 'test:pass', data: { name: 'passes', nesting: 1, file, details: { duration_ms: 1 } } },
    { type: 'test:fail', data: { name: 'adds wrong', nesting: 1, file, details: { duration_ms: 1, error: failure('Expected values to be strictly equal:\n\n2 !== 3\n') } } },
    { type: 'test:fail', data: { name: 'lists wrong', nesting: 1, file, details: { duration_ms: 1, error: { failureType: 'testCodeFailure', cause: Object.assign(new Error('Expected values to be strictly deep-equal:\n+ actual - expected'), { code: 'ERR_ASSERTION', actual: ['a', 1], expected: ['a'], operator: 'deepStrictEqual' }) } } } },
    { type: 'test:fail', data: { name: 'a suite', nesting: 0, file, details: { duration_ms: 3, type: 'suite', error: failure('1 subtest failed', 'subtestsFailed') } } },
    { type: 'test:fail', data: { name: 'waits', nesting: 1, file, details: { duration_ms: 0, error: failure('test did not finish before its parent and was cancelled', 'cancelledByParent') } } },
    { type: 'test:fail', data: { name: 'a suite whose hook throws', nesting: 0, file, details: { duration_ms: 2, type: 'suite', error: failure('no browser', 'hookFailed') } } },
    { type: 'test:fail', data: { name: 'not written yet', nesting: 0, file, todo: true, details: { duration_ms: 1, error: failure('later') } } },
  ];
  const source = (async function* () { yield* events; })();
  let written = '';
  const { ATTN_FILE_TIMES } = process.env;
  delete process.env.ATTN_FILE_TIMES; // this run's table of file times is not the test's to write
  try {
    for await (const chunk of runSummary(source)) written += chunk;
  } finally {
    if (ATTN_FILE_TIMES !== undefined) process.env.ATTN_FILE_TIMES = ATTN_FILE_TIMES;
  }
  const lines = written.split('\n');
  assert.deepEqual(lines.slice(0, 6), [
    'failed: 4',
    '  tests/page/failing.test.mjs › adds wrong: Expected values to be strictly equal: 2 !== 3',
    "  tests/page/failing.test.mjs › lists wrong: deepStrictEqual: got [ 'a', 1 ], expected [ 'a' ]",
    '  tests/page/failing.test.mjs › waits: test did not finish before its parent and was cancelled',
    '  tests/page/failing.test.mjs › a suite whose hook throws: no browser',
    'skipped: none',
  ]);
});
