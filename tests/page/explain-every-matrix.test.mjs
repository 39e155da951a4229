// "Explain this number" on every matrix a lesson shows (issue 13, item 3): every shipped
// walkthrough is opened as the page opens it (the lite engine, the full one for a kind that asks),
// the multi-head and encoder ones on a trained layer too, and in every step every matrix of
// computed numbers explains its first and its last cell, with the exact value of the cell on
// screen. Inputs a learner types or toggles (an `editable` panel, a mask) are edited by Enter, not
// explained, and are left out.
import assert from 'node:assert/strict';
import { test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { SHIPPED } from '../support/shipped-walkthroughs.mjs';

const lite = await loadAttentionLab({ training: false });
const full = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { exactNumber } = await importCompiled('model/format');
const { trainedLayer } = await importCompiled('model/trained-layer');
const { heatmapAsMatrix } = await importCompiled('model/heatmap-as-matrix');

/** Layer 0 of a briefly trained reverse model (with its biases and LayerNorm's γ, β), as the page opens it. */
function trained() {
  const options = { task: 'reverse', seed: 1 };
  const trainer = full.createTrainer(options);
  trainer.step(5);
  const layer = trainedLayer({ options, steps: 5, layer: 0 }, trainer.status().options, trainer.attention(), trainer.parameters());
  trainer.dispose();
  return layer;
}

/** Every shipped walkthrough on its own weights, and those that take a trained layer on one too. */
const OPENED = [...[...SHIPPED.keys()].map((id) => ({ id, layer: undefined })),
  ...['multi-head', 'encoder-layer'].map((id) => ({ id, layer: trained() }))];

/** Whether a panel shows numbers a learner gives (edited by Enter, or a mask toggled). */
const isInput = (/** @type {any} */ panel) => panel.editable !== undefined || panel.name === 'mask';

/** Every computed matrix (a table or a canvas heatmap) of every step of every shipped walkthrough, with the session showing it. */
async function* matrices() {
  for (const { id, layer } of OPENED) {
    const s = new Session(lite, { find: (/** @type {string} */ w) => SHIPPED.get(w), fallback: 'worked-example' }, undefined,
      { fullEngine: async () => full });
    assert.equal(await s.open({ walkthrough: id, step: 'inputs' }, layer), true, id);
    for (let i = 0; i < s.steps.length; i += 1) {
      s.goTo(i);
      for (const panel of s.step.panels) {
        if (panel.type === 'matrix' && !isInput(panel)) yield { s, id, step: s.step.id, panel };
        // A matrix too large for a table, on a canvas: explained as the page explains its cells.
        if (panel.type === 'heatmap') yield { s, id, step: s.step.id, panel: heatmapAsMatrix(panel) };
      }
    }
  }
}

test('every computed matrix of every walkthrough explains its first and last cell, with the value on screen', async () => {
  /** @type {string[]} */
  const missing = [];
  let explained = 0;
  for await (const { s, id, step, panel } of matrices()) {
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
