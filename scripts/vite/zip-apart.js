// fflate is one module: the page's link code (state/link-parts.ts, on the landing page) uses its
// deflate, and the Download buttons' lazy chunk (embed/offline-package.ts) its zip. Shared as
// one module, all of it would sit in the landing page's chunk (0.8 KB gzip of zip code nobody
// uses there). Here the download code gets its own instance (the same file under another id),
// so its zip code stays in its own chunk, which is loaded only when a Download button is pressed.

const DOWNLOAD_CODE = '/web/src/embed/offline-package.ts';

/** @returns {import('vite').Plugin} */
export function zipApart() {
  return {
    name: 'attention-lab:zip-apart',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== 'fflate' || !importer?.endsWith(DOWNLOAD_CODE)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && { ...resolved, id: `${resolved.id}?download` };
    },
  };
}
