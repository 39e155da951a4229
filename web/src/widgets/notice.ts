// A notice: one sentence about something the page could not use (a bad link parameter, a refused
// value, a bad attribute of the web component), with a button to dismiss it.
import { el } from './dom.js';
import { t } from '../i18n/messages.js';

/** `about`: what the notice is about, so that the page can take it away when it is stale (app.ts). */
export function noticeElement(message: string, about?: string): HTMLParagraphElement {
  const notice = el('p', { className: 'notice' }, message);
  if (about) notice.dataset.about = about;
  const dismiss = el('button', { type: 'button', className: 'dismiss', ariaLabel: t('notice-dismiss') }, '×');
  dismiss.addEventListener('click', () => notice.remove());
  notice.append(dismiss);
  return notice;
}
