// Limits that are limits, through the wasm build: a call past its operation's work budget is an
// AttentionError naming the argument, at once, instead of minutes or hours of work (the
// refusal is computed from the sizes, so nothing here reads a clock); and the sizes the docs
// allow (n up to 4096: as many global tokens, as many rows to compare) are accepted.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { loadDescriptions } from '../../scripts/engine-descriptions.mjs';
import { expectAttentionError } from '../support/expect-error.mjs';

const lab = await loadAttentionLab();
const budgets = new Map(loadDescriptions().filter((op) => op.budget).map((op) => [op.name, op.budget]));

/** @param {string} operation */
const pastBudget = (operation) => {
  const budget = budgets.get(operation);
  assert.ok(budget, `${operation} has a work budget`);
  return `expected sizes within ${operation}'s work budget of ${budget.text} multiply-adds (about ten seconds), got `;
};

/** n rows of d numbers, every row the same array: big sequences at little memory. */
const rowsOf = (n, d, x = 0.5) => {
  const row = new Array(d).fill(x);
  return new Array(n).fill(row);
};

describe('work budgets', () => {
  test('measureCost of full attention at n = 4096, 50 repeats is refused naming repeats, or n when one run is past the budget', () => {
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 4096, d: 256, repeats: 50 }), 'repeats', pastBudget('measureCost'));
    expectAttentionError(() => lab.measureCost({ variant: 'full', n: 4096, d: 1024, repeats: 50 }), 'n', pastBudget('measureCost'));
  });

  test('sparseAttention over 4096 × 1024 with a window of 4096 is refused naming window', () => {
    const x = rowsOf(4096, 1024);
    expectAttentionError(() => lab.sparseAttention({ query: x, key: x, value: x, window: 4096, trace: false }), 'window', pastBudget('sparseAttention'));
  });

  test('costGrowth of chunked attention at d = 512 in chunks of 1 is refused naming block', () => {
    expectAttentionError(() => lab.costGrowth({ variant: 'chunked', n: 2048, d: 512, block: 1 }), 'block', pastBudget('costGrowth'));
  });

  test('the backward pass of multi-head attention at its caps is refused naming query', () => {
    const x = rowsOf(1024, 1024);
    expectAttentionError(() => lab.multiHeadAttentionBackward({ query: x, key: x, value: x, heads: 2, gradOutput: x }), 'query', pastBudget('multiHeadAttentionBackward'));
  });

  test('flash attention in 1 × 1 tiles over 4096 tokens of 512 is refused naming blockRows', () => {
    const x = rowsOf(4096, 512);
    expectAttentionError(() => lab.flashAttention({ query: x, key: x, value: x, blockRows: 1, blockCols: 1, trace: false }), 'blockRows', pastBudget('flashAttention'));
  });

  test('every budget is documented with the measurement it was chosen from', () => {
    for (const [operation, budget] of budgets) {
      assert.ok(budget.multiplyAdds > 0 && budget.estimate && budget.measured, operation);
    }
    assert.ok(budgets.size >= 7, [...budgets.keys()].join(', '));
  });
});

describe('limits agree with the docs', () => {
  test('sparseAttention takes more than 1024 global tokens, up to n', () => {
    const n = 2048;
    const x = rowsOf(n, 1);
    const globalTokens = [...Array(1100).keys()];
    const t = lab.sparseAttention({ query: x, key: x, value: x, window: 0, globalTokens, trace: false });
    assert.equal(t.keysPerRow[0], n);
    assert.equal(t.keysPerRow[n - 1], 1101);
    expectAttentionError(
      () => lab.sparseAttention({ query: x, key: x, value: x, window: 0, globalTokens: [...Array(4097).keys()], trace: false }),
      'globalTokens',
      'expected at most 4096 numbers',
    );
  });

  test('matrixDifference compares up to 4096 rows', () => {
    const left = rowsOf(4096, 2, 1);
    const right = rowsOf(4096, 2, 0.25);
    const d = lab.matrixDifference({ left, right });
    assert.equal(d.cells, 8192);
    assert.equal(d.maxAbsDifference, 0.75);
    expectAttentionError(() => lab.matrixDifference({ left: rowsOf(4097, 2), right: rowsOf(4097, 2) }), 'left', 'expected at most 4096 rows');
  });
});
