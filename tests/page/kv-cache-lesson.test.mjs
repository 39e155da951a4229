// The lesson "The KV cache" without a browser: one step per decoded token whose cache is
// kvCacheDecode's, grown by a row each step; the check is matrixDifference against
// multiHeadAttention under a causal mask with the same weights; the memory step writes out
// 2 · layers · n · d_model · bytes for the model picked.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';

const lab = await loadAttentionLab();
const { Session } = await importCompiled('session/session');
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');

const KV = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/kv-cache.json', import.meta.url), 'utf8'));

async function opened(step = 'inputs', inputs = undefined) {
  const s = new Session(lab, { find: (/** @type {string} */ id) => (id === KV.id ? KV : undefined), fallback: KV.id });
  /** @type {string[]} */
  const notices = [];
  s.subscribe((/** @type {any} */ e) => { if (e.type === 'notice') notices.push(e.message); });
  assert.equal(await s.open({ walkthrough: KV.id, step, inputs }), true);
  return { s, notices };
}
const panelOf = (/** @type {any} */ step, /** @type {string} */ name) => step.panels.find((/** @type {any} */ p) => p.name === name);
const stepOf = (/** @type {any} */ s, /** @type {string} */ id) => s.steps.find((/** @type {any} */ step) => step.id === id);
const field = (/** @type {any} */ s, /** @type {string} */ name) =>
  s.step.panels.flatMap((/** @type {any} */ p) => p.fields ?? []).find((/** @type {any} */ f) => f.name === name);

/** The engine's traces for the walkthrough's inputs, as the lesson asks for them. */
function engine(inputs = KV.inputs) {
  const { length, dModel, heads, seed } = inputs;
  const input = lab.randomMatrix({ rows: length, cols: dModel, seed });
  const recomputed = lab.multiHeadAttention({ query: input, key: input, value: input, mask: 'causal', heads, seed });
  const { wQ, wK, wV, wO } = recomputed.params;
  return { input, recomputed, decode: lab.kvCacheDecode({ input, heads, wQ, wK, wV, wO }) };
}

describe('decoding token by token', () => {
  test('one step per token between the inputs and the check, cost and memory steps', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['inputs', 'token-0', 'token-1', 'exercise-kept-row', 'token-2', 'token-3', 'token-4', 'token-5', 'exercise-no-difference', 'check', 'cost', 'memory']);
  });

  test('the cache gains a row per token, each step showing kvCacheDecode’s keys, values, output row and multiply-adds', async () => {
    const { s } = await opened();
    const { decode } = engine();
    decode.positions.forEach((/** @type {any} */ p, /** @type {number} */ t) => {
      const step = stepOf(s, `token-${t}`);
      assert.equal(panelOf(step, 'cached-keys').data.length, t + 1);
      assert.deepEqual(panelOf(step, 'cached-keys').data, p.keys);
      assert.deepEqual(panelOf(step, 'cached-values').data, p.values);
      assert.deepEqual(panelOf(step, 'output-row').data, [p.outputRow]);
      assert.deepEqual(panelOf(step, 'cached-keys').focus.map(([row]) => row), Array(KV.inputs.dModel).fill(t), 'the new row is outlined');
      const counts = panelOf(step, 'multiply-adds').facts.map(([, value]) => Number(value.replace(/\u202F/g, '')));
      assert.deepEqual(counts, [p.multiplyAddsWithCache, p.multiplyAddsWithoutCache]);
    });
  });

  test('the check is matrixDifference of the decoded output against causal multi-head attention, within 1e-12', async () => {
    const { s } = await opened('check');
    const { decode, recomputed } = engine();
    const difference = lab.matrixDifference({ left: decode.output, right: recomputed.output });
    assert.deepEqual(panelOf(s.step, 'difference').data, difference.difference);
    assert.deepEqual(panelOf(s.step, 'recomputed').data, recomputed.output);
    assert.ok(difference.maxAbsDifference <= 1e-12, `max |Δ| = ${difference.maxAbsDifference}`);
  });

  test('the cost table and chart are the engine’s counts, and without the cache each token costs more from the second on', async () => {
    const { s } = await opened('cost');
    const { decode } = engine();
    const table = panelOf(s.step, 'cost-table').data;
    assert.deepEqual(table, decode.positions.map((/** @type {any} */ p) => [p.multiplyAddsWithCache, p.multiplyAddsWithoutCache]));
    for (const [withCache, without] of table.slice(1)) assert.ok(without > withCache);
  });
});

describe('the memory formula', () => {
  test('GPT-2 small, 1024 tokens in 2 bytes: 2 · 12 · 1024 · 768 · 2 = 37 748 736 bytes, 36 MiB', async () => {
    const { s } = await opened('memory');
    const facts = new Map(panelOf(s.step, 'memory').facts);
    assert.equal(facts.get('2 · layers · n · d_model · bytes'), '2 · 12 · 1\u202F024 · 768 · 2');
    assert.equal(facts.get('= bytes'), '37\u202F748\u202F736');
    assert.equal(facts.get('= MiB (÷ 1024²)'), '36');
  });

  test('picking Llama 2 7B starts from its 4096-token context; bytes per number is a choice', async () => {
    const { s, notices } = await opened('memory');
    s.changeParameter(field(s, 'model'), 'llama2-7b');
    assert.equal(s.inputs.context, 4096);
    s.changeParameter(field(s, 'bytes'), '4');
    assert.equal(s.inputs.bytes, 4);
    const facts = new Map(panelOf(s.step, 'memory').facts);
    assert.equal(facts.get('= GiB (÷ 1024³)'), '4', '2 · 32 · 4096 · 4096 · 4 bytes');
    assert.deepEqual(notices, []);
  });

  test('a walkthrough file with an unknown model or 3 bytes per number is refused, naming the field', () => {
    assert.match(parseWalkthrough({ ...KV, id: 'mine', inputs: { ...KV.inputs, model: 'gpt-5' } }).error, /^inputs\.model: expected one of "gpt2-small", /);
    assert.equal(parseWalkthrough({ ...KV, id: 'mine', inputs: { ...KV.inputs, bytes: 3 } }).error, 'inputs.bytes: expected one of 4, 2, 1 (bytes per number), got 3');
  });
});
