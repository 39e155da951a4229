// The lesson "Flash attention, tile by tile" without a browser: its steps are the engine's
// flashAttention tiles in the order asked, every running number and partial output is the trace's,
// "explain this number" writes each one's arithmetic with the trace's numbers, the proof is the
// engine's matrixDifference, and the tile controls recompute through the session.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');

const shipped = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/src/walkthroughs/${id}.json`, import.meta.url), 'utf8'));
const WORKED = shipped('flash-worked-example');
const CAUSAL = shipped('flash-causal-tiles');

async function opened(/** @type {any} */ walkthrough, step = 'inputs', inputs = undefined) {
  const s = new Session(lab, { find: (/** @type {string} */ id) => (id === walkthrough.id ? walkthrough : undefined), fallback: walkthrough.id });
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ e) => { if (e.type === 'notice') notices.push(e.message); });
  assert.equal(await s.open({ walkthrough: walkthrough.id, step, inputs }), true);
  return { s, notices };
}
const panelOf = (/** @type {any} */ step, /** @type {string} */ name) => step.panels.find((/** @type {any} */ p) => p.name === name);
const stepOf = (/** @type {any} */ s, /** @type {string} */ id) => s.steps.find((/** @type {any} */ step) => step.id === id);
/** flashAttention on a walkthrough's inputs, as the lesson asks for it. */
const flashOf = (/** @type {any} */ inputs) => lab.flashAttention({
  query: inputs.query, key: inputs.key, value: inputs.value, ...(inputs.mask ? { mask: inputs.mask } : {}),
  blockRows: inputs.blockRows, blockCols: inputs.blockCols,
});

describe('the steps are the engine’s tiles', () => {
  test('the worked example in 1×1 tiles: inputs, scores, one step per key, the division and the proof', async () => {
    const { s } = await opened(WORKED);
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id), ['inputs', 'scores', 'exercise-first-partial', 'tile-0-0', 'tile-0-1', 'tile-0-2', 'exercise-divide-once', 'normalise', 'proof']);
  });

  test('each tile’s running numbers and partial output are flashAttention’s, with ℓ before taken from the tile before it', async () => {
    for (const walkthrough of [WORKED, CAUSAL]) {
      const { s } = await opened(walkthrough);
      const trace = flashOf(walkthrough.inputs);
      trace.tiles.forEach((/** @type {any} */ tile, /** @type {number} */ k) => {
        const id = `tile-${tile.rowBlock}-${tile.colBlock}`;
        const step = stepOf(s, id);
        const previous = tile.colBlock > 0 ? trace.tiles[k - 1] : undefined;
        assert.deepEqual(panelOf(step, `${id}-running`).data, tile.tileMax.map((/** @type {number} */ _, /** @type {number} */ i) =>
          [tile.tileMax[i], tile.maxBefore[i], tile.maxAfter[i], tile.rescale[i], previous ? previous.sumAfter[i] : 0, tile.sumAfter[i]]), id);
        assert.deepEqual(panelOf(step, `${id}-partial`).data, tile.partialOutput, id);
      });
      assert.deepEqual(panelOf(stepOf(s, 'normalise'), 'output').data, trace.output);
    }
  });

  test('a tile that the causal mask blocks entirely keeps every row’s running numbers (α = 1, tile max −∞)', async () => {
    const { s } = await opened(CAUSAL);
    const running = panelOf(stepOf(s, 'tile-0-1'), 'tile-0-1-running').data;
    for (const [tileMax, before, after, alpha, lBefore, lAfter] of running) {
      assert.equal(tileMax, -Infinity);
      assert.equal(after, before);
      assert.equal(alpha, 1);
      assert.equal(lAfter, lBefore);
    }
  });

  test('key blocks outside show the same tiles column block by column block, with the same numbers', async () => {
    const rows = (await opened(CAUSAL)).s;
    const columns = (await opened(CAUSAL, 'inputs', { ...CAUSAL.inputs, order: 'columns' })).s;
    const tiles = (/** @type {any} */ s) => s.steps.filter((/** @type {any} */ step) => step.id.startsWith('tile-'));
    assert.deepEqual(tiles(rows).map((/** @type {any} */ t) => t.id), ['tile-0-0', 'tile-0-1', 'tile-1-0', 'tile-1-1']);
    assert.deepEqual(tiles(columns).map((/** @type {any} */ t) => t.id), ['tile-0-0', 'tile-1-0', 'tile-0-1', 'tile-1-1']);
    for (const step of tiles(columns)) assert.deepEqual(step.panels, stepOf(rows, step.id).panels.map((/** @type {any} */ p) => p), step.id);
  });
});

describe('explain this number', () => {
  test('the second key’s tile: its max, m after, α, ℓ after and partial output, each ending in the trace’s value', async () => {
    const { s } = await opened(WORKED, 'tile-0-1');
    const running = panelOf(s.step, 'tile-0-1-running');
    const tile = flashOf(WORKED.inputs).tiles[1];
    const line = (/** @type {number} */ column) => s.explain(running, 0, column);
    assert.deepEqual(line(0).lines, ['tile max₀ = max(1.414) = 1.414']);
    assert.deepEqual(line(2).lines, ['m₀ after = max(m before, tile max) = max(0.707, 1.414) = 1.414']);
    assert.deepEqual(line(3).lines, ['α₀ = e^(m before − m after) = e^(0.707 − 1.414) = 0.493']);
    assert.equal(line(3).exact, String(tile.rescale[0]));
    assert.deepEqual(line(5).lines, ['ℓ₀ after = α·ℓ before + Σⱼ e^(sⱼ − m after) = 0.493·1 + e^(1.414 − 1.414)', `= ${line(5).lines[1].slice(2)}`]);
    assert.equal(Number(line(5).exact), tile.sumAfter[0]);
    assert.deepEqual(line(5).related, [{ panel: 'scores', row: 0, col: 1 }]);

    const partial = s.explain(panelOf(s.step, 'tile-0-1-partial'), 0, 1);
    assert.equal(partial.lines[0], 'O₀₁ = α·O before + Σⱼ e^(sⱼ − m after)·vⱼ₁ = 0.493·0.3 + e^(1.414 − 1.414)·0.2');
    assert.equal(Number(partial.exact), tile.partialOutput[0][1]);
  });

  test('the first tile starts from m = −∞ and ℓ = 0, and the output is O / ℓ with the last tile’s O', async () => {
    const { s } = await opened(WORKED, 'tile-0-0');
    const running = panelOf(s.step, 'tile-0-0-running');
    assert.deepEqual(s.explain(running, 0, 1).lines, ['m₀ before = −∞: this is the row\'s first tile, no score has been seen yet']);
    assert.deepEqual(s.explain(running, 0, 4).lines, ['ℓ₀ before = 0: nothing has been summed yet']);
    s.goTo(s.steps.findIndex((/** @type {any} */ step) => step.id === 'normalise'));
    const trace = flashOf(WORKED.inputs);
    const output = s.explain(panelOf(s.step, 'output'), 0, 0);
    assert.match(output.lines[0], /^output₀₀ = O₀₀ \/ ℓ₀ = 0\.\d+ \/ 1\.\d+ = 0\.355$/);
    assert.equal(Number(output.exact), trace.output[0][0]);
  });

  test('a score is explained as full attention’s scaled score, and a tile’s value as the row of V it reads', async () => {
    const { s } = await opened(WORKED, 'tile-0-0');
    assert.deepEqual(s.explain(panelOf(s.step, 'scores'), 0, 0).lines, ['s₀₀ = score₀₀ / √d_k = 1 / √2 = 1 / 1.414 = 0.707']);
    const value = s.explain(panelOf(s.step, 'tile-0-0-values'), 0, 1);
    assert.equal(value.lines[0], 'v₀₁ = row 0 of V, column 1 = 0.3: this tile reads the value rows of its keys, k₀');
    assert.equal(Number(value.exact), WORKED.inputs.value[0][1]);
  });
});

/** A difference in scientific notation as the page prints it: 1.11×10⁻¹⁶. */
function asPrinted(/** @type {number} */ x) {
  const [mantissa, exponent] = x.toExponential(2).split('e');
  return `${mantissa}×10${[...String(Number(exponent))].map((c) => '⁻⁰¹²³⁴⁵⁶⁷⁸⁹'['-0123456789'.indexOf(c)]).join('')}`;
}

describe('the proof', () => {
  for (const walkthrough of [WORKED, CAUSAL]) {
    test(`${walkthrough.id}: the differences are matrixDifference’s, within 1e-15 in float64 and far larger in float32`, async () => {
      const { s } = await opened(walkthrough, 'proof');
      const flash = flashOf(walkthrough.inputs);
      const full = lab.attention({ query: walkthrough.inputs.query, key: walkthrough.inputs.key, value: walkthrough.inputs.value, ...(walkthrough.inputs.mask ? { mask: walkthrough.inputs.mask } : {}) });
      const proof = lab.matrixDifference({ left: flash.output, right: full.output });
      assert.deepEqual(panelOf(s.step, 'difference').data, proof.difference);
      assert.ok(proof.maxAbsDifference <= 1e-15, `max |Δ| = ${proof.maxAbsDifference}`);
      const facts = new Map(panelOf(s.step, 'proof-facts').facts);
      assert.equal(facts.get('max |Δ|, tiled − full, both float64'), proof.maxAbsDifference === 0 ? '0' : asPrinted(proof.maxAbsDifference));
      const f32 = Math.max(...panelOf(s.step, 'difference-float32').data.flat().map(Math.abs));
      assert.ok(f32 > 1e-12 && f32 < 1e-6, `float32 differs by rounding only: ${f32}`);
    });
  }
});

describe('the tile controls', () => {
  test('more keys per tile gives fewer tile steps, and the same output', async () => {
    const { s, notices } = await opened(WORKED);
    const output = panelOf(stepOf(s, 'normalise'), 'output').data;
    const field = s.step.panels.find((/** @type {any} */ p) => p.name === 'tiles').fields.find((/** @type {any} */ f) => f.name === 'blockCols');
    s.changeParameter(field, '2');
    assert.deepEqual(s.steps.filter((/** @type {any} */ step) => step.id.startsWith('tile-')).map((/** @type {any} */ step) => step.id), ['tile-0-0', 'tile-0-1']);
    assert.deepEqual(panelOf(stepOf(s, 'normalise'), 'output').data, output);
    assert.deepEqual(notices, []);
  });

  test('fewer keys than the tile is wide shrinks the tile with them', async () => {
    const { s } = await opened({ ...WORKED, inputs: { ...WORKED.inputs, blockCols: 3 } });
    const keys = s.step.panels.find((/** @type {any} */ p) => p.name === 'sizes').fields.find((/** @type {any} */ f) => f.name === 'keys');
    s.changeParameter(keys, '2');
    assert.equal(s.inputs.key.length, 2);
    assert.equal(s.inputs.blockCols, 2);
  });

  test('a walkthrough file with a tile larger than its sequence is refused, naming the field', () => {
    const parsed = parseWalkthrough({ ...WORKED, id: 'mine', inputs: { ...WORKED.inputs, blockCols: 4 } });
    assert.deepEqual(parsed, { error: 'inputs.blockCols: expected a whole number from 1 to 3 (the number of keys), got 4' });
  });
});
