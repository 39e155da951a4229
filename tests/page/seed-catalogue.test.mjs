// docs/seed-catalogue.md numbers lessons as the menu does: its key to the numbers is the course's
// lessons in order (web/src/model/lessons.ts), so a renumbering that forgets the catalogue fails here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';

const { LESSON_TITLES } = await importCompiled('model/lessons');
const text = readFileSync(new URL('../../docs/seed-catalogue.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');

test('the seed catalogue’s key to lesson numbers is the menu’s', () => {
  const key = /Lessons are numbered as in the page's menu \(`web\/src\/model\/lessons\.ts`\): (.*?)\. \|/.exec(text)?.[1];
  assert.ok(key, 'the key above the summary table');
  const expected = LESSON_TITLES.map(([, title], i) => `${i + 1} ${title}`).join(', ');
  assert.ok(expected.endsWith(`, ${LESSON_TITLES.length} Watch attention learn`), 'the training lesson last');
  assert.equal(key, expected);
});
