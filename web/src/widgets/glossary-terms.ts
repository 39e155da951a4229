// Glossary terms in lesson text (model/glossary.ts): each marked term is a button that opens a
// short definition right under it (a disclosure: aria-expanded on the button, Escape closes it
// and gives the focus back), and the full glossary as a list for the page's footer.
import { GLOSSARY, markTerms, type GlossaryEntry } from '../model/glossary.js';
import { el, mathNameSpan, textWithMathNames } from './dom.js';
import { currentLanguage, t } from '../i18n/messages.js';
import { numberLocaleOf } from '../i18n/languages.js';

/** The definition shown under a term, or in the list. */
function definition(entry: GlossaryEntry): (Node | string)[] {
  return [
    ...textWithMathNames(entry.definition, mathNameSpan),
    ...(entry.source ? [' ', el('a', { href: entry.source.url, className: 'term-source' }, t('glossary-source', { title: entry.source.title }))] : []),
  ];
}

/** The one pop-up open at a time, so opening another closes it. */
let open: { button: HTMLButtonElement; popup: HTMLElement } | undefined;

function close(focusButton: boolean): void {
  if (!open) return;
  open.button.setAttribute('aria-expanded', 'false');
  open.popup.hidden = true;
  if (focusButton) open.button.focus();
  open = undefined;
}

function termButton(text: string, entry: GlossaryEntry, id: string): HTMLElement {
  const popup = el('span', { id, className: 'term-popup', hidden: true },
    el('strong', {}, entry.term), ': ', ...definition(entry));
  const button = el('button', { type: 'button', className: 'term' }, text);
  button.setAttribute('aria-expanded', 'false');
  button.setAttribute('aria-controls', id);
  button.addEventListener('click', () => {
    const wasOpen = open?.button === button;
    close(false);
    if (wasOpen) return;
    button.setAttribute('aria-expanded', 'true');
    popup.hidden = false;
    open = { button, popup };
  });
  const wrap = el('span', { className: 'term-wrap' }, button, popup);
  wrap.addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && open?.button === button) {
      event.stopPropagation();
      close(true);
    }
  });
  return wrap;
}

/** The texts each element shows, so re-showing the same step leaves its nodes (and an open pop-up) alone. */
const shown = new WeakMap<HTMLElement, string>();

/**
 * Puts `text` into `element` with its glossary terms marked (first appearance of each),
 * lesson links (`[words](?train=task)`) kept as `linkify` makes them. `scope` keeps the
 * pop-ups' ids apart between texts on one page (e.g. "step", "intro").
 */
export function setTextWithTerms(element: HTMLElement, text: string, scope: string, linkify: (text: string) => (Node | string)[] = (t) => [t]): void {
  if (shown.get(element) === text) return;
  shown.set(element, text);
  if (open && element.contains(open.button)) open = undefined;
  const seen = new Set<string>();
  const parts: (Node | string)[] = [];
  for (const part of linkify(text)) {
    if (typeof part !== 'string') parts.push(part);
    else for (const piece of markTerms(part, seen)) {
      if (typeof piece === 'string') parts.push(...textWithMathNames(piece, mathNameSpan));
      else parts.push(termButton(piece.text, piece.entry, `term-${scope}-${piece.entry.id}`));
    }
  }
  element.replaceChildren(...parts);
}

/**
 * Every term with its definition, for the footer's "Glossary": written the first time it is
 * opened, so that the landing page's HTML (its first screen, prerendered) and every page's DOM
 * do not carry some thirty definitions and their sources that a learner has not asked for.
 */
export function glossaryList(): HTMLElement {
  const list = el('dl', { className: 'glossary-list' });
  const summary = el('summary', {}, t('glossary-summary', { count: String(GLOSSARY.length) }));
  const details = el('details', { className: 'glossary' }, summary, list);
  const fill = () => {
    if (list.hasChildNodes()) return;
    for (const entry of [...GLOSSARY].sort((a, b) => a.term.localeCompare(b.term, numberLocaleOf(currentLanguage()), { sensitivity: 'base' }))) {
      list.append(el('dt', { id: `glossary-${entry.id}` }, entry.term), el('dd', {}, ...definition(entry)));
    }
  };
  // On the summary's click (mouse or keyboard), so the list is there as the details open; on
  // toggle too, for details opened another way (the browser's find in page).
  summary.addEventListener('click', fill);
  details.addEventListener('toggle', () => { if (details.open) fill(); });
  return details;
}
