// The lesson "Grouped- and multi-query attention" without a browser: the grouping is the engine's
// diagnoseGroupedQuery, ⌊h·kvHeads/heads⌋ in blocks; the layer's keys and weights are
// multiHeadAttention's with kvHeads; kvHeads = heads gives multi-head attention's output double for
// double, and the grouped layer equals multi-head attention with its key/value weights copied;
// the published models' caches are kvCacheMemory's; explanations end in the cell's value; the
// exercises are graded and their mistakes named by diagnoseGroupedQuery.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, test } from 'node:test';

import { loadAttentionLab } from 'attention-lab';

import { importCompiled } from '../support/compiled.mjs';
import { lessonSession } from '../support/lesson-session.mjs';

const lab = await loadAttentionLab();
const { parseWalkthrough } = await importCompiled('authoring/validate-walkthrough');

const GQA = JSON.parse(readFileSync(new URL('../../web/src/walkthroughs/grouped-query.json', import.meta.url), 'utf8'));

const { opened, panelOf, fieldOf } = lessonSession(lab, GQA, 'grouping');

/** The lesson's layer as the engine computes it for `inputs`, with `kvHeads` (null: none given, multi-head attention). */
function layer(inputs = GQA.inputs, /** @type {number | null} */ kvHeads = inputs.kvHeads) {
  const { dModel, heads, tokens, seed } = inputs;
  const x = lab.randomMatrix({ rows: tokens, cols: dModel, seed });
  return lab.multiHeadAttention({ query: x, key: x, value: x, heads, seed, ...(kvHeads === null ? {} : { kvHeads }) });
}

const llama3 = { heads: 32, kvHeads: 8, layers: 32, dModel: 4096, bytesPerNumber: 2 };

