// Exercises among a walkthrough's steps: where they go, how the engine grades an answer, what the
// learner is told, and what the host hears (the `answered` and `score` progress events an LMS
// records). DOM-free; the session owns one ExerciseBook, which holds the open walkthrough's record
// of answers (answer-record.ts).
import type { ExerciseContext, Mistake } from '../exercises/exercise-type.js';
import { exerciseType } from '../exercises/index.js';
import type { Exercise, Step, Walkthrough } from '../model/types.js';
import type { ProgressEvent } from './events.js';
import { attemptsAt, gradedAttempts, scoreOf, type AnswerLog, type Attempt, type Score } from './answer-record.js';
import { t } from '../i18n/messages.js';

/** What the learner is told after an answer. */
export interface ExerciseFeedback {
  correct: boolean;
  /** 1 for the first answer, 2 for the next, … */
  attempt: number;
  /** One or two sentences: right, or which mistake the number matches (the engine's diagnosis). */
  message: string;
  misconception: Mistake | null;
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

/** One question on the last step's review: the graded (first) answer, its grade and the right answer. */
export interface ReviewItem {
  exercise: Exercise;
  /** The first answer in words, as given; undefined when the question was not answered. */
  given?: string;
  correct: boolean;
  /** The right answer in words, from the engine on the inputs on screen. */
  answer: string;
}

/**
 * The learner's answers to the open walkthrough's exercises: its record of attempts (answer-record.ts),
 * read from the log when the walkthrough opens and appended to it with every answer, and what each
 * question shows of it (the latest answer given on the numbers on screen, graded again by the
 * engine). In an exam an exercise takes one answer, and the steps after an unanswered question stay shut.
 */
export class ExerciseBook {
  private attempts: Attempt[] = [];
  /** The fingerprint of the numbers on screen (undefined: the walkthrough's own). */
  private inputs: string | undefined;
  /** What each question shows, worked out once per opening or change of inputs. */
  private readonly feedback = new Map<string, ExerciseFeedback>();
  /** When each exercise was last shown, for the latency an LMS records. */
  private readonly shownAt = new Map<string, number>();

  private readonly exam: boolean;
  private readonly now: () => number;
  private readonly log: AnswerLog | undefined;

  constructor(
    private readonly report: (event: ProgressEvent) => void,
    { exam = false, now = () => Date.now(), log }: { exam?: boolean; now?: () => number; log?: AnswerLog } = {},
  ) {
    this.exam = exam;
    this.now = now;
    this.log = log;
  }

  /** Another walkthrough is open: its record as the log keeps it. */
  open(walkthrough: string, inputs: string | undefined): void {
    this.attempts = [...(this.log?.attempts(walkthrough, this.exam) ?? [])];
    this.inputs = inputs;
    this.feedback.clear();
    this.shownAt.clear();
  }

  /**
   * Other numbers are on screen (edited inputs, other weights): the record stays whole, and each
   * question shows the answer given on these numbers, if any.
   */
  inputsChanged(inputs: string | undefined): void {
    this.inputs = inputs;
    this.feedback.clear();
  }

  /** Every attempt at the open walkthrough's exercises, oldest first. */
  get record(): readonly Attempt[] {
    return this.attempts;
  }

  /** Whether the exercise has been answered (on any numbers, in any visit). */
  answered(exercise: Exercise): boolean {
    return this.attempts.some((a) => a.exercise === exercise.id);
  }

  /** The score of the open walkthrough's exercises. */
  score(walkthrough: Walkthrough): Score {
    return scoreOf(this.attempts, (walkthrough.exercises ?? []).map((e) => e.id));
  }

  /** The exercise's step is on screen. */
  shown(exercise: Exercise): void {
    if (!this.shownAt.has(exercise.id)) this.shownAt.set(exercise.id, this.now());
  }

  /**
   * What the question shows of earlier answers: the latest given on the numbers on screen, graded
   * again by the engine (in an exam, the latest on any numbers: its one answer stays closed).
   */
  feedbackOf(context: ExerciseContext, exercise: Exercise): ExerciseFeedback | undefined {
    const known = this.feedback.get(exercise.id);
    if (known) return known;
    const mine = attemptsAt(this.attempts, exercise.id);
    const shown = mine.filter((a) => a.inputs === this.inputs).at(-1) ?? (this.exam ? mine.at(-1) : undefined);
    if (!shown) return undefined;
    const graded = this.grade(context, exercise, shown.response, mine.indexOf(shown) + 1);
    const feedback = 'error' in graded ? (this.exam ? this.recorded(shown, mine.length) : undefined) : graded.feedback;
    if (feedback) this.feedback.set(exercise.id, feedback);
    return feedback;
  }

