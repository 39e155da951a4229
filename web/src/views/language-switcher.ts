// The language switcher in the page's header: a labelled select of the languages offered. A
// choice reloads the page with `?lang=` in its link: the state is all in the link (walkthrough,
// step, edited inputs), so the learner lands where they were, every view drawn in the new language.
import { LANGUAGES, PSEUDO_LOCALES, type Language } from '../i18n/languages.js';
import { currentLanguage, t } from '../i18n/messages.js';
import { el } from '../widgets/dom.js';
import './language.css';

export function languageSwitcher(): HTMLElement {
  const current = currentLanguage();
  // A pseudo-locale is offered only while it is on (a link opened it), so the select shows it.
  const offered: [Language, string][] = [
    ...Object.entries(LANGUAGES),
    ...Object.entries(PSEUDO_LOCALES).filter(([tag]) => tag === current),
  ] as [Language, string][];
  const select = el('select', { id: 'language' },
    ...offered.map(([tag, name]) => {
      const option = el('option', { value: tag, selected: tag === current }, name);
      option.lang = tag;
      return option;
    }));
  select.addEventListener('change', () => {
    const url = new URL(window.location.href);
    url.searchParams.set('lang', select.value);
    window.location.assign(url.href);
  });
  return el('label', { className: 'language-switcher' }, el('span', { className: 'language-word' }, t('language-label')), ' ', select);
}
