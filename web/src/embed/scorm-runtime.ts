// The LMS's run-time API, found and called the same way whatever the SCORM version: SCORM 1.2's
// `API` (LMSInitialize, LMSGetValue, …) or SCORM 2004's `API_1484_11` (Initialize, GetValue, …),
// searched for as ADL's run-time environment describes (this window, then up the parent chain,
// then the opener's). An LMS whose API throws never breaks the page: the call counts as "false".
import type { ScormVersion } from './scorm-data.js';

/** One LMS API, whichever version: each method returns the LMS's answer as a string. */
export interface ScormRuntime {
  initialize(): string;
  terminate(): string;
  get(element: string): string;
  set(element: string, value: string): string;
  commit(): string;
  lastError(): string;
  errorString(code: string): string;
}

/** How many parents up the search goes, as in ADL's sample findAPI. */
const MAX_LEVELS = 7;

/** The window property each version's API is found under. */
const API_PROPERTY: Record<ScormVersion, 'API' | 'API_1484_11'> = { '1.2': 'API', '2004': 'API_1484_11' };

/** The API on `win`, if it is one; reading another origin's window throws, hence the try. */
function apiOf(win: Window, version: ScormVersion): object | undefined {
  try {
    const api = (win as unknown as Record<string, Record<string, unknown> | undefined>)[API_PROPERTY[version]];
    return typeof api?.[CALLS[version].initialize] === 'function' ? api : undefined;
  } catch {
    return undefined;
  }
}

function searchUp(start: Window, version: ScormVersion): object | undefined {
  let win = start;
  for (let level = 0; ; level += 1) {
    const api = apiOf(win, version);
    if (api) return api;
    if (level === MAX_LEVELS || win.parent === win) return undefined;
    win = win.parent;
  }
}

/** Calls `action`, turning a throw (an LMS's own bug) into "false". */
function guarded(action: () => unknown): string {
  try {
    return String(action());
  } catch {
    return 'false';
  }
}

/** Each version's name for each call of ScormRuntime (the API's method names). */
const CALLS: Record<ScormVersion, Record<keyof ScormRuntime, string>> = {
  '1.2': {
    initialize: 'LMSInitialize', terminate: 'LMSFinish', get: 'LMSGetValue', set: 'LMSSetValue',
    commit: 'LMSCommit', lastError: 'LMSGetLastError', errorString: 'LMSGetErrorString',
  },
  '2004': {
    initialize: 'Initialize', terminate: 'Terminate', get: 'GetValue', set: 'SetValue',
    commit: 'Commit', lastError: 'GetLastError', errorString: 'GetErrorString',
  },
};

/** `api`'s methods under the version's names, each guarded; "" for an optional one it lacks (GetErrorString). */
function adapt(api: Record<string, unknown>, version: ScormVersion): ScormRuntime {
  const names = CALLS[version];
  const call = (name: string, ...args: string[]) => guarded(() => {
    const method = api[name];
    return typeof method === 'function' ? (method as (...a: string[]) => unknown).apply(api, args) : name === names.errorString ? '' : 'false';
  });
  return {
    initialize: () => call(names.initialize, ''),
    terminate: () => call(names.terminate, ''),
    get: (element) => call(names.get, element),
    set: (element, value) => call(names.set, element, value),
    commit: () => call(names.commit, ''),
    lastError: () => call(names.lastError),
    errorString: (code) => call(names.errorString, code),
  };
}

/** The LMS's API of `version`: in this window or a parent, else in the opener's window or its parents. */
export function findScormRuntime(version: ScormVersion, win: Window = window): ScormRuntime | undefined {
  const api = searchUp(win, version) ?? (win.opener ? searchUp(win.opener as Window, version) : undefined);
  return api ? adapt(api as Record<string, unknown>, version) : undefined;
}
