/**
 * The page's model modules (web/src/model/*.ts) as compiled by `npx tsc -p tests/unit` into
 * build/unit/model/, which scripts/test.sh does before the JavaScript tests: node 20 cannot
 * import TypeScript. Output older than its sources is refused, so a test never runs a stale build.
 */
import { readdirSync, statSync } from 'node:fs';

const SOURCES = new URL('../../../web/src/model/', import.meta.url);
const COMPILED = new URL('../../../build/unit/model/', import.meta.url);

/**
 * @param {string} name a module of web/src/model/, without extension, e.g. "validate-walkthrough"
 * @returns {Promise<any>}
 */
export async function importModel(name) {
  const compiled = new URL(`${name}.js`, COMPILED);
  const newestSource = Math.max(...readdirSync(SOURCES).filter((f) => f.endsWith('.ts')).map((f) => statSync(new URL(f, SOURCES)).mtimeMs));
  let builtAt;
  try {
    builtAt = statSync(compiled).mtimeMs;
  } catch {
    throw new Error(`${compiled.pathname} is missing: compile the model first with \`npx tsc -p tests/unit\``);
  }
  if (builtAt < newestSource) throw new Error(`${compiled.pathname} is older than web/src/model/: compile it again with \`npx tsc -p tests/unit\``);
  return import(compiled.href);
}
