// The frame every walkthrough is shown in: header with the lesson menu, notices, the main area
// and the screen-reader announcer. Built in code so the page, the web component and the offline
// file share it.
import { el } from '../widgets/dom.js';
import { glossaryList } from '../widgets/glossary-terms.js';
import { languageSwitcher } from './language-switcher.js';
import { t } from '../i18n/messages.js';
import type { EmbedOptions } from '../state/embed-options.js';

export interface ShellOptions {
  /**
   * The whole page (a skip link, an h1, a <main> landmark) or a part of someone else's page
   * (the web component: no h1 and no second <main>, a labelled region instead).
   */
  standalone: boolean;
}

export function buildShell(host: HTMLElement, { standalone }: ShellOptions): void {
  host.classList.add('attention-lab');
  const name = standalone ? el('h1', {}, 'Attention Lab') : el('p', { className: 'brand-name' }, 'Attention Lab');
  const announcer = el('div', { id: 'announcer', className: 'visually-hidden', ariaLive: 'polite' });
  announcer.setAttribute('aria-atomic', 'true');
  const main = standalone ? el('main', { id: 'main' }) : el('div', { id: 'main', role: 'region', ariaLabel: 'Attention Lab' });
  host.replaceChildren(
    ...(standalone ? [skipLink()] : []),
    el('header', { className: 'site-header' },
      el('div', { className: 'brand' }, name, el('p', { className: 'tagline' }, t('tagline'))),
      el('nav', { id: 'lessons', ariaLabel: t('nav-lessons') }),
      // The page's own choice; a component follows its host page's `lang` attribute instead.
      ...(standalone ? [languageSwitcher()] : [])),
    el('div', { id: 'notices', className: 'notices', role: 'status', ariaLive: 'polite' }),
    main,
    // The glossary of every marked term; a landmark only on the whole page (a component's host page has its own footer).
    el(standalone ? 'footer' : 'div', { className: 'site-footer' }, glossaryList()),
    announcer,
  );
}

/** The embed options on the shell around `main`: the compact layout, and the parts hidden. */
export function showEmbedOptions(main: HTMLElement, embed: EmbedOptions): void {
  const shell = main.closest<HTMLElement>('.attention-lab');
  shell?.classList.toggle('embedded', embed.embedded);
  for (const part of embed.hide) shell?.classList.add(`hide-${part}`);
}

/**
 * "Skip to the current step". The link's hash holds the page's state (edited inputs), so
 * following `#step` would replace it: the link moves the focus itself and leaves the address alone.
 */
function skipLink(): HTMLAnchorElement {
  const link = el('a', { className: 'skip-link', href: '#step' }, t('skip-to-step'));
  link.addEventListener('click', (event) => {
    const step = document.getElementById('step');
    if (!step) return;
    event.preventDefault();
    step.focus();
    step.scrollIntoView({ block: 'start' });
  });
  return link;
}
