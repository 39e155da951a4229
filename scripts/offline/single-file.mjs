/**
 * The offline single file: the whole page (JS, CSS, the engine's wasm) in one
 * .html that opens by double-click from file://, inside <iframe sandbox="allow-scripts">, and
 * makes no request at all. It is also the offline template: the page's Download buttons, the
 * CLI and `npm run build:scorm` bake a lesson into its data block (web/src/embed/offline-package.ts).
 *
 * How: Vite builds an entry of web/src/entries/ as ONE classic script (format iife: Chromium
 * refuses ES module scripts from file://, whose origin is null; dynamic imports are inlined too).
 * The entry imports the .wasm with `?url&inline` (a base64 data: URL) and hands its bytes to the
 * façade as `wasmBinary`, so the engine never fetches (a fetch of a data: URL would need
 * `connect-src data:` under a CSP). Formulas are MathML (no fonts), prerendered as for the
 * page; KaTeX, for a formula an edit produces, is inlined in the script. The JS and CSS are
 * then written into web/index.html in place of its module script, and the data block
 * (PACKAGE_MARKER) into its <head>.
 *
 *   node scripts/offline/single-file.mjs [--out FILE]     (npm run build:single)
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { cachedBuild } from '../lib/build-cache.mjs';
import { prerenderFormulas } from '../vite/prerender-formulas.js';
import { dropGlobalCss } from '../vite/drop-global-css.js';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
export const SINGLE_FILE = path.join(ROOT, 'build', 'single', 'attention-lab.html');

/**
 * The template's data block, empty: what web/src/embed/baked-package.ts calls PACKAGE_MARKER
 * and replaces (its bakeTemplate refuses a template without it, so the two cannot drift apart
 * unnoticed).
 */
const PACKAGE_MARKER = '<script type="application/json" id="attention-lab-package">null</script>';

/** The template's block for the language model, empty: baked-package.ts's MODEL_MARKER, filled for a lesson that reads the model. */
const MODEL_MARKER = '<script type="application/octet-stream" id="attention-lab-language-model"></script>';

