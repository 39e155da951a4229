// The learner's session, without a DOM: which walkthrough and step are open, the inputs as edited,
// the steps and the engine trace they were built from (after an edit the engine cannot refuse,
// those not on screen are made when first read: steps-on-read.ts), the steps seen. Every change
// goes through the engine (via the kind's module); when the engine refuses, the previous state
// stays and the refusal becomes a notice. A walkthrough whose kind is drawn by a view of its own
// (its descriptor's `view`) opens without steps: that view runs it from the inputs and tells the
// session what a link should keep. Views, the URL sync and the progress reporter subscribe to its events.
import type { AttentionLab } from '../../lib/index.js';
import type { OwnView } from '../kinds/descriptor.js';
import { descriptorOf, loadKind } from '../kinds/index.js';
import type { AnyKindModule, Built } from '../kinds/kind.js';
import { isRefusal } from '../model/refusal.js';
import type { Exercise, MatrixPanel, ParameterField, Walkthrough } from '../model/types.js';
import { weightsLabel, type TrainedLayer } from '../model/trained-layer.js';
import type { PageState } from '../state/url-state.js';
import type { ProgressEvent, SessionEvent, SessionListener } from './events.js';
import type { ExerciseContext } from '../exercises/exercise-type.js';
import { ExerciseBook, exercisesPlacedProblem, type ExerciseFeedback, type ReviewItem } from './exercises.js';
import { inputsFingerprint, type Attempt, type Score } from './answer-record.js';
import { ExamGate } from './exam-gate.js';
import { changedParameter, flippedMaskCell, typedCell, type EditReading } from './learner-edits.js';
import { loadViewCode, loadWalkthroughCode, type CodeSources } from './kind-and-engine.js';
import { loadLessonModel } from './language-model-source.js';
import type { Catalogue, SessionOptions } from './session-options.js';

export type { Catalogue, SessionOptions } from './session-options.js';
import { stepsToShow, type BuiltFrom, type OnScreen } from './steps-on-read.js';
import { StepsSeen } from './steps-seen.js';
import { OpenWalkthrough } from './open-walkthrough.js';
import { ownNumbers } from './own-numbers.js';
import { t } from '../i18n/messages.js';
import { refusalInPageWords } from '../model/engine-sentences.js';

type Inputs = Walkthrough['inputs'];

type Current = OnScreen;

export class Session extends OpenWalkthrough {
  /** The learner's answers to the open walkthrough's exercises. */
  private readonly exercises: ExerciseBook;
  private readonly listeners = new Set<SessionListener>();
  /** Steps of the current walkthrough seen so far, for the "completed" event. */
  private readonly seen: StepsSeen;
  /**
   * Opens run one after another, in the order they were asked (a kind's module may have to be
   * loaded first): the last one asked is what stays on screen, and each one before it is shown
   * and reported on the way, as when they are asked at once (e.g. two attributes of the component).
   */
  private opening: Promise<unknown> = Promise.resolve();
  private readonly sources: CodeSources;
  /** In an exam, the steps and walkthroughs an unanswered question keeps shut (exam-gate.ts). */
  private readonly gate: ExamGate;
  /** Who a walkthrough that draws numbers per learner draws them for (session-options.ts). */
  private readonly learner: string | undefined;

  constructor(
    lab: AttentionLab,
    private readonly catalogue: Catalogue,
    /** Where a kind's module comes from: the registry's loaders (tests pass one that fails). */
    load: (kind: Walkthrough['kind']) => Promise<AnyKindModule> = loadKind,
    options: SessionOptions = {},
  ) {
    super();
    const report = (progress: ProgressEvent) => this.emit({ type: 'progress', progress });
    const exam = options.exam ?? false;
    this.exercises = new ExerciseBook(report, { exam, log: options.answers });
    this.gate = new ExamGate(exam, (exercise) => this.exercises.answered(exercise), { notify: (m) => this.notify(m), announce: (m) => this.announce(m) });
    this.seen = new StepsSeen(report);
    const { fullEngine, loadView, languageModel = loadLessonModel } = options;
    this.sources = { load, lab, fullEngine, loadView, languageModel };
    this.learner = options.learner;
  }

