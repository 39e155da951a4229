// Entry of the H5P library's script (scripts/offline/single-file.mjs buildH5pLibrary): one classic
// script, the engine's wasm inlined, that defines H5P.AttentionLab, the content type H5P's core
// builds for an Attention Lab package (embed/h5p-package.ts). H5P calls it with the content's
// parameters and attaches it to a container; the lab then runs there as the web component does:
// in a shadow root with its own styles, the lesson's link as its state (the address bar is the
// host's). Through H5P's own dispatcher (the instance's trigger) it says what hosts record as xAPI
// statements: `attempted` on start, each answer (a statement of the exercise's activity under the
// content's, with the engine's diagnosis), and `completed` with the score once every exercise is
// answered (or the last step is reached, when there are none). The learner H5P names (its
// user, or the visitor it made up) draws a walkthrough's numbers of their own; what the learner
// earned is kept in H5P's saved state (getCurrentState), when the host keeps it.
import type { AttentionLab } from '../../lib/index.js';
import { engineLoader } from '../session/engines.js';
import { App } from '../app.js';
import type { AnsweredEvent, ProgressEvent } from '../session/events.js';
import { readEmbedOptions } from '../state/embed-options.js';
import { readLink } from '../state/url-state.js';
import { walkthroughFromHash } from '../authoring/load-walkthrough.js';
import { addCustomWalkthrough, findWalkthrough } from '../model/walkthroughs.js';
import { buildShell } from '../views/shell.js';
import { useLanguage } from '../model/page-language.js';
import { directionOf, languageName, refusedLanguageArgs, resolveLanguage } from '../i18n/languages.js';
import { currentLanguage, t } from '../i18n/messages.js';
import { el } from '../widgets/dom.js';
import { componentSheet } from '../component/styles.js';
import { base64ToBytes } from '../model/base64.js';
import { LanguageModelUnavailable } from '../session/language-model-source.js';
import { decodeSuspendData, encodeSuspendData } from '../embed/scorm-data.js';
import { scoreOf } from '../session/answer-record.js';
import { answerStatement, h5pLearner, passes, readH5pParams, type H5pContent } from '../embed/h5p-content.js';
import { H5P_LIBRARY } from '../embed/h5p-package.js';
import wasmDataUrl from '../../lib/wasm/attention-core.wasm?url&inline';

/** What the lab uses of H5P's core (h5p.js, h5p-event-dispatcher.js, h5p-x-api*.js). */
interface XapiEvent {
  data: { statement: Record<string, unknown> & { context?: Record<string, unknown> } };
  getContentXAPIId(instance: unknown): string;
}
interface H5pInstance {
  trigger(event: XapiEvent | string): void;
  createXAPIEventTemplate(verb: string): XapiEvent;
  triggerXAPIScored(score: number, maxScore: number, verb: string, completion?: boolean, success?: boolean): void;
  setActivityStarted(): void;
}
interface H5pCore {
  EventDispatcher: { call(instance: unknown): void; prototype: object };
}
type Window = typeof globalThis & { H5P?: H5pCore & Record<string, unknown>; H5PIntegration?: { user?: unknown } };

/** The engine's bytes, inlined at build time (as in the offline file); decoded once per page. */
let engine: Promise<AttentionLab> | undefined;
const loadEngine = () => (engine ??= engineLoader({ wasmBinary: base64ToBytes(wasmDataUrl.slice(wasmDataUrl.indexOf(',') + 1)) }).full());

/** What H5P keeps of a learner's visit (getCurrentState): the walkthrough, the step and every answer, as a SCORM resume record. */
interface SavedState {
  walkthrough: string;
  step: string;
  record: string;
}

function readSavedState(state: unknown): SavedState | undefined {
  let value = state;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return undefined;
    }
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { walkthrough, step, record } = value as Record<string, unknown>;
  return typeof walkthrough === 'string' && typeof step === 'string' && typeof record === 'string' ? { walkthrough, step, record } : undefined;
}

