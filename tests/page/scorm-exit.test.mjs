// How the SCO leaves (embed/scorm.ts): a normal exit once the attempt is over, every step seen
// and, with exercises, passed or failed (SCORM 1.2: cmi.core.exit "", 2004: cmi.exit "normal"),
// so that the LMS closes the attempt; "suspend" otherwise, so that it keeps the learner's place.
// Driven through a minimal LMS of each version on a window-like object, without a browser.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { connectScorm } = await importCompiled('embed/scorm');
const { exitValue } = await importCompiled('embed/scorm-data');

const NAMES = {
  '1.2': { property: 'API', init: 'LMSInitialize', finish: 'LMSFinish', get: 'LMSGetValue', set: 'LMSSetValue', commit: 'LMSCommit', error: 'LMSGetLastError', exit: 'cmi.core.exit' },
  '2004': { property: 'API_1484_11', init: 'Initialize', finish: 'Terminate', get: 'GetValue', set: 'SetValue', commit: 'Commit', error: 'GetLastError', exit: 'cmi.exit' },
};

/** An LMS holding `stored` (element → value), on a window the SCO finds it on; leave() fires pagehide. */
function lms(version, stored = {}) {
  const n = NAMES[version];
  const values = new Map(Object.entries(stored));
  const listeners = [];
  const win = {
    [n.property]: {
      [n.init]: () => 'true', [n.finish]: () => 'true', [n.commit]: () => 'true', [n.error]: () => '0',
      [n.get]: (element) => values.get(element) ?? '',
      [n.set]: (element, value) => { values.set(element, value); return 'true'; },
    },
    addEventListener: (type, listener) => type === 'pagehide' && listeners.push(listener),
  };
  win.parent = win;
  return { win, leave: () => { for (const l of listeners) l(); return values.get(n.exit); } };
}

const progress = (type, extra = {}) => ({ type, walkthrough: 'w', ...extra });
const score = (correct, total) => progress('score', { correct, answered: total, total });

describe('the SCO’s exit', () => {
  test('is "" in SCORM 1.2 and "normal" in 2004 once the attempt is over, "suspend" before', () => {
    assert.equal(exitValue('1.2', true), '');
    assert.equal(exitValue('2004', true), 'normal');
    assert.equal(exitValue('1.2', false), 'suspend');
    assert.equal(exitValue('2004', false), 'suspend');
  });

  for (const version of ['1.2', '2004']) {
    const over = exitValue(version, true);
    test(`SCORM ${version}: every step seen of a walkthrough without exercises ends the attempt`, () => {
      const { win, leave } = lms(version);
      const sco = connectScorm(version, 'w', { exercises: () => 0 }, win);
      sco.progress(progress('completed'));
      assert.equal(leave(), over);
    });

    test(`SCORM ${version}: with exercises, seeing every step is not enough; passed or failed as well ends it`, () => {
      for (const [correct, what] of [[4, 'passed'], [0, 'failed']]) {
        const { win, leave } = lms(version);
        const sco = connectScorm(version, 'w', { exercises: () => 4, mastery: 75 }, win);
        sco.progress(progress('completed'));
        sco.progress(score(correct, 4));
        assert.equal(leave(), over, what);
      }
      const { win, leave } = lms(version);
      connectScorm(version, 'w', { exercises: () => 4 }, win).progress(progress('completed'));
      assert.equal(leave(), 'suspend', 'not graded yet');
    });

    test(`SCORM ${version}: graded but not every step seen suspends; a relaunch that sees the rest ends it`, () => {
      const first = lms(version);
      const sco = connectScorm(version, 'w', { exercises: () => 4, mastery: 75 }, first.win);
      sco.progress(score(4, 4));
      assert.equal(first.leave(), 'suspend');
      // The LMS remembers passed (2004: success_status; 1.2: the one status).
      const stored = version === '1.2' ? { 'cmi.core.lesson_status': 'passed' } : { 'cmi.completion_status': 'incomplete', 'cmi.success_status': 'passed' };
      const again = lms(version, stored);
      connectScorm(version, 'w', { exercises: () => 4 }, again.win).progress(progress('completed'));
      assert.equal(again.leave(), over);
    });

    test(`SCORM ${version}: another walkthrough’s progress does not count`, () => {
      const { win, leave } = lms(version);
      connectScorm(version, 'w', { exercises: () => 0 }, win).progress({ type: 'completed', walkthrough: 'other' });
      assert.equal(leave(), 'suspend');
    });
  }
});
