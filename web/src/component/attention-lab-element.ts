// <attention-lab walkthrough="causal-mask" step="softmax" hide="prose" embed>: the lab inside a
// course page that allows scripts (Jupyter Book, MkDocs, Docusaurus…), in a shadow root with its
// own styles. It never touches the address bar; it reports the learner's progress as DOM events
// (attention-lab-step, attention-lab-completed) from the element, and says what was wrong with an
// attribute in a notice, like the page does with a link parameter.
import type { AttentionLab } from '../../lib/index.js';
import { engineLoader } from '../session/engines.js';
import { App } from '../app.js';
import type { ProgressEvent } from '../session/events.js';
import { readEmbedOptions, type EmbedOptions } from '../state/embed-options.js';
import { findWalkthrough } from '../model/walkthroughs.js';
import { buildShell } from '../views/shell.js';
import { useLanguage } from '../model/page-language.js';
import { DEFAULT_LANGUAGE, directionOf, languageName, refusedLanguageArgs, resolveLanguage, type Language, type ResolvedLanguage } from '../i18n/languages.js';
import { currentLanguage, t } from '../i18n/messages.js';
import { readLink, type ParsedState } from '../state/url-state.js';
import { el } from '../widgets/dom.js';
import { escapeMarkup } from '../model/escape-markup.js';
import { noticeElement } from '../widgets/notice.js';
import { componentSheet } from './styles.js';

/** The engine, loaded once per page whatever the number of elements (the first `wasm-url` wins). */
let engine: Promise<AttentionLab> | undefined;
const loadEngine = (wasmUrl: string | null) => (engine ??= engineLoader(wasmUrl ? { wasmUrl } : {}).full());

/**
 * The page's words are one catalogue per page (i18n/messages.ts): the first element's language
 * is every element's. Each element's frame still gets its `lang` and `dir`.
 */
let languageReady: Promise<void> | undefined;
const useLanguageOnce = (language: Language, frame: HTMLElement): Promise<void> => {
  languageReady ??= useLanguage(language, frame);
  return languageReady.then(() => {
    frame.lang = currentLanguage();
    frame.dir = directionOf(currentLanguage());
  });
};

/** The attributes that choose what is shown, and the link parameter each stands for (url-state.ts). */
const ATTRIBUTE_PARAMS: Record<string, string> = { lesson: 'lesson', walkthrough: 'w', step: 'step' };

export class AttentionLabElement extends HTMLElement {
  /**
   * walkthrough, step and label are followed at any time; hide, embed, mode, seed and wasm-url are read once,
   * when the element starts (the layout and the engine are set up for them).
   */
  static readonly observedAttributes = [...Object.keys(ATTRIBUTE_PARAMS), 'label'];

  private readonly shadow: ShadowRoot;
  private app: App | undefined;
  private started = false;
  /**
   * The walkthrough on screen, for the lab's accessible name. No field is named after an
   * attribute: React 19 sets a custom element's property instead of its attribute when the
   * element has one by that name, and the lab would never see the attribute.
   */
  private namedAfter = '';

  constructor() {
    super();
    this.shadow = this.attachShadow({ mode: 'open' });
    this.shadow.adoptedStyleSheets = [componentSheet()];
  }

  connectedCallback(): void {
    // Moving the element in the page connects it again: it keeps its lab.
    if (this.started) return;
    this.started = true;
    const frame = el('div', { className: 'attention-lab' }, el('p', { className: 'loading' }, 'Loading the engine…'));
    this.shadow.replaceChildren(frame);
    const language = this.language();
    Promise.all([loadEngine(this.getAttribute('wasm-url')), useLanguageOnce(language.language, frame)]).then(
      ([lab]) => this.start(lab, frame, language.refused),
      (error: Error) => {
        const loading = frame.querySelector('.loading');
        loading?.classList.add('error');
        if (loading) loading.textContent = t('engine-failed', { reason: error.message });
      },
    );
  }