/** The lab as H5P's content type: H5P's core builds it (`new`) and extends its prototype with H5P.ContentType's. */
class Lab {
  private app: App | undefined;
  private completed = false;
  private readonly saved: SavedState | undefined;

  constructor(private readonly instance: H5pInstance, private readonly params: unknown, extras: { previousState?: unknown } | undefined) {
    this.saved = readSavedState(extras?.previousState);
  }

  attach(root: HTMLElement): void {
    root.classList.add('h5p-attention-lab');
    const host = el('div');
    root.replaceChildren(host);
    const shadow = host.attachShadow({ mode: 'open' });
    shadow.adoptedStyleSheets = [componentSheet()];
    const frame = el('div', { className: 'attention-lab' }, el('p', { className: 'loading' }, 'Loading the engine…'));
    shadow.replaceChildren(frame);
    // The host sizes its frame to the content on each `resize` (H5P's iframe embed).
    new ResizeObserver(() => this.instance.trigger('resize')).observe(host);
    this.instance.setActivityStarted();
    const content = readH5pParams(this.params);
    if ('error' in content) {
      this.fail(frame, content.error);
      return;
    }
    const at = content.link.indexOf('#');
    const link = { search: at < 0 ? content.link : content.link.slice(0, at), hash: at < 0 ? '' : content.link.slice(at) };
    const { language, refused } = resolveLanguage(new URLSearchParams(link.search).get('lang'), [...navigator.languages]);
    Promise.all([loadEngine(), useLanguage(language, frame)]).then(
      ([lab]) => {
        frame.lang = currentLanguage();
        frame.dir = directionOf(currentLanguage());
        this.start(lab, shadow, frame, content, link, refused);
      },
      (error: Error) => this.fail(frame, t('engine-failed', { reason: error.message })),
    );
  }

  private fail(frame: HTMLElement, message: string): void {
    frame.replaceChildren(el('p', { className: 'loading error', role: 'alert' }, message));
  }

  private start(lab: AttentionLab, shadow: ShadowRoot, frame: HTMLElement, content: H5pContent, link: { search: string; hash: string }, refused: string | undefined): void {
    const { search, hash } = link;
    const query = new URLSearchParams(search);
    // The compact layout of a frame: the host's page is around it.
    const { options: embed, notices: embedNotices } = readEmbedOptions('1', query.get('hide'), query.get('mode'), null);
    // The instructor's walkthrough the lesson carries is known before its link is read, which names it.
    const own = walkthroughFromHash(hash);
    if (own && !('error' in own)) addCustomWalkthrough(own.walkthrough);
    const { state, notices } = readLink({ search, hash });
    if (own && 'error' in own) notices.unshift(own.error);
    if (refused !== undefined) notices.unshift(t('notice-lang-refused', { ...refusedLanguageArgs(refused), shown: languageName(currentLanguage()) }));
    const actor = this.instance.createXAPIEventTemplate('interacted').data.statement.actor;
    const learner = h5pLearner((window as Window).H5PIntegration?.user, actor);
    const record = this.saved && this.saved.walkthrough === state.walkthrough ? decodeSuspendData(this.saved.record) : undefined;
    const bytes = content.languageModel;
    buildShell(frame, { standalone: false });
    this.app = new App(lab, {
      root: shadow,
      urlState: false,
      initial: record && record !== 'corrupt' ? { ...state, step: this.saved?.step ?? state.step } : state,
      embed,
      notices: [...embedNotices, ...notices],
      learner,
      languageModel: (engineLab) => (bytes ? engineLab.loadLanguageModel(bytes) : Promise.reject(new LanguageModelUnavailable(t('notice-language-model-not-in-file')))),
      ...(record && record !== 'corrupt' ? { resumed: { walkthrough: state.walkthrough, attempts: record.attempts } } : {}),
      onProgress: (event) => this.progress(event, content.mastery),
    });
    void this.app.start();
  }

