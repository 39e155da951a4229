// Which head plays which role in the lesson "Watch attention learn" (web/src/session/training/
// head-roles.ts): read from the engine's per-role head scores, and the lesson's question "which
// head looks at the first position?" graded from them, at the step shown.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { gradeRole, roleHolders } = await importCompiled('session/training/head-roles');

/** Head scores of one layer of two heads with these per-role scores. */
const scores = (previous, first) => ({
  measure: '', scores: [[0, 0]], hasIdeal: true, ideal: [],
  patterns: [{ name: 'previous', measure: '', ideal: [], scores: [previous] }, { name: 'first', measure: '', ideal: [], scores: [first] }],
});

test('heads that divide the work: each role is held by the head that follows it most, and only that head is the right answer', () => {
  const divided = scores([0.12, 0.93], [0.81, 0.04]);
  assert.deepEqual(roleHolders(divided), [
    { role: 'previous', best: { layer: 0, head: 1 }, score: 0.93, held: true },
    { role: 'first', best: { layer: 0, head: 0 }, score: 0.81, held: true },
  ]);
  assert.equal(gradeRole(divided, 'first', { layer: 0, head: 0 }), 'right');
  assert.equal(gradeRole(divided, 'first', { layer: 0, head: 1 }), 'wrong');
  assert.equal(gradeRole(divided, 'previous', { layer: 0, head: 1 }), 'right');
});

test('heads that have not divided the work (the same head first for both roles, or no head past one half) give no right answer', () => {
  const same = scores([0.6, 0.3], [0.7, 0.2]);
  assert.deepEqual(roleHolders(same).map((h) => h.held), [false, false]);
  assert.equal(gradeRole(same, 'first', { layer: 0, head: 0 }), 'undecided');
  const untrained = scores([0.2, 0.3], [0.25, 0.22]);
  assert.equal(gradeRole(untrained, 'first', { layer: 0, head: 0 }), 'undecided');
  assert.equal(gradeRole(untrained, 'first', { layer: 0, head: 1 }), 'undecided');
});

test('a task without roles has nothing to grade', () => {
  assert.equal(gradeRole({ measure: '', scores: [[0.9]], hasIdeal: true, ideal: [], patterns: [] }, 'first', { layer: 0, head: 0 }), 'undecided');
});
