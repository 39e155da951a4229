// SCORM 1.2 run-time for the SCORM package (npm run build:scorm): the page is one SCO that
// reports `completed` once the learner has seen every step of the package's walkthrough. It
// finds the LMS's `API` object the way ADL's SCORM 1.2 run-time environment describes (this
// window, then up the parent chain, then the opener's), and does nothing at all without one, so
// the same file also opens on its own. An LMS whose API throws never breaks the page.
import type { ProgressEvent } from '../session/events.js';

/** The SCORM 1.2 API an LMS puts on a window as `API`. Every call returns a string. */
export interface Scorm12Api {
  LMSInitialize(parameter: ''): string;
  LMSFinish(parameter: ''): string;
  LMSGetValue(element: string): string;
  LMSSetValue(element: string, value: string): string;
  LMSCommit(parameter: ''): string;
  LMSGetLastError(): string;
  LMSGetErrorString?(code: string): string;
}

/** How many parents up the search goes, as in ADL's sample findAPI. */
const MAX_LEVELS = 7;

/** `win.API` if it is a SCORM 1.2 API; reading it from another origin's window throws, hence the try. */
function apiOf(win: Window): Scorm12Api | undefined {
  try {
    const api = (win as Window & { API?: Partial<Scorm12Api> }).API;
    return typeof api?.LMSInitialize === 'function' ? (api as Scorm12Api) : undefined;
  } catch {
    return undefined;
  }
}

function searchUp(start: Window): Scorm12Api | undefined {
  let win = start;
  for (let level = 0; ; level += 1) {
    const api = apiOf(win);
    if (api) return api;
    if (level === MAX_LEVELS || win.parent === win) return undefined;
    win = win.parent;
  }
}

/** The LMS's SCORM 1.2 API: in this window or a parent, else in the opener's window or its parents. */
function findScormApi(win: Window = window): Scorm12Api | undefined {
  return searchUp(win) ?? (win.opener ? searchUp(win.opener as Window) : undefined);
}

export interface ScormSession {
  /** Passes the page's progress on: completion, and each exercise's answer and the score. */
  progress(event: ProgressEvent): void;
}

export interface ScormOptions {
  /** Percent of the exercises right to pass, when the LMS sets no mastery score of its own. */
  mastery?: number;
}

/** Statuses that seeing the steps again must not turn back into "completed" or "incomplete". */
const DONE = new Set(['completed', 'passed', 'failed']);

/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
export function timespan(milliseconds: number): string {
  const total = Math.max(0, milliseconds) / 1000;
  const hours = Math.min(9999, Math.floor(total / 3600));
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${seconds.toFixed(2).padStart(5, '0')}`;
}

/**
 * Starts the SCO's session: LMSInitialize, status `incomplete` on a first attempt, LMSFinish
 * (with the session time) when the page goes away. Seeing every step of the walkthrough completes
 * it; in a walkthrough with exercises each answer becomes an interaction, the score is the share
 * answered right, and once every exercise is answered the status is passed or failed against the
 * mastery score (the LMS's cmi.student_data.mastery_score, else `mastery`, 80 by default). Every
 * call is checked with LMSGetLastError; a refusal is logged for the instructor (console.info) and
 * never stops the page. Without an LMS (or if LMSInitialize fails) every call is a no-op.
 * @param walkthrough the walkthrough whose steps complete the SCO (the learner may open others)
 */
export function connectScorm(walkthrough: string, options: ScormOptions = {}, win: Window = window): ScormSession {
  const api = findScormApi(win);
  // An LMS's own bugs must not stop the page: a call that throws counts as "false".
  const call = (action: (lms: Scorm12Api) => unknown): string => {
    try {
      return api ? String(action(api)) : 'false';
    } catch {
      return 'false';
    }
  };
  /** A call whose result is not "true" is asked about, and a real error logged. */
  const checked = (what: string, result: string): string => {
    if (result === 'true') return result;
    const code = call((lms) => lms.LMSGetLastError());
    if (code !== '0' && code !== '') {
      const words = call((lms) => lms.LMSGetErrorString?.(code) ?? '');
      console.info(`Attention Lab: the LMS refused ${what}: error ${code}${words && words !== 'false' ? ` (${words})` : ''}`);
    }
    return result;
  };
  const set = (element: string, value: string) => checked(`LMSSetValue ${element}`, call((lms) => lms.LMSSetValue(element, value)));
  const commit = () => checked('LMSCommit', call((lms) => lms.LMSCommit('')));
  if (checked('LMSInitialize', call((lms) => lms.LMSInitialize(''))) !== 'true') return { progress: () => {} };
  const startedAt = Date.now();

  let status = call((lms) => lms.LMSGetValue('cmi.core.lesson_status'));
  if (status === 'not attempted' || status === '') {
    set('cmi.core.lesson_status', 'incomplete');
    commit();
    status = 'incomplete';
  }
  const given = Number.parseFloat(call((lms) => lms.LMSGetValue('cmi.student_data.mastery_score')));
  const mastery = Number.isFinite(given) && given >= 0 && given <= 100 ? given : options.mastery ?? 80;
  let interactions = Number.parseInt(call((lms) => lms.LMSGetValue('cmi.interactions._count')), 10);
  if (!Number.isInteger(interactions) || interactions < 0) interactions = 0;

  let finished = false;
  // pagehide, not unload: it fires wherever unload did (and for the back/forward cache), and
  // Chromium is retiring unload handlers.
  win.addEventListener('pagehide', () => {
    if (finished) return;
    finished = true;
    set('cmi.core.session_time', timespan(Date.now() - startedAt));
    checked('LMSFinish', call((lms) => lms.LMSFinish('')));
  });
  const setStatus = (next: string) => {
    set('cmi.core.lesson_status', next);
    commit();
    status = next;
  };
  return {
    progress(event) {
      if (finished || event.walkthrough !== walkthrough) return;
      if (event.type === 'completed' && !DONE.has(status)) setStatus('completed');
      if (event.type === 'answered') {
        const n = `cmi.interactions.${interactions}`;
        interactions += 1;
        set(`${n}.id`, event.exercise);
        set(`${n}.type`, event.interaction === 'numeric' ? 'numeric' : event.interaction === 'sequencing' ? 'sequencing' : 'choice');
        set(`${n}.student_response`, event.response.slice(0, 255));
        set(`${n}.result`, event.correct ? 'correct' : 'wrong');
        set(`${n}.latency`, timespan(event.latencySeconds * 1000));
        commit();
      }
      if (event.type === 'score' && event.total > 0) {
        const raw = Math.round((100 * event.correct) / event.total);
        set('cmi.core.score.min', '0');
        set('cmi.core.score.max', '100');
        set('cmi.core.score.raw', String(raw));
        if (event.answered === event.total) setStatus(raw >= mastery ? 'passed' : 'failed');
        else commit();
      }
    },
  };
}
