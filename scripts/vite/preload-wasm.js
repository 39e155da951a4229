// The engine's .wasm is only requested once the page's JS module has been fetched and run
// (docs/benchmarks-page.md: ~145 ms on loopback, ~285 ms at 10 Mbit/s). A preload link in the
// HTML starts its download alongside the JS. `crossorigin` (anonymous) matches the façade's
// fetch(…, { credentials: 'same-origin' }), so the browser reuses the preloaded response.
// Only the engine the landing page loads: the page runs on the lite engine, and the full one
// (with the trainer) is fetched by the training worker when a lesson trains.
/**
 * @param {string} name the engine's file name before Vite's hash, e.g. 'attention-lite'
 * @returns {import('vite').Plugin}
 */
export function preloadWasm(name) {
  return {
    name: 'attention-lab:preload-wasm',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const wasm = Object.keys(context.bundle ?? {}).filter((file) => file.endsWith('.wasm') && file.split('/').pop()?.startsWith(`${name}-`));
        return wasm.map((file) => ({
          tag: 'link',
          attrs: { rel: 'preload', href: `./${file}`, as: 'fetch', type: 'application/wasm', crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}
