// For bundlers that follow new URL('…', import.meta.url) (webpack 5, Parcel 2, Vite, and Rollup
// with @web/rollup-plugin-import-meta-assets): nothing to configure, the engine's .wasm files are
// emitted as assets and found by the package itself.
import { loadAttentionLab } from 'attention-lab';
import { show } from './show.js';

show(loadAttentionLab());