  /**
   * Grades `text` (by the exercise's type, with the engine, on the inputs and steps on screen) and
   * appends it to the record; a text that is not an answer of that type is refused, unrecorded.
   */
  answer(context: ExerciseContext, exercise: Exercise, text: string): ExerciseFeedback | { error: string } {
    if (this.exam && this.answered(exercise)) {
      // One answer per exercise, kept as given.
      const mine = attemptsAt(this.attempts, exercise.id);
      return this.feedbackOf(context, exercise) ?? this.recorded(mine[mine.length - 1], mine.length);
    }
    const attempt = attemptsAt(this.attempts, exercise.id).length + 1;
    const graded = this.grade(context, exercise, text, attempt);
    if ('error' in graded) return graded;
    const { feedback, misconception } = graded;
    this.append(context.walkthrough, { exercise: exercise.id, response: feedback.response, correct: feedback.correct, ...(this.inputs === undefined ? {} : { inputs: this.inputs }) });
    this.feedback.set(exercise.id, feedback);
    const { walkthrough } = context;
    const base = { ...(walkthrough.lesson ? { lesson: walkthrough.lesson } : {}), walkthrough: walkthrough.id };
    const shown = this.shownAt.get(exercise.id) ?? this.now();
    this.report({
      type: 'answered', ...base, exercise: exercise.id, interaction: exerciseType(exercise).interaction, response: feedback.response,
      correct: feedback.correct, misconception, attempt, latencySeconds: Math.max(0, (this.now() - shown) / 1000),
    });
    this.report({ type: 'score', ...base, ...this.score(walkthrough) });
    return feedback;
  }

  /**
   * Puts back answers kept by an earlier version of the SCORM resume record (the last answer to
   * each exercise, without its grade): graded by the engine on the inputs on screen and appended
   * to the record, without reporting them again. Answers to exercises the walkthrough does not
   * have, or that are not answers of their type, are left out.
   */
  restore(context: ExerciseContext, saved: readonly { exercise: string; response: string }[]): void {
    for (const { exercise: id, response } of saved) {
      const exercise = context.walkthrough.exercises?.find((e) => e.id === id);
      if (!exercise || this.answered(exercise)) continue;
      const graded = this.grade(context, exercise, response, 1);
      if ('error' in graded) continue;
      this.append(context.walkthrough, { exercise: id, response: graded.feedback.response, correct: graded.feedback.correct, ...(this.inputs === undefined ? {} : { inputs: this.inputs }) });
    }
    this.feedback.clear();
  }

  /** Each question with its graded (first) answer and the right answer, for the last step. */
  review(context: ExerciseContext): ReviewItem[] {
    const first = gradedAttempts(this.attempts);
    return (context.walkthrough.exercises ?? []).map((exercise) => {
      const attempt = first.get(exercise.id);
      // Graded again only for its words: the grade is the one given then.
      const words = exerciseType(exercise).grade(exercise, attempt?.response ?? '', context);
      const answer = 'error' in words ? '' : words.answer;
      if (!attempt) return { exercise, correct: false, answer };
      return { exercise, given: 'error' in words ? attempt.response : words.given, correct: attempt.correct, answer };
    });
  }

  private append(walkthrough: Walkthrough, attempt: Attempt): void {
    this.attempts.push(attempt);
    this.log?.append(walkthrough.id, this.exam, attempt);
  }

  /** An exam's answer that cannot be graded again on the numbers on screen: said as recorded, as given. */
  private recorded(attempt: Attempt, count: number): ExerciseFeedback {
    return {
      correct: attempt.correct, attempt: count, message: t('exercise-recorded', { given: attempt.response }), misconception: null, final: true, response: attempt.response,
    };
  }

  /** The grade of `text` by the exercise's type and what the learner is told about it. */
  private grade(context: ExerciseContext, exercise: Exercise, text: string, attempt: number): { feedback: ExerciseFeedback; misconception: Mistake | null } | { error: string } {
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
