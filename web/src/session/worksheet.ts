// A walkthrough with questions on paper (views/print-handout.ts): which of its steps the learner's
// worksheet prints and which only the instructor's answer key does. DOM-free.
import type { Step } from '../model/types.js';

/**
 * A walkthrough's steps as a worksheet: the questions part (every step before its first question,
 * and each question) and the answers part (every other step: after the first question, a step
 * may show a question's answer). Without questions, every step is in the first part.
 */
export function worksheetSteps(steps: readonly Step[]): { questions: Step[]; answers: Step[] } {
  const isQuestion = (step: Step) => step.panels.some((p) => p.type === 'exercise');
  const first = steps.findIndex(isQuestion);
  if (first < 0) return { questions: [...steps], answers: [] };
  return {
    questions: steps.filter((step, k) => k < first || isQuestion(step)),
    answers: steps.filter((step, k) => k > first && !isQuestion(step)),
  };
}
