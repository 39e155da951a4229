// How npm test orders and times its test files (scripts/lib/test-files.mjs, the run summary
// reporter): every test file runs whatever the times say, the slowest first, new ones last, and
// the times the reporter writes read back as they were written.
import assert from 'node:assert/strict';
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
