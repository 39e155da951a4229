// Every case of every golden fixture (tests/fixtures/*.json, computed by PyTorch in float64),
// run through the public API and compared field by field with the trace.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { compareWithExpected, countLeaves, RELATIVE_TOLERANCE } from '../support/compare.mjs';
import { loadFixtureFiles, runCase, runnerFor, RUNNERS } from '../support/fixtures.mjs';

const lab = await loadAttentionLab();
const files = loadFixtureFiles();

test('there are fixture files, and each one has a way to run it', () => {
  assert.ok(files.length > 0, 'no tests/fixtures/*.json found');
  for (const { file } of files) assert.ok(runnerFor(lab, file), `${file} names no operation, and tests/support/fixtures.mjs has no runner for it`);
  for (const file of Object.keys(RUNNERS)) {
    assert.ok(files.some((f) => f.file === file), `fixture file ${file} is missing`);
  }
});

for (const { file, cases, tolerance } of files) {
  describe(file, () => {
    test('the file has at least one case, each with a name, an input and an expected object', () => {
      assert.ok(Array.isArray(cases) && cases.length > 0, `${file} has no cases`);
      for (const c of cases) {
        assert.equal(typeof c.name, 'string');
        assert.ok(c.input && typeof c.input === 'object', `${c.name}: no input`);
        assert.ok(c.expected && typeof c.expected === 'object' && Object.keys(c.expected).length > 0, `${c.name}: empty expected`);
      }
    });

    test('the file asks for no tighter tolerance than the one used here', () => {
      if (tolerance !== undefined) assert.ok(tolerance >= RELATIVE_TOLERANCE, `${file} asks for ${tolerance}`);
    });

    for (const c of cases ?? []) {
      test(`${c.name} matches PyTorch in every expected field`, () => {
        const actual = runCase(lab, file, c);
        const { problems, checked } = compareWithExpected(actual, c.expected);
        if (problems.length > 0) {
          assert.fail(`${file} › ${c.name}: ${problems.length} field(s) disagree\n  ${problems.join('\n  ')}`);
        }
        assert.equal(checked, countLeaves(c.expected), 'every value in expected was compared');
      });
    }
  });
}

test('the worked example gives the rounded numbers of the lesson', () => {
  const trace = lab.attention({
    query: [[1, 2]],
    key: [[1, 0], [0, 1], [1, 1]],
    value: [[0.5, 0.3], [0.8, 0.2], [0.1, 0.9]],
  });
  const rounded = (/** @type {number[]} */ row) => row.map((x) => x.toFixed(3));
  assert.deepEqual(trace.scores, [[1, 2, 3]]);
  assert.deepEqual(rounded(trace.scaled[0]), ['0.707', '1.414', '2.121']);
  assert.deepEqual(rounded(trace.weights[0]), ['0.140', '0.284', '0.576']);
  assert.deepEqual(rounded(trace.output[0]), ['0.355', '0.617']);
  assert.equal(trace.sqrtDk, Math.SQRT2);
});
