/**
 * The page's modules that run without a DOM, as `npx tsc -p tests/page` compiles them into
 * build/unit/ (scripts/test.sh does it before the JavaScript tests; node 20 cannot import
 * TypeScript). A compiled module older than its source is refused, so a test never runs a stale
 * build: the check covers everything in build/unit/, since a module brings the ones it imports.
 */
import { readdirSync, statSync } from 'node:fs';

const SOURCES = new URL('../../web/src/', import.meta.url);
const COMPILED = new URL('../../build/unit/', import.meta.url);

const modified = (/** @type {URL} */ url) => {
  try {
    return statSync(url).mtimeMs;
  } catch {
    return undefined;
  }
};

/**
 * @param {string} path a module of web/src/ without extension, e.g. "export/csv"
 * @returns {Promise<any>}
 */
export async function importCompiled(path) {
  const compiled = new URL(`${path}.js`, COMPILED);
  if (modified(compiled) === undefined) {
    throw new Error(`${compiled.pathname} is missing: compile the page's modules first with \`npx tsc -p tests/page\``);
  }
  // Folders nest (kinds/attention/): every compiled module at any depth is compared with its source.
  for (const file of readdirSync(COMPILED, { recursive: true }).map(String).filter((f) => f.endsWith('.js'))) {
    const built = modified(new URL(file, COMPILED)) ?? 0;
    const source = modified(new URL(file.replace(/\.js$/, '.ts'), SOURCES));
    if (source !== undefined && built < source) {
      throw new Error(`build/unit/${file} is older than web/src/${file.replace(/\.js$/, '.ts')}: compile again with \`npx tsc -p tests/page\``);
    }
  }
  return import(compiled.href);
}
