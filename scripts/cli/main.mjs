/**
 * The npm package's command, `npx attention-lab export …` (bundled into dist/attention-lab.mjs
 * with the offline template beside it, by scripts/cli/build.mjs at `npm pack`): writes a lesson
 * as a single HTML file or a SCORM package with no cmake, Emscripten or bundler. Mistakes (an
 * option, a field of the walkthrough file) are one line naming what is wrong, and exit code 1.
 */
import fs from 'node:fs';
import path from 'node:path';
import { exportOffline, isShippedId, parseExportArgs, USAGE, UsageError } from './export.mjs';

/** The template is shipped beside this file (dist/ of the package). */
const TEMPLATE = new URL('./attention-lab-offline.html', import.meta.url);

function main(argv) {
  const [command, ...rest] = argv;
  if (command === undefined || command === '--help' || command === '-h' || rest.includes('--help')) {
    console.log(USAGE);
    return 0;
  }
  if (command !== 'export') throw new UsageError(`expected the command export, got “${command}” (attention-lab --help)`);
  const options = parseExportArgs(rest);
  let text;
  if (!isShippedId(options.walkthrough) || fs.existsSync(options.walkthrough)) {
    try {
      text = fs.readFileSync(options.walkthrough, 'utf8');
    } catch (error) {
      throw new UsageError(`--walkthrough: cannot read ${options.walkthrough} (${error.code ?? error.message})`);
    }
  }
  const file = exportOffline(fs.readFileSync(TEMPLATE, 'utf8'), options, text);
  const out = path.resolve(options.out ?? file.name);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, file.bytes);
  console.log(`${path.relative(process.cwd(), out) || out}: ${(file.bytes.length / 1024).toFixed(1)} KB`);
  return 0;
}

try {
  process.exitCode = main(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(`attention-lab: ${error.message}`);
  process.exitCode = 1;
}