  private progress(event: ProgressEvent, mastery: number): void {
    if (event.type === 'answered') this.answered(event);
    else if (event.type === 'score') {
      // The score counts first answers only: once every exercise is answered it cannot change.
      if (event.answered === event.total && !this.completed) this.complete(event.correct, event.total, mastery);
    } else if (event.type === 'completed' && this.app?.exerciseCount === 0 && !this.completed) {
      // Every step seen, of a walkthrough with no exercises: complete, with nothing to score.
      this.complete(0, 0, mastery);
    }
  }

  private complete(correct: number, total: number, mastery: number): void {
    this.completed = true;
    this.instance.triggerXAPIScored(correct, total, 'completed', true, passes(correct, total, mastery));
  }

  private answered(event: AnsweredEvent): void {
    const xapi = this.instance.createXAPIEventTemplate('answered');
    const title = findWalkthrough(event.walkthrough)?.exercises?.find((e) => e.id === event.exercise)?.title ?? event.exercise;
    const parts = answerStatement(event, xapi.getContentXAPIId(this.instance), title);
    const statement = xapi.data.statement;
    statement.object = parts.object;
    statement.result = parts.result;
    statement.context = { ...statement.context, contextActivities: { ...(statement.context?.contextActivities as object | undefined), ...parts.context.contextActivities } };
    this.instance.trigger(xapi);
  }

  currentState(): SavedState | undefined {
    if (!this.app) return this.saved;
    const { walkthrough, step } = this.app.pageState;
    return { walkthrough, step, record: encodeSuspendData({ attempts: [...this.app.attempts] }, '2004') };
  }

  /** Whether any exercise was answered (in any visit). */
  get answerGiven(): boolean {
    return (this.app?.attempts.length ?? 0) > 0;
  }

  /** The score from every answer, this visit's and those H5P kept (what hosts and containers ask getScore for). */
  get scores(): { score: number; maxScore: number } {
    if (!this.app) return { score: 0, maxScore: 0 };
    const exercises = findWalkthrough(this.app.pageState.walkthrough)?.exercises?.map((e) => e.id) ?? [];
    const { correct, total } = scoreOf(this.app.attempts, exercises);
    return { score: correct, maxScore: total };
  }
}

/** The labs of the H5P instances, by instance (H5P's own fields stay on the instance). */
const labs = new WeakMap<object, Lab>();
const labOf = (instance: object): Lab => labs.get(instance) as Lab;

/**
 * H5P.AttentionLab: a plain constructor function, since H5P's core replaces its `prototype` (with
 * H5P.ContentType's and its own methods copied in), which a class's cannot be.
 */
function AttentionLabContent(this: H5pInstance, params: unknown, contentId: unknown, extras?: { previousState?: unknown }): void {
  const h5p = (window as Window).H5P as H5pCore;
  // Each instance's own listeners (H5P's EventDispatcher keeps them per instance, made here).
  h5p.EventDispatcher.call(this);
  (this as unknown as { contentId: unknown }).contentId = contentId;
  labs.set(this, new Lab(this, params, extras));
}

Object.assign(AttentionLabContent.prototype, {
  /** H5P hands the container as a jQuery object. */
  attach(this: H5pInstance, $container: { get(index: number): HTMLElement }) {
    labOf(this).attach($container.get(0));
  },
  getCurrentState(this: H5pInstance) {
    return labOf(this).currentState();
  },
  getScore(this: H5pInstance) {
    return labOf(this).scores.score;
  },
  getMaxScore(this: H5pInstance) {
    return labOf(this).scores.maxScore;
  },
  getAnswerGiven(this: H5pInstance) {
    return labOf(this).answerGiven;
  },
});

const global = window as Window;
global.H5P = global.H5P ?? ({} as H5pCore & Record<string, unknown>);
// The name H5P's core looks the constructor up by (h5p.json's mainLibrary).
global.H5P[H5P_LIBRARY.machineName.replace(/^H5P\./, '')] = AttentionLabContent;
