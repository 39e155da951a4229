// How a learner gives an answer to one type of exercise (exercises/<type>.ts): the control, the
// answer's text as the session grades it, and an earlier answer shown again. The panel around it
// (widgets/exercise-panel.ts) adds the Check button and the engine's feedback.
import type { ExercisePanel } from '../../model/types.js';

export interface AnswerControl {
  element: HTMLElement;
  /** The answer's text (a number, a key's index, step ids joined by ","). */
  value(): string;
  /** Shows an earlier answer (the `response` of its feedback). */
  show(response: string): void;
  /** Takes no more answers (an exam's one answer given). */
  disable(): void;
  /** Marks the answer as wrong for assistive technology. */
  invalid(wrong: boolean): void;
  /** Where the focus goes after a check that leaves the control open. */
  focus(): void;
}

/** Builds the control for a panel; `describedBy` is the id of the feedback it is described by. */
export type AnswerControlFactory = (panel: ExercisePanel, ids: { id: string; describedBy: string }) => AnswerControl;
