// What an exam keeps shut: no step after a question not answered yet (the steps after it may
// show its answer), and no other walkthrough while one is open (another lesson may show the same
// numbers). Outside an exam every step is open.
import type { Exercise, Step, Walkthrough } from '../model/types.js';

export class ExamGate {
  /** The last refusal said, so pressing Next again does not pile up notices. */
  private said: string | undefined;

  constructor(
    /** Exam mode: one answer per exercise, and the steps after an unanswered question shut. */
    readonly exam: boolean,
    private readonly answered: (exercise: Exercise) => boolean,
    /** How a refusal is said: once as a notice, and each time to screen readers. */
    private readonly tell: { notify(message: string): void; announce(message: string): void },
  ) {}

  /** The last of `steps` that may be shown: in an exam, the first question not answered yet. */
  lastOpen(steps: readonly Step[]): number {
    const last = Math.max(0, steps.length - 1);
    if (!this.exam) return last;
    const at = steps.findIndex((step) => step.panels.some((p) => p.type === 'exercise' && !this.answered(p.exercise)));
    return at < 0 ? last : at;
  }

  /** In an exam, the first question of `walkthrough` not answered yet. */
  firstUnanswered(walkthrough: Walkthrough | undefined): Exercise | undefined {
    if (!this.exam || !walkthrough) return undefined;
    return walkthrough.exercises?.find((e) => !this.answered(e));
  }

  /** Says why the exam did not move. */
  refuse(message: string): void {
    if (this.said !== message) this.tell.notify(message);
    this.said = message;
    this.tell.announce(message);
  }
}
