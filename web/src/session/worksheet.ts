// A walkthrough with questions on paper (views/print-handout.ts): which of its steps the learner's
// worksheet prints and which only the instructor's answer key does. DOM-free.
import type { Exercise, ExercisePanel, Step } from '../model/types.js';

/** The question a step asks, if it is one. */
const questionOf = (step: Step): Exercise | undefined => step.panels.find((p): p is ExercisePanel => p.type === 'exercise')?.exercise;

/**
 * A walkthrough's steps as a worksheet: the questions part (every step but those that show a
 * question's answer) and the answers part (those steps, in order). A question names the step
 * whose numbers it asks about (a value, a cell to pick): that step shows its answer when it comes
 * after it. The others are placed right before the step that shows their answer (the walkthrough
 * format's `after`), so the next step that is not a question does. Putting the passes in order is
 * answered by no single step. Without questions, every step is in the first part.
 */
export function worksheetSteps(steps: readonly Step[]): { questions: Step[]; answers: Step[] } {
  const revealing = new Set<number>();
  steps.forEach((step, k) => {
    const exercise = questionOf(step);
    if (!exercise || exercise.type === 'order-passes') return;
    const shows = 'step' in exercise
      ? steps.findIndex((s, j) => j > k && s.id === exercise.step)
      : steps.findIndex((s, j) => j > k && !questionOf(s));
    if (shows >= 0) revealing.add(shows);
  });
  return {
    questions: steps.filter((_, k) => !revealing.has(k)),
    answers: steps.filter((_, k) => revealing.has(k)),
  };
}
