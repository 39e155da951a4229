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
  /** Passes the page's progress on: `completed` of the package's walkthrough completes the SCO. */
  progress(event: ProgressEvent): void;
}

/** SCORM 1.2 statuses that seeing the steps again must not turn back into "completed" or "incomplete". */
const DONE = new Set(['completed', 'passed']);

/**
 * Starts the SCO's session: LMSInitialize, status `incomplete` on a first attempt, LMSFinish when
 * the page goes away. Without an LMS (or if LMSInitialize fails) every call is a no-op.
 * @param walkthrough the walkthrough whose steps complete the SCO (the learner may open others)
 */
export function connectScorm(walkthrough: string, win: Window = window): ScormSession {
  const api = findScormApi(win);
  // An LMS's own bugs must not stop the page: a call that throws counts as "false".
  const call = (action: (lms: Scorm12Api) => unknown): string => {
    try {
      return api ? String(action(api)) : 'false';
    } catch {
      return 'false';
    }
  };
  if (call((lms) => lms.LMSInitialize('')) !== 'true') return { progress: () => {} };

  let status = call((lms) => lms.LMSGetValue('cmi.core.lesson_status'));
  if (status === 'not attempted' || status === '') {
    call((lms) => lms.LMSSetValue('cmi.core.lesson_status', 'incomplete'));
    call((lms) => lms.LMSCommit(''));
    status = 'incomplete';
  }
  let finished = false;
  // pagehide, not unload: it fires wherever unload did (and for the back/forward cache), and
  // Chromium is retiring unload handlers.
  win.addEventListener('pagehide', () => {
    if (finished) return;
    finished = true;
    call((lms) => lms.LMSFinish(''));
  });
  return {
    progress(event) {
      if (finished || event.type !== 'completed' || event.walkthrough !== walkthrough || DONE.has(status)) return;
      call((lms) => lms.LMSSetValue('cmi.core.lesson_status', 'completed'));
      call((lms) => lms.LMSCommit(''));
      status = 'completed';
    },
  };
}
