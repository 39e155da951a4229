// Exercises among a walkthrough's steps: where they go, how the engine grades an answer, what the
// learner is told, and what the host hears (the `answered` and `score` progress events an LMS
// records). DOM-free; the session owns one ExerciseBook per open walkthrough.
import type { AttentionLab, Misconception } from '../../lib/index.js';
import { attentionArgs } from '../kinds/shared/explain-terms.js';
import { formatNumber } from '../model/format.js';
import type { AttentionInputs, Exercise, Step, Walkthrough } from '../model/types.js';
import type { ProgressEvent } from './events.js';
import { parseCell } from './read-input.js';

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

/** The steps with each exercise placed after the step it names (last when it names none). */
export function withExercises(walkthrough: Walkthrough, steps: Step[]): Step[] {
  const out = [...steps];
  for (const exercise of walkthrough.exercises ?? []) {
    const step: Step = {
      id: exerciseStepId(exercise),
      title: exercise.title,
      text: exercise.prompt,
      formula: '',
      panels: [{ type: 'exercise', name: exercise.id, caption: 'Your answer', exercise }],
    };
    const after = exercise.after === undefined ? -1 : out.findIndex((s) => s.id === exercise.after);
    if (after < 0) out.push(step);
    else out.splice(after + 1, 0, step);
  }
  return out;
}

/** What each mistake means, said to the learner whose number matches it. */
const MISTAKES: Record<Misconception, string> = {
  unscaled: 'That is the value without dividing the scores by √d_k.',
  dividedByDk: 'That is what dividing by d_k gives; the scores are divided by √d_k, its square root.',
  maskIgnored: 'That is the value with the mask left out; a blocked key gets no weight.',
  noSoftmax: 'That is the scaled score itself; the weights are the softmax of each row of scaled scores.',
  columnSoftmax: 'That is a softmax down the column, over the queries; each query’s weights are a softmax over its own row of keys.',
  roundedEarly: 'Close: that is what rounding every intermediate to two decimals gives. Keep more digits until the end.',
};

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

  /** Grades `text` with the engine on the inputs on screen; a text that is not a number is refused, unrecorded. */
  answer(lab: AttentionLab, walkthrough: Walkthrough, inputs: AttentionInputs, exercise: Exercise, text: string): ExerciseFeedback | { error: string } {
    const earlier = this.answers.get(exercise.id);
    if (this.exam && earlier) return earlier.feedback; // one answer per exercise, kept as given
    const answer = parseCell(text);
    if (typeof answer === 'string') return { error: answer };
    const attempt = (earlier?.attempts ?? 0) + 1;
    const { feedback, misconception } = this.grade(lab, inputs, exercise, answer, attempt);
    this.answers.set(exercise.id, { attempts: attempt, correct: feedback.correct, feedback });
    const base = { ...(walkthrough.lesson ? { lesson: walkthrough.lesson } : {}), walkthrough: walkthrough.id };
    const shown = this.shownAt.get(exercise.id) ?? this.now();
    this.report({
      type: 'answered', ...base, exercise: exercise.id, interaction: 'numeric', response: String(answer), correct: feedback.correct,
      misconception, attempt, latencySeconds: Math.max(0, (this.now() - shown) / 1000),
    });
    const total = walkthrough.exercises?.length ?? 0;
    const correct = [...this.answers.values()].filter((r) => r.correct).length;
    this.report({ type: 'score', ...base, correct, answered: this.answers.size, total });
    return feedback;
  }

  /**
   * Puts back answers given in an earlier visit (an LMS's resume record), graded again by the
   * engine on the inputs on screen, without reporting them again. Answers to exercises the
   * walkthrough does not have, or that are not numbers, are left out.
   */
  restore(lab: AttentionLab, walkthrough: Walkthrough, inputs: AttentionInputs, saved: readonly { exercise: string; response: string; attempts: number }[]): void {
    for (const { exercise: id, response, attempts } of saved) {
      const exercise = walkthrough.exercises?.find((e) => e.id === id);
      const answer = parseCell(response);
      if (!exercise || typeof answer === 'string') continue;
      const attempt = this.exam ? 1 : Math.max(1, attempts);
      const { feedback } = this.grade(lab, inputs, exercise, answer, attempt);
      this.answers.set(id, { attempts: attempt, correct: feedback.correct, feedback });
    }
  }

  /** The engine's diagnosis of `answer` and what the learner is told about it. */
  private grade(lab: AttentionLab, inputs: AttentionInputs, exercise: Exercise, answer: number, attempt: number): { feedback: ExerciseFeedback; misconception: Misconception | null } {
    const d = lab.diagnose({ ...attentionArgs(inputs), stage: exercise.stage, row: exercise.row, column: exercise.column, answer, ...(exercise.tolerance === undefined ? {} : { tolerance: exercise.tolerance }) });
    const value = formatNumber(d.expected, 4);
    // In an exam the answer is only recorded: neither its grade nor the value is said, so the
    // next questions cannot be worked out from the feedback.
    const message = this.exam
      ? `Your answer, ${formatNumber(answer, 4)}, is recorded. In exam mode each question takes one answer.`
      : d.correct
        ? `Right: the engine’s value is ${value}.`
        : `${d.misconception ? MISTAKES[d.misconception] : 'Not quite, and it matches none of the usual mistakes.'}${attempt >= REVEAL_AFTER ? ` The engine’s value is ${value}.` : ' Try again.'}`;
    const feedback: ExerciseFeedback = { correct: d.correct, attempt, message, misconception: this.exam ? null : d.misconception, final: this.exam, response: String(answer) };
    return { feedback, misconception: d.misconception };
  }
}
