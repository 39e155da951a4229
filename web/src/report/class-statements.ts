// A class's answers, read from the xAPI statements the lab sends (embed/xapi.ts) as a Learning
// Record Store or an LMS exports them: a JSON list of statements, or an object holding one in
// `statements` (an LRS's GET /statements). Each `answered` statement of an exercise of the lab
// (its object id names `?w=<walkthrough>` and `#exercise=<id>`, or, from an H5P package, its
// object's definition does: embed/h5p-content.ts) is one learner's answer: who (the
// actor), right or not, the attempt and the engine's diagnosis (the lab's result extensions).
// Other statements (scores, other activities) are passed over; a statement of the lab's that
// lacks what a report needs is refused, naming its place in the file. DOM-free; nothing here
// leaves the browser.
import { XAPI_EXTENSIONS } from '../embed/xapi.js';
import { EXERCISE_EXTENSION } from '../embed/h5p-content.js';
import { describe, expected, isRecord, type Problem, problem } from '../model/json-checks.js';

/** One learner's answer to one exercise, as a statement records it. */
export interface RecordedAnswer {
  /** The learner, as the actor names them (an account, an email address, …). */
  learner: string;
  walkthrough: string;
  exercise: string;
  correct: boolean;
  /** The mistake the engine named (a wrong answer), null when it named none, undefined when the file does not say. */
  misconception: string | null | undefined;
  /** 1 for the learner's first answer to the exercise, 2 for the next, …; undefined when not recorded. */
  attempt: number | undefined;
  /** What the learner answered, where the file keeps it (Moodle's "Response N"), for a diagnosis made afterwards. */
  response?: string;
  /** When it was answered (ms since 1970), when the statement says; else undefined. */
  time: number | undefined;
  /** Its order where nothing above says: its place in the file (statements), its attempt and interaction (Moodle's report). */
  index: number;
}

const ANSWERED = '/verbs/answered';
const TOP = 'statements';

/** The learner an xAPI actor names (an Agent's inverse functional identifier), or undefined. */
function learnerOf(actor: unknown): string | undefined {
  if (!isRecord(actor)) return undefined;
  const account = actor.account;
  if (isRecord(account) && typeof account.name === 'string' && account.name) return `${typeof account.homePage === 'string' ? account.homePage : ''}|${account.name}`;
  for (const key of ['mbox', 'mbox_sha1sum', 'openid'] as const) {
    if (typeof actor[key] === 'string' && actor[key]) return `${key}|${actor[key] as string}`;
  }
  return undefined;
}

/** The walkthrough and exercise an activity id names, when it is an exercise of the lab. */
function exerciseOf(id: string): { walkthrough: string; exercise: string } | undefined {
  let url: URL;
  try {
    url = new URL(id);
  } catch {
    return undefined;
  }
  const walkthrough = url.searchParams.get('w');
  const exercise = new URLSearchParams(url.hash.replace(/^#/, '')).get('exercise');
  return walkthrough && exercise ? { walkthrough, exercise } : undefined;
}

/**
 * The walkthrough and exercise an H5P package's statement names in its object's definition
 * (EXERCISE_EXTENSION): its activity id is the host's, which says nothing of the lab.
 */
function exerciseNamed(object: unknown): { walkthrough: string; exercise: string } | undefined {
  const definition = isRecord(object) && isRecord(object.definition) ? object.definition : undefined;
  const named = definition && isRecord(definition.extensions) ? definition.extensions[EXERCISE_EXTENSION] : undefined;
  if (!isRecord(named) || typeof named.walkthrough !== 'string' || typeof named.exercise !== 'string' || !named.walkthrough || !named.exercise) return undefined;
  return { walkthrough: named.walkthrough, exercise: named.exercise };
}

/** One statement: an answer of the lab's, nothing (another kind of statement), or the problem. */
function answerOf(statement: unknown, index: number): RecordedAnswer | undefined | { problem: Problem } {
  const path = `${TOP}[${index}]`;
  if (!isRecord(statement)) return { problem: expected(path, 'an xAPI statement (an object)', statement) };
  const verb = isRecord(statement.verb) ? statement.verb.id : undefined;
  if (typeof verb !== 'string') return { problem: expected(`${path}.verb.id`, 'the verb\'s IRI (a text)', verb) };
  if (!verb.endsWith(ANSWERED)) return undefined;
  const object = isRecord(statement.object) ? statement.object.id : undefined;
  if (typeof object !== 'string') return { problem: expected(`${path}.object.id`, 'the activity\'s IRI (a text)', object) };
  const place = exerciseOf(object) ?? exerciseNamed(statement.object);
  if (!place) return undefined;
  const learner = learnerOf(statement.actor);
  if (!learner) return { problem: problem(`${path}.actor`, 'the learner: an Agent with an account, mbox, mbox_sha1sum or openid', describe(statement.actor)) };
  const result = isRecord(statement.result) ? statement.result : {};
  if (typeof result.success !== 'boolean') return { problem: expected(`${path}.result.success`, 'true or false (whether the answer was right)', result.success) };
  const extensions = isRecord(result.extensions) ? result.extensions : {};
  const attempt = extensions[XAPI_EXTENSIONS.attempt];
  if (attempt !== undefined && !(Number.isInteger(attempt) && (attempt as number) >= 1)) {
    return { problem: expected(`${path}.result.extensions["${XAPI_EXTENSIONS.attempt}"]`, 'the attempt, a whole number from 1', attempt) };
  }
  const misconception = extensions[XAPI_EXTENSIONS.misconception];
  if (misconception !== undefined && misconception !== null && typeof misconception !== 'string') {
    return { problem: expected(`${path}.result.extensions["${XAPI_EXTENSIONS.misconception}"]`, 'the mistake\'s name (a text) or null', misconception) };
  }
  const time = typeof statement.timestamp === 'string' ? Date.parse(statement.timestamp) : Number.NaN;
  return {
    learner, ...place, correct: result.success, misconception: result.success ? null : misconception as string | null | undefined,
    attempt: attempt as number | undefined, time: Number.isNaN(time) ? undefined : time, index,
  };
}

/** The lab's answers in a statements file's text, or the first problem, naming its place. */
export function answersFromStatements(text: string): { answers: RecordedAnswer[] } | { error: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { error: problem(TOP, 'JSON (a list of xAPI statements)', `text that is not JSON (${(error as Error).message})`) };
  }
  const list = Array.isArray(json) ? json : isRecord(json) && Array.isArray(json.statements) ? json.statements : undefined;
  if (!list) return { error: expected(TOP, 'a list of xAPI statements, or an object with one in "statements" (as a Learning Record Store sends them)', json) };
  const answers: RecordedAnswer[] = [];
  for (const [index, statement] of list.entries()) {
    const read = answerOf(statement, index);
    if (read && 'problem' in read) return { error: read.problem as string };
    if (read) answers.push(read);
  }
  if (answers.length === 0) {
    return { error: problem(TOP, `answers to the lab's exercises (the verb …${ANSWERED}, an object id with ?w= and #exercise=)`, `none among ${list.length} statements`) };
  }
  return { answers };
}
