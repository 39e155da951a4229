import { defineConfig } from 'vite';

// The page lives in web/; the engine's façade (web/lib/) is imported from source, and Vite
// copies the .wasm it points to with new URL(…, import.meta.url).
export default defineConfig({
  root: 'web',
  base: './',
  build: {
    outDir: '../build/page',
    emptyOutDir: true,
    target: 'es2022',
  },
});
