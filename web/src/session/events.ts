// What the session tells the views that subscribe to it, and what the page tells its host.

/** What the page tells its host (the iframe protocol, the SCORM wrapper, the web component). */
export type ProgressEvent =
  | { type: 'step'; lesson?: string; walkthrough: string; step: string; index: number; total: number }
  | { type: 'completed'; lesson?: string; walkthrough: string; total: number }
  | AnsweredEvent
  | ScoreEvent;

/**
 * An exercise answered: what an LMS records as an interaction (SCORM cmi.interactions, an xAPI
 * "answered" statement). Emitted once per submitted answer.
 */
export interface AnsweredEvent {
  type: 'answered';
  lesson?: string;
  walkthrough: string;
  /** The exercise's id in the walkthrough JSON, unique within it. */
  exercise: string;
  /** As SCORM types interactions: a number typed, a choice picked (a key, a cell), passes ordered. */
  interaction: 'numeric' | 'choice' | 'sequencing';
  /** What the learner answered, as text (SCORM's student_response / learner_response). */
  response: string;
  correct: boolean;
  /** The engine's diagnosis of a wrong answer (lab.diagnose); null when correct or none matched. */
  misconception: string | null;
  /** 1 for the first answer to this exercise (in any visit), 2 for the next, …; exam mode allows only 1. */
  attempt: number;
  /** Seconds from the exercise being shown to the answer. */
  latencySeconds: number;
}

/**
 * The walkthrough's exercise score, after every answer, from the record of every answer in every
 * visit (session/answer-record.ts): `correct` counts exercises whose first answer was right, of
 * `total` exercises in the walkthrough (`answered` of them answered so far). A later answer never
 * lowers it.
 */
export interface ScoreEvent {
  type: 'score';
  lesson?: string;
  walkthrough: string;
  correct: number;
  answered: number;
  total: number;
}

export type SessionEvent =
  /** A walkthrough was opened: `fresh` when it is another one (else the same, with another state). */
  | { type: 'opened'; fresh: boolean }
  /** The inputs changed and the steps were built again (those not on screen may be made when first read). */
  | { type: 'recomputed' }
  /**
   * The inputs of a walkthrough drawn by a view of its own changed (that view reported them): what
   * a link reproduces, with no step to show.
   */
  | { type: 'inputs' }
  /** The open walkthrough was given up: something else is shown in its place (a trained layer being retrained). */
  | { type: 'closed' }
  /**
   * A step is to be shown. `inPlace`: the inputs changed under the same step, so panels on screen
   * may update their numbers rather than be rebuilt. `announce`: the learner moved to it.
   */
  | { type: 'step'; index: number; announce: boolean; inPlace: boolean }
  /**
   * Something could not be used (a refused value, a bad link): shown until dismissed. `about:
   * 'inputs'` marks the refusal of a value the learner gave, which a later change that the engine
   * accepts makes stale, so the views take it away then.
   */
  | { type: 'notice'; message: string; about?: 'inputs' }
  /**
   * Opening waits for something slow to arrive (the lessons' language model): `message` says
   * what, until a second event with none says it is over (arrived or not).
   */
  | { type: 'loading'; message: string | undefined }
  /** A short message for screen readers (what an edit did). */
  | { type: 'announce'; message: string }
  | { type: 'progress'; progress: ProgressEvent };

export type SessionListener = (event: SessionEvent) => void;
