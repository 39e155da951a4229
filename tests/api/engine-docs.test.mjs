/**
 * docs/engine.md's reference tables are written from the engine's descriptions; this fails when
 * an operation, argument or result field changed without `node scripts/engine-docs.mjs`.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { loadDescriptions } from '../../scripts/engine-descriptions.mjs';
import { DOC, renderReference, withReference } from '../../scripts/engine-docs.mjs';

test('docs/engine.md lists every operation, argument and result field as the engine describes them', () => {
  const doc = readFileSync(DOC, 'utf8');
  assert.equal(doc, withReference(doc, renderReference(loadDescriptions())), 'run node scripts/engine-docs.mjs');
});

test('the reference changes when a description does, so the check above can fail', () => {
  const descriptions = loadDescriptions();
  const before = renderReference(descriptions);
  const changed = structuredClone(descriptions);
  changed[0].arguments.push({ name: 'temperature', kind: 'number', optional: true, shape: '', doc: 'divides the logits', default: '1' });
  assert.notEqual(renderReference(changed), before);
  for (const op of descriptions) {
    assert.ok(before.includes(`### \`${op.name}\``), op.name);
    for (const a of op.arguments) assert.ok(before.includes(`| \`${a.name}\` |`), `${op.name}: ${a.name}`);
  }
});
