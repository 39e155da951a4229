// Entry point of the served page (npm start): the full page, in a document or an iframe. It
// links the style sheets and nothing else, then starts the page (boot.ts, preloaded by the HTML)
// after the browser has painted: Chromium runs a module that has arrived before it paints the
// first frame, and evaluating the engine's glue and the page takes longer than the landing step's
// copy in the HTML (scripts/vite/prerender-landing.js) needs to be shown. docs/benchmarks-page.md
import './styles/index.css';
// In the entry's style sheet, which the HTML links: imported only by the page's chunk, it would
// be fetched only once that chunk is imported, one more round trip before the first step.
import './widgets/export-menu.css';
import './widgets/exercise-answers/exercise-answers.css';
import './views/pipeline-map.css';
import './views/weights-note.css';

function start(): void {
  import('./boot.js').then(({ boot }) => boot()).catch((error: Error) => {
    // The landing step's copy from the build (prerender-landing.js) would hide the reason.
    document.querySelector('[data-prerendered]')?.remove();
    const loading = document.getElementById('loading');
    if (loading) {
      loading.classList.add('error');
      loading.textContent = `The page could not be loaded (${error.message}); check the connection and reload.`;
    }
  });
}

// requestAnimationFrame runs just before the next paint, and a task it queues runs after it; a
// hidden page (a background tab, a prerender) has no frames, so it starts at once.
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
