// Entry point of the served page (npm start): the full page, in a document or an iframe.
// The engine is asked for first, and the walkthrough the link opens with it: fetching and
// compiling the wasm and fetching the lesson's code then go on while the rest of the page (its
// own chunk, preloaded by the HTML: scripts/vite/preload-chunks.js) arrives and runs, instead of
// starting only once it has run (docs/benchmarks-page.md).
import { loadAttentionLab } from '../lib/index.js';
import { prefetchLinkedWalkthrough } from './views/walkthrough-code.js';
import { workerTrainingPort } from './entries/training-worker.js';
import { workerCostPort } from './entries/cost-worker.js';
import './styles/index.css';
// In the entry's style sheet, which the HTML links: imported only by the page's chunk, it would
// be fetched only once that chunk is imported, one more round trip before the first step.
import './widgets/export-menu.css';

// The lite engine: every operation, no trainer, half the bytes. Training runs in a worker that
// loads the full engine itself (entries/training-worker.ts).
const engine = loadAttentionLab({ training: false });
// Not a rejection left unhandled meanwhile: startPage awaits it and shows the failure.
engine.catch(() => undefined);
prefetchLinkedWalkthrough(window.location.search);
import('./page.js').then(
  ({ startPage }) => startPage({ engine, trainingPort: workerTrainingPort, costPort: workerCostPort }),
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
