// What the session tells the views that subscribe to it, and what the page tells its host.

/** What the page tells its host (the iframe protocol, the SCORM wrapper, the web component). */
export type ProgressEvent =
  | { type: 'step'; lesson?: string; walkthrough: string; step: string; index: number; total: number }
  | { type: 'completed'; lesson?: string; walkthrough: string; total: number };

export type SessionEvent =
  /** A walkthrough was opened: `fresh` when it is another one (else the same, with another state). */
  | { type: 'opened'; fresh: boolean }
  /** The inputs changed and every step was built again. */
  | { type: 'recomputed' }
  /**
   * A step is to be shown. `inPlace`: the inputs changed under the same step, so panels on screen
   * may update their numbers rather than be rebuilt. `announce`: the learner moved to it.
   */
  | { type: 'step'; index: number; announce: boolean; inPlace: boolean }
  /** Something could not be used (a refused value, a bad link): shown until dismissed. */
  | { type: 'notice'; message: string }
  /** A short message for screen readers (what an edit did). */
  | { type: 'announce'; message: string }
  | { type: 'progress'; progress: ProgressEvent };

export type SessionListener = (event: SessionEvent) => void;
