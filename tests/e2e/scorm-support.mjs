// Shared by the SCORM tests (scorm-schema, scorm-resume, download): the manifest's validation
// with xmllint against the schema files the zip carries, and an LMS page that runs scorm-again.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** scorm-again's built run-times, served to the LMS page as /scorm-again/. */
export const SCORM_AGAIN = fileURLToPath(new URL('../../node_modules/scorm-again/dist/', import.meta.url));

export const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

export const NO_XMLLINT = 'xmllint is not installed (Debian: libxml2-utils; scripts/setup.sh installs it)';

/** The (namespace, file) pairs of a manifest's xsi:schemaLocation. */
export function schemaLocations(xml) {
  const words = xml.match(/xsi:schemaLocation="([^"]*)"/)?.[1].trim().split(/\s+/) ?? [];
  return Array.from({ length: words.length / 2 }, (_, i) => [words[2 * i], words[2 * i + 1]]);
}

/**
 * Writes a zip's files (name → bytes) into `unpacked`, checks the manifest's schema files are
 * there, and validates imsmanifest.xml against all of them at once with xmllint, through a schema
 * (all-schemas.xsd, left beside it) that imports each namespace from the file the manifest names;
 * xmllint exits non-zero and names the line on any schema error. Returns the manifest.
 */
export function validateManifest(files, unpacked) {
  fs.mkdirSync(unpacked, { recursive: true });
  for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(unpacked, name), bytes);
  const xml = fs.readFileSync(path.join(unpacked, 'imsmanifest.xml'), 'utf8');
  const locations = schemaLocations(xml);
  for (const [, file] of locations) assert.ok(files[file], `the zip carries ${file}`);
  const imports = locations.map(([ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="${file}"/>`).join('\n');
  fs.writeFileSync(path.join(unpacked, 'all-schemas.xsd'),
    `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports}\n</xs:schema>\n`);
  const result = execFileSync('xmllint', ['--noout', '--nonet', '--schema', 'all-schemas.xsd', 'imsmanifest.xml'], { cwd: unpacked, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(result, '');
  return xml;
}

/**
 * The LMS: scorm-again's API of the version on the window, with the CMI of an earlier session
 * loaded when the page's hash carries one (`#cmi=…`, as JSON), and a frame for the SCO
 * (package/attention-lab.html).
 */
export const lmsPage = (script, constructor, property) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>LMS</title>
<script src="scorm-again/${script}"></script>
<script>
  window.${property} = new ${constructor}({ logLevel: 4 });
  const stored = new URLSearchParams(location.hash.slice(1)).get('cmi');
  if (stored) window.${property}.loadFromJSON(JSON.parse(stored));
  window.lms = window.${property};
  // #refuse=ELEMENT: the LMS refuses to store that element, as a strict or full LMS may.
  const refused = new URLSearchParams(location.hash.slice(1)).get('refuse');
  if (refused) {
    const api = window.lms;
    let lastError = null;
    for (const name of ['LMSSetValue', 'SetValue']) {
      const original = api[name]?.bind(api);
      if (original) api[name] = (element, value) => (element === refused ? ((lastError = '405'), 'false') : ((lastError = null), original(element, value)));
    }
    for (const name of ['LMSGetLastError', 'GetLastError']) {
      const original = api[name]?.bind(api);
      if (original) api[name] = () => lastError ?? original();
    }
  }
</script></head>
<body><iframe id="sco" title="Lesson" width="1200" height="850" src="package/attention-lab.html"></iframe></body></html>`;

/** The LMS page of each version. */
export const LMS_PAGES = {
  '1.2': lmsPage('scorm12.min.js', 'Scorm12API', 'API'),
  '2004': lmsPage('scorm2004.min.js', 'Scorm2004API', 'API_1484_11'),
};
