// "Explain this number" on every matrix a lesson shows: every shipped
// walkthrough is opened as the page opens it (the lite engine, the full one for a kind that asks),
// the multi-head and encoder ones on a trained layer too, and in every step every matrix of
// computed numbers explains its first and its last cell, with the exact value of the cell on
// screen. Inputs a learner types or toggles (an `editable` panel, a mask) are edited by Enter, not
// explained, and are left out. Every matrix, inputs too, carries the title the page calls it by
// when it says which matrix was edited or explained.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { importCompiled } from '../support/compiled.mjs';
import { computedMatrices, everyMatrix } from '../support/explained-cells.mjs';

const { exactNumber } = await importCompiled('model/format');

test('every computed matrix of every walkthrough explains its first and last cell, with the value on screen', async () => {
  /** @type {string[]} */
  const missing = [];
  let explained = 0;
  for await (const { s, id, step, panel } of computedMatrices()) {
    const rows = panel.data.length;
    const columns = panel.data[0].length;
    for (const [r, c] of [[0, 0], [rows - 1, columns - 1]]) {
      const where = `${id}${s.trained ? ' (trained)' : ''} › ${step} › ${panel.name} (${r}, ${c})`;
      const e = s.explain(panel, r, c);
      if (!e) {
        missing.push(`${where}: no explanation`);
        continue;
      }
      assert.ok(e.lines.length > 0 && e.lines.every((/** @type {string} */ line) => line.length > 0), `${where}: empty lines`);
      assert.equal(e.exact, exactNumber(panel.data[r][c]), `${where}: the exact value is not the cell's`);
      explained += 1;
    }
  }
  assert.deepEqual(missing, []);
  assert.ok(explained > 0);
});

test('every matrix has a title, and its caption is that title with what follows it (its shape)', async () => {
  /** @type {string[]} */
  const wrong = [];
  let titled = 0;
  for await (const { s, id, step, panel } of everyMatrix()) {
    const where = `${id}${s.trained ? ' (trained)' : ''} › ${step} › ${panel.name}`;
    if (typeof panel.title !== 'string' || panel.title === '') wrong.push(`${where}: no title`);
    else if (!panel.caption.startsWith(panel.title)) wrong.push(`${where}: "${panel.caption}" does not begin with "${panel.title}"`);
    else titled += 1;
  }
  assert.deepEqual(wrong, []);
  assert.ok(titled > 0);
});
