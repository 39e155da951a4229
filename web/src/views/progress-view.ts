// The learner's progress on the page: the lesson menu marks lessons done and shows their exercise
// score, and the last step of a walkthrough shows its score with a review of the answers (a
// walkthrough with questions) and links to what comes next in the course. Progress is kept by
// session/progress-store.ts (localStorage) and the score comes from the session's record of
// answers; this view only reads them.
import { nextInCourse } from '../model/course-order.js';
import { LESSONS } from '../model/walkthroughs.js';
import type { ProgressStore } from '../session/progress-store.js';
import { writeLink } from '../state/url-state.js';
import { el, setHidden } from '../widgets/dom.js';
import type { ViewContext } from './view-context.js';
import { t } from '../i18n/messages.js';

export class ProgressView {
  constructor(
    private readonly context: ViewContext,
    private readonly store: ProgressStore,
    private readonly onOpen: (walkthrough: string) => void,
  ) {
    const { session } = context;
    if (store.problem) session.notify(store.problem);
    session.subscribe((event) => {
      // A score follows each answer, which the session has added to the store already.
      if (event.type === 'progress' && (store.record(event.progress) || event.progress.type === 'score')) this.markMenu();
      if (event.type === 'progress' && event.progress.type === 'score') this.showReview();
      if (event.type === 'step') {
        this.showReview();
        this.showNext();
      }
    });
  }

  /** Each lesson link in the menu with "done" and the exercise score, in words as well as signs. */
  markMenu(): void {
    for (const lesson of LESSONS) {
      const link = this.context.root.querySelector<HTMLAnchorElement>(`.lesson-link[data-lesson="${lesson.id}"]`);
      if (!link) continue;
      const progress = this.store.lesson(lesson.walkthroughs.map((w) => w.id), this.context.session.exam);
      const parts: (Node | string)[] = [];
      if (progress.done) {
        const tick = el('span', {}, ' ✓');
        tick.setAttribute('aria-hidden', 'true');
        parts.push(tick, el('span', { className: 'visually-hidden' }, ', done'));
      }
      if (progress.total > 0) parts.push(` ${progress.correct}/${progress.total}`, el('span', { className: 'visually-hidden' }, ' exercises right'));
      let status = link.querySelector<HTMLElement>('.lesson-status');
      if (parts.length === 0) {
        status?.remove();
        continue;
      }
      if (!status) {
        status = el('span', { className: 'lesson-status' });
        link.append(status);
      }
      status.replaceChildren(...parts);
    }
  }

  /**
   * On the last step of a walkthrough with questions answered, its score and each question with the answer
   * that was scored (the first), whether it was right, and the right answer. In an exam every
   * question has been answered by then (the session opens no later step before), so nothing on it
   * can still be changed.
   */
  private showReview(): void {
    const holder = this.context.root.getElementById('review');
    const { session } = this.context;
    const score = session.score;
    if (!holder) return;
    // Nothing to review before the first answer.
    const shown = session.steps.length > 0 && session.index === session.steps.length - 1 && score !== undefined && score.answered > 0;
    setHidden(holder, !shown);
    if (!shown || !score) {
      holder.replaceChildren();
      return;
    }
    const count = { correct: String(score.correct), total: String(score.total), answered: String(score.answered) };
    const items = session.review().map(({ exercise, given, correct, answer }) => {
      const result = given === undefined ? 'unanswered' : correct ? 'correct' : 'wrong';
      const said = given === undefined
        ? [t('review-not-answered')]
        : [t('review-given', { given }), correct ? t('review-right') : t('review-wrong'), ...(correct || !answer ? [] : [answer])];
      const item = el('li', {}, el('strong', {}, exercise.title), ` ${said.join(' ')}`);
      item.dataset.result = result;
      item.dataset.exercise = exercise.id;
      return item;
    });
    holder.replaceChildren(
      el('h4', { id: 'review-heading' }, t('review-heading')),
      el('p', { className: 'review-score' }, t(score.answered < score.total ? 'review-score-partial' : 'review-score', count)),
      el('ol', { className: 'review-list' }, ...items),
      // An exam takes one answer to each question: there are no later tries to speak of.
      session.exam ? '' : el('p', { className: 'review-note' }, t('review-first-counts')));
  }

  /** On a walkthrough's last step, a link to the next one in the course. */
  private showNext(): void {
    const holder = this.context.root.getElementById('next-lesson');
    const { session } = this.context;
    if (!holder || !session.walkthrough) return;
    const last = session.index === session.steps.length - 1;
    const next = last ? nextInCourse(LESSONS, session.walkthrough.id) : undefined;
    setHidden(holder, next === undefined);
    if (!next) {
      holder.replaceChildren();
      return;
    }
    const words = next.sameLesson ? t('next-same-lesson', { title: next.title }) : t('next-lesson', { number: String(next.lesson.number), title: next.title });
    const link = el('a', { href: writeLink({ walkthrough: next.walkthrough, step: 'inputs' }) || '?' }, words);
    link.addEventListener('click', (event) => {
      event.preventDefault();
      this.onOpen(next.walkthrough);
    });
    holder.replaceChildren(link);
  }
}
