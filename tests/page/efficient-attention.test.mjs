// Lesson 13, linear and sparse attention, with the real engine and without a browser: the
// walkthrough's panels hold the engine's traces (masks, weights, outputs, the linear state) and
// explain a state cell from them; its global-token control reads "none" and refuses a word.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import '../support/json-modules.mjs';
import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { formatNumber } = await importCompiled('model/format');

const shipped = (/** @type {string} */ id) => JSON.parse(readFileSync(new URL(`../../web/src/walkthroughs/${id}.json`, import.meta.url), 'utf8'));
const WALKTHROUGH = shipped('linear-and-sparse');

async function opened() {
  const s = new Session(lab, { find: (/** @type {string} */ id) => (id === WALKTHROUGH.id ? WALKTHROUGH : undefined), fallback: WALKTHROUGH.id });
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ e) => { if (e.type === 'notice') notices.push(e.message); });
  assert.equal(await s.open({ walkthrough: WALKTHROUGH.id, step: 'inputs' }), true);
  return { s, notices };
}

const panelOf = (/** @type {any} */ s, /** @type {string} */ step, /** @type {string} */ name) =>
  s.steps.find((/** @type {any} */ st) => st.id === step).panels.find((/** @type {any} */ p) => p.name === name);

describe('linear and sparse attention', () => {
  test('each pattern’s weights, mask and output are sparseAttention’s on the engine’s random Q, K, V; full and linear attention’s are the engine’s too', async () => {
    const { s } = await opened();
    const { length: n, dModel: d, window, globalTokens, randomPerRow, seed } = WALKTHROUGH.inputs;
    const drawn = lab.randomMatrix({ rows: 3 * n, cols: d, seed });
    const qkv = { query: drawn.slice(0, n), key: drawn.slice(n, 2 * n), value: drawn.slice(2 * n) };
    assert.deepEqual(panelOf(s, 'inputs', 'query').data, qkv.query);
    assert.deepEqual(panelOf(s, 'full', 'full-weights').data, lab.attention(qkv).weights);
    const patterns = {
      window: lab.sparseAttention({ ...qkv, window }),
      global: lab.sparseAttention({ ...qkv, window, globalTokens }),
      random: lab.sparseAttention({ ...qkv, window, globalTokens, randomPerRow, seed }),
    };
    for (const [id, trace] of Object.entries(patterns)) {
      const weights = panelOf(s, id, `${id}-weights`);
      assert.deepEqual(weights.data, trace.weights, `${id}: weights`);
      assert.deepEqual(weights.blocked, trace.mask, `${id}: the mask drawn is the engine's`);
      assert.deepEqual(panelOf(s, id, `${id}-output`).data, trace.output, `${id}: output`);
    }
    const linear = lab.linearAttention(qkv);
    assert.deepEqual(panelOf(s, 'state', 'state').data, linear.state);
    assert.deepEqual(panelOf(s, 'state', 'normalizer').data, [linear.normalizer]);
    assert.deepEqual(panelOf(s, 'linear-output', 'linear-output').data, linear.output);
  });

  test('a cell of the state is explained as the φ(k)·v products of every key, ending in the engine’s value', async () => {
    const { s } = await opened();
    const state = panelOf(s, 'state', 'state');
    const { featureKey, value } = state.explain.args;
    const e = s.explain(state, 1, 2);
    assert.equal(e.exact, String(state.data[1][2]));
    assert.match(e.lines[0], /^S₁₂ = Σⱼ φ\(kⱼ\)₁·vⱼ₂, over all 12 keys/);
    assert.ok(e.lines[1].endsWith(` = ${formatNumber(state.data[1][2])}`), 'the sum is the engine’s cell, rounded for reading');
    assert.ok(e.lines[1].startsWith(`= ${formatNumber(featureKey[0][1])}·`), 'the first term is φ(k₀)₁, from the engine’s φ(K)');
    assert.ok(e.lines[1].includes('(12 terms)'), 'a long sum shows its ends and its count');
    assert.deepEqual(e.related, [{ panel: 'feature-key', col: 1 }, { panel: 'value', col: 2 }]);
    assert.equal(featureKey.length, 12);
    assert.equal(value.length, 12);
  });

  test('global tokens typed as "none" mean none; a word is refused naming the position, and the engine refuses one past the end', async () => {
    const { s, notices } = await opened();
    const field = s.steps[0].panels[0].fields.find((/** @type {any} */ f) => f.name === 'globalTokens');
    assert.equal(field.value, '0');
    s.changeParameter(field, 'none');
    assert.deepEqual(s.inputs.globalTokens, ['none']);
    assert.equal(panelOf(s, 'global', 'global-weights').data.length, 12);
    const before = s.inputs;
    s.changeParameter(field, '3 x');
    assert.equal(s.inputs, before, 'the refused value changes nothing');
    assert.match(notices.at(-1), /globalTokens\[1\]: expected a token position/);
    s.changeParameter(field, '12');
    assert.equal(s.inputs, before);
    assert.match(notices.at(-1), /^The engine refused these inputs: globalTokens/);
  });
});
