// What the H5P library (entries/h5p-library.ts) reads and says, kept apart from H5P's globals so
// that it can be tested without a player (tests/page/h5p-content.test.mjs): the content's
// parameters (embed/h5p-package.ts wrote them), the learner a host names, and the xAPI statements
// of answers and of the lesson's end as H5P hosts record them. Hosts store a content's result from
// a statement `answered` or `completed` that has no parent activity (H5P.xAPICompletedListener):
// each exercise's answer is therefore a statement of its own activity under the content (a
// parent), and only the lesson's end, once every exercise is answered, goes without one.
import { strFromU8 } from 'fflate';
import { base64ToBytes } from '../model/base64.js';
import type { AnsweredEvent } from '../session/events.js';
import { answerExtensions, duration } from './xapi.js';

export interface H5pContent {
  /** The link the content opens (offlineLink's: "?w=…&step=…#in=…&walkthrough=…"). */
  link: string;
  mastery: number;
  languageModel?: Uint8Array;
}

/** content.json's parameters read back, or what is wrong with them (shown in place of the lab). */
export function readH5pParams(params: unknown): H5pContent | { error: string } {
  if (typeof params !== 'object' || params === null) return { error: 'the content’s parameters: expected an object, got none' };
  const { lesson, passPercentage, languageModel } = params as Record<string, unknown>;
  let link: string;
  try {
    if (typeof lesson !== 'string') throw new Error();
    link = strFromU8(base64ToBytes(lesson));
  } catch {
    return { error: 'lesson: expected the lesson as Attention Lab writes it (base64 text); export the lesson again' };
  }
  if (!link.startsWith('?')) return { error: 'lesson: expected a lesson’s link beginning with “?”; export the lesson again' };
  const mastery = passPercentage === undefined ? 80 : passPercentage;
  if (typeof mastery !== 'number' || !Number.isInteger(mastery) || mastery < 0 || mastery > 100) {
    return { error: `passPercentage: expected a whole percent from 0 to 100, got ${JSON.stringify(passPercentage)}` };
  }
  if (languageModel === undefined || languageModel === '') return { link, mastery };
  try {
    if (typeof languageModel !== 'string') throw new Error();
    return { link, mastery, languageModel: base64ToBytes(languageModel) };
  } catch {
    return { error: 'languageModel: expected the language model as base64 text; export the lesson again' };
  }
}

/**
 * The learner a host names, for a walkthrough that draws numbers per learner: H5PIntegration's
 * user (Lumi gives an id, PHP hosts a name and an email address), else the account of the actor
 * H5P makes up for an anonymous visitor (a UUID it keeps in the browser).
 */
export function h5pLearner(user: unknown, actor: unknown): string | undefined {
  if (typeof user === 'object' && user !== null) {
    for (const key of ['id', 'mail', 'name']) {
      const value = (user as Record<string, unknown>)[key];
      if ((typeof value === 'string' && value.trim()) || typeof value === 'number') return String(value).trim();
    }
  }
  if (typeof actor === 'object' && actor !== null) {
    const account = (actor as { account?: { name?: unknown } }).account;
    if (typeof account?.name === 'string' && account.name) return account.name;
  }
  return undefined;
}

/** The activity id of an exercise under the content's (`parent`): as H5P names a sub-content's. */
export const exerciseActivity = (parent: string, walkthrough: string, exercise: string): string =>
  `${parent}${parent.includes('?') ? '&' : '?'}subContentId=${encodeURIComponent(`${walkthrough}.${exercise}`)}`;

/**
 * The object-definition extension naming the lab's exercise in an H5P statement, whose activity
 * id is the host's (class-statements.ts reads it where the id names no `?w=` and `#exercise=`).
 */
export const EXERCISE_EXTENSION = 'urn:attention-lab:xapi:exercise';

/** What an answer's statement sets over H5P's template (whose actor, verb and timestamp it keeps). */
export interface AnswerStatementParts {
  object: { id: string; objectType: 'Activity'; definition: Record<string, unknown> };
  context: { contextActivities: { parent: { id: string; objectType: 'Activity' }[] } };
  result: { score: { min: 0; max: 1; raw: 0 | 1; scaled: 0 | 1 }; success: boolean; completion: true; response: string; duration: string; extensions: Record<string, unknown> };
}

/** The statement of one answer: its exercise's activity under the content's, the lab's extensions in its result. */
export function answerStatement(event: AnsweredEvent, parent: string, prompt: string): AnswerStatementParts {
  const raw = event.correct ? 1 : 0;
  return {
    object: {
      id: exerciseActivity(parent, event.walkthrough, event.exercise),
      objectType: 'Activity',
      definition: {
        name: { 'en-US': prompt },
        type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
        interactionType: event.interaction,
        extensions: {
          'http://h5p.org/x-api/h5p-subContentId': `${event.walkthrough}.${event.exercise}`,
          [EXERCISE_EXTENSION]: { walkthrough: event.walkthrough, exercise: event.exercise },
        },
      },
    },
    context: { contextActivities: { parent: [{ id: parent, objectType: 'Activity' }] } },
    result: {
      score: { min: 0, max: 1, raw, scaled: raw },
      success: event.correct,
      completion: true,
      response: event.response,
      duration: duration(event.latencySeconds),
      extensions: answerExtensions(event),
    },
  };
}

/** Whether `correct` of `total` exercises right passes at `mastery` percent (a lesson without exercises passes). */
export const passes = (correct: number, total: number, mastery: number): boolean => total === 0 || correct * 100 >= mastery * total;
