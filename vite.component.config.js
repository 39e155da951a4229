// The web component as one ES module, build/component/attention-lab.js, with the engine's .wasm
// beside it (npm run build:component). Not Vite's library mode: that inlines every asset as a
// data: URL, which a course site's Content-Security-Policy may refuse (connect-src) and which
// would make the module larger. Here the module finds its .wasm with new URL(…, import.meta.url),
// wherever it is served from. Formulas are MathML (no fonts), prerendered as for the page.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { prerenderFormulas } from './scripts/vite/prerender-formulas.js';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * attention-lab-loader.js beside the module: a classic script that imports it (for sites that
 * cannot write `type="module"`, e.g. MkDocs 1.4). Copied as it is, not bundled: it must stay a
 * classic script.
 */
const classicLoader = {
  name: 'attention-lab:classic-loader',
  generateBundle() {
    this.emitFile({
      type: 'asset',
      fileName: 'attention-lab-loader.js',
      source: fs.readFileSync(path.join(root, 'web', 'src', 'component', 'classic-loader.js'), 'utf8'),
    });
  },
};

/**
 * The component adopts its CSS inside its shadow root (component/styles.ts imports it with
 * ?inline); the side-effect imports of the export menu's, the exercises', the print handout's and
 * the pipeline map's CSS, which the page needs, are dropped here so that no global style sheet is
 * emitted.
 */
const GLOBAL_CSS = new Set(['./export-menu.css', './exercise-answers/exercise-answers.css', './print-handout.css', './pipeline-map.css', './weights-note.css', './language.css']);
const dropGlobalCss = {
  name: 'attention-lab:drop-global-css',
  enforce: 'pre',
  resolveId: (id) => (GLOBAL_CSS.has(id) ? '\0attention-lab:no-global-css' : undefined),
  load: (id) => (id === '\0attention-lab:no-global-css' ? 'export {};' : undefined),
};

export default defineConfig({
  root: path.join(root, 'web'),
  base: './',
  publicDir: false,
  plugins: [dropGlobalCss, classicLoader, prerenderFormulas()],
  build: {
    outDir: path.join(root, 'build', 'component'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // One module by design (a course page adds one script tag): ~0.5 MB, ~160 kB gzipped.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: path.join(root, 'web', 'src', 'entries', 'component.ts'),
      preserveEntrySignatures: 'exports-only',
      output: {
        // The kinds of walkthrough are loaded on demand on the page (kinds/index.ts); the component
        // stays one module, so their code is inlined rather than split into chunks.
        codeSplitting: false,
        entryFileNames: 'attention-lab.js',
        assetFileNames: '[name][extname]',
        // KaTeX, which the page loads on demand, stays inside the one module.
        codeSplitting: false,
      },
    },
  },
});
