/**
 * The SCORM package, SCORM 1.2 or 2004 4th edition: a zip with imsmanifest.xml at its root, the
 * schema files it names (scripts/scorm-schemas/), and the offline single file (built from
 * web/src/entries/scorm.ts) as its one SCO, which reports completion once every step of the
 * chosen walkthrough has been seen, the exercises' answers and score, and resumes where the
 * learner left.
 *
 *   node scripts/offline/scorm-package.mjs [--walkthrough ID] [--embed] [--hide PARTS] [--scorm 1.2|2004] [--out DIR]
 *     (npm run build:scorm -- …)
 *
 * --walkthrough  the walkthrough the package teaches (default worked-example)
 * --embed        the compact embedded layout (embed=1: no site header, no Embed button)
 * --hide         parts to hide, comma-separated, as in a link's hide= (web/src/embed/options.ts)
 * --mastery      percent of the walkthrough's exercises right that passes (0 … 100, default 80);
 *                written into the manifest as adlcp:masteryscore when the walkthrough has exercises
 *                (SCORM 2004: the primary objective's minNormalizedMeasure, mastery / 100)
 * --scorm        the SCORM version: 1.2 (default) or 2004 (4th edition)
 * --out          where the zip goes (default build/scorm/): attention-lab-<walkthrough>.zip,
 *                or attention-lab-<walkthrough>-scorm2004.zip
 *
 * The launch query (w=…&embed=1&hide=…) is compiled into the SCO, which writes it into its own
 * address at launch; the manifest's href is the bare file name, as LMSs expect.
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

const SCHEMA_DIR = path.join(ROOT, 'scripts', 'scorm-schemas');

/** What differs between the versions: the schema files the zip carries and the zip's name. */
export const SCORM_VERSIONS = {
  '1.2': { schemas: path.join(SCHEMA_DIR, '1.2'), suffix: '' },
  '2004': { schemas: path.join(SCHEMA_DIR, '2004-4th'), suffix: '-scorm2004' },
};

/** The schema files of a version, by name (copied unchanged into its packages). */
const schemaFiles = (version) => fs.readdirSync(SCORM_VERSIONS[version].schemas).sort();

/**
 * imsmanifest.xml for one SCO in the SCORM 1.2 content packaging namespaces (IMS CP 1.1.2 and
 * ADL's adlcp 1.2), each with its schema file named in xsi:schemaLocation (the zip carries them).
 * The mastery score, when the walkthrough has exercises, is adlcp:masteryscore.
 */
