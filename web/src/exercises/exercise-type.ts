// What a type of exercise is to the page: its own fields in a walkthrough file, how an answer is
// read and graded (by the engine, on the inputs on screen), and what an LMS records it as. One
// module per type beside this one, registered in index.ts; the answer control it is shown with
// is widgets/exercise-answers/<type>.ts.
import type { AlibiMisconception, AttentionLab, GroupedQueryMisconception, Misconception, RopeMisconception, TokenizerMisconception, WindowMisconception } from '../../lib/index.js';
import type { Problem } from '../model/json-checks.js';
import type { Exercise, ExerciseSizes, PickGrid, Step, Walkthrough } from '../model/types.js';


/** A mistake the engine names: attention's (lab.diagnose) or a lesson's own (lab.diagnoseRope, diagnoseAlibi, diagnoseGroupedQuery, diagnoseSlidingWindow, diagnoseTokenizer). */
export type Mistake = Misconception | RopeMisconception | AlibiMisconception | GroupedQueryMisconception | WindowMisconception | TokenizerMisconception;

/** What grading an answer has to go on. */
export interface ExerciseContext {
  lab: AttentionLab;
  walkthrough: Walkthrough;
  inputs: Walkthrough['inputs'];
  /** The walkthrough's steps as built from those inputs (exercise steps left out). */
  steps: readonly Step[];
}

/** An answer graded. */
export interface Grade {
  correct: boolean;
  /** The engine's name for the mistake the answer matches (numeric answers), else null. */
  misconception: Mistake | null;
  /** Right: what makes it right. Wrong: which mistake it matches, or that it matches none. */
  said: string;
  /** The right answer in words ("The engine's value is 0.5761."), said after enough tries. */
  answer: string;
  /** The answer as read, as an LMS stores it (a number, a key's index, step ids joined by ",", a cell as r<row>c<column>). */
  response: string;
  /** The answer in words, as the learner gave it ("0.5761", "k₂", "Scores → Softmax → …"). */
  given: string;
}

export interface ExerciseType<E extends Exercise = Exercise> {
  /** As SCORM types interactions. */
  interaction: 'numeric' | 'choice' | 'sequencing';
  /** 'full' when grading calls an operation the lite engine leaves out (the page then loads the full engine). */
  engine?: 'full';
  /** Its fields besides id, type, title, prompt and after. */
  fields: readonly string[];
  /** The first problem with its own fields (`at(name)` is a field's path for the message). */
  problem(exercise: Record<string, unknown>, sizes: ExerciseSizes, at: (name: string) => string): Problem;
  /**
   * The first problem with where it points among the steps as built (a step, panel or cell the
   * walkthrough does not have), for what only the built steps tell; the walkthrough is refused.
   */
  placed?(exercise: E, steps: readonly Step[], at: (name: string) => string): Problem;
  /** The items to pick from or order, in the order first shown (none for a typed answer). */
  choices?(exercise: E, shown: Omit<ExerciseContext, 'lab'>): { value: string; label: string }[];
  /** The matrix to pick a cell from, as the steps show it (none for other answers, or when the steps no longer show it). */
  grid?(exercise: E, shown: Omit<ExerciseContext, 'lab'>): PickGrid | undefined;
  /** Grades the learner's answer text; `{ error }` when it is not an answer of this type (not counted). */
  grade(exercise: E, text: string, context: ExerciseContext): Grade | { error: string };
}
