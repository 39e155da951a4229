// The offline template beside the built page's index.html (attention-lab-offline.html), and the
// H5P library's script (attention-lab-h5p.js): the page's Download buttons (Embed dialog) fetch
// the one a format is made from when clicked, bake the lesson in and offer the file, so a single
// HTML file, a SCORM package or an H5P package needs no build tools. The landing page never loads it.
// Built by scripts/offline/single-file.mjs as `npm run build:single` builds the single file (a
// couple of seconds), and so always from the same sources as the page beside it.
import { buildH5pLibrary, buildOfflineTemplate, H5P_LIBRARY_FILE } from '../offline/single-file.mjs';

/** Must match TEMPLATE_FILE of web/src/embed/offline-package.ts, which the page fetches. */
const TEMPLATE_FILE = 'attention-lab-offline.html';

/** @returns {import('vite').Plugin} */
export function offlineTemplate() {
  return {
    name: 'attention-lab:offline-template',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: TEMPLATE_FILE, source: await buildOfflineTemplate() });
      this.emitFile({ type: 'asset', fileName: H5P_LIBRARY_FILE, source: await buildH5pLibrary() });
    },
  };
}
