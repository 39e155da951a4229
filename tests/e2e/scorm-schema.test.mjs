// Both SCORM packages' manifests validate against the schemas they name: each zip carries the
// files its xsi:schemaLocation lists, and xmllint (Debian's libxml2-utils) checks
// imsmanifest.xml against all of them at once, through a schema that imports each namespace from
// the file the manifest names. The launch href is the bare file name, with no query string.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { buildScormPackage, readZip } from '../../scripts/offline/scorm-package.mjs';

const hasXmllint = (() => {
  try {
    execFileSync('xmllint', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** The (namespace, file) pairs of a manifest's xsi:schemaLocation. */
function schemaLocations(xml) {
  const words = xml.match(/xsi:schemaLocation="([^"]*)"/)?.[1].trim().split(/\s+/) ?? [];
  return Array.from({ length: words.length / 2 }, (_, i) => [words[2 * i], words[2 * i + 1]]);
}

const CASES = [
  { scorm: '1.2', walkthrough: 'worked-example-practice', root: 'imscp_rootv1p1p2.xsd', mastery: /<adlcp:masteryscore>75<\/adlcp:masteryscore>/ },
  { scorm: '2004', walkthrough: 'worked-example-practice', root: 'imscp_v1p1.xsd', mastery: /<imsss:minNormalizedMeasure>0\.75<\/imsss:minNormalizedMeasure>/ },
  { scorm: '1.2', walkthrough: 'causal-mask', root: 'imscp_rootv1p1p2.xsd' },
  { scorm: '2004', walkthrough: 'causal-mask', root: 'imscp_v1p1.xsd' },
];

describe('the SCORM manifests', { skip: hasXmllint ? false : 'xmllint is not installed (Debian: libxml2-utils; scripts/setup.sh installs it)' }, () => {
  let dir;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'attention-lab-scorm-schema-'));
  });
  after(() => {
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  for (const { scorm, walkthrough, root, mastery } of CASES) {
    test(`SCORM ${scorm}, ${walkthrough}: carries its schemas and validates with xmllint`, async () => {
      const out = path.join(dir, `${scorm}-${walkthrough}`);
      const built = await buildScormPackage({ walkthrough, embed: true, outDir: out, mastery: 75, scorm });
      const files = readZip(built.zip);
      const unpacked = path.join(out, 'package');
      fs.mkdirSync(unpacked);
      for (const [name, bytes] of Object.entries(files)) fs.writeFileSync(path.join(unpacked, name), bytes);
      const xml = fs.readFileSync(path.join(unpacked, 'imsmanifest.xml'), 'utf8');

      assert.match(xml, /href="attention-lab\.html"/);
      assert.doesNotMatch(xml, /href="[^"]*\?/, 'no launch query in the manifest');
      if (mastery) assert.match(xml, mastery);
      else assert.doesNotMatch(xml, /mastery|minNormalizedMeasure/);
      const locations = schemaLocations(xml);
      assert.ok(locations.some(([, file]) => file === root), `${root} in xsi:schemaLocation`);
      for (const [, file] of locations) assert.ok(files[file], `the zip carries ${file}`);

      const imports = locations.map(([ns, file]) => `  <xs:import namespace="${ns}" schemaLocation="${file}"/>`).join('\n');
      fs.writeFileSync(path.join(unpacked, 'all-schemas.xsd'),
        `<?xml version="1.0"?>\n<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">\n${imports}\n</xs:schema>\n`);
      // xmllint exits non-zero and names the line on any schema error.
      const result = execFileSync('xmllint', ['--noout', '--nonet', '--schema', 'all-schemas.xsd', 'imsmanifest.xml'], { cwd: unpacked, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
      assert.equal(result, '');
    });
  }

  test('a manifest that breaks its schema is caught (the check is not vacuous)', async () => {
    const unpacked = path.join(dir, '1.2-worked-example-practice', 'package');
    const broken = fs.readFileSync(path.join(unpacked, 'imsmanifest.xml'), 'utf8').replace('adlcp:scormtype="sco"', 'adlcp:scormtype="lesson"');
    fs.writeFileSync(path.join(unpacked, 'broken.xml'), broken);
    assert.throws(() => execFileSync('xmllint', ['--noout', '--nonet', '--schema', 'all-schemas.xsd', 'broken.xml'], { cwd: unpacked, stdio: 'pipe' }),
      (error) => /scormtype/.test(String(error.stderr)));
  });
});