export function scormManifest({ walkthrough, title, mastery }) {
  const id = escapeMarkup(walkthrough);
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-${id}" version="1.0"
          xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2"
          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
          xsi:schemaLocation="http://www.imsproject.org/xsd/imscp_rootv1p1p2 imscp_rootv1p1p2.xsd
                              http://www.imsglobal.org/xsd/imsmd_rootv1p2p1 imsmd_rootv1p2p1.xsd
                              http://www.adlnet.org/xsd/adlcp_rootv1p2 adlcp_rootv1p2.xsd">
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
    <resource identifier="sco-${id}" type="webcontent" adlcp:scormtype="sco" href="${SCO_FILE}">
      <file href="${SCO_FILE}"/>
    </resource>
  </resources>
</manifest>
`;
}

/**
 * imsmanifest.xml for one SCO in SCORM 2004 4th edition (IMS CP 1.1.4, ADL CP/sequencing/
 * navigation 1.3, IMS Simple Sequencing), each namespace with its schema file. The mastery
 * score, when the walkthrough has exercises, is the primary objective's minimum normalised
 * measure, which the LMS hands the SCO as cmi.scaled_passing_score.
 */
export function scorm2004Manifest({ walkthrough, title, mastery }) {
  const id = escapeMarkup(walkthrough);
  const sequencing = mastery === undefined ? '' : `
        <imsss:sequencing>
          <imsss:objectives>
            <imsss:primaryObjective objectiveID="exercises-${id}" satisfiedByMeasure="true">
              <imsss:minNormalizedMeasure>${mastery / 100}</imsss:minNormalizedMeasure>
            </imsss:primaryObjective>
          </imsss:objectives>
        </imsss:sequencing>`;
  return `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="attention-lab-${id}" version="1"
          xmlns="http://www.imsglobal.org/xsd/imscp_v1p1"
          xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_v1p3"
          xmlns:adlseq="http://www.adlnet.org/xsd/adlseq_v1p3"
          xmlns:adlnav="http://www.adlnet.org/xsd/adlnav_v1p3"
          xmlns:imsss="http://www.imsglobal.org/xsd/imsss"
          xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
          xsi:schemaLocation="http://www.imsglobal.org/xsd/imscp_v1p1 imscp_v1p1.xsd
                              http://www.adlnet.org/xsd/adlcp_v1p3 adlcp_v1p3.xsd
                              http://www.adlnet.org/xsd/adlseq_v1p3 adlseq_v1p3.xsd
                              http://www.adlnet.org/xsd/adlnav_v1p3 adlnav_v1p3.xsd
                              http://www.imsglobal.org/xsd/imsss imsss_v1p0.xsd">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>2004 4th Edition</schemaversion>
  </metadata>
  <organizations default="org-${id}">
    <organization identifier="org-${id}">
      <title>${escapeMarkup(title)}</title>
      <item identifier="item-${id}" identifierref="sco-${id}" isvisible="true">
        <title>${escapeMarkup(title)}</title>${sequencing}
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="sco-${id}" type="webcontent" adlcp:scormType="sco" href="${SCO_FILE}">
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
 * @param {{ walkthrough?: string, embed?: boolean, hide?: string[], outDir?: string, mastery?: number, scorm?: '1.2' | '2004' }} [options]
 * @returns {Promise<{ zip: string, walkthrough: string, title: string, href: string, scorm: string }>}
 */
export async function buildScormPackage({ walkthrough = DEFAULT_WALKTHROUGH, embed = false, hide = [], outDir = SCORM_DIR, mastery = 80, scorm = '1.2' } = {}) {
  if (!(scorm in SCORM_VERSIONS)) throw new Error(`--scorm: expected 1.2 or 2004, got “${scorm}”`);
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
  const html = await buildSingleHtml({
    entry: 'src/entries/scorm.ts',
    define: {
      __SCORM_LAUNCH_QUERY__: JSON.stringify(query.toString()),
      __SCORM_MASTERY__: String(mastery),
      __SCORM_VERSION__: JSON.stringify(scorm),
    },
    title,
  });
  const manifest = (scorm === '1.2' ? scormManifest : scorm2004Manifest)({ walkthrough, title, mastery: shipped.exercises ? mastery : undefined });
  const entry = (bytes) => [bytes, { mtime: ZIP_TIME }];
  const files = {
    'imsmanifest.xml': entry(strToU8(manifest)),
    [SCO_FILE]: entry(strToU8(html)),
  };
  const { schemas, suffix } = SCORM_VERSIONS[scorm];
  for (const name of schemaFiles(scorm)) files[name] = entry(new Uint8Array(fs.readFileSync(path.join(schemas, name))));
  const zip = zipSync(files, { level: 9 });
  return { zip: writeFile(path.join(outDir, `attention-lab-${walkthrough}${suffix}.zip`), zip), walkthrough, title, href: SCO_FILE, scorm };
}

/** The files of a zip, by name (for the tests and the benchmark). */
export const readZip = (file) => unzipSync(new Uint8Array(fs.readFileSync(file)));

/** Parses the command line above. */
function parseArgs(argv) {
  const options = { walkthrough: DEFAULT_WALKTHROUGH, embed: false, hide: [], outDir: SCORM_DIR, mastery: 80, scorm: '1.2' };
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
    else if (arg === '--scorm') options.scorm = value();
    else throw new Error(`${arg}: expected --walkthrough ID, --embed, --hide PARTS, --mastery PERCENT, --scorm 1.2|2004 or --out DIR`);
  }
  return options;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const { zip, href, scorm } = await buildScormPackage(parseArgs(process.argv.slice(2)));
    console.log(`${path.relative(process.cwd(), zip)}: SCORM ${scorm}, ${(fs.statSync(zip).size / 1024).toFixed(1)} KB, launches ${href}`);
  } catch (error) {
    console.error(`build:scorm: ${error.message}`);
    process.exit(1);
  }
}
