/**
 * Writes the walkthrough format from the kinds' descriptors (web/src/kinds/<kind>/): the JSON
 * Schema docs/walkthrough.schema.json, and each kind's table of inputs in
 * docs/walkthrough-format.md, between its markers. `--check` only says whether both are up to
 * date (tests/page/walkthrough-format.test.mjs runs the same comparison).
 *
 *   npx tsc -p tests/page && node scripts/walkthrough-schema.mjs          rewrite them
 *   npx tsc -p tests/page && node scripts/walkthrough-schema.mjs --check  exit 1 if out of date
 *
 * It reads the page's modules as tests/page compiles them (build/unit/), which Node can import.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const SCHEMA_FILE = fileURLToPath(new URL('../docs/walkthrough.schema.json', import.meta.url));
export const FORMAT_DOC = fileURLToPath(new URL('../docs/walkthrough-format.md', import.meta.url));
const COMPILED = new URL('../build/unit/', import.meta.url);

/** The markers around a kind's table in the format doc. */
export const tableMarkers = (/** @type {string} */ kind) => [
  `<!-- inputs:${kind} (written by scripts/walkthrough-schema.mjs from kinds/${kind}/; do not edit by hand) -->`,
  `<!-- /inputs:${kind} -->`,
];

/** The schema's text and the format doc's text as the descriptors write them, with the doc as it is now. */
export async function generated() {
  const compiled = (/** @type {string} */ path) => import(new URL(`${path}.js`, COMPILED).href);
  const { KINDS } = await compiled('kinds/index');
  const { walkthroughSchema, inputsTable } = await compiled('authoring/walkthrough-schema');
  /** @type {Record<string, any>} */
  const abouts = Object.fromEntries(await Promise.all(KINDS.map(async (/** @type {string} */ kind) => [kind, (await compiled(`kinds/${kind}/about`)).default])));
  // Lists of numbers or names on one line each, as a person would write them.
  const schema = `${JSON.stringify(walkthroughSchema(abouts), null, 2).replace(/\[\n\s+([^[\]{}]*?)\n\s+\]/g, (_, items) => `[${items.split(/,\n\s+/).join(', ')}]`)}\n`;
  let doc = readFileSync(FORMAT_DOC, 'utf8');
  for (const kind of KINDS) {
    const [begin, end] = tableMarkers(kind);
    const from = doc.indexOf(begin);
    const to = doc.indexOf(end);
    if (from < 0 || to < from) throw new Error(`docs/walkthrough-format.md has no markers for the table of "${kind}": add\n${begin}\n${end}\nwhere it goes`);
    doc = `${doc.slice(0, from + begin.length)}\n${inputsTable(kind, abouts[kind])}\n${doc.slice(to)}`;
  }
  return { schema, doc };
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { schema, doc } = await generated();
  const stale = [[SCHEMA_FILE, schema], [FORMAT_DOC, doc]].filter(([file, text]) => readFileSync(file, 'utf8') !== text);
  if (process.argv.includes('--check')) {
    for (const [file] of stale) console.error(`${file} is out of date: run \`npx tsc -p tests/page && node scripts/walkthrough-schema.mjs\``);
    process.exit(stale.length > 0 ? 1 : 0);
  }
  for (const [file, text] of stale) writeFileSync(file, text);
  console.log(stale.length > 0 ? `wrote ${stale.map(([file]) => file).join(', ')}` : 'up to date');
}
