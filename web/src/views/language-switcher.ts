// The language switcher, at the end of the lesson menu: one link per language, the current one
// marked. Links rather than a select, whose arrow keys would reload the page at each language
// passed over (a change of context on input). Following one reloads the page with `?lang=`: the
// state is all in the link (walkthrough, step, edited inputs), so the learner lands where they
// were, every view drawn in the new language.
import { LANGUAGES, PSEUDO_LOCALES, type Language } from '../i18n/languages.js';
import { currentLanguage, t } from '../i18n/messages.js';
import { el } from '../widgets/dom.js';
import './language.css';

/** The page's address as it is now, in `language`. */
function addressIn(language: string): string {
  const url = new URL(window.location.href);
  url.searchParams.set('lang', language);
  return url.href;
}

export function languageSwitcher(): HTMLElement {
  const current = currentLanguage();
  // A pseudo-locale is listed only while it is on (a link opened it).
  const offered = [
    ...Object.entries(LANGUAGES),
    ...Object.entries(PSEUDO_LOCALES).filter(([tag]) => tag === current),
  ] as [Language, string][];
  const links = offered.map(([tag, name]) => {
    const link = el('a', { href: `?lang=${tag}` }, name);
    link.lang = tag;
    link.hreflang = tag;
    if (tag === current) link.setAttribute('aria-current', 'true');
    // The address is read when the link is followed: it has moved on since the menu was drawn.
    link.addEventListener('click', (event) => {
      event.preventDefault();
      if (tag !== current) window.location.assign(addressIn(tag));
    });
    return link;
  });
  const label = el('span', { id: 'language-label', className: 'language-word' }, t('language-label'));
  return el('p', { className: 'language-switcher', role: 'group', ariaLabelledBy: 'language-label' }, label, ...links);
}
