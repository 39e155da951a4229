// Starting the page in a document: read the embed options from the link, load the engine,
// build the shell, start the app. Shared by every entry that shows the full page: the served
// page (entries/served-page.ts), the offline single file and the SCORM package. If the engine
// cannot start, the page says so instead of staying blank.
import type { AttentionLab, LoadOptions } from '../lib/index.js';
import { engineLoader } from './session/engines.js';
import { App, type AppOptions } from './app.js';
import type { ProgressEvent } from './session/events.js';
import { connectToParent } from './embed/frame-protocol.js';
import { readEmbedOptions } from './state/embed-options.js';
import { buildShell } from './views/shell.js';
import { useLanguage } from './model/page-language.js';
import { languageName, refusedLanguageArgs, resolveLanguage } from './i18n/languages.js';
import { t } from './i18n/messages.js';
import { prefetchLinkedWalkthrough } from './browser/lesson-code.js';

export interface StartPageOptions {
  /** How to find the engine (e.g. the wasm bytes, for a file with everything inlined). */
  load?: LoadOptions;
  /**
   * The engine, already loading: the served page's entry (entries/served-page.ts) starts it
   * before this module and the rest of the page are fetched and run. Without it, startPage
   * loads it with `load`.
   */
  engine?: Promise<AttentionLab>;
  /** Progress of the learner, besides what goes to a parent frame. */
  onProgress?: (event: ProgressEvent) => void;
  /** Where the lesson "Watch attention learn" trains (default: on the page's thread). */
  trainingPort?: AppOptions['trainingPort'];
  /** Where the lesson "What attention costs" measures (default: on the page's thread). */
  costPort?: AppOptions['costPort'];
  /** The full engine, when `engine` is the lite one (app.ts). */
  fullEngine?: AppOptions['fullEngine'];
  /** An LMS's record of a walkthrough's answers (app.ts). */
  resumed?: AppOptions['resumed'];
  /** Where the lessons that read the language model get it (app.ts). */
  languageModel?: AppOptions['languageModel'];
  /** The LMS's learner id, for walkthroughs that draw numbers per learner (app.ts). */
  learner?: AppOptions['learner'];
}

export async function startPage({ load, engine, onProgress, trainingPort, costPort, fullEngine, resumed, languageModel, learner }: StartPageOptions = {}): Promise<App | undefined> {
  const host = document.getElementById('attention-lab') as HTMLElement;
  const params = new URLSearchParams(window.location.search);
  // Beside `train=`, `seed=` is the training run's (state/training-link.ts), not a learner's.
  const { options: embed, notices } = readEmbedOptions(params.get('embed'), params.get('hide'), params.get('mode'), params.has('train') ? null : params.get('seed'));
  const frame = connectToParent();
  prefetchLinkedWalkthrough(window.location.search, fullEngine);
  // ?lang=, else the browser's languages; a language other than English fetches its catalogue
  // while the engine loads.
  const { language, refused } = resolveLanguage(params.get('lang'), navigator.languages ?? [navigator.language]);
  const languageReady = useLanguage(language, document.documentElement);
  try {
    const [lab] = await Promise.all([engine ?? engineLoader(load).full(), languageReady]);
    if (refused !== undefined) {
      notices.unshift(t('notice-lang-refused', { ...refusedLanguageArgs(refused), shown: languageName(language) }));
    }
    buildShell(host, { standalone: true });
    const app = new App(lab, {
      root: document,
      urlState: true,
      embed,
      notices,
      trainingPort,
      costPort,
      fullEngine,
      resumed,
      languageModel,
      learner,
      onProgress: (event) => {
        frame.progress(event);
        onProgress?.(event);
      },
    });
    await app.start();
    frame.ready();
    return app;
  } catch (error) {
    const message = t('engine-failed', { reason: (error as Error).message });
    // The landing step's copy from the build (prerender-landing.js) would hide the reason.
    document.querySelector('[data-prerendered]')?.remove();
    const loading = document.getElementById('loading');
    if (loading) {
      loading.classList.add('error');
      loading.textContent = message;
    }
    frame.failed(message);
    return undefined;
  }
}
