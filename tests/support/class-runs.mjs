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
  /** @type {object[]} */
  const statements = [];
  await practiceRun(lab, answers, (/** @type {any} */ progress) => {
    const made = progress.type === 'answered' ? answeredStatement(progress, PAGE) : progress.type === 'score' ? scoreStatement(progress, PAGE) : undefined;
    if (made) statements.push({ actor: { objectType: 'Agent', account: { homePage: 'https://moodle.example.org', name } }, ...made });
  });
  return statements;
}

/**
 * A session of the shipped practice on `lab` that answers `answers` ([exercise id, text]) in
 * order, each progress event handed to `onProgress` (made before it opens, to catch them all).
 * @param {import('attention-lab').AttentionLab} lab @param {[string, string][]} answers
 * @param {(progress: any, session: any) => void} onProgress
 */
async function practiceRun(lab, answers, onProgress) {
  const s = new Session(lab, { find: (/** @type {string} */ id) => SHIPPED.get(id), fallback: 'worked-example' });
  s.subscribe((/** @type {any} */ event) => event.type === 'progress' && onProgress(event.progress, s));
  assert.equal(await s.open({ walkthrough: 'worked-example-practice', step: 'inputs' }), true);
  for (const [id, text] of answers) s.answer(PRACTICE.exercises.find((/** @type {any} */ e) => e.id === id), text);
}

/** The three learners' statements, in the order they were sent. @param {import('attention-lab').AttentionLab} lab */
export const classStatements = async (lab) => [
  ...(await learnerRun(lab, 'ana', [['score-k2', '3'], ['weight-k2', '0.576']])),
  ...(await learnerRun(lab, 'ben', [['score-k2', '3'], ['weight-k2', '0.665'], ['weight-k2', '0.576']])),
  ...(await learnerRun(lab, 'cy', [['score-k2', '17'], ['weight-k2', '0.665']])),
];

const { connectScorm } = await importCompiled('embed/scorm');

/** The learners of the Moodle report: name, email, and their answers. @type {[string, string, [string, string][]][]} */
const MOODLE_CLASS = [
  ['Ana Lee', 'ana@example.org', [['score-k2', '3'], ['weight-k2', '0.576']]],
  ['Ben Ray', 'ben@example.org', [['score-k2', '3'], ['weight-k2', '0.665'], ['weight-k2', '0.576']]],
  ['Cy Doe', 'cy@example.org', [['score-k2', '17'], ['weight-k2', '0.665']]],
];

/**
 * A learner's SCORM 1.2 run: the package's own SCORM code (embed/scorm.ts) on a stand-in LMS
 * API, driven by a session's progress; returns the CMI the LMS keeps.
 * @param {import('attention-lab').AttentionLab} lab @param {[string, string][]} answers
 */
async function scormRun(lab, answers) {
  /** @type {Record<string, string>} */
  const cmi = {};
  const api = {
    LMSInitialize: () => 'true', LMSFinish: () => 'true', LMSCommit: () => 'true',
    LMSGetValue: (/** @type {string} */ element) => cmi[element] ?? '',
    LMSSetValue: (/** @type {string} */ element, /** @type {string} */ value) => { cmi[element] = value; return 'true'; },
    LMSGetLastError: () => '0', LMSGetErrorString: () => '',
  };
  /** @type {any} */
  const win = { API: api, addEventListener: () => undefined, removeEventListener: () => undefined };
  win.parent = win;
  /** @type {any} */
  let scorm;
  await practiceRun(lab, answers, (progress, s) => {
    scorm ??= connectScorm('1.2', 'worked-example-practice', { attempts: () => s.attempts, exercises: () => 4 }, win);
    scorm.progress(progress);
  });
  return cmi;
}

/** A field as PHP's fputcsv writes it with a tab: quoted when it holds a space, tab, quote, backslash or line break. */
const phpField = (/** @type {string} */ value) => (/[\s"\\]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * Moodle's SCORM interactions report, downloaded with every option ticked, as Moodle writes it
 * (mod/scorm/report/interactions: tab-separated, one row per learner and attempt, Question /
 * Response / Right answer / Result N from 0), for three learners whose CMI comes from real runs of
 * the package's SCORM 1.2 code.
 * @param {import('attention-lab').AttentionLab} lab
 */
export async function moodleInteractionsReport(lab) {
  const runs = [];
  for (const [name, email, answers] of MOODLE_CLASS) runs.push({ name, email, cmi: await scormRun(lab, answers) });
  const count = Math.max(...runs.map((r) => Number(r.cmi['cmi.interactions._count'] ?? 0) || Object.keys(r.cmi).filter((k) => /^cmi\.interactions\.\d+\.id$/.test(k)).length));
  const header = ['Name', 'Email address', 'Attempt', 'Started on', 'Last accessed on', 'Score', `Attention Lab: ${PRACTICE.title}`];
  for (let n = 0; n < count; n += 1) header.push(`Question ${n}`, `Response ${n}`, `Right answer ${n}`, `Result ${n}`);
  const rows = runs.map(({ name, email, cmi }) => {
    const row = [name, email, '1', 'Sunday, 29 November 2026, 9:05 AM', 'Sunday, 29 November 2026, 9:12 AM', cmi['cmi.core.score.raw'] ?? '0', cmi['cmi.core.score.raw'] ?? 'Incomplete'];
    for (let n = 0; n < count; n += 1) {
      const at = `cmi.interactions.${n}`;
      row.push(cmi[`${at}.id`] ?? '', cmi[`${at}.student_response`] ?? '', '', cmi[`${at}.result`] ?? '');
    }
    return row;
  });
  return `${[header, ...rows].map((row) => row.map(phpField).join('\t')).join('\n')}\n`;
}
