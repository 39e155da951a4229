// Diagnoses for answers whose file kept the response but not the engine's diagnosis (Moodle's
// report): each wrong first try is graded again by `diagnose` (the page's engine, on the
// walkthrough's own numbers), once per distinct walkthrough, exercise and response. An answer the
// engine cannot grade again (a walkthrough the page does not have, or whose numbers are each
// learner's own) keeps no diagnosis. DOM-free.
import type { RecordedAnswer } from './class-statements.js';

/** The engine's diagnosis of `response` (null: no mistake named), or undefined when it cannot grade it. */
export type Diagnose = (walkthrough: string, exercise: string, response: string) => Promise<string | null | undefined>;

export async function withDiagnoses(answers: readonly RecordedAnswer[], diagnose: Diagnose): Promise<RecordedAnswer[]> {
  const known = new Map<string, Promise<string | null | undefined>>();
  return Promise.all(answers.map(async (answer) => {
    if (answer.correct || answer.misconception !== undefined || answer.response === undefined) return answer;
    const key = JSON.stringify([answer.walkthrough, answer.exercise, answer.response]);
    if (!known.has(key)) known.set(key, diagnose(answer.walkthrough, answer.exercise, answer.response).catch(() => undefined));
    const misconception = await known.get(key);
    return misconception === undefined ? answer : { ...answer, misconception };
  }));
}
