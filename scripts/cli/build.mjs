/**
 * What the npm package needs beyond the façade, built at `npm pack` (package.json's prepack)
 * into dist/: the CLI (scripts/cli/main.mjs with the page's modules it uses, bundled into one
 * file with no dependency), the offline template it bakes lessons into and the H5P library's
 * script it packs them with, so that
 * `npx attention-lab export` needs no cmake, Emscripten or bundler. The engine's wasm must be
 * built already (scripts/build.sh wasm).
 *
 *   node scripts/cli/build.mjs [--out DIR]
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildH5pLibrary, buildInMemory, buildOfflineTemplate, H5P_LIBRARY_FILE, ROOT, writeFile } from '../offline/single-file.mjs';

/**
 * Writes a file whole or not at all (a temporary file renamed into place): test files that pack
 * the package at the same time never pack a half-written one.
 */
function replaceFile(file, content) {
  const temporary = writeFile(`${file}.${process.pid}.tmp`, content);
  fs.renameSync(temporary, file);
  return file;
}

export const DIST = path.join(ROOT, 'dist');
export const CLI_FILE = 'attention-lab.mjs';
const TEMPLATE_FILE = 'attention-lab-offline.html';

/** Builds dist/ (or `outDir`); returns the paths of the CLI and the template. */
export async function buildCli(outDir = DIST) {
  const outputs = await buildInMemory({
    configFile: false,
    root: path.join(ROOT, 'web'),
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: {
      ssr: path.join(ROOT, 'scripts', 'cli', 'main.mjs'),
      target: 'node20',
      // The modules' doc comments stay in their sources (the engine's façade quotes its own import in one).
      rolldownOptions: { output: { format: 'esm', codeSplitting: false, banner: '#!/usr/bin/env node', comments: { legal: true, jsdoc: false, annotation: false } } },
    },
  });
  const chunks = outputs.filter((o) => o.type === 'chunk');
  if (chunks.length !== 1) throw new Error(`cli: expected one script, got ${outputs.map((o) => o.fileName).join(', ')}`);
  const template = replaceFile(path.join(outDir, TEMPLATE_FILE), await buildOfflineTemplate());
  const h5pLibrary = replaceFile(path.join(outDir, H5P_LIBRARY_FILE), await buildH5pLibrary());
  const temporary = writeFile(path.join(outDir, `${CLI_FILE}.${process.pid}.tmp`), chunks[0].code);
  fs.chmodSync(temporary, 0o755);
  const cli = path.join(outDir, CLI_FILE);
  fs.renameSync(temporary, cli);
  return { cli, template, h5pLibrary };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const at = args.indexOf('--out');
  const { cli, template, h5pLibrary } = await buildCli(at >= 0 ? path.resolve(args[at + 1]) : DIST);
  for (const file of [cli, template, h5pLibrary]) console.log(`${path.relative(process.cwd(), file)}: ${(fs.statSync(file).size / 1024).toFixed(1)} KB`);
}
