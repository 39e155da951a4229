// Exercises among a walkthrough's steps: where they go, how the engine grades an answer, what the
// learner is told, and what the host hears (the `answered` and `score` progress events an LMS
// records). DOM-free; the session owns one ExerciseBook per open walkthrough.
import type { Misconception } from '../../lib/index.js';
import type { ExerciseContext } from '../exercises/exercise-type.js';
import { exerciseType } from '../exercises/index.js';
import type { Exercise, Step, Walkthrough } from '../model/types.js';
import type { ProgressEvent } from './events.js';
import { t } from '../i18n/messages.js';

/** What the learner is told after an answer. */
export interface ExerciseFeedback {
  correct: boolean;
  /** 1 for the first answer, 2 for the next, … */
  attempt: number;
  /** One or two sentences: right, or which mistake the number matches (the engine's diagnosis). */
  message: string;
  misconception: Misconception | null;
  /** No further answer is taken (exam mode, after the one answer). */
  final: boolean;
  /** The answer as the engine read it, shown again in the field when the step is drawn again. */
  response: string;
}

/** The step id of an exercise. */
export const exerciseStepId = (exercise: Exercise): string => `exercise-${exercise.id}`;

/**
 * The first exercise whose answer lies in a step, panel or cell the built steps do not have, as a
 * sentence naming its field (`exercises[0].panel: expected a matrix of step "embed" (…), got …`).
 */
export function exercisesPlacedProblem(walkthrough: Walkthrough, steps: readonly Step[]): string | undefined {
  // An `after` the steps do not have puts the exercise last (withExercises), as a mask step
  // that comes and goes with the inputs, or tiles of another size, would.
  for (const [i, exercise] of (walkthrough.exercises ?? []).entries()) {
    const at = (name: string) => `exercises[${i}].${name}`;
    const problem = exerciseType(exercise).placed?.(exercise, steps, at);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * The steps with each exercise placed after the step it names (last when it names none); a
 * picking or ordering exercise's panel carries its items (and a cell's, its matrix), from the
 * inputs and steps on screen.
 */
export function withExercises(walkthrough: Walkthrough, inputs: Walkthrough['inputs'], steps: Step[]): Step[] {
  const out = [...steps];
  for (const exercise of walkthrough.exercises ?? []) {
    const type = exerciseType(exercise);
    const id = exerciseStepId(exercise);
    // Its items come from the numbers of the steps on screen.
    const choices = type.choices?.(exercise, { walkthrough, inputs, steps });
    const grid = type.grid?.(exercise, { walkthrough, inputs, steps });
    const step: Step = {
      id,
      title: exercise.title,
      text: exercise.prompt,
      formula: '',
      panels: [{ type: 'exercise', name: exercise.id, caption: t('exercise-your-answer'), exercise, ...(choices ? { choices } : {}), ...(grid ? { grid } : {}) }],
    };
    let after = exercise.after === undefined ? -1 : out.findIndex((s) => s.id === exercise.after);
    if (after < 0) {
      out.push(step);
      continue;
    }
    // Several after one step come in the file's order.
    while (out[after + 1]?.id.startsWith('exercise-')) after += 1;
    out.splice(after + 1, 0, step);
  }
  return out;
}

/** After this many wrong answers the engine's value is shown. */
const REVEAL_AFTER = 2;

interface Answer {
  attempts: number;
  correct: boolean;
  feedback: ExerciseFeedback;
}

export class ExerciseBook {
  private readonly answers = new Map<string, Answer>();
  /** When each exercise was last shown, for the latency an LMS records. */
  private readonly shownAt = new Map<string, number>();

  private readonly exam: boolean;

  constructor(
    private readonly report: (event: ProgressEvent) => void,
    { exam = false, now = () => Date.now() }: { exam?: boolean; now?: () => number } = {},
  ) {
    this.exam = exam;
    this.now = now;
  }

  private readonly now: () => number;

  /** Forgets every answer: another walkthrough, or inputs that change every expected number. */
  reset(): void {
    this.answers.clear();
    this.shownAt.clear();
  }

  /** The exercise's step is on screen. */
  shown(exercise: Exercise): void {
    if (!this.shownAt.has(exercise.id)) this.shownAt.set(exercise.id, this.now());
  }

  feedbackOf(exercise: Exercise): ExerciseFeedback | undefined {
    return this.answers.get(exercise.id)?.feedback;
  }

  /**
   * Grades `text` (by the exercise's type, with the engine, on the inputs and steps on screen); a
   * text that is not an answer of that type is refused, unrecorded.
   */
  answer(context: ExerciseContext, exercise: Exercise, text: string): ExerciseFeedback | { error: string } {
    const earlier = this.answers.get(exercise.id);
    if (this.exam && earlier) return earlier.feedback; // one answer per exercise, kept as given
    const attempt = (earlier?.attempts ?? 0) + 1;
    const graded = this.grade(context, exercise, text, attempt);
    if ('error' in graded) return graded;
    const { feedback, misconception } = graded;
    this.answers.set(exercise.id, { attempts: attempt, correct: feedback.correct, feedback });
    const { walkthrough } = context;
    const base = { ...(walkthrough.lesson ? { lesson: walkthrough.lesson } : {}), walkthrough: walkthrough.id };
    const shown = this.shownAt.get(exercise.id) ?? this.now();
    this.report({
      type: 'answered', ...base, exercise: exercise.id, interaction: exerciseType(exercise).interaction, response: feedback.response,
      correct: feedback.correct, misconception, attempt, latencySeconds: Math.max(0, (this.now() - shown) / 1000),
    });
    const total = walkthrough.exercises?.length ?? 0;
    const correct = [...this.answers.values()].filter((r) => r.correct).length;
    this.report({ type: 'score', ...base, correct, answered: this.answers.size, total });
    return feedback;
  }

  /**
   * Puts back answers given in an earlier visit (an LMS's resume record), graded again by the
   * engine on the inputs on screen, without reporting them again. Answers to exercises the
   * walkthrough does not have, or that are not answers of their type, are left out.
   */
  restore(context: ExerciseContext, saved: readonly { exercise: string; response: string; attempts: number }[]): void {
    for (const { exercise: id, response, attempts } of saved) {
      const exercise = context.walkthrough.exercises?.find((e) => e.id === id);
      if (!exercise) continue;
      const graded = this.grade(context, exercise, response, this.exam ? 1 : Math.max(1, attempts));
      if ('error' in graded) continue;
      this.answers.set(id, { attempts: graded.feedback.attempt, correct: graded.feedback.correct, feedback: graded.feedback });
    }
  }

  /** The grade of `text` by the exercise's type and what the learner is told about it. */
  private grade(context: ExerciseContext, exercise: Exercise, text: string, attempt: number): { feedback: ExerciseFeedback; misconception: Misconception | null } | { error: string } {
    const grade = exerciseType(exercise).grade(exercise, text, context);
    if ('error' in grade) return grade;
    // In an exam the answer is only recorded: neither its grade nor the right answer is said, so
    // the next questions cannot be worked out from the feedback.
    const message = this.exam
      ? t('exercise-recorded', { given: grade.given })
      : grade.correct
        ? grade.said
        : `${grade.said} ${attempt >= REVEAL_AFTER ? grade.answer : t('exercise-try-again')}`;
    const feedback: ExerciseFeedback = {
      correct: grade.correct, attempt, message, misconception: this.exam ? null : grade.misconception, final: this.exam, response: grade.response,
    };
    return { feedback, misconception: grade.misconception };
  }
}
