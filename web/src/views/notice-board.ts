// The page's notices and its screen-reader announcer: what the session says (a refused value, a
// step reached) shown in the notices list or spoken, and refusals of values cleared once the
// engine accepts a change, since they are stale then.
import { el } from '../widgets/dom.js';
import { noticeElement } from '../widgets/notice.js';
import type { ViewContext } from './view-context.js';
import { t } from '../i18n/messages.js';

export class NoticeBoard {
  constructor(private readonly context: ViewContext) {
    const { session } = context;
    session.subscribe((event) => {
      if (event.type === 'notice') this.notify(event.message, event.about);
      // Not on an opening: a link whose inputs were refused opens with the walkthrough's own,
      // and the notice says so.
      if (event.type === 'recomputed') this.clear('inputs');
      if (event.type === 'loading') this.loading(event.message);
      if (event.type === 'announce') this.announce(event.message);
      else if (event.type === 'step' && event.announce) {
        this.announce(t('step-announce', { number: String(event.index + 1), total: String(session.steps.length), title: session.step?.title ?? '' }));
      }
    });
  }

  notify(message: string, about?: 'inputs'): void {
    this.context.byId('notices').append(noticeElement(message, about));
  }

  /** What opening waits for, as a line in the notices (a live region) until it is over. */
  loading(message: string | undefined): void {
    const notices = this.context.byId('notices');
    notices.querySelector('.waiting')?.remove();
    if (message !== undefined) notices.append(el('p', { className: 'notice waiting' }, message));
  }

  clear(about: 'inputs'): void {
    for (const notice of this.context.byId('notices').querySelectorAll(`.notice[data-about="${about}"]`)) notice.remove();
  }

  announce(message: string): void {
    this.context.byId('announcer').textContent = message;
  }
}
