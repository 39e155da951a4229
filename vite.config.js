import { defineConfig } from 'vite';
import { compressAssets } from './scripts/vite/compress-assets.js';
import { offlineTemplate } from './scripts/vite/offline-template.js';
import { zipApart } from './scripts/vite/zip-apart.js';
import { preloadChunks } from './scripts/vite/preload-chunks.js';
import { preloadWasm } from './scripts/vite/preload-wasm.js';
import { prerenderFormulas } from './scripts/vite/prerender-formulas.js';
import { prerenderLanding } from './scripts/vite/prerender-landing.js';

// The page lives in web/; the engine's façade (web/lib/) is imported from source, and Vite
// copies the .wasm it points to with new URL(…, import.meta.url).
export default defineConfig({
  root: 'web',
  base: './',
  build: {
    outDir: '../build/page',
    emptyOutDir: true,
    target: 'es2022',
    // Every asset as a file, never a data: URL: under a strict Content-Security-Policy
    // (default-src 'self') a data: font is refused, and KaTeX has fonts under the 4 kB default.
    assetsInlineLimit: 0,
    // Every browser that runs the page supports <link rel="modulepreload">: no polyfill to run first.
    modulePreload: { polyfill: false },
    // The prerendering plugins take seconds by design (they run the engine and a browser).
    rolldownOptions: { checks: { pluginTimings: false } },
  },
  plugins: [
    compressAssets(),
    preloadWasm('attention-lite'),
    // The rest of the page, and the code of the landing page's lesson (the worked example, whose
    // kind most lessons share), fetched alongside the entry (web/src/entries/served-page.ts).
    preloadChunks(['web/src/start-page.ts', 'web/src/kinds/attention/index.ts']),
    prerenderFormulas(),
    // The landing step's DOM in index.html, drawn by the built page itself (its numbers the engine's).
    prerenderLanding(),
    // The page with the engine inlined, which the Embed dialog's Download buttons fill in.
    offlineTemplate(),
    zipApart(),
  ],
});