describe('grouped- and multi-query attention', () => {
  test('its steps, in the order of the lesson', async () => {
    const { s } = await opened();
    assert.deepEqual(s.steps.map((/** @type {any} */ step) => step.id),
      ['grouping', 'exercise-which-kv-head', 'shared', 'multi-head', 'multi-query', 'exercise-bytes-per-token', 'real-models', 'exercise-float32-cache']);
  });

  test('query head h reads key/value head ⌊h·kvHeads/heads⌋, in blocks; round-robin is drawn beside it', async () => {
    const { s } = await opened();
    assert.deepEqual(panelOf(s, 'grouping', 'grouping').data, [[0, 0, 1, 1], [0, 1, 0, 1]]);
    const eight = await opened('grouping', { ...GQA.inputs, heads: 8, kvHeads: 4 });
    assert.deepEqual(panelOf(eight.s, 'grouping', 'grouping').data[0], [0, 0, 1, 1, 2, 2, 3, 3]);
    const explained = s.explain(panelOf(s, 'grouping', 'grouping'), 0, 3);
    assert.deepEqual(explained.lines, ['kv(3) = ⌊h·kvHeads/heads⌋ = ⌊3·2/4⌋ = 1']);
    assert.deepEqual(s.explain(panelOf(s, 'grouping', 'grouping'), 1, 2).lines, ['2 mod kvHeads = 2 mod 2 = 0']);
  });

  test('the keys and values are kvHeads·d_k wide, and the heads of a group weigh the same keys differently', async () => {
    const { s } = await opened('shared');
    const grouped = layer();
    assert.deepEqual(panelOf(s, 'shared', 'keys').data, grouped.projectedKey);
    assert.equal(grouped.projectedKey[0].length, 2 * 2);
    assert.deepEqual(panelOf(s, 'shared', 'values').data, grouped.projectedValue);
    assert.deepEqual(panelOf(s, 'shared', 'weights-0').data, grouped.heads[0].weights);
    assert.deepEqual(panelOf(s, 'shared', 'weights-1').data, grouped.heads[1].weights);
    assert.notDeepEqual(grouped.heads[0].weights, grouped.heads[1].weights);
    const key = s.explain(panelOf(s, 'shared', 'keys'), 1, 2);
    assert.equal(key.lines[0], 'K₁₂ = Σₖ x₁ₖ·W_Kₖ₂');
    assert.equal(key.exact, String(grouped.projectedKey[1][2]));
    const weight = s.explain(panelOf(s, 'shared', 'weights-1'), 0, 1);
    assert.equal(weight.exact, String(grouped.heads[1].weights[0][1]));
  });

  test('with kvHeads = heads the layer is multi-head attention, double for double; grouped is multi-head with its key/value heads copied', async () => {
    const { s } = await opened('multi-head');
    const own = layer(GQA.inputs, GQA.inputs.heads);
    const plain = layer(GQA.inputs, null);
    assert.deepEqual(panelOf(s, 'multi-head', 'own-heads-output').data, own.output);
    assert.deepEqual(panelOf(s, 'multi-head', 'multi-head-output').data, plain.output);
    assert.deepEqual(own.output, plain.output);
    const facts = panelOf(s, 'multi-head', 'agreement').facts;
    assert.equal(facts[0][1], '24 of 24 numbers identical, largest difference 0');
    assert.match(facts[1][1], /^24 of 24 numbers identical/);
    const out = s.explain(panelOf(s, 'multi-head', 'own-heads-output'), 2, 5);
    assert.equal(out.exact, String(own.output[2][5]));
  });

  test('multi-query keeps one key head; the toy cache shrinks with kvHeads', async () => {
    const { s } = await opened('multi-query');
    const one = layer(GQA.inputs, 1);
    assert.deepEqual(panelOf(s, 'multi-query', 'one-key').data, one.projectedKey);
    assert.equal(one.projectedKey[0].length, 2);
    assert.deepEqual(panelOf(s, 'multi-query', 'toy-cache').data, [[16, 8, 4]]);
    assert.deepEqual(s.explain(panelOf(s, 'multi-query', 'toy-cache'), 0, 1).lines, ['2·kvHeads·d_model/heads = 2·2·8/4 = 8']);
  });

  test('the published models’ caches are kvCacheMemory’s on their configurations, 4k to 128k tokens', async () => {
    const { s } = await opened('real-models');
    const memory = (/** @type {object} */ model, /** @type {number} */ length) => lab.kvCacheMemory({ length, bytesPerNumber: 2, ...model });
    const models = [
      { layers: 32, dModel: 4096, heads: 32, kvHeads: 32 },
      { layers: 32, dModel: 4096, heads: 32, kvHeads: 8 },
      { layers: 32, dModel: 4096, heads: 32, kvHeads: 8, window: 4096 },
      { layers: 32, dModel: 4544, heads: 71, kvHeads: 1 },
      { layers: 60, dModel: 5120, latent: 512, ropeWidth: 64 },
    ];
    const gib = panelOf(s, 'real-models', 'cache-gib').data;
    const bytes = panelOf(s, 'real-models', 'cache-bytes').data;
    models.forEach((model, i) => [4096, 32768, 131072].forEach((n, j) => {
      assert.equal(bytes[i][j], memory(model, n).bytes);
      assert.equal(gib[i][j], memory(model, n).gibibytes);
    }));
    assert.deepEqual(panelOf(s, 'real-models', 'per-token').data.map((row) => row[1]), [524288, 131072, 131072, 8192, 69120]);
    assert.deepEqual(gib.map((row) => row[2]), [64, 16, 0.5, 1, 8.4375]);
    const llama = s.explain(panelOf(s, 'real-models', 'cache-gib'), 1, 0);
    assert.deepEqual(llama.lines, [
      '2·kvHeads·d_model/heads = 2·8·4096/32 = 2\u202F048',
      '× 32 layers = 65\u202F536 numbers × 2 bytes = 131\u202F072 bytes',
      '× 4\u202F096 tokens = 536\u202F870\u202F912 bytes',
      '÷ 1024³ = 0.5 GiB',
    ]);
    assert.match(s.explain(panelOf(s, 'real-models', 'cache-bytes'), 2, 2).lines[2], /^× min\(131\u202F072, window 4\u202F096\) = 4\u202F096 tokens/);
    assert.deepEqual(s.explain(panelOf(s, 'real-models', 'per-token'), 4, 0).lines, ['latent + ropeWidth = 512 + 64 = 576']);
    const sources = panelOf(s, 'real-models', 'sources').facts;
    assert.equal(sources.length, 5);
    for (const [, text] of sources) assert.match(text, /huggingface\.co\/.+config\.json/);
  });

  test('kvHeads that do not divide heads are refused, by the file check and by the engine on screen', async () => {
    const { s, notices } = await opened('grouping');
    assert.equal(parseWalkthrough({ ...GQA, id: 'mine', inputs: { ...GQA.inputs, kvHeads: 3 } }).error, 'inputs.kvHeads: expected a divisor of heads = 4, got 3');
    const before = s.inputs;
    s.changeParameter(fieldOf(s, 'kvHeads'), '3');
    assert.equal(s.inputs, before);
    assert.equal(notices.at(-1), 'The engine refused these inputs: kvHeads: expected a divisor of heads = 4, got 3');
    s.changeParameter(fieldOf(s, 'kvHeads'), '1');
    assert.deepEqual(panelOf(s, 'grouping', 'grouping').data[0], [0, 0, 0, 0]);
  });

  test('the exercises are graded by diagnoseGroupedQuery, which names each mistake', async () => {
    const { s } = await opened();
    const exercise = (/** @type {string} */ id) => GQA.exercises.find((/** @type {any} */ e) => e.id === id);
    const head = exercise('which-kv-head');
    assert.equal(s.answer(head, '3').correct, true);
    const roundRobin = s.answer(head, '5');
    assert.equal(roundRobin.misconception, 'roundRobin');
    assert.match(roundRobin.message, /round-robin/);
    assert.equal(s.answer(head, '1').misconception, 'dividedByKvHeads');

    const token = exercise('bytes-per-token');
    assert.equal(s.answer(token, '131072').correct, true);
    assert.equal(s.answer(token, '524288').misconception, 'queryHeads');
    assert.equal(s.answer(token, '4096').misconception, 'oneLayer');

    const long = exercise('float32-cache');
    const expected = lab.kvCacheMemory({ ...llama3, length: 32768, bytesPerNumber: 4 }).gibibytes;
    assert.equal(expected, 8);
    assert.equal(s.answer(long, '8').correct, true);
    const named = Object.fromEntries(lab.diagnoseGroupedQuery({ ...llama3, stage: 'cacheGibibytes', length: 32768, bytesPerNumber: 4, answer: 0 }).candidates
      .map((/** @type {any} */ c) => [c.misconception, c.value]));
    for (const [mistake, words] of [['keysOnly', /key and its value/], ['numbersNotBytes', /numbers, not bytes/], ['oneLayer', /every layer/], ['queryHeads', /query head/]]) {
      const graded = s.answer(long, String(named[mistake]));
      assert.equal(graded.misconception, mistake, String(named[mistake]));
      assert.match(graded.message, words);
    }
  });
});
