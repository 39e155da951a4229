// What an offline file opens, baked into the offline template's data block: written by
// embed/offline-package.ts (the Download buttons, the CLI), read by the template's entry
// (entries/offline-template.ts) as it starts; and, for a walkthrough that reads the lessons'
// language model, the model file in a second block, as base64 (an offline file cannot fetch it).
// Kept apart from offline-package.ts so the template does not carry the zip code and the schema
// files; DOM-free (tests/page/baked-package.test.mjs).
import type { Walkthrough } from '../model/types.js';
import { base64ToBytes, bytesToBase64 } from '../model/base64.js';
import { escapeMarkup } from '../model/escape-markup.js';
import type { ScormVersion } from './scorm-data.js';

/** The id of the template's data block, which holds what is baked in (JSON; `null` in the template). */
export const PACKAGE_DATA_ID = 'attention-lab-package';

/** The data block as the template carries it, before anything is baked in. */
export const PACKAGE_MARKER = `<script type="application/json" id="${PACKAGE_DATA_ID}">null</script>`;

/** The id of the template's block for the language model's file (base64; empty in the template). */
export const MODEL_DATA_ID = 'attention-lab-language-model';

/** The model's block as the template carries it: empty, so only files that need the model carry it. */
export const MODEL_MARKER = `<script type="application/octet-stream" id="${MODEL_DATA_ID}"></script>`;

/** What a downloaded file opens, read by the template at start (entries/offline-template.ts). */
export interface BakedPackage {
  /** The link the file opens, "?w=…&step=…&embed=1&hide=…#in=…&walkthrough=…". */
  link: string;
  /** Set when the file is a SCORM package's SCO. */
  scorm?: { version: ScormVersion; mastery: number };
}

/** Reads a data block's text back; undefined when nothing was baked in (the plain single file) or it is not ours. */
export function readBakedPackage(text: string | null | undefined): BakedPackage | undefined {
  let data: unknown;
  try {
    data = JSON.parse(text ?? 'null');
  } catch {
    return undefined;
  }
  if (typeof data !== 'object' || data === null || typeof (data as BakedPackage).link !== 'string') return undefined;
  const { link, scorm } = data as BakedPackage;
  if (typeof scorm !== 'object' || scorm === null) return { link };
  const good = (scorm.version === '1.2' || scorm.version === '2004') && Number.isInteger(scorm.mastery) && scorm.mastery >= 0 && scorm.mastery <= 100;
  return good ? { link, scorm: { version: scorm.version, mastery: scorm.mastery } } : { link };
}


/**
 * The link a file opens: the page's own, without `src` (a file has no site to load from), with
 * the walkthrough named (`w`, which SCORM reports under) and, when it is an instructor's own,
 * carried whole in the hash as the page carries a file it opened.
 */
export function offlineLink(link: string, walkthrough: Walkthrough, shipped: boolean): string {
  const at = link.indexOf('#');
  const query = new URLSearchParams(at < 0 ? link : link.slice(0, at));
  const hash = new URLSearchParams(at < 0 ? '' : link.slice(at + 1));
  query.delete('src');
  query.delete('w');
  if (shipped) hash.delete('walkthrough');
  else hash.set('walkthrough', JSON.stringify(walkthrough));
  const search = new URLSearchParams([['w', walkthrough.id], ...query]).toString();
  const fragment = hash.toString();
  return `?${search}${fragment ? `#${fragment}` : ''}`;
}

/** The model file's bytes from its block's text; undefined when the block is empty (or not base64). */
export function readBakedModel(text: string | null | undefined): Uint8Array | undefined {
  const trimmed = text?.trim() ?? '';
  if (trimmed === '') return undefined;
  try {
    return base64ToBytes(trimmed);
  } catch {
    return undefined;
  }
}

/** Replaces the template's `marker` with `filled`; refuses a template without it. */
function fill(template: string, marker: string, filled: string): string {
  const at = template.indexOf(marker);
  if (at < 0) throw new Error(`The offline template has no data block ${marker}: is it a build of web/src/entries/offline-template.ts?`);
  return `${template.slice(0, at)}${filled}${template.slice(at + marker.length)}`;
}

/**
 * The template with `baked` in its data block, `title` as the document's title and, for a
 * walkthrough that reads it, the language model's file (`model`) in its block.
 */
export function bakeTemplate(template: string, baked: BakedPackage, title: string, model?: Uint8Array): string {
  // "<" as \u003c: no "</script" can end the block early; JSON.parse reads it back the same.
  const json = JSON.stringify(baked).replace(/</g, '\\u003c');
  let html = fill(template, PACKAGE_MARKER, PACKAGE_MARKER.replace('>null<', () => `>${json}<`));
  if (model) html = fill(html, MODEL_MARKER, MODEL_MARKER.replace('><', () => `>${bytesToBase64(model)}<`));
  return html.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeMarkup(title)}</title>`);
}
