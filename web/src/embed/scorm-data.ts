// The learner's session as SCORM data, for both versions the packages speak (1.2 and 2004 4th
// edition): which data-model element holds what, the values the page's progress events become,
// and the resume record (the step in the location element, the answers in suspend_data).
// DOM-free: embed/scorm.ts makes the calls; tests/page checks these mappings in Node.
import type { Attempt } from '../session/answer-record.js';
import type { AnsweredEvent, ScoreEvent } from '../session/events.js';

export type ScormVersion = '1.2' | '2004';

/** The data-model elements this SCO reads and writes, per version. */
export interface CmiElements {
  status: string;
  location: string;
  suspendData: string;
  exit: string;
  /** Whether the learner passed or failed: 1.2's one status, 2004's success_status. */
  success: string;
  sessionTime: string;
  interactionCount: string;
  /** The LMS's pass mark: 1.2 a percent (mastery_score), 2004 a scaled score −1 … 1. */
  passMark: string;
  /** Who the learner is, as the LMS names them: what a walkthrough that draws numbers per learner draws them for. */
  learnerId: string;
}

export const CMI: Record<ScormVersion, CmiElements> = {
  '1.2': {
    status: 'cmi.core.lesson_status',
    location: 'cmi.core.lesson_location',
    suspendData: 'cmi.suspend_data',
    exit: 'cmi.core.exit',
    success: 'cmi.core.lesson_status',
    sessionTime: 'cmi.core.session_time',
    interactionCount: 'cmi.interactions._count',
    passMark: 'cmi.student_data.mastery_score',
    learnerId: 'cmi.core.student_id',
  },
  '2004': {
    status: 'cmi.completion_status',
    location: 'cmi.location',
    suspendData: 'cmi.suspend_data',
    exit: 'cmi.exit',
    success: 'cmi.success_status',
    sessionTime: 'cmi.session_time',
    interactionCount: 'cmi.interactions._count',
    passMark: 'cmi.scaled_passing_score',
    learnerId: 'cmi.learner_id',
  },
};

/**
 * How the SCO leaves: once the attempt is over (every step seen and, with exercises, passed or
 * failed) a normal exit, SCORM 1.2's "" and 2004's "normal", so that the LMS closes the attempt;
 * "suspend" otherwise, so that it keeps the location and suspend_data for the next launch.
 */
export function exitValue(version: ScormVersion, over: boolean): string {
  if (!over) return 'suspend';
  return version === '1.2' ? '' : 'normal';
}

/**
 * suspend_data's limit in characters: SCORM 1.2's CMIString4096, SCORM 2004's 64000 (the
 * smallest permitted maximum of 4th edition's characterstring of suspend_data).
 */
export const SUSPEND_LIMIT: Record<ScormVersion, number> = { '1.2': 4096, '2004': 64000 };

/** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
export function timespan(milliseconds: number): string {
  const total = Math.max(0, milliseconds) / 1000;
  const hours = Math.min(9999, Math.floor(total / 3600));
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return `${String(hours).padStart(4, '0')}:${String(minutes).padStart(2, '0')}:${seconds.toFixed(2).padStart(5, '0')}`;
}

/** SCORM 2004's timeinterval, an ISO 8601 duration to the hundredth of a second (PT1H2M3.45S). */
export function isoDuration(milliseconds: number): string {
  const hundredths = Math.round(Math.max(0, milliseconds) / 10);
  const hours = Math.floor(hundredths / 360000);
  const minutes = Math.floor((hundredths % 360000) / 6000);
  const seconds = (hundredths % 6000) / 100;
  return `PT${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${Number(seconds.toFixed(2))}S`;
}

export const duration = (version: ScormVersion, milliseconds: number): string =>
  version === '1.2' ? timespan(milliseconds) : isoDuration(milliseconds);

/**
 * SCORM 1.2's form of a `choice` or `sequencing` response: single characters 0–9 or a–z, comma
 * separated (the RTE's CMIFeedback). 2004 takes identifiers of any length.
 */
const SCORM_12_CHOICES = /^[0-9a-z](,[0-9a-z])*$/;

/**
 * The interaction type SCORM 1.2 is told. A response its `choice` or `sequencing` form cannot
 * hold (a picked cell `r3c5`, a key from 10 up, the passes' names in order) is recorded as
 * `fill-in`, a free string, so a strict LMS stores it rather than refusing the element.
 */
