// <attention-lab walkthrough="causal-mask" step="softmax" hide="prose" embed>: the lab inside a
// course page that allows scripts (Jupyter Book, MkDocs, Docusaurus…), in a shadow root with its
// own styles. It never touches the address bar; it reports the learner's progress as DOM events
// (attention-lab-step, attention-lab-completed) from the element, and says what was wrong with an
// attribute in a notice, like the page does with a link parameter.
import { loadAttentionLab, type AttentionLab } from '../../lib/index.js';
import { App, type ProgressEvent } from '../app.js';
import { readEmbedOptions, type EmbedOptions } from '../embed/options.js';
import { findWalkthrough } from '../model/walkthroughs.js';
import { buildShell } from '../shell.js';
import { readLink, type ParsedState } from '../state/url-state.js';
import { el, escapeMarkup } from '../widgets/dom.js';
import { noticeElement } from '../widgets/notice.js';
import { componentSheet } from './styles.js';

/** The engine, loaded once per page whatever the number of elements (the first `wasm-url` wins). */
let engine: Promise<AttentionLab> | undefined;
const loadEngine = (wasmUrl: string | null) => (engine ??= loadAttentionLab(wasmUrl ? { wasmUrl } : undefined));

/** The attributes that choose what is shown, and the link parameter each stands for (url-state.ts). */
const ATTRIBUTE_PARAMS: Record<string, string> = { lesson: 'lesson', walkthrough: 'w', step: 'step' };

export class AttentionLabElement extends HTMLElement {
  /**
   * walkthrough, step and label are followed at any time; hide, embed and wasm-url are read once,
   * when the element starts (the layout and the engine are set up for them).
   */
  static readonly observedAttributes = [...Object.keys(ATTRIBUTE_PARAMS), 'label'];

  private readonly shadow: ShadowRoot;
  private app: App | undefined;
  private started = false;
  /** The walkthrough on screen, for the lab's accessible name. */
  private walkthrough = '';

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
    loadEngine(this.getAttribute('wasm-url')).then(
      (lab) => this.start(lab, frame),
      (error: Error) => {
        const loading = frame.querySelector('.loading');
        loading?.classList.add('error');
        if (loading) loading.textContent = `The attention engine could not start: ${error.message}`;
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

  private start(lab: AttentionLab, frame: HTMLElement): void {
    const { options: embed, notices: embedNotices } = readEmbedOptions(this.getAttribute('embed'), this.getAttribute('hide'), this.getAttribute('mode'));
    const { state, notices } = this.requestedState();
    buildShell(frame, { standalone: false });
    this.app = new App(lab, {
      root: this.shadow,
      urlState: false,
      initial: state,
      embed,
      notices: [...embedNotices, ...notices],
      embedSnippet: {
        intro: 'Paste this into a page of a site that runs scripts (Jupyter Book, MkDocs, Docusaurus…), with attention-lab.js and the files beside it copied to the site. Edited numbers are not carried over: the tag opens the walkthrough’s own.',
        snippet: (shown, options) => componentSnippet(shown.walkthrough, shown.step, options),
      },
      onProgress: (event: ProgressEvent) => {
        if (event.walkthrough !== this.walkthrough) {
          this.walkthrough = event.walkthrough;
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
    const name = this.getAttribute('label') || `Attention Lab: ${findWalkthrough(this.walkthrough)?.title ?? this.walkthrough}`;
    this.shadow.getElementById('main')?.setAttribute('aria-label', name);
    this.shadow.getElementById('lessons')?.setAttribute('aria-label', `Lessons, ${name}`);
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
    + `${hide.length > 0 ? ` hide="${escapeMarkup(hide.join(','))}"` : ''}></attention-lab>`;
}
