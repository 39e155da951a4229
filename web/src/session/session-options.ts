// What a session is made with: where its walkthroughs come from, and how it runs (exam mode, the
// engine for the kinds the page's own engine leaves out). session.ts re-exports these.
import type { AttentionLab, LanguageModel } from '../../lib/index.js';
import type { OwnView } from '../kinds/descriptor.js';
import type { Walkthrough } from '../model/types.js';
import type { AnswerLog } from './answer-record.js';

export interface Catalogue {
  /** A shipped or loaded walkthrough by id. */
  find(id: string): Walkthrough | undefined;
  /** The walkthrough opened when a state names an unknown one. */
  fallback: string;
}

export interface SessionOptions {
  /**
   * Exam mode: one answer per exercise, recorded without the engine's diagnosis or value, and no
   * step after an unanswered question (nor another walkthrough) opens.
   */
  exam?: boolean;
  /** Where the answers of earlier visits are read from and each new one appended (the progress store). */
  answers?: AnswerLog;
  /**
   * The full engine, for kinds that need operations the session's own engine leaves out (a
   * kind module's `engine: 'full'`): the page lands on the lite engine and loads this when such
   * a lesson opens. Left out, every kind uses the session's engine (which must then be full).
   */
  fullEngine?: () => Promise<AttentionLab>;
  /**
   * Fetches the code of a view of its own (a kind's descriptor's `view`) before a walkthrough it
   * draws opens, so that when it cannot be fetched (offline) what is open stays, with a notice.
   * Left out, such a walkthrough opens at once (its view then fetches its own code).
   */
  loadView?: (view: OwnView) => Promise<unknown>;
  /**
   * The lessons' language model on an engine, for kinds whose descriptor says languageModel:
   * the session shows that it loads and, when it cannot be loaded, leaves what is open as it was,
   * with a notice. Left out: session/language-model-source.ts's.
   */
  languageModel?: (lab: AttentionLab) => Promise<LanguageModel>;
  /**
   * Who the learner is (an LMS's learner id, a link's `seed=`, the component's `seed`): a
   * walkthrough that draws its numbers per learner (`perLearner`) draws them for this id.
   * Left out, such a walkthrough shows the file's own numbers.
   */
  learner?: string;
}
