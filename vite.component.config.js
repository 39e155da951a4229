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
import { dropGlobalCss } from './scripts/vite/drop-global-css.js';

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

export default defineConfig({
  root: path.join(root, 'web'),
  base: './',
  publicDir: false,
  plugins: [dropGlobalCss(), classicLoader, prerenderFormulas()],
  build: {
    outDir: path.join(root, 'build', 'component'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // One module by design: a course page adds one script tag, and an instructor uploading to an
    // LMS file area copies the five files of build/component, not a folder of chunks. It holds
    // every lesson kind, the editor, the class report and KaTeX (for formulas an instructor
    // writes): 1.75 MB, 490 kB gzipped. Vite's warning at 1 MB is for pages that could split;
    // this one warns only if the module grows past 2 MB.
    chunkSizeWarningLimit: 2048,
    rolldownOptions: {
      input: path.join(root, 'web', 'src', 'entries', 'component.ts'),
      preserveEntrySignatures: 'exports-only',
      output: {
        // The kinds of walkthrough are loaded on demand on the page (kinds/index.ts); the component
        // stays one module, so their code is inlined rather than split into chunks.
        // KaTeX, which the page loads on demand, stays inside the one module too.
        codeSplitting: false,
        entryFileNames: 'attention-lab.js',
        assetFileNames: '[name][extname]',
      },
    },
  },
});
