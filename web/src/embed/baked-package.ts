// What an offline file opens, baked into the offline template's data block: written by
// embed/offline-package.ts (the Download buttons, the CLI), read by the template's entry
// (entries/package.ts) as it starts. Kept apart from offline-package.ts so the template does
// not carry the zip code and the schema files.
import type { ScormVersion } from './scorm-data.js';

/** The id of the template's data block, which holds what is baked in (JSON; `null` in the template). */
export const PACKAGE_DATA_ID = 'attention-lab-package';

/** The data block as the template carries it, before anything is baked in. */
export const PACKAGE_MARKER = `<script type="application/json" id="${PACKAGE_DATA_ID}">null</script>`;

/** What a downloaded file opens, read by the template at start (entries/package.ts). */
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
  if (scorm === undefined) return { link };
  const good = (scorm.version === '1.2' || scorm.version === '2004') && Number.isInteger(scorm.mastery) && scorm.mastery >= 0 && scorm.mastery <= 100;
  return good ? { link, scorm: { version: scorm.version, mastery: scorm.mastery } } : { link };
}

