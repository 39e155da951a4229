// The offline files, from the page's Download buttons and from the CLI alike: the offline
// template (the whole page in one HTML file, engine inlined: web/src/entries/offline-template.ts,
// built by scripts/offline/single-file.mjs) with a lesson baked into it (and the language model,
// for a lesson that reads it), as a single HTML file or as the SCO of a SCORM 1.2 or 2004 zip
// (manifest and schema files beside it); or an H5P package, whose library script
// (entries/h5p-library.ts) is built from the same page and reads the same baked link
// (embed/h5p-package.ts). DOM-free: the page fetches the file a format is made from
// (sourceFileOf) and Node reads it from the package; both hand it here as text.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Walkthrough } from '../model/types.js';
import type { ScormVersion } from './scorm-data.js';
import { bakeTemplate, offlineLink, type BakedPackage } from './baked-package.js';
import { SCO_FILE, scormManifest } from './scorm-manifest.js';
import { descriptorOf } from '../kinds/index.js';
import { H5P_LIBRARY_FILE, h5pPackage } from './h5p-package.js';

/** The template's file name, beside the served page's index.html and in the npm package's dist/. */
export const TEMPLATE_FILE = 'attention-lab-offline.html';

export type OfflineFormat = 'html' | 'scorm12' | 'scorm2004' | 'h5p';

/**
 * Each format: the SCORM version it speaks (none for the single file and H5P), its file's ending
 * and the built file it is made from (the offline template, or the H5P library's script).
 */
export const OFFLINE_FORMATS: Record<OfflineFormat, { scorm?: ScormVersion; ending: string; source: string }> = {
  html: { ending: '.html', source: TEMPLATE_FILE },
  scorm12: { scorm: '1.2', ending: '.zip', source: TEMPLATE_FILE },
  scorm2004: { scorm: '2004', ending: '-scorm2004.zip', source: TEMPLATE_FILE },
  h5p: { ending: '.h5p', source: H5P_LIBRARY_FILE },
};

/** The formats as a sentence's list ("html, scorm12, scorm2004 or h5p"). */
export const FORMAT_NAMES = `${Object.keys(OFFLINE_FORMATS).slice(0, -1).join(', ')} or ${Object.keys(OFFLINE_FORMATS).at(-1)}`;

/** The pass mark when none is chosen: 80 % of the exercises right. */
export const DEFAULT_MASTERY = 80;

export interface OfflineRequest {
  format: OfflineFormat;
  /** The walkthrough the file teaches. */
  walkthrough: Walkthrough;
  /** Whether the template knows it by id (a shipped one); an instructor's own travels in the link. */
  shipped: boolean;
  /** The page's link for what it shows ("?…#…", as UrlSync.linkSearch writes it), or "" for the walkthrough's start. */
  link?: string;
  /** Percent of the exercises right that passes (SCORM, a walkthrough with exercises). */
  mastery?: number;
  /**
   * The lessons' language model file (web/lib/models/shakespeare.bin), for a walkthrough whose
   * kind reads it (`readsLanguageModel`): the file carries it, since it cannot fetch it.
   */
  languageModel?: Uint8Array;
}

/** Whether the file of `walkthrough` must carry the language model (its kind reads it). */
export const readsLanguageModel = (walkthrough: Walkthrough): boolean => descriptorOf(walkthrough.kind).languageModel === true;

export interface OfflineFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/**
 * The SCORM schema files each version's zip carries, by name (scripts/scorm-schemas/, copied
 * unchanged), inlined at build time.
 */
const SCHEMAS: Record<ScormVersion, Record<string, string>> = {
  '1.2': byName(import.meta.glob('../../../scripts/scorm-schemas/1.2/*', { query: '?raw', import: 'default', eager: true })),
  '2004': byName(import.meta.glob('../../../scripts/scorm-schemas/2004-4th/*', { query: '?raw', import: 'default', eager: true })),
};

function byName(files: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(files).map(([file, text]) => [file.slice(file.lastIndexOf('/') + 1), String(text)]));
}

/** Zip entries get this fixed time, so the same lesson gives the same bytes. */
const ZIP_TIME = new Date('2024-01-01T00:00:00Z');

/** The file name of a walkthrough's offline file, e.g. attention-lab-causal-mask-scorm2004.zip. */
export const offlineFileName = (walkthrough: string, format: OfflineFormat): string => `attention-lab-${walkthrough}${OFFLINE_FORMATS[format].ending}`;

/**
 * Builds the file from `source`, the text of the format's source file (OFFLINE_FORMATS): the
 * baked template, the SCORM zip around it, or the H5P package around the library's script.
 */
export function offlineFile(source: string, { format, walkthrough, shipped, link = '', mastery = DEFAULT_MASTERY, languageModel }: OfflineRequest): OfflineFile {
  if (!Object.hasOwn(OFFLINE_FORMATS, format)) throw new Error(`format: expected ${FORMAT_NAMES}, got “${format}”`);
  const needsModel = readsLanguageModel(walkthrough);
  if (needsModel && !languageModel) throw new Error(`languageModel: expected the language model file's bytes, which “${walkthrough.id}” reads (its file cannot fetch them), got none`);
  if (!Number.isInteger(mastery) || mastery < 0 || mastery > 100) throw new Error(`mastery: expected a whole percent from 0 to 100, got ${mastery}`);
  const title = `Attention Lab: ${walkthrough.title}`;
  const name = offlineFileName(walkthrough.id, format);
  const version = OFFLINE_FORMATS[format].scorm;
  const model = needsModel ? languageModel : undefined;
  if (format === 'h5p') {
    const bytes = h5pPackage(source, { walkthrough, link: offlineLink(link, walkthrough, shipped), mastery, languageModel: model });
    return { name, type: 'application/zip', bytes };
  }
  const baked: BakedPackage = { link: offlineLink(link, walkthrough, shipped), ...(version ? { scorm: { version, mastery } } : {}) };
  const html = bakeTemplate(source, baked, title, model);
  if (!version) return { name, type: 'text/html', bytes: strToU8(html) };

  const hasExercises = (walkthrough.exercises?.length ?? 0) > 0;
  const manifest = scormManifest(version, { walkthrough: walkthrough.id, title, mastery: hasExercises ? mastery : undefined });
  const entry = (text: string): Zippable[string] => [strToU8(text), { mtime: ZIP_TIME }];
  const files: Zippable = { 'imsmanifest.xml': entry(manifest), [SCO_FILE]: entry(html) };
  for (const [file, text] of Object.entries(SCHEMAS[version]).sort(([a], [b]) => a.localeCompare(b))) files[file] = entry(text);
  return { name, type: 'application/zip', bytes: zipSync(files, { level: 9 }) };
}
