/**
 * The SCORM package, SCORM 1.2 or 2004 4th edition: a zip with imsmanifest.xml at its root, the
 * schema files it names (scripts/scorm-schemas/), and the offline template (built from
 * web/src/entries/offline-template.ts) with the lesson baked in as its one SCO, which reports completion
 * once every step of the chosen walkthrough has been seen, the exercises' answers and score, and
 * resumes where the learner left. The zip is made by the same code as the page's Download
 * buttons and the npm package's `attention-lab export` (web/src/embed/offline-package.ts,
 * through scripts/cli/export.mjs).
 *
 *   node scripts/offline/scorm-package.mjs [--walkthrough ID] [--embed] [--hide PARTS] [--scorm 1.2|2004] [--out DIR]
 *     (npm run build:scorm -- …)
 *
 * --walkthrough  the walkthrough the package teaches (default worked-example)
 * --embed        the compact embedded layout (embed=1: no site header, no Embed button)
 * --hide         parts to hide, comma-separated, as in a link's hide= (web/src/state/embed-options.ts)
 * --mastery      percent of the walkthrough's exercises right that passes (0 … 100, default 80);
 *                written into the manifest as adlcp:masteryscore when the walkthrough has exercises
 *                (SCORM 2004: the primary objective's minNormalizedMeasure, mastery / 100)
 * --scorm        the SCORM version: 1.2 (default) or 2004 (4th edition)
 * --out          where the zip goes (default build/scorm/): attention-lab-<walkthrough>.zip,
 *                or attention-lab-<walkthrough>-scorm2004.zip
 *
 * The launch query (w=…&embed=1&hide=…) is baked into the SCO, which writes it into its own
 * address at launch; the manifest's href is the bare file name, as LMSs expect.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync } from 'fflate';
import { loadAttentionLab } from '../../web/lib/index.js';
import { readFlags } from '../cli/args.mjs';
import { buildOfflineTemplate, importBundled, LANGUAGE_MODEL_FILE, ROOT, writeFile } from './single-file.mjs';

export const SCORM_DIR = path.join(ROOT, 'build', 'scorm');
export const DEFAULT_WALKTHROUGH = 'worked-example';

/** The format of each version, as the CLI names it. */
const FORMATS = { '1.2': 'scorm12', '2004': 'scorm2004' };

/**
 * Builds the package.
 * @param {{ walkthrough?: string, embed?: boolean, hide?: string[], exam?: boolean, outDir?: string, mastery?: number, scorm?: '1.2' | '2004' }} [options]
 * @returns {Promise<{ zip: string, walkthrough: string, href: string, scorm: string }>}
 */
export async function buildScormPackage({ walkthrough = DEFAULT_WALKTHROUGH, embed = false, hide = [], exam = false, outDir = SCORM_DIR, mastery = 80, scorm = '1.2' } = {}) {
  if (!(scorm in FORMATS)) throw new Error(`--scorm: expected 1.2 or 2004, got “${scorm}”`);
  if (!Number.isInteger(mastery) || mastery < 0 || mastery > 100) throw new Error(`--mastery: expected a whole percent from 0 to 100, got ${mastery}`);
  const cli = await importBundled(path.join(ROOT, 'scripts', 'cli', 'export.mjs'));
  if (!cli.isShippedId(walkthrough)) throw new Error(`--walkthrough: expected the id of a shipped walkthrough (web/src/walkthroughs/), got “${walkthrough}”`);
  const options = { walkthrough, format: FORMATS[scorm], embed, hide: hide.join(','), exam, mastery };
  const model = () => new Uint8Array(fs.readFileSync(LANGUAGE_MODEL_FILE));
  const file = await cli.exportOffline(await buildOfflineTemplate(), options, undefined, await loadAttentionLab(), model);
  return { zip: writeFile(path.join(outDir, file.name), file.bytes), walkthrough, href: 'attention-lab.html', scorm };
}

/** The files of a zip, by name (for the tests and the benchmark). */
export const readZip = (file) => unzipSync(new Uint8Array(fs.readFileSync(file)));

/** Parses the command line above. */
export function parseScormArgs(argv) {
  const flags = readFlags(argv, {
    walkthrough: { type: 'string', default: DEFAULT_WALKTHROUGH },
    embed: { type: 'boolean', default: false },
    hide: { type: 'string', default: '' },
    out: { type: 'string', default: SCORM_DIR },
    mastery: { type: 'string', default: '80' },
    scorm: { type: 'string', default: '1.2' },
  }, (arg) => `${arg}: expected --walkthrough ID, --embed, --hide PARTS, --mastery PERCENT, --scorm 1.2|2004 or --out DIR`);
  return {
    walkthrough: flags.walkthrough,
    embed: flags.embed,
    hide: flags.hide.split(/[\s,]+/).filter(Boolean),
    outDir: path.resolve(flags.out),
    mastery: Number(flags.mastery),
    scorm: flags.scorm,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { zip, href, scorm } = await buildScormPackage(parseScormArgs(process.argv.slice(2)));
    console.log(`${path.relative(process.cwd(), zip)}: SCORM ${scorm}, ${(fs.statSync(zip).size / 1024).toFixed(1)} KB, launches ${href}`);
  } catch (error) {
    console.error(`build:scorm: ${error.message}`);
    process.exit(1);
  }
}