const scorm12Type = (event: AnsweredEvent): string =>
  event.interaction !== 'numeric' && !SCORM_12_CHOICES.test(event.response) ? 'fill-in' : event.interaction;

/** The (element, value) pairs that record one answer as interaction `n`, in the order the data model wants them. */
export function interactionValues(version: ScormVersion, n: number, event: AnsweredEvent): [string, string][] {
  const at = `cmi.interactions.${n}`;
  const type = event.interaction;
  if (version === '1.2') {
    return [
      [`${at}.id`, event.exercise],
      [`${at}.type`, scorm12Type(event)],
      [`${at}.student_response`, event.response.slice(0, 255)],
      [`${at}.result`, event.correct ? 'correct' : 'wrong'],
      [`${at}.latency`, timespan(event.latencySeconds * 1000)],
    ];
  }
  return [
    [`${at}.id`, event.exercise],
    [`${at}.type`, type],
    [`${at}.learner_response`, event.response],
    [`${at}.result`, event.correct ? 'correct' : 'incorrect'],
    [`${at}.latency`, isoDuration(event.latencySeconds * 1000)],
  ];
}

/**
 * The LMS's pass mark as a share of the exercises (0 … 1), from what the LMS holds (1.2's
 * mastery_score in percent, 2004's scaled_passing_score), else the package's `mastery` percent.
 */
export function passShare(version: ScormVersion, given: string, mastery: number): number {
  const value = given.trim() === '' ? Number.NaN : Number(given);
  if (version === '1.2' && Number.isFinite(value) && value >= 0 && value <= 100) return value / 100;
  if (version === '2004' && Number.isFinite(value) && value >= -1 && value <= 1) return value;
  return mastery / 100;
}

/**
 * The score's (element, value) pairs after an answer, and once every exercise is answered the
 * status against the pass mark: 1.2's lesson_status passed/failed, 2004's success_status.
 */
export function scoreValues(version: ScormVersion, event: ScoreEvent, pass: number): { values: [string, string][]; success?: 'passed' | 'failed' } {
  const share = event.correct / event.total;
  const raw = String(Math.round(100 * share));
  const values: [string, string][] = version === '1.2'
    ? [['cmi.core.score.min', '0'], ['cmi.core.score.max', '100'], ['cmi.core.score.raw', raw]]
    : [['cmi.score.min', '0'], ['cmi.score.max', '100'], ['cmi.score.raw', raw], ['cmi.score.scaled', String(Number(share.toFixed(4)))]];
  if (event.answered < event.total) return { values };
  // Compared in whole percent, as the LMS reads the raw score against a percent mastery score.
  const success = Number(raw) >= Math.round(pass * 100) ? 'passed' : 'failed';
  return { values: version === '2004' ? [...values, ['cmi.success_status', success]] : values, success };
}

/** One answer as the first version of the resume record kept it: the last to an exercise, and how many tries it took (no grade). */
export interface SavedAnswer {
  exercise: string;
  response: string;
  attempts: number;
}

/** What suspend_data keeps: every answer, and the learner's edited inputs the latest were given on. */
export interface ResumeRecord {
  /** Every answer to the walkthrough, oldest first, each with its grade (answer-record.ts). */
  attempts: Attempt[];
  /**
   * Answers a record of the first version kept (the last to each exercise, without its grade):
   * graded by the engine when the page opens, then kept as attempts.
   */
  ungraded: SavedAnswer[];
  /** The edited inputs as a link carries them (the `in=` of its hash); absent for the walkthrough's own. */
  inputs?: string;
}

const RECORD_VERSION = 2;

/**
 * `{"v":2,"x":[exercise ids],"a":[[index in x, response, 1 right | 0 wrong, fingerprint of other
 * inputs?],…],"i":"…"}`: each exercise's id written once, every attempt after it in order.
 */
function serialise(attempts: readonly Attempt[], inputs: string | undefined): string {
  const ids = [...new Set(attempts.map((a) => a.exercise))];
  const rows = attempts.map((a) => [ids.indexOf(a.exercise), a.response, a.correct ? 1 : 0, ...(a.inputs === undefined ? [] : [a.inputs])]);
  return JSON.stringify({ v: RECORD_VERSION, x: ids, a: rows, ...(inputs === undefined ? {} : { i: inputs }) });
}

