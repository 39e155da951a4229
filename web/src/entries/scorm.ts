// Entry of the SCORM package's SCO (npm run build:scorm): the offline single file, plus the
// SCORM 1.2 session that reports `completed` once every step of the package's walkthrough has
// been seen, and the exercises' answers, score and passed/failed. The build compiles in the launch query (walkthrough and embed options), which the
// manifest's href also carries: if an LMS drops the href's query, the page puts it back.
import { connectScorm } from '../embed/scorm.js';
import { startPage } from '../page.js';
import { inlinedWasm } from './inline-wasm.js';
import '../styles/index.css';

/** The launch query chosen at build time, e.g. "w=causal-mask&embed=1" (Vite `define`). */
declare const __SCORM_LAUNCH_QUERY__: string;
/** The percent of exercises right that passes, chosen at build time (--mastery, default 80). */
declare const __SCORM_MASTERY__: number;

const launch = new URLSearchParams(__SCORM_LAUNCH_QUERY__);
if (!new URLSearchParams(window.location.search).has('w')) {
  try {
    window.history.replaceState(null, '', `?${launch}`);
  } catch {
    // A document whose address cannot be rewritten shows the default walkthrough instead.
  }
}
const scorm = connectScorm(launch.get('w') ?? '', { mastery: __SCORM_MASTERY__ });
void startPage({ load: { wasmBinary: inlinedWasm() }, onProgress: (event) => scorm.progress(event) });
