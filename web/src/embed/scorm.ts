// The SCORM run-time session of the SCORM packages (npm run build:scorm): the page is one SCO,
// speaking SCORM 1.2 or SCORM 2004 4th edition as the package was built. It reports completion
// once the learner has seen every step of the package's walkthrough, each exercise answer as an
// interaction, the score and passed/failed against the pass mark, and keeps the learner's place
// (the step in the location element, the answers in suspend_data) so that a relaunch continues
// there. Without an LMS it does nothing at all, so the same file also opens on its own. A call
// the LMS refuses, or an LMS whose API throws, gives a notice and never breaks the page.
import type { ProgressEvent } from '../session/events.js';
import {
  CMI, decodeSuspendData, duration, encodeSuspendData, exitValue, interactionValues, passShare, scoreValues, stepFromLocation,
  type ResumeRecord, type ScormVersion,
} from './scorm-data.js';
import { findScormRuntime } from './scorm-runtime.js';
import type { Attempt } from '../session/answer-record.js';
import { t } from '../i18n/messages.js';

export { timespan, isoDuration } from './scorm-data.js';

/** Where the learner was when the SCO last finished: the step, the answers and the edited inputs they were given on. */
export interface ScormResume extends ResumeRecord {
  step?: string;
}

export interface ScormSession {
  /** Whether an LMS was found and the session started: only then is `resume` the learner's record. */
  readonly connected: boolean;
  /** What to open at launch: the stored step and answers (none on a first launch or without an LMS). */
  readonly resume: ScormResume;
  /** The LMS's id of the learner (undefined without an LMS, or when it gives none). */
  readonly learner: string | undefined;
  /** Passes the page's progress on: the step, completion, each exercise's answer and the score. */
  progress(event: ProgressEvent): void;
  /** Where notices go once the page is up (the ones raised before are delivered then). */
  showNoticesWith(notify: (message: string) => void): void;
}

export interface ScormOptions {
  /** Percent of the exercises right to pass, when the LMS sets no pass mark of its own. */
  mastery?: number;
  /** The learner's edited inputs as a link carries them, undefined for the walkthrough's own (kept with the answers). */
  currentInputs?: () => string | undefined;
  /** How many exercises the walkthrough has: with none, seeing every step ends the attempt. */
  exercises?: () => number;
  /** Every answer to the walkthrough so far, this launch's and the resumed ones (kept in suspend_data). */
  attempts?: () => readonly Attempt[];
}

/** Statuses that seeing the steps again must not turn back into "completed" or "incomplete". */
const DONE = new Set(['completed', 'passed', 'failed']);

/**
 * Read errors that only mean "nothing stored yet": 2004's 403 (value not initialized) and 1.2's
 * 401 (an optional element, such as the mastery score, the LMS does not implement).
 */
const QUIET_READ_ERRORS = new Set(['401', '403']);


/** A small notice list: everything said once, shown when the page can show it. */
function noticeQueue() {
  const said = new Set<string>();
  const waiting: string[] = [];
  let show: ((message: string) => void) | undefined;
  return {
    say(message: string) {
      if (said.has(message)) return;
      said.add(message);
      if (show) show(message);
      else waiting.push(message);
    },
    attach(notify: (message: string) => void) {
      show = notify;
      for (const message of waiting.splice(0)) notify(message);
    },
  };
}

/**
 * Starts the SCO's session: Initialize, status `incomplete` on a first attempt, the resume record
 * read back, and on `pagehide` the session time, the exit (normal once the attempt is over, else
 * "suspend") and Terminate. Every call is
 * checked with GetLastError; a refusal becomes one notice (and a console line with the LMS's
 * error code, for the instructor). Without an LMS every call is a no-op.
 * @param version the SCORM version the package was built for
 * @param walkthrough the walkthrough whose steps complete the SCO (the learner may open others)
 */
