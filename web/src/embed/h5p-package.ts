// A lesson as an H5P package (.h5p): a zip holding h5p.json (what the content is), content/
// content.json (its parameters: the lesson's link, the pass mark and, for a lesson that reads it,
// the language model) and the lab as an H5P library, H5P.AttentionLab-1.0/ (library.json,
// semantics.json and one classic script with the engine inlined, built from
// entries/h5p-library.ts). H5P hosts (Moodle, WordPress, Drupal, Lumi) supply H5P's core scripts;
// the package carries only its own library. What hosts check, read from their validators
// (h5p-php-library's H5PValidator, Lumi's PackageValidator): only h5p.json at the root; the
// library's folder named machineName-major.minor; versions as JSON numbers; coreApi no newer
// than the host's (Lumi 10 speaks 1.27); file endings from their whitelists (no .wasm, no .bin:
// both travel as base64 inside text); and every key of content.json declared in semantics.json,
// since PHP hosts drop any other and escape plain text (base64's alphabet passes unchanged).
// DOM-free (tests/page/h5p-package.test.mjs).
import { strToU8, zipSync, type Zippable } from 'fflate';
import type { Walkthrough } from '../model/types.js';
import { bytesToBase64 } from '../model/base64.js';

/** The library's script, beside the built page's index.html and in the npm package's dist/. */
export const H5P_LIBRARY_FILE = 'attention-lab-h5p.js';

/**
 * The library's version. Hosts replace an installed library only by one with a higher patch
 * version, so it follows the npm package's: major·10000 + minor·100 + patch of its version
 * (0.1.0 → 100; tests/page/h5p-package.test.mjs compares the two).
 */
export const H5P_LIBRARY = { machineName: 'H5P.AttentionLab', majorVersion: 1, minorVersion: 0, patchVersion: 100 } as const;

/** The library's folder in the package, as both validators want it named. */
export const H5P_LIBRARY_FOLDER = `${H5P_LIBRARY.machineName}-${H5P_LIBRARY.majorVersion}.${H5P_LIBRARY.minorVersion}`;

/** What content.json holds (semantics.json declares each key). */
export interface H5pParams {
  /** The lesson's link ("?w=…&step=…#in=…&walkthrough=…", as an offline file bakes it), as base64 of its UTF-8. */
  lesson: string;
  /** Percent of the exercises right that passes (the success of the statement hosts record). */
  passPercentage: number;
  /** The lessons' language model file, as base64, for a lesson that reads it (it cannot fetch it). */
  languageModel?: string;
}

/**
 * The fields an H5P editor shows and PHP hosts filter content.json through. The lesson itself is
 * made in the lab (or by `npx attention-lab export`), not in H5P's editor: its field is hidden.
 */
const SEMANTICS = [
  {
    name: 'lesson',
    type: 'text',
    label: 'Lesson',
    description: 'The walkthrough, its step and its options, as Attention Lab wrote them (made in the lab’s Embed dialog or by npx attention-lab export; change the lesson there and export it again).',
    widget: 'none',
  },
  {
    name: 'passPercentage',
    type: 'number',
    label: 'Pass mark (% of the exercises right)',
    min: 0,
    max: 100,
    default: 80,
  },
  {
    name: 'languageModel',
    type: 'text',
    label: 'Language model',
    description: 'The lessons’ language model, for a lesson that reads it (written by Attention Lab).',
    optional: true,
    widget: 'none',
  },
];

/** The library's description (library.json). */
const LIBRARY_JSON = {
  title: 'Attention Lab',
  description: 'The attention mechanism step by step, every number computed by a WebAssembly engine, with exercises graded by it.',
  ...H5P_LIBRARY,
  runnable: 1,
  author: 'Attention Lab',
  license: 'MIT',
  embedTypes: ['iframe'],
  fullscreen: 1,
  // Nothing newer than H5P core 1.19 is used (triggerXAPIScored, setActivityStarted, getCurrentState).
  coreApi: { majorVersion: 1, minorVersion: 19 },
  metadataSettings: { disable: 0, disableExtraTitleField: 0 },
  preloadedJs: [{ path: `dist/${H5P_LIBRARY_FILE}` }],
};

/** An H5P package's language field: a language tag of letters and hyphens, 1 to 10 (h5p.json's rule). */
const packageLanguage = (lang: string | null): string => (lang && /^[-a-zA-Z]{1,10}$/.test(lang) ? lang : 'en');

/** The parameters of content.json for a lesson's link. */
export function h5pParams(link: string, mastery: number, languageModel?: Uint8Array): H5pParams {
  return {
    lesson: bytesToBase64(strToU8(link)),
    passPercentage: mastery,
    ...(languageModel ? { languageModel: bytesToBase64(languageModel) } : {}),
  };
}

/** Zip entries get this fixed time, so the same lesson gives the same bytes. */
const ZIP_TIME = new Date('2024-01-01T00:00:00Z');

export interface H5pRequest {
  walkthrough: Walkthrough;
  /** The link the content opens, as offlineLink bakes it. */
  link: string;
  mastery: number;
  languageModel?: Uint8Array;
}

/** The .h5p zip's bytes: `libraryScript` (the built entries/h5p-library.ts) with the lesson's content. */
export function h5pPackage(libraryScript: string, { walkthrough, link, mastery, languageModel }: H5pRequest): Uint8Array {
  if (!libraryScript.includes(H5P_LIBRARY.machineName)) {
    throw new Error(`the H5P library script (${H5P_LIBRARY_FILE}) does not define ${H5P_LIBRARY.machineName}: is it a build of web/src/entries/h5p-library.ts?`);
  }
  const at = link.indexOf('#');
  const lang = new URLSearchParams(at < 0 ? link : link.slice(0, at)).get('lang');
  // h5p.json's title is at most 255 characters.
  const title = `Attention Lab: ${walkthrough.title}`.slice(0, 255);
  const h5pJson = {
    title,
    language: packageLanguage(lang),
    mainLibrary: H5P_LIBRARY.machineName,
    embedTypes: ['iframe'],
    license: 'U',
    preloadedDependencies: [{ machineName: H5P_LIBRARY.machineName, majorVersion: H5P_LIBRARY.majorVersion, minorVersion: H5P_LIBRARY.minorVersion }],
  };
  const json = (value: unknown): Zippable[string] => [strToU8(`${JSON.stringify(value, null, 2)}\n`), { mtime: ZIP_TIME }];
  const files: Zippable = {
    'h5p.json': json(h5pJson),
    'content/content.json': json(h5pParams(link, mastery, languageModel)),
    [`${H5P_LIBRARY_FOLDER}/library.json`]: json(LIBRARY_JSON),
    [`${H5P_LIBRARY_FOLDER}/semantics.json`]: json(SEMANTICS),
    [`${H5P_LIBRARY_FOLDER}/dist/${H5P_LIBRARY_FILE}`]: [strToU8(libraryScript), { mtime: ZIP_TIME }],
  };
  return zipSync(files, { level: 9 });
}
