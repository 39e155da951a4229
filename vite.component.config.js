// The web component as one ES module, build/component/attention-lab.js, with the engine's .wasm
// beside it and KaTeX's fonts in fonts/ (npm run build:component). Not Vite's library mode: that
// inlines every asset as a data: URL, which a course site's Content-Security-Policy may refuse
// (connect-src, font-src) and which would make the module 4× larger. Here the module finds its
// files with new URL(…, import.meta.url), wherever it is served from.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const root = path.dirname(fileURLToPath(import.meta.url));

/**
 * The component adopts its CSS inside its shadow root (component/styles.ts imports it with
 * ?inline); the side-effect import of KaTeX's CSS in widgets/formula.ts, which the page needs, is
 * dropped here so that no global style sheet is emitted.
 */
const dropGlobalCss = {
  name: 'attention-lab:drop-global-css',
  enforce: 'pre',
  resolveId: (id) => (id === 'katex/dist/katex.min.css' || id === './export-menu.css' ? '\0attention-lab:no-global-css' : undefined),
  load: (id) => (id === '\0attention-lab:no-global-css' ? 'export {};' : undefined),
};

/**
 * Browsers that run the component (custom elements, adopted style sheets) all read woff2: the
 * woff and ttf fallbacks of KaTeX's fonts are left out, so 20 font files are emitted, not 60.
 */
const woff2Only = {
  name: 'attention-lab:woff2-only',
  enforce: 'pre',
  transform: (code, id) => (id.includes('katex.min.css')
    ? code.replace(/,url\([^)]*\.woff\) format\("woff"\),url\([^)]*\.ttf\) format\("truetype"\)/g, '')
    : undefined),
};

export default defineConfig({
  root: path.join(root, 'web'),
  base: './',
  publicDir: false,
  plugins: [dropGlobalCss, woff2Only],
  build: {
    outDir: path.join(root, 'build', 'component'),
    emptyOutDir: true,
    target: 'es2022',
    assetsInlineLimit: 0,
    // One module by design (a course page adds one script tag): ~0.5 MB, ~160 kB gzipped.
    chunkSizeWarningLimit: 1024,
    rolldownOptions: {
      input: path.join(root, 'web', 'src', 'component', 'index.ts'),
      preserveEntrySignatures: 'exports-only',
      output: {
        // The kinds of walkthrough are loaded on demand on the page (kinds/index.ts); the component
        // stays one module, so their code is inlined rather than split into chunks.
        codeSplitting: false,
        entryFileNames: 'attention-lab.js',
        assetFileNames: (asset) => (asset.names.some((name) => name.startsWith('KaTeX_')) ? 'fonts/[name][extname]' : '[name][extname]'),
      },
    },
  },
});
