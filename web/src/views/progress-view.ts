// The learner's progress on the page: the lesson menu marks lessons done and shows their exercise
// score, and the last step of a walkthrough links to what comes next in the course. Progress is
// kept by session/progress-store.ts (localStorage); this view only reads it.
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
      if (event.type === 'progress' && store.record(event.progress)) this.markMenu();
      if (event.type === 'step') this.showNext();
    });
  }

  /** Each lesson link in the menu with "done" and the exercise score, in words as well as signs. */
  markMenu(): void {
    for (const lesson of LESSONS) {
      const link = this.context.root.querySelector<HTMLAnchorElement>(`.lesson-link[data-lesson="${lesson.id}"]`);
      if (!link) continue;
      const progress = this.store.lesson(lesson.walkthroughs.map((w) => w.id));
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
