/**
 * The SCORM 1.2 package: a zip with imsmanifest.xml at its root and the offline single file
 * (built from web/src/entries/scorm.ts) as its one SCO, which reports `completed` once every
 * step of the chosen walkthrough has been seen.
 *
 *   node scripts/offline/scorm-package.mjs [--walkthrough ID] [--embed] [--hide PARTS] [--out DIR]
 *     (npm run build:scorm -- …)
 *
 * --walkthrough  the walkthrough the package teaches (default worked-example)
 * --embed        the compact embedded layout (embed=1: no site header, no Embed button)
 * --hide         parts to hide, comma-separated, as in a link's hide= (web/src/embed/options.ts)
 * --mastery      percent of the walkthrough's exercises right that passes (0 … 100, default 80);
 *                written into the manifest as adlcp:masteryscore when the walkthrough has exercises
 * --out          where the zip goes (default build/scorm/): attention-lab-<walkthrough>.zip
 *
 * The launch query (w=…&embed=1&hide=…) is both in the manifest's href, which SCORM 1.2 LMSs
 * launch as given, and compiled into the SCO, which puts it back if an LMS drops it.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { strToU8, unzipSync, zipSync } from 'fflate';
import { buildInMemory, buildSingleHtml, escapeMarkup, ROOT, writeFile } from './single-file.mjs';

export const SCORM_DIR = path.join(ROOT, 'build', 'scorm');
export const SCO_FILE = 'attention-lab.html';
export const DEFAULT_WALKTHROUGH = 'worked-example';

/** The shipped walkthroughs (web/src/walkthroughs/*.json) by id. */
export function readWalkthroughs() {
  const dir = path.join(ROOT, 'web', 'src', 'walkthroughs');
  const list = fs.readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')));
  return new Map(list.map((w) => [w.id, w]));
}

/** The page's own reading of embed options (web/src/embed/options.ts, bundled for Node), so a bad --hide fails the build with the page's message. */
async function pageEmbedOptions() {
  const outputs = await buildInMemory({
    configFile: false,
    root: path.join(ROOT, 'web'),
    logLevel: 'warn',
    ssr: { noExternal: true },
    build: { ssr: path.join(ROOT, 'web', 'src', 'embed', 'options.ts'), rolldownOptions: { output: { format: 'esm' } } },
  });
  const { code } = outputs.find((o) => o.type === 'chunk');
  return import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`);
}

/**
 * imsmanifest.xml for one SCO, in the SCORM 1.2 content packaging namespaces (IMS CP 1.1.2 and
 * ADL's adlcp 1.2). No xsi:schemaLocation: it would oblige the package to carry the .xsd files.
 */
export function scormManifest({ walkthrough, title, href, mastery }) {
  const id = escapeMarkup(walkthrough);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-${id}" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="org-${id}">
    <organization identifier="org-${id}">
      <title>${escapeMarkup(title)}</title>
      <item identifier="item-${id}" identifierref="sco-${id}" isvisible="true">
        <title>${escapeMarkup(title)}</title>${mastery === undefined ? '' : `
        <adlcp:masteryscore>${mastery}</adlcp:masteryscore>`}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-${id}" type="webcontent" adlcp:scormtype="sco" href="${escapeMarkup(href)}">
      <file href="${SCO_FILE}"/>
    </resource>
  </resources>
</manifest>
`;
}

/** Zip entries get this fixed time, so the same sources give the same bytes. */
const ZIP_TIME = new Date('2024-01-01T00:00:00Z');

/**
 * Builds the package.
 * @param {{ walkthrough?: string, embed?: boolean, hide?: string[], outDir?: string, mastery?: number }} [options]
 * @returns {Promise<{ zip: string, walkthrough: string, title: string, href: string }>}
 */
export async function buildScormPackage({ walkthrough = DEFAULT_WALKTHROUGH, embed = false, hide = [], outDir = SCORM_DIR, mastery = 80 } = {}) {
  if (!Number.isInteger(mastery) || mastery < 0 || mastery > 100) throw new Error(`--mastery: expected a whole percent from 0 to 100, got ${mastery}`);
  const shipped = readWalkthroughs().get(walkthrough);
  if (!shipped) throw new Error(`--walkthrough: expected one of ${[...readWalkthroughs().keys()].sort().join(', ')}, got “${walkthrough}”`);
  const { readEmbedOptions } = await pageEmbedOptions();
  const { notices } = readEmbedOptions(embed ? '1' : null, hide.join(','));
  if (notices.length > 0) throw new Error(`--hide: ${notices.join(' ')}`);

  const query = new URLSearchParams({ w: walkthrough });
  if (embed) query.set('embed', '1');
  if (hide.length > 0) query.set('hide', hide.join(','));
  const title = `Attention Lab: ${shipped.title}`;
  const href = `${SCO_FILE}?${query}`;
  const html = await buildSingleHtml({
    entry: 'src/entries/scorm.ts',
    define: { __SCORM_LAUNCH_QUERY__: JSON.stringify(query.toString()), __SCORM_MASTERY__: String(mastery) },
    title,
  });
  const zip = zipSync({
    'imsmanifest.xml': [strToU8(scormManifest({ walkthrough, title, href, mastery: shipped.exercises ? mastery : undefined })), { mtime: ZIP_TIME }],
    [SCO_FILE]: [strToU8(html), { mtime: ZIP_TIME }],
  }, { level: 9 });
  return { zip: writeFile(path.join(outDir, `attention-lab-${walkthrough}.zip`), zip), walkthrough, title, href };
}

/** The files of a zip, by name (for the tests and the benchmark). */
export const readZip = (file) => unzipSync(new Uint8Array(fs.readFileSync(file)));

/** Parses the command line above. */
function parseArgs(argv) {
  const options = { walkthrough: DEFAULT_WALKTHROUGH, embed: false, hide: [], outDir: SCORM_DIR, mastery: 80 };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    const value = () => {
      if (i + 1 >= argv.length || argv[i + 1].startsWith('--')) throw new Error(`${arg}: expected a value`);
      i += 1;
      return argv[i];
    };
    if (arg === '--walkthrough') options.walkthrough = value();
    else if (arg === '--embed') options.embed = true;
    else if (arg === '--hide') options.hide = value().split(/[\s,]+/).filter(Boolean);
    else if (arg === '--out') options.outDir = path.resolve(value());
    else if (arg === '--mastery') options.mastery = Number(value());
    else throw new Error(`${arg}: expected --walkthrough ID, --embed, --hide PARTS, --mastery PERCENT or --out DIR`);
  }
  return options;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { zip, href } = await buildScormPackage(parseArgs(process.argv.slice(2)));
    console.log(`${path.relative(process.cwd(), zip)}: ${(fs.statSync(zip).size / 1024).toFixed(1)} KB, launches ${href}`);
  } catch (error) {
    console.error(`build:scorm: ${error.message}`);
    process.exit(1);
  }
}