  attributeChangedCallback(name: string, previous: string | null, value: string | null): void {
    if (!this.app || previous === value) return;
    if (name === 'label') {
      this.rename();
      return;
    }
    // A notice about the changed attribute only: the other one's was given when it was set.
    if (value !== null) {
      const notes = this.shadow.getElementById('notices');
      for (const notice of readLink({ search: `?${new URLSearchParams([[ATTRIBUTE_PARAMS[name], value]])}`, hash: '' }).notices) notes?.append(noticeElement(notice));
    }
    const { state } = this.requestedState();
    const shown = this.app.pageState;
    if (state.walkthrough === shown.walkthrough && state.step === shown.step) return;
    // Another step of the same walkthrough keeps the learner's edited inputs.
    this.app.show({ ...state, inputs: state.walkthrough === shown.walkthrough ? shown.inputs : undefined });
  }

  /** The walkthrough and step the attributes ask for, checked as the page checks its link. */
  private requestedState(): ParsedState {
    const params = new URLSearchParams();
    for (const [attribute, param] of Object.entries(ATTRIBUTE_PARAMS)) {
      const value = this.getAttribute(attribute);
      if (value !== null) params.set(param, value);
    }
    return readLink({ search: `?${params}`, hash: '' });
  }

  /**
   * The element's `lang` attribute, else the language of the page around it (the nearest `lang`
   * of its ancestors), else the browser's; checked as the page checks `?lang=`.
   */
  private language(): ResolvedLanguage {
    const own = this.getAttribute('lang');
    const around = this.parentElement?.closest('[lang]')?.getAttribute('lang');
    return resolveLanguage(own, [...(around ? [around] : []), ...navigator.languages]);
  }

  private start(lab: AttentionLab, frame: HTMLElement, refusedLanguage: string | undefined): void {
    const { options: embed, notices: embedNotices } = readEmbedOptions(this.getAttribute('embed'), this.getAttribute('hide'), this.getAttribute('mode'), this.getAttribute('seed'));
    const { state, notices } = this.requestedState();
    if (refusedLanguage !== undefined) {
      notices.unshift(t('notice-lang-refused', { ...refusedLanguageArgs(refusedLanguage), shown: languageName(currentLanguage()) }));
    }
    buildShell(frame, { standalone: false });
    this.app = new App(lab, {
      root: this.shadow,
      urlState: false,
      initial: state,
      embed,
      notices: [...embedNotices, ...notices],
      embedSnippet: {
        intro: t('component-snippet-intro'),
        snippet: (shown, options) => componentSnippet(shown.walkthrough, shown.step, options),
      },
      onProgress: (event: ProgressEvent) => {
        if (event.walkthrough !== this.namedAfter) {
          this.namedAfter = event.walkthrough;
          this.rename();
        }
        this.dispatchEvent(new CustomEvent(`attention-lab-${event.type}`, { detail: event, bubbles: true, composed: true }));
      },
    });
    this.app.start();
  }

  /**
   * Names the lab's landmarks (its region and lesson menu) after the `label` attribute or the
   * walkthrough: landmarks need distinct names, so several labs on a page can be told apart.
   */
  private rename(): void {
    const name = this.getAttribute('label') || `Attention Lab: ${findWalkthrough(this.namedAfter)?.title ?? this.namedAfter}`;
    this.shadow.getElementById('main')?.setAttribute('aria-label', name);
    this.shadow.getElementById('lessons')?.setAttribute('aria-label', `${t('nav-lessons')}, ${name}`);
  }
}

/** Defines <attention-lab>, once even if the module is loaded twice. */
export function defineAttentionLab(registry: CustomElementRegistry = customElements): void {
  if (!registry.get('attention-lab')) registry.define('attention-lab', AttentionLabElement);
}

/** The tag that shows a walkthrough and step with these options, and the script line that defines it. */
function componentSnippet(walkthrough: string, step: string, options: EmbedOptions): string {
  const hide = [...options.hide].filter((part) => part !== 'header' && part !== 'embed');
  return `<script type="module" src="${escapeMarkup(import.meta.url)}"></script>\n`
    + `<attention-lab walkthrough="${escapeMarkup(walkthrough)}" step="${escapeMarkup(step)}"`
    + `${hide.length > 0 ? ` hide="${escapeMarkup(hide.join(','))}"` : ''}`
    // The language the instructor saw, unless English (the default).
    + `${currentLanguage() === DEFAULT_LANGUAGE ? '' : ` lang="${currentLanguage()}"`}></attention-lab>`;
}
