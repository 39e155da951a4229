// Entry point of the served page (npm start): the full page, in a document or an iframe.
// The engine is asked for first, and the walkthrough the link opens with it: fetching and
// compiling the wasm and fetching the lesson's code then go on while the rest of the page (its
// own chunk, preloaded by the HTML: scripts/vite/preload-chunks.js) arrives and runs, instead of
// starting only once it has run (docs/benchmarks-page.md).
import { ENGINES } from '../session/engines.js';
import { prefetchLinkedWalkthrough } from '../browser/lesson-code.js';
import { workerTrainingPort } from '../browser/training-worker-port.js';
import { workerCostPort } from '../browser/cost-worker-port.js';
import '../styles/index.css';
// In the entry's style sheet, which the HTML links: imported only by the page's chunk, it would
// be fetched only once that chunk is imported, one more round trip before the first step.
import '../widgets/export-menu.css';
import '../widgets/exercise-answers/exercise-answers.css';
import '../views/pipeline-map.css';
import '../views/weights-note.css';
import '../views/language.css';

// The lite engine: the first lessons' operations, no trainer, half the bytes. The lessons that
// need more (kinds whose descriptor says engine: 'full') wait for the full engine, loaded once, when
// the first of them opens; training and the cost lab run in workers that load it themselves
// (entries/training-worker.ts, entries/cost-worker.ts).
const engine = ENGINES.lite();
// Not a rejection left unhandled meanwhile: startPage awaits it and shows the failure.
engine.catch(() => undefined);
const fullEngine = ENGINES.full;
prefetchLinkedWalkthrough(window.location.search, fullEngine);
import('../start-page.js').then(
  ({ startPage }) => startPage({ engine, trainingPort: workerTrainingPort, costPort: workerCostPort, fullEngine }),
  (error: Error) => {
    // The landing step's copy from the build (prerender-landing.js) would hide the reason.
    document.querySelector('[data-prerendered]')?.remove();
    const loading = document.getElementById('loading');
    if (loading) {
      loading.classList.add('error');
      loading.textContent = `The page could not be loaded (${error.message}); check the connection and reload.`;
    }
  },
);