  /** Calls `listener` on every event; returns the way to stop. */
  subscribe(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  notify(message: string): void {
    this.emit({ type: 'notice', message });
  }

  /** A value the learner gave was refused: the notice lasts until a change is accepted. */
  private refuse(message: string): void {
    this.emit({ type: 'notice', message, about: 'inputs' });
  }

  private announce(message: string): void {
    this.emit({ type: 'announce', message });
  }

  get completedWalkthrough(): boolean {
    return this.seen.completed;
  }

  // ---- opening ----------------------------------------------------------------------------

  /**
   * Opens a walkthrough at a step, with the state's inputs or the walkthrough's own; false (with
   * a notice) when the engine refuses them, and the previous state stays. `trained`: show that
   * layer of a trained model (its weights and probe) instead of the seeded weights; a walkthrough
   * that cannot show one opens with its own, with a notice.
   */
  open(state: PageState, trained?: TrainedLayer): Promise<boolean> {
    const opened = this.opening.then(() => this.openNow(state, trained));
    this.opening = opened.catch(() => undefined);
    return opened;
  }

  private async openNow(state: PageState, given?: TrainedLayer): Promise<boolean> {
    const walkthrough = this.catalogue.find(state.walkthrough) ?? (this.catalogue.find(this.catalogue.fallback) as Walkthrough);
    // Another lesson may show an open question's answer (the worked example shows its practice's numbers).
    const unanswered = this.gate.firstUnanswered(this.current?.walkthrough);
    if (unanswered && walkthrough.id !== this.current?.walkthrough.id) {
      this.gate.refuse(t('exam-finish-first', { title: unanswered.title }));
      return false;
    }
    const { view } = descriptorOf(walkthrough.kind);
    if (view) return this.openInView(walkthrough, view, state);
    const code = await loadWalkthroughCode(walkthrough, given, this.sources, {
      notify: (message) => this.notify(message),
      loading: (message) => this.emit({ type: 'loading', message }),
    });
    if (!code) return false;
    const { kind, lab, trained, languageModel } = code;
    const own = ownNumbers(lab, walkthrough, this.learner, (message) => this.notify(message));
    const from: BuiltFrom = {
      walkthrough: own.walkthrough, kind, lab, inputs: state.inputs ?? own.walkthrough.inputs, edited: state.inputs !== undefined,
      ...(trained ? { trained } : {}), ...(languageModel ? { languageModel } : {}), ...(own.drawnFor ? { drawnFor: own.drawnFor } : {}),
    };
    const built = this.build(from);
    if (!built) return false;
    // An exercise pointing at a step, panel or cell the walkthrough's own steps do not have: the
    // file is wrong. (A learner's edits, or a trained model's layer with fewer heads, may take a
    // step or panel away: that exercise then says its number or matrix is no longer shown.)
    const misplaced = state.inputs === undefined && !trained ? exercisesPlacedProblem(walkthrough, built.steps) : undefined;
    if (misplaced) {
      this.refuse(t('notice-exercises-misplaced', { problem: misplaced }));
      return false;
    }
    let index = built.steps.findIndex((s) => s.id === state.step);
    if (index < 0) {
      if (state.step !== 'inputs') this.notify(t('notice-no-step', { step: state.step }));
      index = 0;
    }
    // Other weights are laid out afresh too: the header says where they come from.
    const fresh = this.current?.walkthrough.id !== walkthrough.id || this.current.trained !== trained;
    const another = this.current?.walkthrough.id !== walkthrough.id;
    this.own = undefined;
    this.current = { ...from, built, index };
    if (fresh) this.seen.forget();
    // The record is the walkthrough's; other numbers only change which answers its questions show.
    if (another) this.exercises.open(walkthrough.id, this.numbers());
    else this.exercises.inputsChanged(this.numbers());
    const end = this.lastOpen();
    if (index > end) {
      this.gate.refuse(t('exam-answer-first', { title: built.steps[end].title }));
      this.current = { ...this.current, index: end };
    }
    this.emit({ type: 'opened', fresh });
    this.showStep(false, true);
    return true;
  }

  /**
   * Hands a walkthrough to the view of its own that draws it, once that view's code is there (a
   * failure leaves what is open as it was, with a notice). Every opening is fresh: the view starts
   * again from the inputs, as from a link. It reports no steps, so no progress.
   */
  private async openInView(walkthrough: Walkthrough, view: OwnView, state: PageState): Promise<boolean> {
    if (!(await loadViewCode(view, this.sources, (message) => this.notify(message)))) return false;
    this.current = undefined;
    this.own = { walkthrough, view, inputs: state.inputs ?? walkthrough.inputs, edited: state.inputs !== undefined };
    this.seen.forget();
    this.exercises.open(walkthrough.id, undefined);
    this.emit({ type: 'opened', fresh: true });
    return true;
  }

  /**
   * The view that draws the open walkthrough changed what a link should reproduce of it (a
   * training run's options, the step it stopped at): a link made now opens it there.
   */
  keepInputs(inputs: Inputs): void {
    if (!this.own) return;
    this.own = { ...this.own, inputs, edited: true };
    this.emit({ type: 'inputs' });
  }

  /**
   * Forgets the open walkthrough: the page shows something else in its place (a trained layer
   * being retrained), so the next one opened is laid out afresh, even the same one.
   */
  close(): void {
    this.current = undefined;
    this.own = undefined;
    this.emit({ type: 'closed' });
  }

  /** Opens the state, or the same walkthrough and step with its own inputs when the engine refuses the state's. */
  async openOrFallBack(state: PageState): Promise<void> {
    if (!(await this.open(state)) && state.inputs !== undefined) await this.open({ walkthrough: state.walkthrough, step: state.step });
  }

  /** `screen`: the steps on screen, when these inputs are an edit of theirs (steps-on-read.ts). */
  private build(from: BuiltFrom, screen?: Current): Built | undefined {
    try {
      return stepsToShow(from, screen);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      this.refuse(t('notice-refused-inputs', { reason: refusalInPageWords(error.message) }));
      return undefined;
    }
  }

  // ---- moving between steps -----------------------------------------------------------------

  /**
   * Shows step `index` (kept within the steps); nothing happens when it is already shown. In an
   * exam no step after an unanswered question opens: moving past it stops at it, with a notice.
   */
  goTo(index: number): void {
    const c = this.current;
    if (!c) return;
    const end = this.lastOpen();
    const next = Math.max(0, Math.min(c.built.steps.length - 1, end, index));
    // Only an exam's unanswered question ends the steps before the last.
    if (index > end && end < c.built.steps.length - 1) this.gate.refuse(t('exam-answer-first', { title: c.built.steps[end].title }));
    if (next === c.index) return;
    this.current = { ...c, index: next };
    this.showStep(true, false);
  }

  next(): void { this.goTo(this.index + 1); }
  previous(): void { this.goTo(this.index - 1); }
  first(): void { this.goTo(0); }
  last(): void { this.goTo(this.steps.length - 1); }

  private showStep(announce: boolean, inPlace: boolean): void {
    const c = this.current as Current;
    for (const panel of c.built.steps[c.index].panels) if (panel.type === 'exercise') this.exercises.shown(panel.exercise);
    this.emit({ type: 'step', index: c.index, announce, inPlace });
    this.seen.see(c.walkthrough, c.built.steps, c.index);
  }

  // ---- exercises ------------------------------------------------------------------------------

  /** Exam mode: one answer per exercise, and no step after an unanswered question opens. */
  get exam(): boolean {
    return this.gate.exam;
  }

  /** The last step that may be shown: in an exam, the first question not answered yet; otherwise the last step. */
  lastOpen(): number {
    return this.gate.lastOpen(this.steps);
  }

  /** Whether the open walkthrough is an exam with a question not answered yet. */
  get examUnfinished(): boolean {
    return this.gate.firstUnanswered(this.current?.walkthrough) !== undefined;
  }

  /** What the numbers on screen are made from beyond the walkthrough's own, as a fingerprint (undefined: its own). */
  private numbers(): string | undefined {
    const c = this.current;
    // Only a walkthrough with questions needs it: a large matrix takes milliseconds to write out.
    if (!c?.walkthrough.exercises?.length) return undefined;
    // Numbers drawn for another learner id are other numbers too.
    const made = { ...(c.edited ? { inputs: c.inputs } : {}), ...(c.trained ? { weights: c.trained.source } : {}), ...(c.drawnFor ? { learner: c.drawnFor } : {}) };
    return Object.keys(made).length === 0 ? undefined : inputsFingerprint(JSON.stringify(made));
  }

  /**
   * The learner's answer to an exercise of the open walkthrough, graded by the engine on the
   * inputs on screen; a text that is not an answer of its type is refused (`error`) and not counted.
   */
  answer(exercise: Exercise, text: string): ExerciseFeedback | { error: string } {
    const c = this.current as Current;
    return this.exercises.answer(this.exerciseContext(c), exercise, text);
  }

  /** What grading an answer goes on: the engine, and the inputs and steps on screen. */
  private exerciseContext(c: Current): ExerciseContext {
    return { lab: c.lab, walkthrough: c.walkthrough, inputs: c.inputs, steps: c.built.steps };
  }

  /** What the exercise's question shows of earlier answers (this visit's or an earlier one's). */
  feedbackOf(exercise: Exercise): ExerciseFeedback | undefined {
    const c = this.current;
    return c ? this.exercises.feedbackOf(this.exerciseContext(c), exercise) : undefined;
  }

  /** Every attempt at the open walkthrough's exercises, oldest first (what an LMS's resume record keeps). */
  get attempts(): readonly Attempt[] {
    return this.exercises.record;
  }

  /** The open walkthrough's exercise score, from its record; undefined when it has no exercises. */
  get score(): Score | undefined {
    const walkthrough = this.current?.walkthrough;
    return walkthrough?.exercises?.length ? this.exercises.score(walkthrough) : undefined;
  }

  /** Each question with its graded answer and the right answer (the last step's review); empty without exercises. */
  review(): ReviewItem[] {
    const c = this.current;
    return c ? this.exercises.review(this.exerciseContext(c)) : [];
  }

  /**
   * Answers kept by an earlier version of an LMS's resume record (the last answer to each
   * exercise, without its grade): graded by the engine, added to the record and shown on their
   * steps, without being reported again.
   */
  restoreAnswers(saved: readonly { exercise: string; response: string }[]): void {
    const c = this.current;
    if (!c || saved.length === 0) return;
    this.exercises.restore(this.exerciseContext(c), saved);
    this.emit({ type: 'step', index: c.index, announce: false, inPlace: false });
  }

  // ---- changing the inputs --------------------------------------------------------------------

  /** Builds the steps again from `inputs`, keeping the step; the refusal sentence otherwise. */
  private apply(inputs: Inputs, edited = true): string | undefined {
    const c = this.current as Current;
    const built = this.build({ ...c, inputs, edited }, c);
    if (!built) return t('edit-refused-see-notice');
    const stepId = c.built.steps[c.index].id;
    const index = Math.max(0, built.steps.findIndex((s) => s.id === stepId));
    this.current = { ...c, inputs, edited, built, index };
    this.exercises.inputsChanged(this.numbers());
    this.emit({ type: 'recomputed' });
    this.showStep(false, true);
    return undefined;
  }

  /** The learner typed `text` into a cell of an editable matrix; returns the refusal sentence, if any. */
  editCell(panel: MatrixPanel, row: number, column: number, text: string): string | undefined {
    const c = this.current;
    return c ? this.applyEdit(typedCell(c.kind, c.inputs, panel, row, column, text)) : undefined;
  }

  /** The learner flipped a cell of an editable mask. */
  toggleMask(panel: MatrixPanel, row: number, column: number): void {
    const c = this.current;
    if (c) this.applyEdit(flippedMaskCell(c.kind, c.inputs, panel, row, column));
  }

  /** The learner changed a parameters control; a refused value puts the previous one back. */
  changeParameter(field: ParameterField, text: string): void {
    const c = this.current;
    if (c && this.applyEdit(changedParameter(c.kind, c.lab, c.inputs, field, text))) this.showStep(false, false);
  }

  /** Shows an edit's inputs and announces it, or the refusal; returns the refusal sentence, if any. */
  private applyEdit(reading: EditReading): string | undefined {
    if (!reading) return undefined;
    if ('refused' in reading) {
      this.refuse(reading.refused);
      return reading.refused;
    }
    const refused = this.apply(reading.inputs);
    if (!refused) this.announce(reading.said);
    return refused;
  }

  /** The open walkthrough at the same step with its seeded weights instead of a trained layer. */
  async useRandomWeights(): Promise<void> {
    const c = this.current;
    if (!c?.trained) return;
    await this.open({ walkthrough: c.walkthrough.id, step: c.built.steps[c.index].id });
    this.announce(`${weightsLabel(undefined, (c.inputs as { seed: number }).seed)}.`);
  }

  /** Back to the walkthrough's own inputs. */
  reset(): void {
    const c = this.current;
    if (!c) return;
    if (!this.apply(structuredClone(c.walkthrough.inputs), false)) this.announce(t('inputs-reset'));
  }
}
