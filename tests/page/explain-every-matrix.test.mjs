// "Explain this number" on every matrix a lesson shows (issue 13, item 3): every shipped
// walkthrough is opened as the page opens it (the lite engine, the full one for a kind that asks),
// and in every step every matrix of computed numbers explains its first and its last cell, with
// the exact value of the cell on screen. Inputs a learner types or toggles (an `editable` panel,
// a mask) are edited by Enter, not explained, and are left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lite = await loadAttentionLab({ training: false });
const full = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { exactNumber } = await importCompiled('model/format');

/**
 * Matrices with no explanation yet, as `kind/panel`: each must still be unexplained (the test
 * below says when one is done, so the list only shrinks).
 */
const NOT_YET = new Set([
  'kv-cache/output',
  'kv-cache/output-row',
  'scaling/weights-unscaled',
]);

/** Whether a panel shows numbers a learner gives (edited by Enter, or a mask toggled). */
const isInput = (/** @type {any} */ panel) => panel.editable !== undefined || panel.name === 'mask';

/** Every computed matrix of every step of every shipped walkthrough, with the session showing it. */
async function* matrices() {
  for (const [id, walkthrough] of SHIPPED) {
    const s = new Session(lite, { find: (/** @type {string} */ w) => SHIPPED.get(w), fallback: 'worked-example' }, undefined,
      { fullEngine: async () => full });
    assert.equal(await s.open({ walkthrough: id, step: 'inputs' }), true, id);
    for (let i = 0; i < s.steps.length; i += 1) {
      s.goTo(i);
      for (const panel of s.step.panels) {
        if (panel.type === 'matrix' && !isInput(panel)) yield { s, id, step: s.step.id, panel, gap: `${walkthrough.kind}/${panel.name}` };
      }
    }
  }
}

test('every computed matrix of every walkthrough explains its first and last cell, with the value on screen', async () => {
  /** @type {string[]} */
  const missing = [];
  let explained = 0;
  for await (const { s, id, step, panel, gap } of matrices()) {
    if (NOT_YET.has(gap)) continue;
    const rows = panel.data.length;
    const columns = panel.data[0].length;
    for (const [r, c] of [[0, 0], [rows - 1, columns - 1]]) {
      const where = `${id} › ${step} › ${panel.name} (${r}, ${c})`;
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

test('the matrices listed as not yet explained are still unexplained (remove an entry once it is)', async () => {
  /** @type {Set<string>} */
  const done = new Set();
  /** @type {Set<string>} */
  const seen = new Set();
  for await (const { s, panel, gap } of matrices()) {
    if (!NOT_YET.has(gap)) continue;
    seen.add(gap);
    if (s.explain(panel, 0, 0)) done.add(gap);
  }
  assert.deepEqual([...done], [], 'explained now: take these out of NOT_YET');
  assert.deepEqual([...NOT_YET].filter((g) => !seen.has(g)), [], 'no shipped walkthrough shows these any more');
});
