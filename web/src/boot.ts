// The served page's start (imported by web/src/main.ts once the landing step's copy is on
// screen): the engine is asked for first, and the walkthrough the link opens with it: fetching
// and compiling the wasm and fetching the lesson's code then go on while the rest of the page
// (its own chunk, preloaded by the HTML: scripts/vite/preload-chunks.js) arrives and runs,
// instead of starting only once it has run (docs/benchmarks-page.md).
import { loadAttentionLab } from '../lib/index.js';
import { prefetchLinkedWalkthrough } from './views/walkthrough-code.js';
import { workerTrainingPort } from './entries/training-worker.js';
import { workerCostPort } from './entries/cost-worker.js';

/** Starts the engine and the page; rejects when the page's code cannot be loaded (main.ts says so). */
export function boot(): Promise<unknown> {
  // The lite engine: the first lessons' operations, no trainer, half the bytes. The lessons that
  // need more (kinds whose module says engine: 'full') wait for the full engine, loaded once, when
  // the first of them opens; training and the cost lab run in workers that load it themselves
  // (entries/training-worker.ts, entries/cost-worker.ts).
  const engine = loadAttentionLab({ training: false });
  // Not a rejection left unhandled meanwhile: startPage awaits it and shows the failure.
  engine.catch(() => undefined);
  let full: ReturnType<typeof loadAttentionLab> | undefined;
  // A failed load (offline) is tried again when the next such lesson opens.
  const fullEngine = () => (full ??= loadAttentionLab().catch((error: unknown) => {
    full = undefined;
    throw error;
  }));
  prefetchLinkedWalkthrough(window.location.search, fullEngine);
  return import('./page.js').then(({ startPage }) => startPage({ engine, trainingPort: workerTrainingPort, costPort: workerCostPort, fullEngine }));
}
