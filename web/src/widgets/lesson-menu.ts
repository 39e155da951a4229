// The lesson menu: one link per lesson (to its first walkthrough), one per walkthrough an
// instructor loaded, the button that opens a walkthrough file and the one that opens the editor. Links are real links (a
// middle-click opens a new tab on that lesson); a plain click is handed to the app.
import type { Walkthrough } from '../model/types.js';
import type { Lesson } from '../model/walkthroughs.js';
import { writeLink } from '../state/url-state.js';
import { disclosure } from './disclosure.js';
import { el } from './dom.js';
import { fileButton } from './file-button.js';
import { t } from '../i18n/messages.js';

export interface LessonMenuOptions {
  lessons: Lesson[];
  custom: Walkthrough[];
  onOpen: (walkthroughId: string) => void;
  onFile: (file: File) => void;
  /** Opens the walkthrough editor (the page only: not in a frame or a component). */
  onWrite?: () => void;
}

export function lessonMenu({ lessons, custom, onOpen, onFile, onWrite }: LessonMenuOptions): [HTMLButtonElement, HTMLElement] {
  const link = (walkthroughId: string, className: string, ...content: (Node | string)[]) => {
    const a = el('a', { href: writeLink({ walkthrough: walkthroughId, step: 'inputs' }) || '?', className }, ...content);
    a.addEventListener('click', (event) => {
      event.preventDefault();
      onOpen(walkthroughId);
    });
    return a;
  };
  const list = el('ol', { className: 'lesson-list' });
  for (const lesson of lessons) {
    const first = lesson.walkthroughs[0];
    if (!first) continue;
    const a = link(first.id, 'lesson-link', el('span', { className: 'lesson-number' }, String(lesson.number)), ` ${lesson.title}`);
    a.dataset.lesson = lesson.id;
    list.append(el('li', {}, a));
  }
  for (const walkthrough of custom) {
    const a = link(walkthrough.id, 'lesson-link custom', walkthrough.title);
    a.dataset.walkthrough = walkthrough.id;
    list.append(el('li', {}, a));
  }

  const [open, picker] = fileButton({ label: t('open-own'), title: t('open-own-description'), className: 'open-file', accept: '.json,application/json', onFile });
  const holder = el('span', { className: 'open-file-holder' }, open, picker);
  if (onWrite) {
    const write = el('button', { type: 'button', className: 'open-editor', title: t('editor-open-description') }, t('editor-open'));
    write.addEventListener('click', onWrite);
    holder.append(write);
  }
  const body = el('div', { className: 'lesson-menu-body', id: 'lesson-menu-body' }, list, holder);
  return [menuToggle(body), body];
}

/**
 * On a narrow screen (styles/narrow.css) the menu folds to one line: this button shows and hides it.
 * On a wide one the button is not displayed and the menu is always open.
 */
function menuToggle(body: HTMLElement): HTMLButtonElement {
  const toggle = el('button', { type: 'button', className: 'lesson-menu-toggle' }, t('nav-lessons'));
  const menu = disclosure(toggle, body, (open) => body.classList.toggle('open', open));
  toggle.addEventListener('click', () => menu.set(!menu.isOpen()));
  // A lesson chosen closes the menu.
  body.addEventListener('click', (event) => {
    if ((event.target as Element).closest('a')) menu.set(false);
  });
  return toggle;
}

/**
 * Scrolls the lesson strip (styles/frame.css) so that `link`, the current lesson, is in view,
 * centred if it was not. Only the strip scrolls, never the page; a folded menu (a phone) has no strip.
 */
export function revealInStrip(link: HTMLElement): void {
  const strip = link.closest<HTMLElement>('.lesson-list');
  if (!strip || strip.scrollWidth <= strip.clientWidth) return;
  const box = strip.getBoundingClientRect();
  const at = link.getBoundingClientRect();
  if (at.left >= box.left && at.right <= box.right) return;
  strip.scrollLeft += at.left - box.left - (box.width - at.width) / 2;
}