/** The attempts that are the first or the last at their exercise (the graded one, and the one shown). */
function firstAndLast(attempts: readonly Attempt[], keepLast: boolean): Attempt[] {
  const firstAt = new Map<string, number>();
  const lastAt = new Map<string, number>();
  attempts.forEach((a, k) => {
    if (!firstAt.has(a.exercise)) firstAt.set(a.exercise, k);
    lastAt.set(a.exercise, k);
  });
  return attempts.filter((a, k) => firstAt.get(a.exercise) === k || (keepLast && lastAt.get(a.exercise) === k));
}

/**
 * The record as suspend_data, within the version's limit. Every answer is kept when it fits;
 * otherwise the tries between each exercise's first and last (they stay in the LMS as
 * interactions), then the last ones, and last of all the edited inputs (the answers' grades stay,
 * so the score is whole). The first answer to each exercise, the graded one, is always kept.
 */
export function encodeSuspendData(record: Pick<ResumeRecord, 'attempts' | 'inputs'>, version: ScormVersion): string {
  const { attempts, inputs } = record;
  const choices: [readonly Attempt[], string | undefined][] = [
    [attempts, inputs], [firstAndLast(attempts, true), inputs], [firstAndLast(attempts, false), inputs], [firstAndLast(attempts, false), undefined],
  ];
  for (const [kept, withInputs] of choices) {
    const text = serialise(kept, withInputs);
    if (text.length <= SUSPEND_LIMIT[version]) return text;
  }
  return serialise(firstAndLast(attempts, false), undefined);
}

/** The attempts of a record of this version, or undefined when it is not one. */
function readAttempts(record: { x?: unknown; a?: unknown }): Attempt[] | undefined {
  const { x: ids, a: rows } = record;
  if (!Array.isArray(ids) || !ids.every((id) => typeof id === 'string') || !Array.isArray(rows)) return undefined;
  const attempts: Attempt[] = [];
  for (const row of rows as unknown[]) {
    if (!Array.isArray(row) || (row.length !== 3 && row.length !== 4)) return undefined;
    const [index, response, correct, inputs] = row as unknown[];
    if (!Number.isInteger(index) || (index as number) < 0 || (index as number) >= ids.length) return undefined;
    if (typeof response !== 'string' || (correct !== 0 && correct !== 1) || (row.length === 4 && typeof inputs !== 'string')) return undefined;
    attempts.push({ exercise: ids[index as number] as string, response, correct: correct === 1, ...(typeof inputs === 'string' ? { inputs } : {}) });
  }
  return attempts;
}

/** The answers of a record of the first version (`{"v":1,"a":[[id,response,attempts],…]}`), or undefined when it is not one. */
function readFirstVersion(rows: unknown): SavedAnswer[] | undefined {
  if (!Array.isArray(rows)) return undefined;
  const answers: SavedAnswer[] = [];
  for (const entry of rows as unknown[]) {
    if (!Array.isArray(entry) || entry.length !== 3) return undefined;
    const [exercise, response, attempts] = entry as unknown[];
    if (typeof exercise !== 'string' || typeof response !== 'string' || !Number.isInteger(attempts) || (attempts as number) < 1) return undefined;
    answers.push({ exercise, response, attempts: attempts as number });
  }
  return answers;
}

/**
 * The record from suspend_data: empty for an empty text (a first launch), `corrupt` for one that
 * is not a record this page wrote (the lesson then starts afresh, with a notice). A record of
 * the first version gives its answers to be graded again.
 */
export function decodeSuspendData(text: string): ResumeRecord | 'corrupt' {
  if (text.trim() === '') return { attempts: [], ungraded: [] };
  try {
    const record = JSON.parse(text) as { v?: unknown; a?: unknown; x?: unknown; i?: unknown };
    if (!record || typeof record !== 'object' || (record.i !== undefined && typeof record.i !== 'string')) return 'corrupt';
    const inputs = record.i === undefined ? {} : { inputs: record.i as string };
    if (record.v === 1) {
      const ungraded = readFirstVersion(record.a);
      return ungraded ? { attempts: [], ungraded, ...inputs } : 'corrupt';
    }
    if (record.v !== RECORD_VERSION) return 'corrupt';
    const attempts = readAttempts(record);
    return attempts ? { attempts, ungraded: [], ...inputs } : 'corrupt';
  } catch {
    return 'corrupt';
  }
}

/** A step id as the page's links accept it, else undefined (a location this page did not write). */
export function stepFromLocation(location: string): string | undefined {
  return /^[a-z0-9-]{1,40}$/.test(location) ? location : undefined;
}
