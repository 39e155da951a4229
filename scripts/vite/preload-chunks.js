// The served page's entry (web/src/entries/served-page.ts) is small: it starts the engine, then imports the rest
// of the page (start-page.ts and all it needs) and the linked lesson's code, each a chunk of its own.
// Without a hint the browser would request those chunks only once the entry has run, and each
// chunk's own imports only once it has arrived; modulepreload links in the HTML fetch them all
// alongside the entry, the CSS and the wasm (docs/benchmarks-page.md).

/**
 * @param {string[]} modules the source modules (paths from the project root) whose chunks, with
 *   every chunk they import at any depth, the HTML preloads
 * @returns {import('vite').Plugin}
 */
export function preloadChunks(modules) {
  return {
    name: 'attention-lab:preload-chunks',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle ?? {};
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        const files = new Set();
        for (const module of modules) {
          const chunk = chunks.find((c) => c.facadeModuleId?.replaceAll('\\', '/').endsWith(`/${module}`));
          if (!chunk) throw new Error(`preload-chunks: no chunk is made of ${module}`);
          files.add(chunk.fileName);
        }
        for (const file of files) {
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const next of chunk.imports) if (next !== entry?.fileName) files.add(next);
        }
        return [...files].map((file) => ({
          tag: 'link',
          attrs: { rel: 'modulepreload', href: `./${file}`, crossorigin: '' },
          injectTo: 'head',
        }));
      },
    },
  };
}
