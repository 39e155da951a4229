// Entry of the offline template (scripts/offline/single-file.mjs): the full page in one HTML file
// with the engine's wasm inlined, built as a classic script so that it runs from file://. What
// it opens is baked into its data block (embed/offline-package.ts) by whoever makes a file of it:
//   - nothing (`null`): the offline single file of `npm run build:single`, which opens its link;
//   - a link: a single HTML file downloaded from the page or written by the CLI, which opens it;
//   - a link and a SCORM version: a SCORM package's SCO, which also reports completion, the
//     exercises' answers, score and passed/failed, and resumes at the learner's step with their
//     answers (embed/scorm.ts).
// A file made for a lesson that reads the language model carries the model too, in a block of
// its own (the model's bytes, base64), which the lesson reads instead of fetching it.
// A baked link is written into the document's own address before the page starts (the
// manifest's href is the bare file name), unless the address names a walkthrough already (a
// reload, or a link to the file with its own ?w=…).
import { connectScorm, type ScormSession } from '../embed/scorm.js';
import { MODEL_DATA_ID, PACKAGE_DATA_ID, readBakedModel, readBakedPackage } from '../embed/baked-package.js';
import type { App } from '../app.js';
import { startPage, type StartPageOptions } from '../start-page.js';
import type { LanguageModel } from '../../lib/index.js';
import { t } from '../i18n/messages.js';
import { encodeInputs } from '../state/link-parts.js';
import { base64ToBytes } from '../model/base64.js';
import { LanguageModelUnavailable } from '../session/language-model-source.js';
import wasmDataUrl from '../../lib/wasm/attention-core.wasm?url&inline';
import '../styles/index.css';

/**
 * The engine's .wasm bytes: Vite inlines the file at build time as a base64 data: URL
 * (`?url&inline`; a plain `?inline` does not load a .wasm in Vite 8), decoded here into the bytes
 * the façade takes as `wasmBinary`, so the engine never fetches.
 */
const inlinedWasm = (): Uint8Array => base64ToBytes(wasmDataUrl.slice(wasmDataUrl.indexOf(',') + 1));

/**
 * Where the lessons that read the language model get it: the file's own copy, baked in when it
 * was made for such a lesson; a file made for another lesson has none, and says so, rather than
 * try a fetch that cannot work from a file.
 */
function offlineLanguageModel(): NonNullable<StartPageOptions['languageModel']> {
  const bytes = readBakedModel(document.getElementById(MODEL_DATA_ID)?.textContent);
  let loaded: Promise<LanguageModel> | undefined;
  return (lab) => {
    // Its own sentence, not "check the connection": no connection brings the model to a file.
    if (!bytes) return Promise.reject(new LanguageModelUnavailable(t('notice-language-model-not-in-file')));
    loaded ??= lab.loadLanguageModel(bytes);
    return loaded;
  };
}

let app: App | undefined;
const baked = readBakedPackage(document.getElementById(PACKAGE_DATA_ID)?.textContent);
const at = baked ? baked.link.indexOf('#') : -1;
const launch = new URLSearchParams(baked && at >= 0 ? baked.link.slice(0, at) : baked?.link ?? '');
const hash = new URLSearchParams(baked && at >= 0 ? baked.link.slice(at + 1) : '');
const scorm: ScormSession | undefined = baked?.scorm && connectScorm(baked.scorm.version, launch.get('w') ?? '', {
  mastery: baked.scorm.mastery,
  currentInputs: () => {
    const edited = app?.pageState.inputs;
    return edited ? encodeInputs(edited) : undefined;
  },
  exercises: () => app?.exerciseCount ?? 0,
  attempts: () => app?.attempts ?? [],
});
const own = new URLSearchParams(window.location.search);
if (baked && !own.has('w') && !own.has('lesson') && !own.has('train')) {
  // A resumed session opens at its step, on the inputs its answers were given on.
  if (scorm?.resume.step) launch.set('step', scorm.resume.step);
  if (scorm?.resume.inputs !== undefined) hash.set('in', scorm.resume.inputs);
  const fragment = hash.toString();
  try {
    window.history.replaceState(null, '', `?${launch}${fragment ? `#${fragment}` : ''}`);
  } catch {
    // A document whose address cannot be rewritten shows the default walkthrough instead.
  }
}
// A classic script (the single file's format) has no top-level await.
// The LMS's record of the package's walkthrough stands for what this browser kept of it.
const scoWalkthrough = launch.get('w');
const resumed = scorm?.connected && scoWalkthrough ? { walkthrough: scoWalkthrough, attempts: scorm.resume.attempts } : undefined;
void startPage({ load: { wasmBinary: inlinedWasm() }, onProgress: (event) => scorm?.progress(event), resumed, languageModel: offlineLanguageModel(), learner: scorm?.learner }).then((started) => {
  if (!started) return;
  app = started;
  if (!scorm) return;
  started.restoreAnswers(scorm.resume.ungraded);
  scorm.showNoticesWith((message) => started.notify(message));
});