/** Runs a Vite build without writing anything; returns its chunks and assets. */
export async function buildInMemory(config) {
  const result = await build({ ...config, build: { ...config.build, write: false } });
  return (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
}

/**
 * Builds one entry of web/ (e.g. "src/entries/offline-template.ts") into one classic script
 * (and the style sheet its modules import, if any); nothing is written.
 * @param {{ entry: string, plugins?: import('vite').Plugin[] }} options
 * @returns {Promise<{ script: string, style: string }>}
 */
async function buildClassicScript({ entry, plugins = [] }) {
  const outputs = await buildInMemory({
    configFile: false,
    root: path.join(ROOT, 'web'),
    base: './',
    logLevel: 'warn',
    // A classic script has no import.meta: the page's own address stands in for it. Only the
    // default wasm URLs of the façade and of Emscripten's glue use it, and neither is fetched.
    // Vite's helper for the page's dynamic imports asks import.meta.resolve first; a classic
    // script has none, so it takes its other path (and the build has no import.meta left to warn of).
    define: { 'import.meta.url': 'document.baseURI', 'import.meta.resolve': 'undefined' },
    plugins: [...plugins, prerenderFormulas(), withoutDownloads()],
    build: {
      target: 'es2022',
      cssCodeSplit: false,
      modulePreload: false,
      // Any other asset becomes a data: URL. The .wasm that the façade and Emscripten's glue locate with
      // new URL(…, import.meta.url) is left out (never fetched: the entry passes wasmBinary);
      // the entry's own `?url&inline` import of it is inlined whatever this says. So is the
      // language model the façade locates the same way (.bin, 0.73 MB gzip): only the files of
      // lessons that read it carry it, in a block of their own (embed/baked-package.ts), which
      // the entry hands the lessons; the façade's own URL for it is never fetched.
      assetsInlineLimit: (file) => !file.endsWith('.wasm') && !file.endsWith('.bin'),
      rolldownOptions: {
        input: path.join(ROOT, 'web', entry),
        output: { format: 'iife', codeSplitting: false },
        // The prerendering plugin takes seconds by design (it runs the engine), as in vite.config.js.
        checks: { pluginTimings: false },
      },
    },
  });
  const chunks = outputs.filter((o) => o.type === 'chunk');
  const css = outputs.filter((o) => o.type === 'asset' && o.fileName.endsWith('.css'));
  // The .wasm and the language model (.bin) are emitted but never fetched (assetsInlineLimit above).
  const others = outputs.filter((o) => o.type === 'asset' && !o.fileName.endsWith('.css') && !o.fileName.endsWith('.wasm') && !o.fileName.endsWith('.bin'));
  if (chunks.length !== 1 || css.length > 1 || others.length > 0) {
    throw new Error(`${entry}: expected one script, at most one style sheet and nothing else, got ${outputs.map((o) => o.fileName).join(', ')}`);
  }
  return { script: chunks[0].code, style: css.length ? String(css[0].source) : '' };
}

/**
 * Builds one entry into a single HTML document (returned, not written).
 * @param {{ entry: string }} options
 *   entry: the entry module, relative to web/ (e.g. "src/entries/offline-template.ts")
 * @returns {Promise<string>}
 */
export async function buildSingleHtml({ entry }) {
  return assemble(await buildClassicScript({ entry }));
}

/** The H5P library's script's name: H5P_LIBRARY_FILE of web/src/embed/h5p-package.ts (which refuses a script that is not one). */
export const H5P_LIBRARY_FILE = 'attention-lab-h5p.js';

/**
 * The H5P library's script (web/src/entries/h5p-library.ts): one classic script, as H5P players
 * load a library's (no modules, no .wasm file: hosts' whitelists refuse it), with the engine
 * inlined and the page's styles adopted in a shadow root (no style sheet of its own). Built once
 * for the sources as they are and kept in build/cache/.
 * @returns {Promise<string>}
 */
export async function buildH5pLibrary() {
  const folder = await cachedBuild('h5p-library', async (outDir) => {
    const { script, style } = await buildClassicScript({ entry: 'src/entries/h5p-library.ts', plugins: [dropGlobalCss()] });
    if (style) throw new Error('h5p library: expected no style sheet (its styles are adopted in its shadow root)');
    fs.writeFileSync(path.join(outDir, H5P_LIBRARY_FILE), script);
  });
  return fs.readFileSync(path.join(folder, H5P_LIBRARY_FILE), 'utf8');
}

/** The Download buttons' module (browser/offline-download.ts), which a copy of the page leaves out. */
const DOWNLOADS_MODULE = path.join(ROOT, 'web', 'src', 'browser', 'offline-download.ts');

/**
 * The offline copies cannot make offline files (they have no template to fetch, and their one
 * script would carry the zip code and every schema file for nothing): the Download buttons'
 * module is replaced by one that says so when a button is pressed.
 * @returns {import('vite').Plugin}
 */
function withoutDownloads() {
  const id = '\0offline-download-stub';
  return {
    name: 'attention-lab:without-downloads',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.endsWith('/offline-download.js')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved?.id === DOWNLOADS_MODULE ? id : null;
    },
    load: (loaded) => (loaded === id
      ? 'export async function downloadOffline() { throw new Error("this copy of the page works offline and cannot make files; open the lesson on its site, or use npx attention-lab export"); }'
      : null),
  };
}

const PUBLIC_TYPES = { '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon' };

/** A file of web/public (Vite's public folder) as a data: URL. */
function publicFileAsDataUrl(file) {
  const type = PUBLIC_TYPES[path.extname(file)];
  if (!type) throw new Error(`single file: cannot inline ${file}: expected one of ${Object.keys(PUBLIC_TYPES).join(', ')}`);
  return `data:${type};base64,${fs.readFileSync(path.join(ROOT, 'web', 'public', file)).toString('base64')}`;
}

/**
 * web/index.html with the style sheet inlined in <head> and its module script replaced by the
 * classic script. Inside <script> and <style>, only "</script" / "</style" (and "<!--" in a
 * script) could end or derail the element early: "</script" is escaped, the others refused.
 */
