// An exercise step's panel: the answer control of the exercise's type (exercise-answers/), a
// Check button, and the engine's feedback in a live region (screen readers hear it as it comes).
// It never computes or knows the answer: `answer` hands the text to the session, which asks the
// engine (exercises/<type>.ts).
import type { ExercisePanel } from '../model/types.js';
import { el, setText } from './dom.js';
import { ANSWER_CONTROLS } from './exercise-answers/index.js';
import type { PanelView } from './panel-view.js';
import './exercise-answers/exercise-answers.css';
import { t } from '../i18n/messages.js';

/** What the panel is told after an answer (session/exercises.ts ExerciseFeedback, or a refusal). */
export type Feedback = { correct: boolean; message: string; final?: boolean; response?: string } | { error: string };

export interface ExerciseActions {
  answer(text: string): Feedback;
  /** The feedback of an earlier answer, shown again when the step is drawn again. */
  previous(): Feedback | undefined;
}

export function exerciseView(panel: ExercisePanel, actions: ExerciseActions): PanelView {
  const id = `exercise-${panel.exercise.id}`;
  const feedback = el('p', { className: 'exercise-feedback', id: `${id}-feedback`, role: 'status', tabIndex: -1 });
  const control = ANSWER_CONTROLS[panel.exercise.type](panel, { id, describedBy: feedback.id });
  const check = el('button', { type: 'submit', className: 'primary exercise-check' }, t('exercise-check'));

  let closed = false;
  const show = (result: Feedback | undefined) => {
    if (!result) return;
    const refused = 'error' in result;
    setText(feedback, refused ? result.error : result.message);
    // An exam's answer is recorded, not graded on screen: no colour or state gives its grade away.
    const recorded = !refused && result.final === true;
    feedback.dataset.result = refused ? 'refused' : recorded ? 'recorded' : result.correct ? 'correct' : 'wrong';
    control.invalid(!refused && !recorded && !result.correct);
    if (recorded) {
      closed = true;
      control.disable();
      check.disabled = true;
    }
  };
  const form = el('form', { className: `exercise-form exercise-${panel.exercise.type}` }, control.element, el('div', { className: 'exercise-actions' }, check));
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    show(actions.answer(control.value()));
    // Below the answer, the feedback may start under the sticky player bar: brought into view above it (scroll-margin-bottom).
    feedback.scrollIntoView({ block: 'nearest' });
    // The control is closed after an exam's one answer: the focus goes to what was said about it.
    if (closed) feedback.focus();
    else control.focus();
  });
  const previous = actions.previous();
  // An answer given before (earlier on this page, or in a visit the LMS resumed) is shown with its feedback.
  if (previous && !('error' in previous) && previous.response !== undefined) control.show(previous.response);
  show(previous);
  const figure = el('figure', { className: 'panel exercise-panel' }, form, feedback);
  figure.dataset.panel = panel.name;
  return { element: figure };
}
