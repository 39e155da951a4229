// Every computed matrix of every shipped walkthrough, opened as the page opens it (the lite
// engine, the full one for a kind that asks; the multi-head and encoder ones on a trained layer
// too), and the cells of it worth explaining: all of a small matrix, the corners and the middle
// of a large one. Shared by the tests that read "Explain this number" (tests/page/explain-*.test.mjs).
import assert from 'node:assert/strict';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from './compiled.mjs';
import { SHIPPED } from './shipped-walkthroughs.mjs';

const lite = await loadAttentionLab({ training: false });
const full = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
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
export const isInput = (/** @type {any} */ panel) => panel.editable !== undefined || panel.name === 'mask';

/** Every matrix (a table or a canvas heatmap) of every step of every shipped walkthrough, with the session showing it. */
export async function* everyMatrix() {
  for (const { id, layer } of OPENED) {
    const s = new Session(lite, { find: (/** @type {string} */ w) => SHIPPED.get(w), fallback: 'worked-example' }, undefined,
      { fullEngine: async () => full });
    assert.equal(await s.open({ walkthrough: id, step: 'inputs' }, layer), true, id);
    for (let i = 0; i < s.steps.length; i += 1) {
      s.goTo(i);
      for (const panel of s.step.panels) {
        if (panel.type === 'matrix') yield { s, id, step: s.step.id, panel };
        // A matrix too large for a table, on a canvas: explained as the page explains its cells.
        if (panel.type === 'heatmap') yield { s, id, step: s.step.id, panel: heatmapAsMatrix(panel) };
      }
    }
  }
}

/** Every computed matrix of every step of every shipped walkthrough, with the session showing it. */
export async function* computedMatrices() {
  for await (const shown of everyMatrix()) if (!isInput(shown.panel)) yield shown;
}

/** The cells of a matrix to explain: every cell of one of at most 64, else its corners and middle. */
export function cellsOf(/** @type {{ data: number[][] }} */ panel) {
  const rows = panel.data.length;
  const columns = panel.data[0].length;
  if (rows * columns <= 64) return Array.from({ length: rows * columns }, (_, k) => [Math.floor(k / columns), k % columns]);
  return [[0, 0], [0, columns - 1], [rows - 1, 0], [rows - 1, columns - 1], [Math.floor(rows / 2), Math.floor(columns / 2)]];
}
