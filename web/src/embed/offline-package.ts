// The offline files, from the page's Download buttons and from the CLI alike: the offline
// template (the whole page in one HTML file, engine inlined: web/src/entries/offline-template.ts,
// built by scripts/offline/single-file.mjs) with a lesson baked into it (and the language model,
// for a lesson that reads it), as a single HTML file or as the SCO of a SCORM 1.2 or 2004 zip
// (manifest and schema files beside it). DOM-free: the page
// fetches the template and Node reads it from the package; both hand it here as text.
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Walkthrough } from '../model/types.js';
import type { ScormVersion } from './scorm-data.js';
import { bakeTemplate, offlineLink, type BakedPackage } from './baked-package.js';
import { SCO_FILE, scormManifest } from './scorm-manifest.js';
import { descriptorOf } from '../kinds/index.js';

/** The template's file name, beside the served page's index.html and in the npm package's dist/. */
export const TEMPLATE_FILE = 'attention-lab-offline.html';

export type OfflineFormat = 'html' | 'scorm12' | 'scorm2004';

/** Each format: the SCORM version it speaks (none for the single file) and its file's ending. */
export const OFFLINE_FORMATS: Record<OfflineFormat, { scorm?: ScormVersion; ending: string }> = {
  html: { ending: '.html' },
  scorm12: { scorm: '1.2', ending: '.zip' },
  scorm2004: { scorm: '2004', ending: '-scorm2004.zip' },
};

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

/** Builds the file: the baked template, or the SCORM zip around it. */
export function offlineFile(template: string, { format, walkthrough, shipped, link = '', mastery = DEFAULT_MASTERY, languageModel }: OfflineRequest): OfflineFile {
  if (!Object.hasOwn(OFFLINE_FORMATS, format)) throw new Error(`format: expected html, scorm12 or scorm2004, got “${format}”`);
  const needsModel = readsLanguageModel(walkthrough);
  if (needsModel && !languageModel) throw new Error(`languageModel: expected the language model file's bytes, which “${walkthrough.id}” reads (its file cannot fetch them), got none`);
  if (!Number.isInteger(mastery) || mastery < 0 || mastery > 100) throw new Error(`mastery: expected a whole percent from 0 to 100, got ${mastery}`);
  const title = `Attention Lab: ${walkthrough.title}`;
  const name = offlineFileName(walkthrough.id, format);
  const version = OFFLINE_FORMATS[format].scorm;
  const baked: BakedPackage = { link: offlineLink(link, walkthrough, shipped), ...(version ? { scorm: { version, mastery } } : {}) };
  const html = bakeTemplate(template, baked, title, needsModel ? languageModel : undefined);
  if (!version) return { name, type: 'text/html', bytes: strToU8(html) };

  const hasExercises = (walkthrough.exercises?.length ?? 0) > 0;
  const manifest = scormManifest(version, { walkthrough: walkthrough.id, title, mastery: hasExercises ? mastery : undefined });
  const entry = (text: string): Zippable[string] => [strToU8(text), { mtime: ZIP_TIME }];
  const files: Zippable = { 'imsmanifest.xml': entry(manifest), [SCO_FILE]: entry(html) };
  for (const [file, text] of Object.entries(SCHEMAS[version]).sort(([a], [b]) => a.localeCompare(b))) files[file] = entry(text);
  return { name, type: 'application/zip', bytes: zipSync(files, { level: 9 }) };
}
