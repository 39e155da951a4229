// A class's statements made from real runs of the lab: sessions of the shipped practice, each
// learner's answers graded and diagnosed by the engine, turned into the xAPI statements the frame
// sends (embed/xapi.ts) with the actor a host adds (an LMS account). Three learners: ana right at
// once; ben the unscaled weight (a mistake the engine names), then right; cy a wrong score the
// engine names no mistake for, and the unscaled weight. Used by the class report's tests.
import assert from 'node:assert/strict';

import { importCompiled } from './compiled.mjs';
import { SHIPPED } from './shipped-walkthroughs.mjs';

const { Session } = await importCompiled('session/session');
const { answeredStatement, scoreStatement } = await importCompiled('embed/xapi');

const PAGE = 'https://lab.example.org/';
const PRACTICE = SHIPPED.get('worked-example-practice');

/**
 * A learner's run: their answers ([exercise id, text]) in a session on `lab`, as the statements a
 * host records (answers and scores).
 * @param {import('attention-lab').AttentionLab} lab @param {string} name @param {[string, string][]} answers
 */
export async function learnerRun(lab, name, answers) {
  const s = new Session(lab, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' });
  /** @type {object[]} */
  const statements = [];
  s.subscribe((/** @type {any} */ event) => {
    if (event.type !== 'progress') return;
    const made = event.progress.type === 'answered' ? answeredStatement(event.progress, PAGE) : event.progress.type === 'score' ? scoreStatement(event.progress, PAGE) : undefined;
    if (made) statements.push({ actor: { objectType: 'Agent', account: { homePage: 'https://moodle.example.org', name } }, ...made });
  });
  assert.equal(await s.open({ walkthrough: 'worked-example-practice', step: 'inputs' }), true);
  for (const [id, text] of answers) s.answer(PRACTICE.exercises.find((/** @type {any} */ e) => e.id === id), text);
  return statements;
}

/** The three learners' statements, in the order they were sent. @param {import('attention-lab').AttentionLab} lab */
export const classStatements = async (lab) => [
  ...(await learnerRun(lab, 'ana', [['score-k2', '3'], ['weight-k2', '0.576']])),
  ...(await learnerRun(lab, 'ben', [['score-k2', '3'], ['weight-k2', '0.665'], ['weight-k2', '0.576']])),
  ...(await learnerRun(lab, 'cy', [['score-k2', '17'], ['weight-k2', '0.665']])),
];