function assemble({ script, style }) {
  let html = fs.readFileSync(path.join(ROOT, 'web', 'index.html'), 'utf8');
  const moduleScript = /<script type="module"[^>]*><\/script>/;
  if (!moduleScript.test(html)) throw new Error('single file: web/index.html has no <script type="module" …></script> to replace');
  if (/<\/style/i.test(style)) throw new Error('single file: the style sheet contains "</style"');
  if (script.includes('<!--')) throw new Error('single file: the script contains "<!--", which HTML would parse specially');
  // "<\/script" means the same as "</script" in a JS string, template or regex.
  const safeScript = script.replace(/<\/(script)/gi, '<\\/$1');
  // The page's own links to files of web/public (its icon) become data: URLs; any other
  // address left in the document would be a request.
  html = html.replace(/(<link\b[^>]*\bhref=")\.\/([^"]+)"/g, (_, link, file) => `${link}${publicFileAsDataUrl(file)}"`);
  const external = html.replace(moduleScript, '').match(/\b(?:src|href)="(?!data:|#)[^"]*"/);
  if (external) throw new Error(`single file: web/index.html refers to ${external[0]}, which is not inlined`);
  // Function replacers: the script may contain "$&"-like sequences that a string replacement would expand.
  html = html.replace('</head>', () => `    ${PACKAGE_MARKER}\n    ${MODEL_MARKER}\n    <style>\n${style}\n    </style>\n  </head>`);
  return html.replace(moduleScript, () => `<script>\n${safeScript}\n</script>`);
}

/** Writes `content` to `file`, creating its folder; returns `file`. */
export function writeFile(file, content) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
  return file;
}

/**
 * The offline template (web/src/entries/offline-template.ts) with nothing baked in: the offline single file.
 * Built once for the sources as they are (the page's build, the CLI's, the SCORM packages and
 * the tests all ask for it) and kept in build/cache/.
 * @returns {Promise<string>}
 */
export async function buildOfflineTemplate() {
  const folder = await cachedBuild('offline-template', async (outDir) => {
    fs.writeFileSync(path.join(outDir, 'attention-lab.html'), await buildSingleHtml({ entry: 'src/entries/offline-template.ts' }));
  });
  return fs.readFileSync(path.join(folder, 'attention-lab.html'), 'utf8');
}

/** The lessons' language model file, which the whole-course file and a model lesson's file carry. */
export const LANGUAGE_MODEL_FILE = path.join(ROOT, 'web', 'lib', 'models', 'shakespeare.bin');

/**
 * Builds the offline page to `outFile`: the whole course, so it carries the language model in
 * its block (the template leaves it empty) and every lesson works from it.
 * @param {{ outFile?: string }} [options]
 * @returns {Promise<string>} the file written
 */
export async function buildSingleFile({ outFile = SINGLE_FILE } = {}) {
  const template = await buildOfflineTemplate();
  if (!template.includes(MODEL_MARKER)) throw new Error(`single file: the template has no model block (${MODEL_MARKER})`);
  const model = fs.readFileSync(LANGUAGE_MODEL_FILE).toString('base64');
  return writeFile(outFile, template.replace(MODEL_MARKER, () => MODEL_MARKER.replace('><', `>${model}<`)));
}

/**
 * A module of the page or the CLI (TypeScript, JSON and `import.meta.glob` included) bundled for
 * Node with everything it imports, and imported: the page's own code, run by the build scripts.
 * @param {string} file its path
 */
export async function importBundled(file) {
  const name = path.relative(ROOT, file).replace(/[^\w.-]+/g, '-');
  // Bundled once for the sources as they are, like the template.
  const folder = await cachedBuild(`bundled-${name}`, async (outDir) => {
    const outputs = await buildInMemory({
      configFile: false,
      root: path.join(ROOT, 'web'),
      logLevel: 'warn',
      ssr: { noExternal: true },
      build: { ssr: file, rolldownOptions: { output: { format: 'esm', codeSplitting: false } } },
    });
    fs.writeFileSync(path.join(outDir, 'bundle.mjs'), outputs.find((o) => o.type === 'chunk').code);
  });
  return import(pathToFileURL(path.join(folder, 'bundle.mjs')).href);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const outFile = at >= 0 ? path.resolve(args[at + 1]) : SINGLE_FILE;
  const file = await buildSingleFile({ outFile });
  console.log(`${path.relative(process.cwd(), file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
}
