// An exercise's answer and the score as xAPI-shaped statements (verb, object, result), for hosts
// that record learning activity the way H5P and Learning Record Stores do: the iframe protocol
// sends one with each `answered` and `score` message. The actor is the host's to add (the frame
// does not know the learner); ids are the page's own address, so they are stable per walkthrough.
import type { AnsweredEvent, ScoreEvent } from '../session/events.js';

export interface XapiStatement {
  verb: { id: string; display: { 'en-US': string } };
  object: { id: string; objectType: 'Activity'; definition: { type: string; name?: { 'en-US': string } } };
  result: {
    success?: boolean;
    completion?: boolean;
    response?: string;
    /** ISO 8601 duration. */
    duration?: string;
    score?: { raw: number; min: number; max: number; scaled: number };
    /** An answer's attempt (1 for the first) and the engine's diagnosis of it (XAPI_EXTENSIONS). */
    extensions?: Record<string, unknown>;
  };
}

/**
 * The result extensions an answer carries, so that a class report (report/class-report.ts) can
 * tell a learner's first try and name the mistake: the attempt (1, 2, …) and the misconception
 * the engine matched (null when right or none matched). URNs: IRIs the lab owns wherever it is served.
 */
export const XAPI_EXTENSIONS = {
  attempt: 'urn:attention-lab:xapi:attempt',
  misconception: 'urn:attention-lab:xapi:misconception',
} as const;

const ADL = 'http://adlnet.gov/expapi';

/** The activity id of a walkthrough (and an exercise of it): the page's address with `?w=`. */
const activity = (page: string, walkthrough: string, exercise?: string): string =>
  `${page}?w=${encodeURIComponent(walkthrough)}${exercise === undefined ? '' : `#exercise=${encodeURIComponent(exercise)}`}`;

/** An answer's result extensions: its attempt and the engine's diagnosis (XAPI_EXTENSIONS). */
export const answerExtensions = (event: AnsweredEvent): Record<string, unknown> => ({
  [XAPI_EXTENSIONS.attempt]: event.attempt, [XAPI_EXTENSIONS.misconception]: event.misconception,
});

/** Seconds as an ISO 8601 duration, PT…S. */
export const duration = (seconds: number): string => `PT${Math.max(0, Math.round(seconds * 100) / 100)}S`;

export function answeredStatement(event: AnsweredEvent, page: string): XapiStatement {
  return {
    verb: { id: `${ADL}/verbs/answered`, display: { 'en-US': 'answered' } },
    object: {
      id: activity(page, event.walkthrough, event.exercise),
      objectType: 'Activity',
      definition: { type: `${ADL}/activities/cmi.interaction` },
    },
    result: {
      success: event.correct,
      response: event.response,
      duration: duration(event.latencySeconds),
      extensions: answerExtensions(event),
    },
  };
}

export function scoreStatement(event: ScoreEvent, page: string): XapiStatement {
  const scaled = event.total === 0 ? 0 : event.correct / event.total;
  return {
    verb: { id: `${ADL}/verbs/scored`, display: { 'en-US': 'scored' } },
    object: { id: activity(page, event.walkthrough), objectType: 'Activity', definition: { type: `${ADL}/activities/lesson` } },
    result: { completion: event.answered === event.total, score: { raw: event.correct, min: 0, max: event.total, scaled } },
  };
}
