// The offline template beside the built page's index.html (attention-lab-offline.html): the page's
// Download buttons (Embed dialog) fetch it when clicked, bake the lesson in and offer the file,
// so a single HTML file or a SCORM package needs no build tools. The landing page never loads it.
// Built by scripts/offline/single-file.mjs as `npm run build:single` builds the single file (a
// couple of seconds), and so always from the same sources as the page beside it.
import { buildOfflineTemplate } from '../offline/single-file.mjs';

/** Must match TEMPLATE_FILE of web/src/embed/offline-package.ts, which the page fetches. */
const TEMPLATE_FILE = 'attention-lab-offline.html';

/** @returns {import('vite').Plugin} */
export function offlineTemplate() {
  return {
    name: 'attention-lab:offline-template',
    apply: 'build',
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: TEMPLATE_FILE, source: await buildOfflineTemplate() });
    },
  };
}
