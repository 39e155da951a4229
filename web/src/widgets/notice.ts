// A notice: one sentence about something the page could not use (a bad link parameter, a refused
// value, a bad attribute of the web component), with a button to dismiss it.
import { el } from './dom.js';

export function noticeElement(message: string): HTMLParagraphElement {
  const notice = el('p', { className: 'notice' }, message);
  const dismiss = el('button', { type: 'button', className: 'dismiss', ariaLabel: 'Dismiss this notice' }, '×');
  dismiss.addEventListener('click', () => notice.remove());
  notice.append(dismiss);
  return notice;
}
