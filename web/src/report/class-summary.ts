// A class's answers per question: how many learners answered it, how many were right at their
// first try, and the mistakes the engine named in the wrong first tries, most frequent first —
// "a third of the class forgot √d_k on question 2". A learner's first try is their answer with
// the lowest attempt number; answers without one count in the order they were given (their time,
// else their place in the file). DOM-free.
import type { RecordedAnswer } from './class-statements.js';

export interface QuestionSummary {
  walkthrough: string;
  exercise: string;
  /** Learners who answered it. */
  learners: number;
  /** Of those, right at their first try. */
  rightFirst: number;
  /** The engine's diagnoses of the wrong first tries, [name, learners], most frequent first (ties by name). */
  misconceptions: [string, number][];
  /** Wrong first tries the engine matched to no named mistake. */
  unnamed: number;
  /** Wrong first tries whose file records no diagnosis (Moodle's report; statements without it). */
  undiagnosed: number;
}

/** Which of two answers came first: the attempt number, then the time, then the file's order. */
const earlier = (a: RecordedAnswer, b: RecordedAnswer): number =>
  (a.attempt ?? Number.POSITIVE_INFINITY) - (b.attempt ?? Number.POSITIVE_INFINITY)
  || (a.time ?? Number.POSITIVE_INFINITY) - (b.time ?? Number.POSITIVE_INFINITY)
  || a.index - b.index;

/** Every question answered, in the order the file first answers it. */
export function classSummary(answers: readonly RecordedAnswer[]): QuestionSummary[] {
  /** question → learner → their first try. */
  const firsts = new Map<string, Map<string, RecordedAnswer>>();
  for (const answer of answers) {
    const question = `${answer.walkthrough}#${answer.exercise}`;
    const byLearner = firsts.get(question) ?? new Map<string, RecordedAnswer>();
    firsts.set(question, byLearner);
    const known = byLearner.get(answer.learner);
    if (!known || earlier(answer, known) < 0) byLearner.set(answer.learner, answer);
  }
  return [...firsts.values()].map((byLearner) => {
    const tries = [...byLearner.values()];
    const named = new Map<string, number>();
    for (const t of tries) if (!t.correct && t.misconception) named.set(t.misconception, (named.get(t.misconception) ?? 0) + 1);
    return {
      walkthrough: tries[0].walkthrough,
      exercise: tries[0].exercise,
      learners: tries.length,
      rightFirst: tries.filter((t) => t.correct).length,
      misconceptions: [...named].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
      unnamed: tries.filter((t) => !t.correct && t.misconception === null).length,
      undiagnosed: tries.filter((t) => !t.correct && t.misconception === undefined).length,
    };
  });
}