export function connectScorm(version: ScormVersion, walkthrough: string, options: ScormOptions = {}, win: Window = window): ScormSession {
  const notices = noticeQueue();
  const inert: ScormSession = { connected: false, resume: { attempts: [], ungraded: [] }, learner: undefined, progress: () => {}, showNoticesWith: (notify) => notices.attach(notify) };
  const lms = findScormRuntime(version, win);
  if (!lms) return inert;
  const cmi = CMI[version];

  let started = false;
  /** Logs a refusal with the LMS's error code, for the instructor, and says it once to the learner. */
  const refused = (what: string, code: string) => {
    const words = lms.errorString(code);
    console.info(`Attention Lab: the LMS refused ${what}: error ${code}${words && words !== 'false' ? ` (${words})` : ''}`);
    notices.say(t(started ? 'lms-refused' : 'lms-silent'));
  };
  /** A result other than "true" is asked about: GetLastError "0" means it was no error after all. */
  const checked = (what: string, result: string): boolean => {
    if (result === 'true') return true;
    const code = lms.lastError();
    if (code === '0') return true;
    refused(what, code);
    return false;
  };
  /** A read, checked with GetLastError: "" when the LMS holds no value yet (2004's 403) or refuses. */
  const get = (element: string): string => {
    const value = lms.get(element);
    const code = lms.lastError();
    if (code === '0' || code === '') return value;
    if (!QUIET_READ_ERRORS.has(code)) refused(`GetValue ${element}`, code);
    return '';
  };
  const set = (element: string, value: string) => checked(`SetValue ${element} ${value}`, lms.set(element, value));
  const setAll = (pairs: [string, string][]) => {
    for (const [element, value] of pairs) set(element, value);
  };
  const commit = () => checked('Commit', lms.commit());

  if (!checked('Initialize', lms.initialize())) return inert;
  started = true;
  const startedAt = Date.now();
  const resume = readResume(version, get, notices.say);
  // Read once: a practice or exam that draws numbers per learner draws them for this id.
  const learner = get(cmi.learnerId).trim() || undefined;

  let status = get(cmi.status);
  if (status === 'not attempted' || status === 'unknown' || status === '') {
    set(cmi.status, 'incomplete');
    commit();
    status = 'incomplete';
  }
  // The LMS's own pass mark (empty when it has none) is read once; a missing one is no error.
  const pass = passShare(version, get(cmi.passMark), options.mastery ?? 80);
  let interactions = Number.parseInt(get(cmi.interactionCount), 10);
  if (!Number.isInteger(interactions) || interactions < 0) interactions = 0;
  // The attempt is over once every step has been seen (in this launch or an earlier one) and, if
  // the walkthrough has exercises, the learner passed or failed.
  let seenAll = status === 'completed';
  let graded = ['passed', 'failed'].includes(version === '1.2' ? status : get(cmi.success));

  let finished = false;
  // pagehide, not unload: it fires wherever unload did (and for the back/forward cache), and
  // Chromium is retiring unload handlers.
  win.addEventListener('pagehide', () => {
    if (finished) return;
    finished = true;
    set(cmi.sessionTime, duration(version, Date.now() - startedAt));
    set(cmi.exit, exitValue(version, seenAll && (graded || (options.exercises?.() ?? 0) === 0)));
    checked('Terminate', lms.terminate());
  });
  const setStatus = (next: string) => {
    set(cmi.status, next);
    commit();
    status = next;
  };
  let location = resume.step ?? '';
  return {
    connected: true,
    resume,
    learner,
    showNoticesWith: (notify) => notices.attach(notify),
    progress(event) {
      if (finished || event.walkthrough !== walkthrough) return;
      if (event.type === 'step' && event.step !== location) {
        location = event.step;
        set(cmi.location, event.step);
      }
      // SCORM 1.2 has one status for completion and success: passed/failed stays once set.
      if (event.type === 'completed') {
        seenAll = true;
        if (!DONE.has(status)) setStatus('completed');
      }
      if (event.type === 'answered') {
        // Appended after those of earlier sessions: an interaction once written is never written again.
        setAll(interactionValues(version, interactions, event));
        interactions += 1;
        // The whole record, with the inputs the page is on, so that a relaunch opens on them.
        set(cmi.suspendData, encodeSuspendData({ attempts: [...(options.attempts?.() ?? [])], inputs: options.currentInputs?.() }, version));
        commit();
      }
      if (event.type === 'score' && event.total > 0) {
        const { values, success } = scoreValues(version, event, pass);
        setAll(values);
        if (success) graded = true;
        if (success && version === '1.2') setStatus(success);
        else commit();
      }
    },
  };
}

/** The step, answers and inputs stored by the last session; a record that cannot be read starts afresh, with a notice. */
function readResume(version: ScormVersion, get: (element: string) => string, say: (message: string) => void): ScormResume {
  const cmi = CMI[version];
  const saved = decodeSuspendData(get(cmi.suspendData));
  if (saved === 'corrupt') {
    say(t('lms-saved-unreadable'));
    return { attempts: [], ungraded: [] };
  }
  const step = stepFromLocation(get(cmi.location));
  return { ...(step ? { step } : {}), ...saved };
}

