// The production page for the page benchmark, built and served as the end-to-end tests do
// (scripts/lib/browser.mjs buildAndServe). Two differences: the build goes to
// build/bench/page-dist, so a benchmark run never empties a folder that `npm start` or a
// concurrently running end-to-end test is serving; and hidden source maps are written too.
import path from 'node:path';
import { buildAndServe, ROOT } from '../../lib/browser.mjs';

export const OUT_DIR = path.join(ROOT, 'build', 'bench', 'page-dist');

/**
 * @param {{ skipBuild?: boolean, root?: string }} [options] root: another checkout whose page is
 *   measured (--page-root), built to build/bench/page-dist-other here
 */
export function buildAndServePage({ skipBuild = false, root } = {}) {
  // 'hidden': .map files for the profiles (profile.mjs), but no sourceMappingURL comment, so
  // the files the browser loads are byte-for-byte those of a plain `vite build`.
  const outDir = root ? `${OUT_DIR}-other` : OUT_DIR;
  return buildAndServe({ outDir, sourcemap: 'hidden', skipBuild, root });
}
