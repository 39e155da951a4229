// Entry of the SCORM packages' SCO (npm run build:scorm): the offline single file, plus the SCORM
// session (SCORM 1.2 or 2004, as the package was built) that reports completion, the exercises'
// answers, score and passed/failed, and resumes at the learner's step with their answers. The
// build compiles in the launch query (walkthrough and embed options): the manifest's href is the
// bare file name, and the page writes the query into its own address before it starts.
import { connectScorm } from '../embed/scorm.js';
import type { ScormVersion } from '../embed/scorm-data.js';
import type { App } from '../app.js';
import { startPage } from '../page.js';
import { encodeInputs } from '../state/link-parts.js';
import { inlinedWasm } from './inline-wasm.js';
import '../styles/index.css';

/** The launch query chosen at build time, e.g. "w=causal-mask&embed=1" (Vite `define`). */
declare const __SCORM_LAUNCH_QUERY__: string;
/** The percent of exercises right that passes, chosen at build time (--mastery, default 80). */
declare const __SCORM_MASTERY__: number;
/** The SCORM version the package speaks (--scorm 1.2|2004). */
declare const __SCORM_VERSION__: ScormVersion;

let app: App | undefined;
const launch = new URLSearchParams(__SCORM_LAUNCH_QUERY__);
const scorm = connectScorm(__SCORM_VERSION__, launch.get('w') ?? '', {
  mastery: __SCORM_MASTERY__,
  currentInputs: () => {
    const edited = app?.pageState.inputs;
    return edited ? encodeInputs(edited) : undefined;
  },
});
if (!new URLSearchParams(window.location.search).has('w')) {
  // A resumed session opens at its step, on the inputs its answers were given on.
  if (scorm.resume.step) launch.set('step', scorm.resume.step);
  const hash = scorm.resume.inputs === undefined ? '' : `#${new URLSearchParams({ in: scorm.resume.inputs })}`;
  try {
    window.history.replaceState(null, '', `?${launch}${hash}`);
  } catch {
    // A document whose address cannot be rewritten shows the default walkthrough instead.
  }
}
// A classic script (the single file's format) has no top-level await.
void startPage({ load: { wasmBinary: inlinedWasm() }, onProgress: (event) => scorm.progress(event) }).then((started) => {
  if (!started) return;
  app = started;
  started.restoreAnswers(scorm.resume.answers);
  scorm.showNoticesWith((message) => started.notify(message));
});
