/**
 * The npm package's command, `npx attention-lab export …` (bundled into dist/attention-lab.mjs
 * with the offline template and the H5P library's script beside it, by scripts/cli/build.mjs at
 * `npm pack`): writes a lesson as a single HTML file, a SCORM package or an H5P package with no
 * cmake, Emscripten or bundler. Every mistake
 * (an option, a file it cannot read or write, a field of the walkthrough file, a walkthrough the
 * page would open broken) is one line, `attention-lab: <argument>: <what was expected>`, and
 * exit code 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { loadAttentionLab } from '../../web/lib/index.js';
import { clip } from '../../web/src/i18n/echo.ts';
import { exportOffline, isShippedId, MAX_JSON_LENGTH, OFFLINE_FORMATS, parseExportArgs, USAGE, UsageError } from './export.mjs';

/**
 * The file each format is made from (the offline template, the H5P library's script) is shipped
 * beside this one (dist/ of the package), the engine in the façade's folder.
 */
const sourceOf = (format) => fs.readFileSync(new URL(`./${OFFLINE_FORMATS[format].source}`, import.meta.url), 'utf8');
const ENGINE = new URL('../web/lib/wasm/attention-core.wasm', import.meta.url);
/** The lessons' language model, which a file for a lesson that reads it carries. */
const MODEL = new URL('../web/lib/models/shakespeare.bin', import.meta.url);

/** What a file that is not a regular one is, for the message that refuses it. */
function fileType(stat) {
  if (stat.isDirectory()) return 'a folder';
  if (stat.isFIFO()) return 'a named pipe';
  if (stat.isCharacterDevice()) return 'a character device';
  if (stat.isBlockDevice()) return 'a block device';
  if (stat.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * The walkthrough file's text, once it is known to be a regular file of at most MAX_JSON_LENGTH
 * bytes: a device, a pipe or a huge file is refused before a byte is read. Opened without
 * blocking, so that a named pipe with no writer is refused rather than waited on.
 */
function readWalkthroughFile(name) {
  let fd;
  try {
    fd = fs.openSync(name, fs.constants.O_RDONLY | (fs.constants.O_NONBLOCK ?? 0));
  } catch (error) {
    throw new UsageError(`--walkthrough: cannot read ${name} (${error.code ?? error.message})`);
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) throw new UsageError(`--walkthrough: expected a walkthrough JSON file, got ${fileType(stat)} (${name})`);
    if (stat.size > MAX_JSON_LENGTH) {
      throw new UsageError(`--walkthrough: expected a file of at most ${MAX_JSON_LENGTH} bytes (a walkthrough is far smaller), got ${stat.size} bytes (${name})`);
    }
    return fs.readFileSync(fd, 'utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--walkthrough: cannot read ${name} (${error.code ?? error.message})`);
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * Refuses an --out that names a folder (which writing would report as EISDIR); whether it exists,
 * so that a failed write removes only a file it created.
 */
function checkOut(out, given) {
  let stat;
  try {
    stat = fs.statSync(out, { throwIfNoEntry: false });
  } catch (error) {
    throw new UsageError(`--out: cannot write ${given} (${error.code ?? error.message})`);
  }
  if (stat?.isDirectory() || /[\\/]$/.test(given)) throw new UsageError(`--out: expected a file to write, got a folder (${given})`);
  return stat !== undefined;
}

/**
 * Makes the folders of `dir` that are missing, one at a time from the nearest that exists (Node's
 * recursive mkdir never returns under /proc, where mkdir fails with ENOENT).
 */
function makeFolders(dir) {
  const missing = [];
  for (let d = dir; !fs.existsSync(d) && path.dirname(d) !== d; d = path.dirname(d)) missing.unshift(d);
  for (const d of missing) fs.mkdirSync(d);
}

/** Writes the file; a failure (no such folder, no permission, a full disk) leaves no file it created. */
function writeOut(out, given, bytes, existed) {
  try {
    makeFolders(path.dirname(out));
    fs.writeFileSync(out, bytes);
  } catch (error) {
    if (!existed) fs.rmSync(out, { force: true });
    throw new UsageError(`--out: cannot write ${given} (${error.code ?? error.message})`);
  }
}

async function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || rest.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'export') throw new UsageError(`expected the command export, got “${command}” (attention-lab --help)`);
  const options = parseExportArgs(rest);
  const text = !isShippedId(options.walkthrough) || fs.existsSync(options.walkthrough) ? readWalkthroughFile(options.walkthrough) : undefined;
  const lab = await loadAttentionLab({ wasmBinary: fs.readFileSync(ENGINE) });
  const file = await exportOffline(sourceOf(options.format), options, text, lab, () => new Uint8Array(fs.readFileSync(MODEL)));
  const given = options.out ?? file.name;
  const out = path.resolve(given);
  writeOut(out, given, file.bytes, checkOut(out, given));
  for (const note of file.notes) console.error(`attention-lab: ${clip(note, Infinity)}`);
  console.log(`${path.relative(process.cwd(), out) || out}: ${(file.bytes.length / 1024).toFixed(1)} KB`);
  return 0;
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  // One line whatever it quotes: a file name or a value may hold a line break.
  console.error(`attention-lab: ${clip(error.message, Infinity)}`);
  process.exitCode = 1;
}
