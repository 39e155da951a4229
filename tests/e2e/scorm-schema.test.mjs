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
import { hasXmllint, NO_XMLLINT, schemaLocations, validateManifest } from './scorm-support.mjs';

const CASES = [
  { scorm: '1.2', walkthrough: 'worked-example-practice', root: 'imscp_rootv1p1p2.xsd', mastery: /<adlcp:masteryscore>75<\/adlcp:masteryscore>/ },
  { scorm: '2004', walkthrough: 'worked-example-practice', root: 'imscp_v1p1.xsd', mastery: /<imsss:minNormalizedMeasure>0\.75<\/imsss:minNormalizedMeasure>/ },
  // A walkthrough without exercises: no mastery score in its manifest.
  { scorm: '1.2', walkthrough: 'padding-mask', root: 'imscp_rootv1p1p2.xsd' },
  { scorm: '2004', walkthrough: 'padding-mask', root: 'imscp_v1p1.xsd' },
];

describe('the SCORM manifests', { skip: hasXmllint ? false : NO_XMLLINT }, () => {
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
      const xml = validateManifest(files, path.join(out, 'package'));
      assert.match(xml, /href="attention-lab\.html"/);
      assert.doesNotMatch(xml, /href="[^"]*\?/, 'no launch query in the manifest');
      if (mastery) assert.match(xml, mastery);
      else assert.doesNotMatch(xml, /mastery|minNormalizedMeasure/);
      assert.ok(schemaLocations(xml).some(([, file]) => file === root), `${root} in xsi:schemaLocation`);
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
