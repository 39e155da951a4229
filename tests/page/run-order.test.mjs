// How npm test orders and times its test files (scripts/lib/test-files.mjs, the run summary
// reporter): every test file runs whatever the times say, the slowest first, new ones last, and
// the times the reporter writes read back as they were written; the summary names each failed
// test, its file and what differed (CI keeps only a run's tail).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { COMMITTED, readTimes, slowestFirst } from '../../scripts/lib/test-files.mjs';
import { timesTable } from '../support/run-summary-reporter.mjs';

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

test('the run summary names each failed test with its file and what differed, and a failed hook, not the suites around them', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'run-summary-'));
  const file = path.join(dir, 'failing.test.mjs');
  fs.writeFileSync(file, [
    "import assert from 'node:assert/strict';",
    "import { before, describe, test } from 'node:test';",
    "describe('a suite', () => { test('passes', () => {}); test('adds wrong', () => assert.equal(1 + 1, 3)); });",
    "describe('a suite whose hook throws', () => { before(() => { throw new Error('no browser'); }); test('waits', () => {}); });",
    "test('not written yet', { todo: true }, () => { throw new Error('later'); });",
  ].join('\n'));
  const reporter = path.resolve('tests/support/run-summary-reporter.mjs');
  // Without NODE_TEST_CONTEXT the child reports to its own reporter, not to this run's.
  const { NODE_TEST_CONTEXT, ...env } = process.env;
  const run = spawnSync(process.execPath, ['--test', `--test-reporter=${reporter}`, file], { cwd: dir, env, encoding: 'utf8' });
  fs.rmSync(dir, { recursive: true });
  const lines = run.stdout.split('\n');
  assert.equal(lines[0], 'failed: 3', run.stdout);
  assert.equal(lines[1], '  failing.test.mjs › adds wrong: Expected values to be strictly equal: 2 !== 3');
  assert.match(lines[2], /^ {2}failing\.test\.mjs › waits: /);
  assert.equal(lines[3], '  failing.test.mjs › a suite whose hook throws: no browser');
  assert.equal(lines[4], 'skipped: none');
});
