// The address bar: the state a link reproduces (walkthrough, step, edited inputs, embed options,
// the instructor's ?src=) is read from it at start and on back/forward, and written to it as the
// learner moves. The only module that touches the address: links are written by url-state.ts.
import { walkthroughFromHash, walkthroughFromSrc } from '../authoring/load-walkthrough.js';
import { embedParams, type EmbedOptions } from '../state/embed-options.js';
import type { ParsedWalkthrough } from '../authoring/validate-walkthrough.js';
import type { Session } from '../session/session.js';
import type { TrainedSource } from '../model/trained-layer.js';
import { readLink, writeLink, type PageState } from '../state/url-state.js';
import { matchLanguage } from '../i18n/languages.js';

/** A replacement of the address waits for this long with no change (ms)… */
const QUIET_MS = 300;
/** …but no longer than this after the first change it carries (ms). */
const LONGEST_WAIT_MS = 3000;

export class UrlSync {
  /** A replacement of the address is waiting for the changes to pause (see write). */
  private pending = false;
  /** When the state last changed (performance.now()), for that pause. */
  private lastChange = 0;
  /** The instructor's walkthrough address (?src=), kept in every link written. */
  private readonly src: string | undefined;
  /**
   * The language the link names (?lang=), kept in every link written (an embed snippet too); a
   * language that came from the browser is not written, so a shared link follows its reader's.
   */
  private readonly lang: string | undefined;
  /** Opens a walkthrough on a trained layer from a link, retraining it first (set by the app). */
  onTrained: (state: PageState & { weights: TrainedSource }) => Promise<void> = async () => undefined;

  constructor(
    private readonly session: Session,
    private readonly embed: EmbedOptions,
    /** Whether the state lives in the address bar (the page) or not (a component in someone else's page). */
    private readonly enabled: boolean,
  ) {
    if (!enabled) return;
    // A malformed src (bad percent-encoding) is not kept: readLink gives a notice instead.
    this.src = readLink(window.location).src;
    const lang = new URLSearchParams(window.location.search).get('lang');
    this.lang = lang === null ? undefined : matchLanguage(lang);
    session.subscribe((event) => {
      // A step shown, or what a walkthrough drawn by its own view reports (no steps).
      if (event.type === 'step' || event.type === 'inputs') this.write(true);
    });
    window.addEventListener('popstate', () => void this.load());
    window.addEventListener('pagehide', () => {
      if (this.pending) this.writeNow(true);
    });
  }

  /** The instructor's walkthroughs the link names (?src=…) or carries in its hash, validated. */
  async instructorWalkthroughs(): Promise<ParsedWalkthrough[]> {
    if (!this.enabled) return [];
    const found = this.src === undefined ? [] : [await walkthroughFromSrc(this.src, window.location.href)];
    const fromHash = walkthroughFromHash(window.location.hash);
    return fromHash ? [...found, fromHash] : found;
  }

  /** Opens what the address says; `fallback` is the walkthrough to show when it names none. */
  async load(fallback?: string): Promise<void> {
    const { state, notices, named } = readLink(window.location, { quietAboutUnknown: this.embed.embedded });
    if (fallback && !named) state.walkthrough = fallback;
    for (const notice of notices) this.session.notify(notice);
    if (state.weights) {
      await this.onTrained({ ...state, weights: state.weights });
      return;
    }
    // The link's inputs refused by the engine: the walkthrough's own instead.
    await this.session.openOrFallBack(state);
  }

  /**
   * The link of a state ("?…#…"), with the embed options it was opened with; `hash`: the current
   * hash, whose entries the state does not own (an instructor's walkthrough) are kept.
   */
  linkSearch(state: PageState | undefined = this.session.state, embed: EmbedOptions = this.embed, hash = ''): string {
    const params = embedParams(embed);
    if (this.src !== undefined) params.push(['src', this.src]);
    if (this.lang !== undefined) params.push(['lang', this.lang]);
    if (state) return writeLink(state, { params, hash });
    const text = new URLSearchParams(params).toString();
    return text ? `?${text}` : '';
  }

  /** The address of the page itself (for embed snippets), whether or not this is the page. */
  pageBase(): string {
    return new URL(window.location.pathname, window.location.href).href;
  }

  /** Replaces the hash (a walkthrough file's contents), keeping the rest. */
  setHash(hash: string): void {
    if (this.enabled) window.history.replaceState(null, '', `${window.location.pathname}${window.location.search}${hash}`);
  }

  /**
   * Writes the state into the address bar. A new entry (another walkthrough) is written at once;
   * a replacement (a step, an edit) once the changes pause (QUIET_MS with none, or LONGEST_WAIT_MS
   * after the first) and the page is idle. A run of changes (a seed spinner held down, cells typed
   * in one after another) is written once: each replacement costs the page ~1 ms (~25 ms for
   * 32×64 inputs, which are compressed) and the browser more (a 32×64 link is 18 KB), which on a
   * two-core machine lengthened the frames of the next edits (docs/benchmarks-page.md), and
   * Chromium ignores a page's replacements beyond 200 in 10 s. The page leaving writes at once.
   */
  write(replace: boolean): void {
    if (!this.enabled) return;
    if (!replace) {
      this.writeNow(false);
      return;
    }
    const now = performance.now();
    this.lastChange = now;
    if (this.pending) return;
    this.pending = true;
    const first = now;
    const check = () => {
      if (!this.pending) return; // written meanwhile (the page was left)
      const wait = Math.min(this.lastChange + QUIET_MS, first + LONGEST_WAIT_MS) - performance.now();
      if (wait > 0) {
        setTimeout(check, wait);
        return;
      }
      const write = () => {
        if (this.pending) this.writeNow(true);
      };
      // Without requestIdleCallback (Safari), now.
      if ('requestIdleCallback' in window) requestIdleCallback(write, { timeout: 500 });
      else write();
    };
    setTimeout(check, QUIET_MS);
  }

  private writeNow(replace: boolean): void {
    this.pending = false;
    const url = `${window.location.pathname}${this.linkSearch(this.session.state, this.embed, window.location.hash)}`;
    if (url === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
    try {
      if (replace) window.history.replaceState(null, '', url);
      else window.history.pushState(null, '', url);
    } catch {
      // An iframe's srcdoc (about:srcdoc) may not change its address: the page goes on without it.
    }
  }
}
